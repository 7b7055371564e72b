/** Polls `check` until it holds or `ms` pass; the last answer either way (for changes that travel between instances). */
export async function eventually(check: () => Promise<boolean>, ms = 5000): Promise<boolean> {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (await check()) return true;
    await new Promise((r) => setTimeout(r, 50));
  }
  return check();
}
