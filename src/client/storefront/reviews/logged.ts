/** docs/product.md §8: a failed review fetch is logged, and fails, with these words. */
export async function logged<T>(what: string, load: () => Promise<T>): Promise<T> {
  try {
    return await load();
  } catch (err) {
    console.error(what, err);
    throw new Error(what);
  }
}
