// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  BrowserRouter,
  Link,
  MemoryRouter,
  matchPath,
  type NavigateFunction,
  Navigate,
  Route,
  Routes,
  StaticRouter,
  useLocation,
  useNavigate,
  useParams,
  useSearchParams,
} from './router.tsx';

afterEach(cleanup);
beforeEach(() => window.history.replaceState(null, '', '/'));

describe('matchPath', () => {
  it('matches whole segments, whatever their case and trailing slash, and names the params', () => {
    expect(matchPath('/product/:id', '/product/12')?.params).toEqual({ id: '12' });
    expect(matchPath('/product/:id', '/PRODUCT/12/')?.params).toEqual({ id: '12' });
    expect(matchPath('/product/:id', '/product/12/reviews')).toBeNull();
    expect(matchPath('/product/:id', '/product/')).toBeNull();
    expect(matchPath('/contact', '/contacts')).toBeNull();
    expect(matchPath('/', '/')).not.toBeNull();
    expect(matchPath('/', '/x')).toBeNull();
  });

  it('takes a trailing * as the rest of the path, or nothing', () => {
    expect(matchPath('/admin/*', '/admin/login/x')?.params).toEqual({ '*': 'login/x' });
    expect(matchPath('/admin/*', '/admin')?.params).toEqual({ '*': '' });
    expect(matchPath('/admin/*', '/administrator')).toBeNull();
    expect(matchPath('*', '/anything/at/all')?.params).toEqual({ '*': 'anything/at/all' });
  });

  it('leaves params as the path writes them (as react-router matchPath did)', () => {
    expect(matchPath('/orders/:token', '/orders/a%20b')?.params).toEqual({ token: 'a%20b' });
  });
});

function Show({ label }: { label: string }) {
  const params = useParams();
  const { pathname, search, hash } = useLocation();
  return <p data-testid="page">{`${label} ${JSON.stringify(params)} ${pathname + search + hash}`}</p>;
}

const page = () => screen.getByTestId('page').textContent;

function Pages() {
  return (
    <Routes>
      <Route path="*" element={<Show label="missing" />} />
      <Route path="/" element={<Show label="home" />} />
      <Route path="/orders/:token" element={<Show label="order" />} />
      <Route path="/admin/*" element={<Show label="admin" />} />
    </Routes>
  );
}

describe('Routes', () => {
  it('renders the first matching route, the * routes last, with params decoded', () => {
    render(
      <MemoryRouter initialEntries={['/orders/a%20b%2Fc']}>
        <Pages />
      </MemoryRouter>,
    );
    expect(page()).toBe('order {"token":"a b/c"} /orders/a%20b%2Fc');
  });

  it('renders the * route for a path nothing else matches', () => {
    render(
      <MemoryRouter initialEntries={['/nope']}>
        <Pages />
      </MemoryRouter>,
    );
    expect(page()).toContain('missing');
  });
});

let nav: NavigateFunction | undefined;
const navs = new Set<NavigateFunction>();

function Probe() {
  nav = useNavigate();
  navs.add(nav);
  const { state, key } = useLocation();
  return <p data-testid="probe">{JSON.stringify({ state, key })}</p>;
}

const probe = () => JSON.parse(screen.getByTestId('probe').textContent ?? '{}') as { state: unknown; key: string };
const go: NavigateFunction = (to, options) => act(() => nav?.(to, options));

function renderBrowser(extra: React.ReactNode = null) {
  return render(
    <BrowserRouter>
      <Probe />
      <Pages />
      {extra}
    </BrowserRouter>,
  );
}

describe('BrowserRouter', () => {
  it('pushes an entry with its state, replaces one, and gives the same navigate throughout', async () => {
    navs.clear();
    renderBrowser();
    const before = window.history.length;
    go('/orders/T1', { state: { from: 'lookup' } });
    expect(window.location.pathname).toBe('/orders/T1');
    expect(window.history.length).toBe(before + 1);
    expect(page()).toContain('order {"token":"T1"}');
    expect(probe().state).toEqual({ from: 'lookup' });
    expect(window.history.state).toMatchObject({ usr: { from: 'lookup' }, idx: 1, key: probe().key });

    go('/admin?tab=x#top', { replace: true });
    expect(window.history.length).toBe(before + 1);
    expect(window.history.state).toMatchObject({ usr: null, idx: 1 });
    expect(page()).toBe('admin {"*":""} /admin?tab=x#top');
    expect(navs.size).toBe(1);
  });

  it('follows Back and Forward (popstate)', async () => {
    renderBrowser();
    go('/orders/A');
    go('/orders/B');
    act(() => window.history.back());
    await waitFor(() => expect(page()).toContain('{"token":"A"}'));
    act(() => window.history.forward());
    await waitFor(() => expect(page()).toContain('{"token":"B"}'));
  });

  it("keeps the state the server's first script put in the entry, and numbers the entry", () => {
    window.history.replaceState({ usr: { secretParams: { payment_intent: 'pi_1' } } }, '', '/order-confirmation');
    renderBrowser();
    expect(probe()).toEqual({ state: { secretParams: { payment_intent: 'pi_1' } }, key: 'default' });
    expect(window.history.state).toMatchObject({ idx: 0 });
  });

  it('navigates with <Navigate replace> once on screen', async () => {
    window.history.replaceState(null, '', '/admin/nope');
    const before = window.history.length;
    render(
      <BrowserRouter>
        <Routes>
          <Route path="/admin" element={<Show label="dashboard" />} />
          <Route path="*" element={<Navigate to="/admin" replace />} />
        </Routes>
      </BrowserRouter>,
    );
    await waitFor(() => expect(page()).toContain('dashboard'));
    expect(window.location.pathname).toBe('/admin');
    expect(window.history.length).toBe(before);
  });
});

