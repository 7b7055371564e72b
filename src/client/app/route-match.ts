/**
 * Paths and patterns for the store's router (router.tsx, docs/decisions/0055): the rules are
 * react-router's (its `compilePath`, `matchPath`, `parsePath` and `createPath`), kept for the
 * patterns the store writes: static segments, `:name` segments and a trailing `*`.
 */

export type Params = Record<string, string | undefined>;

export interface Path {
  pathname: string;
  search: string;
  hash: string;
}

/** "https:", "mailto:" or "//host": an address of another document, which the browser loads itself. */
export const ABSOLUTE_URL = /^(?:[a-z][a-z0-9+.-]*:|[\\/]{2})/i;

/** A path's parts ("/a?b#c" → "/a", "?b", "#c"); what it does not name is empty. */
export function parsePath(path: string): Partial<Path> {
  const parts: Partial<Path> = {};
  let rest = path;
  const h = rest.indexOf('#');
  if (h >= 0) {
    parts.hash = rest.slice(h);
    rest = rest.slice(0, h);
  }
  const q = rest.indexOf('?');
  if (q >= 0) {
    parts.search = rest.slice(q);
    rest = rest.slice(0, q);
  }
  if (rest) parts.pathname = rest;
  return parts;
}

/** The address of a path; an empty "?" or "#" is left out. */
export function createPath({ pathname, search, hash }: Path): string {
  let path = pathname || '/';
  if (search && search !== '?') path += search.startsWith('?') ? search : `?${search}`;
  if (hash && hash !== '#') path += hash.startsWith('#') ? hash : `#${hash}`;
  return path;
}

/**
 * Where `to` leads from `fromPathname`: an absolute path as written; "?…" or "#…" alone keeps the
 * current path (what `setSearchParams` sends). Relative paths ("../x") are not supported.
 */
export function resolveTo(to: string, fromPathname: string): Path {
  const p = parsePath(to);
  return { pathname: p.pathname ?? fromPathname, search: p.search ?? '', hash: p.hash ?? '' };
}

/**
 * A pattern as a regular expression: case-insensitive, any trailing slashes allowed, `:name` one
 * non-empty segment, a trailing `/*` the rest of the path (possibly nothing).
 */
function compilePath(path: string): [RegExp, string[]] {
  const names: string[] = [];
  let source = `^${path
    .replace(/\/*\*?$/, '')
    .replace(/^\/*/, '/')
    .replace(/[\\.*+^${}|()[\]]/g, '\\$&')
    .replace(/\/:([\w-]+)/g, (_m, name: string) => {
      names.push(name);
      return '/([^\\/]+)';
    })}`;
  if (path.endsWith('*')) {
    names.push('*');
    source += path === '*' || path === '/*' ? '(.*)$' : '(?:\\/(.+)|\\/*)$';
  } else {
    source += '\\/*$';
  }
  return [new RegExp(source, 'i'), names];
}

/** A pattern's match of a path and the params it names (as written in the path), or null. */
export function matchPath(pattern: string, pathname: string): { params: Params; pathname: string } | null {
  const [re, names] = compilePath(pattern);
  const m = pathname.match(re);
  if (!m) return null;
  const params: Params = {};
  names.forEach((name, i) => {
    params[name] = (m[i + 1] ?? '').replace(/%2F/g, '/');
  });
  return { params, pathname: m[0] };
}

/** Each segment decoded (an encoded "/" stays "%2F" until a param is read); a malformed one leaves the path as it is. */
export function decodePath(pathname: string): string {
  try {
    return pathname
      .split('/')
      .map((s) => decodeURIComponent(s).replace(/\//g, '%2F'))
      .join('/');
  } catch {
    return pathname;
  }
}
