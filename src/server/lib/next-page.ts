/**
 * The `Link` header of a paged list (docs/decisions/0026): the same path with the parameters that
 * choose the list kept, and the cursor where the next page starts.
 */
export function nextPageLink(
  path: string,
  query: Record<string, unknown>,
  keep: readonly string[],
  cursor: string | number,
): string {
  const params = new URLSearchParams();
  for (const key of keep) {
    const v = query[key];
    if (v !== undefined && v !== '') params.set(key, String(v));
  }
  params.set('cursor', String(cursor));
  return `<${path}?${params}>; rel="next"`;
}