describe('Link', () => {
  const links = (
    <>
      <Link to="/orders/L1" state={{ via: 'link' }} className="c" aria-label="Order L1">
        Plain
      </Link>
      <Link to="/orders/L2" target="_blank">
        New tab
      </Link>
      <Link to="https://example.com/x">Elsewhere</Link>
    </>
  );

  it('renders an <a href> and navigates on a plain left click, with its state', () => {
    renderBrowser(links);
    const a = screen.getByRole('link', { name: 'Order L1' });
    expect(a.getAttribute('href')).toBe('/orders/L1');
    expect(a.className).toBe('c');
    const click = new MouseEvent('click', { bubbles: true, cancelable: true, button: 0 });
    act(() => a.dispatchEvent(click));
    expect(click.defaultPrevented).toBe(true);
    expect(window.location.pathname).toBe('/orders/L1');
    expect(probe().state).toEqual({ via: 'link' });
  });

  it('leaves modified and middle clicks, target=_blank and other sites to the browser', () => {
    renderBrowser(links);
    const a = screen.getByRole('link', { name: 'Order L1' });
    for (const init of [{ ctrlKey: true }, { metaKey: true }, { shiftKey: true }, { altKey: true }, { button: 1 }]) {
      const click = new MouseEvent('click', { bubbles: true, cancelable: true, button: 0, ...init });
      act(() => a.dispatchEvent(click));
      expect(click.defaultPrevented).toBe(false);
    }
    for (const name of ['New tab', 'Elsewhere']) {
      const click = new MouseEvent('click', { bubbles: true, cancelable: true, button: 0 });
      act(() => screen.getByRole('link', { name }).dispatchEvent(click));
      expect(click.defaultPrevented).toBe(false);
    }
    expect(screen.getByRole('link', { name: 'Elsewhere' }).getAttribute('href')).toBe('https://example.com/x');
    expect(window.location.pathname).toBe('/');
  });

  it('replaces the entry when it leads to where the page already is', () => {
    window.history.replaceState(null, '', '/orders/L1');
    renderBrowser(links);
    const before = window.history.length;
    fireEvent.click(screen.getByRole('link', { name: 'Order L1' }));
    expect(window.history.length).toBe(before);
  });
});

function RangePicker() {
  const [params, setParams] = useSearchParams();
  return (
    <button
      type="button"
      onClick={() =>
        setParams(
          (p) => {
            p.set('range', '12m');
            return p;
          },
          { replace: true },
        )
      }
    >
      range={params.get('range') ?? ''} tab={params.get('tab') ?? ''}
    </button>
  );
}

describe('useSearchParams', () => {
  it('reads the query and sets it on the same path, replacing the entry', () => {
    window.history.replaceState(null, '', '/admin?tab=analytics#x');
    const before = window.history.length;
    renderBrowser(<RangePicker />);
    fireEvent.click(screen.getByRole('button', { name: 'range= tab=analytics' }));
    expect(screen.getByRole('button').textContent).toBe('range=12m tab=analytics');
    expect(window.location.pathname + window.location.search + window.location.hash).toBe('/admin?tab=analytics&range=12m');
    expect(window.history.length).toBe(before);
  });
});

describe('StaticRouter', () => {
  it("renders the request's route, params, query and links on the server", () => {
    const html = renderToString(
      <StaticRouter location="/orders/S%201?x=1">
        <Pages />
        <Link to="/contact">Contact</Link>
        <Link to="?page=2">Next</Link>
      </StaticRouter>,
    );
    expect(html).toContain('order {&quot;token&quot;:&quot;S 1&quot;} /orders/S%201?x=1');
    expect(html).toContain('<a href="/contact">Contact</a>');
    expect(html).toContain('<a href="/orders/S%201?page=2">Next</a>');
  });
});
