import {
  type AnchorHTMLAttributes,
  Children,
  createContext,
  isValidElement,
  type MouseEvent,
  type ReactElement,
  type ReactNode,
  type Ref,
  startTransition,
  useCallback,
  useContext,
  useEffect,
  useLayoutEffect,
  useMemo,
  useState,
} from 'react';
import { ABSOLUTE_URL, createPath, decodePath, matchPath, type Params, resolveTo } from './route-match.ts';

/**
 * The store's router (docs/decisions/0055): the location in context, navigation through the History
 * API, and the names and behaviour of the part of react-router the store used. Each history entry's
 * state is `{ usr, key, idx }` as react-router kept it: `usr` is the location's state, which the
 * server's first script fills with a page's secret parameters (src/shared/secret-params.ts).
 */

export { matchPath } from './route-match.ts';
export type { Params } from './route-match.ts';

export interface Location {
  pathname: string;
  search: string;
  hash: string;
  state: unknown;
  key: string;
}

export interface NavigateOptions {
  replace?: boolean;
  state?: unknown;
}

export type NavigateFunction = (to: string, options?: NavigateOptions) => void;

/** Where the router reads the location and sends navigations: the browser's history, a list in memory, or nothing (server). */
interface RouterHistory {
  location: () => Location;
  go: (path: string, state: unknown, replace: boolean) => void;
  listen: (notify: () => void) => () => void;
}

const LocationContext = createContext<Location | null>(null);
const NavigateContext = createContext<NavigateFunction | null>(null);
const ParamsContext = createContext<Params>({});

const createKey = () => Math.random().toString(36).slice(2, 10);

type EntryState = { usr?: unknown; key?: string; idx?: number } | null;

function browserHistory(): RouterHistory {
  const entry = () => window.history.state as EntryState;
  // Each entry is numbered, as react-router numbered them.
  if (entry()?.idx == null) window.history.replaceState({ ...entry(), idx: 0 }, '');
  let notify = () => {};
  return {
    location: () => {
      const { pathname, search, hash } = window.location;
      return { pathname, search, hash, state: entry()?.usr ?? null, key: entry()?.key ?? 'default' };
    },
    go: (path, state, replace) => {
      // The history methods are looked up at each call: the analytics scripts wrap them to see page changes.
      const idx = (entry()?.idx ?? 0) + (replace ? 0 : 1);
      const next = { usr: state ?? null, key: createKey(), idx };
      if (replace) window.history.replaceState(next, '', path);
      else {
        try {
          window.history.pushState(next, '', path);
        } catch (e) {
          // A state the browser cannot store is the caller's mistake; any other refusal (a browser's
          // limit on entries) loads the page instead, as react-router did.
          if (e instanceof DOMException && e.name === 'DataCloneError') throw e;
          window.location.assign(path);
          return;
        }
      }
      notify();
    },
    listen: (fn) => {
      notify = fn;
      window.addEventListener('popstate', fn);
      return () => {
        notify = () => {};
        window.removeEventListener('popstate', fn);
      };
    },
  };
}

function memoryHistory(initialEntries: readonly string[]): RouterHistory {
  const toLocation = (path: string, state: unknown): Location => ({
    ...resolveTo(path, '/'),
    state: state ?? null,
    key: createKey(),
  });
  const entries = initialEntries.map((p, i) => ({ ...toLocation(p, null), key: i === 0 ? 'default' : createKey() }));
  let index = entries.length - 1;
  let notify = () => {};
  return {
    location: () => entries[index] as Location,
    go: (path, state, replace) => {
      if (!replace) index += 1;
      entries.splice(index, replace ? 1 : entries.length, toLocation(path, state));
      notify();
    },
    listen: (fn) => {
      notify = fn;
      return () => {
        notify = () => {};
      };
    },
  };
}

const sameLocation = (a: Location, b: Location) =>
  a.key === b.key && a.pathname === b.pathname && a.search === b.search && a.hash === b.hash && a.state === b.state;

function navigateWith(history: RouterHistory): NavigateFunction {
  return (to, options = {}) =>
    history.go(createPath(resolveTo(to, history.location().pathname)), options.state, !!options.replace);
}

/** A router over a history: the location updates in a transition, so the page on screen stays until the next is ready. */
function HistoryRouter({ history, children }: { history: RouterHistory; children?: ReactNode }) {
  const [location, setLocation] = useState(history.location);
  useLayoutEffect(() => {
    const update = () => {
      const next = history.location();
      startTransition(() => setLocation((now) => (sameLocation(now, next) ? now : next)));
    };
    update(); // a change between the first render and now
    return history.listen(update);
  }, [history]);
  const navigate = useMemo(() => navigateWith(history), [history]);
  return (
    <NavigateContext.Provider value={navigate}>
      <LocationContext.Provider value={location}>{children}</LocationContext.Provider>
    </NavigateContext.Provider>
  );
}

