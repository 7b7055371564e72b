import { useLocation, useNavigate } from '../../app/router.tsx';
import { followStoreLinks, islandHtml, ServerIsland } from '../../app/static-island.tsx';

/**
 * The footer (footer-content.tsx, registered in entry-server.tsx) never changes after the first response, so the browser keeps the server's HTML as a
 * static island instead of downloading the component (its links still navigate in place).
 */
export function Footer() {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: the click only routes the links inside, which keep their keyboard behaviour
    // biome-ignore lint/a11y/noStaticElementInteractions: same: links inside handle the interaction
    <footer
      data-island="footer"
      className="mt-auto bg-ink text-white"
      onClick={followStoreLinks(navigate, pathname)}
      {...(import.meta.env.SSR
        ? { children: <ServerIsland id="footer" /> }
        : { dangerouslySetInnerHTML: { __html: islandHtml('footer') } })}
    />
  );
}
