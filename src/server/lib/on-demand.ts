/**
 * A module loaded the first time it is needed rather than when the server starts: the packages only
 * some requests use (PDF and barcodes, image encoding, Stripe's SDK, the mail library) would
 * otherwise add about half a second to every start and their code to every process (ADR 0024).
 */
export function onDemand<T>(load: () => Promise<T>): () => Promise<T> {
  let loading: Promise<T> | undefined;
  return () => {
    loading ??= load().catch((err: unknown) => {
      loading = undefined;
      throw err;
    });
    return loading;
  };
}