/** The browser's router: the address bar's location and history (entry-client.tsx). */
export function BrowserRouter({ children }: { children?: ReactNode }) {
  const [history] = useState(browserHistory);
  return <HistoryRouter history={history}>{children}</HistoryRouter>;
}

/** A router over a list of paths in memory, at the last one (tests). */
export function MemoryRouter({ initialEntries = ['/'], children }: { initialEntries?: string[]; children?: ReactNode }) {
  const [history] = useState(() => memoryHistory(initialEntries));
  return <HistoryRouter history={history}>{children}</HistoryRouter>;
}

const ignore: NavigateFunction = () => {};

/** The server's router: one location, from the request's path and query; navigating does nothing. */
export function StaticRouter({ location, children }: { location: string; children?: ReactNode }) {
  const value = useMemo(() => ({ ...resolveTo(location, '/'), state: null, key: 'default' }), [location]);
  return (
    <NavigateContext.Provider value={ignore}>
      <LocationContext.Provider value={value}>{children}</LocationContext.Provider>
    </NavigateContext.Provider>
  );
}

export function useLocation(): Location {
  const location = useContext(LocationContext);
  if (!location) throw new Error('useLocation() is used outside a router');
  return location;
}

/** navigate(to, { replace, state }): the same function for the router's whole life. */
export function useNavigate(): NavigateFunction {
  const navigate = useContext(NavigateContext);
  if (!navigate) throw new Error('useNavigate() is used outside a router');
  return navigate;
}

/** The params of the route <Routes> rendered. */
export function useParams(): Params {
  return useContext(ParamsContext);
}

type SearchInit = string | URLSearchParams | Record<string, string> | [string, string][];

/** The address's query, and a setter that navigates to the same path with another query (and no hash). */
export function useSearchParams(): [
  URLSearchParams,
  (next: SearchInit | ((current: URLSearchParams) => SearchInit), options?: NavigateOptions) => void,
] {
  const { search } = useLocation();
  const navigate = useNavigate();
  const params = useMemo(() => new URLSearchParams(search), [search]);
  const setParams = useCallback(
    (next: SearchInit | ((current: URLSearchParams) => SearchInit), options?: NavigateOptions) => {
      const init = typeof next === 'function' ? next(new URLSearchParams(params)) : next;
      navigate(`?${new URLSearchParams(init)}`, options);
    },
    [navigate, params],
  );
  return [params, setParams];
}

/** Navigates once it is on screen (in the browser; on the server it renders nothing and does nothing). */
export function Navigate({ to, replace, state }: { to: string } & NavigateOptions) {
  const navigate = useNavigate();
  useEffect(() => navigate(to, { replace, state }), [navigate, to, replace, state]);
  return null;
}

export interface RouteProps {
  path: string;
  element: ReactNode;
}

/** A route of <Routes>; it renders nothing by itself. */
export function Route(_props: RouteProps): ReactElement | null {
  return null;
}

/** 0 for a path without `*`, 1 for one ending in "/…/*", 2 for "*" or "/*" (anything). */
const rank = (path: string) => (path === '*' || path === '/*' ? 2 : path.endsWith('*') ? 1 : 0);

/**
 * The element of the first <Route> whose path matches the location's (decoded) path, trying the
 * paths without a `*` first, then those ending in one, then "*"; in the order written within each;
 * nothing when none matches.
 */
export function Routes({ children }: { children?: ReactNode }) {
  const { pathname } = useLocation();
  const decoded = decodePath(pathname);
  const routes = Children.toArray(children).filter((c): c is ReactElement<RouteProps> => isValidElement(c));
  const ordered = [0, 1, 2].flatMap((n) => routes.filter((r) => rank(r.props.path) === n));
  for (const route of ordered) {
    const m = matchPath(route.props.path, decoded);
    if (m) return <ParamsContext.Provider value={m.params}>{route.props.element}</ParamsContext.Provider>;
  }
  return null;
}

export type LinkProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> & {
  to: string;
  replace?: boolean;
  state?: unknown;
  ref?: Ref<HTMLAnchorElement>;
};

/**
 * An <a href> that navigates without a page load on a plain left click. A click with a modifier
 * key, another button, a `target` other than `_self`, a `download` link or an address of another
 * document is left to the browser. A link to the current address replaces its entry, as
 * react-router's did.
 */
export function Link({ to, replace, state, onClick, ...rest }: LinkProps) {
  const navigate = useNavigate();
  const location = useLocation();
  const external = ABSOLUTE_URL.test(to);
  const href = external ? to : createPath(resolveTo(to, location.pathname));
  const handleClick = (e: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(e);
    if (e.defaultPrevented || external || e.button !== 0 || (rest.target && rest.target !== '_self')) return;
    if (rest.download != null || e.metaKey || e.altKey || e.ctrlKey || e.shiftKey) return;
    e.preventDefault();
    navigate(to, { replace: replace ?? href === createPath(location), state });
  };
  return <a {...rest} href={href} onClick={handleClick} />;
}
