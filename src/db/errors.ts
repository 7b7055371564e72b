/** A database error's SQLSTATE: on the error itself (pg, PGlite) or on its cause (a wrapped driver error). */
const sqlState = (err: unknown): string | undefined =>
  (err as { code?: string })?.code ?? (err as { cause?: { code?: string } })?.cause?.code;

/** A unique index refused the write (23505). */
export const isUniqueViolation = (err: unknown) => sqlState(err) === '23505';
