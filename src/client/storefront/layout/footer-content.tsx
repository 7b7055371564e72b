import { SUPPORT_HOURS } from '#shared/constants.ts';
import { usePublicConfig } from '../../lib/public-config.tsx';
import { ARTICLE_LINKS } from './nav.ts';

const QUICK = [
  { label: 'Products', id: 'products' },
  { label: 'How to Use', id: 'instructions' },
  { label: 'About', id: 'about' },
  { label: 'Contact', id: 'contact' },
];

/** The footer's content: rendered by the server only (footer.tsx keeps it as a static island). */
export function FooterContent() {
  const { supportEmail, supportPhone } = usePublicConfig();
  const heading = 'mb-3 text-sm font-bold uppercase tracking-wider text-amber';
  const link = 'text-sm text-white/80 hover:text-white hover:underline';
  return (
    <>
      <div className="mx-auto grid max-w-6xl gap-10 px-4 py-12 sm:grid-cols-2 lg:grid-cols-4">
        <div>
          <p className="font-display text-xl tracking-[0.2em]">
            IRON<span className="text-amber">WAKE</span>
          </p>
          <p className="mt-3 text-sm text-white/80">
            Pre-activated smelling salts for lifters and athletes. Plain directions, honest answers.
          </p>
        </div>
        <nav aria-label="Articles">
          <h2 className={heading}>Learn</h2>
          <ul className="grid gap-2">
            {ARTICLE_LINKS.map((l) => (
              <li key={l.to}>
                <a href={l.to} className={link}>
                  {l.label}
                </a>
              </li>
            ))}
          </ul>
        </nav>
        <nav aria-label="Quick links">
          <h2 className={heading}>Quick links</h2>
          <ul className="grid gap-2">
            {QUICK.map((q) => (
              <li key={q.id}>
                <a href={`/#${q.id}`} className={link}>
                  {q.label}
                </a>
              </li>
            ))}
          </ul>
        </nav>
        <div>
          <h2 className={heading}>Support</h2>
          <ul className="grid gap-2 text-sm text-white/80">
            <li>
              <a className={link} href="/order-status">
                Track Your Order
              </a>
            </li>
            <li>
              <a className={link} href={`mailto:${supportEmail}`}>
                {supportEmail}
              </a>
            </li>
            <li>
              <a className={link} href={`tel:${supportPhone.replace(/[^+\d]/g, '')}`}>
                {supportPhone}
              </a>
            </li>
            <li>{SUPPORT_HOURS}</li>
          </ul>
        </div>
      </div>
      <div className="border-t border-white/15">
        <div className="mx-auto flex max-w-6xl flex-wrap items-center justify-between gap-3 px-4 py-5 text-xs text-white/70">
          <p>© {new Date().getFullYear()} Ironwake. For external use only. Keep away from children.</p>
          <nav aria-label="Legal" className="flex gap-4">
            <a href="/privacy" className="hover:text-white hover:underline">
              Privacy Policy
            </a>
            <a href="/terms" className="hover:text-white hover:underline">
              Terms of Service
            </a>
            <a href="/legal" className="hover:text-white hover:underline">
              Legal
            </a>
          </nav>
        </div>
      </div>
    </>
  );
}
