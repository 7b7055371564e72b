import { ApiError } from '../../lib/api-client.ts';

/** Each field's first message, by the field's name. */
export type FieldErrors = Partial<Record<string, string>>;

/** What a shared schema refused (docs/product.md §5): each field's first message, by the first step of its path. */
export function issueErrors(issues: readonly { path: readonly PropertyKey[]; message: string }[]): FieldErrors {
  const errors: FieldErrors = {};
  for (const i of issues) errors[String(i.path[0])] ??= i.message;
  return errors;
}

/**
 * The server's `fieldErrors` (docs/house.md rule 4), each field's first message, by the first step of its
 * path ("items.0.quantity" is the items'); none when the failure has none.
 */
export function serverErrors(err: unknown): FieldErrors {
  const errors: FieldErrors = {};
  if (!(err instanceof ApiError && err.fieldErrors)) return errors;
  for (const [key, messages] of Object.entries(err.fieldErrors)) errors[key.split('.')[0] ?? key] ??= messages[0];
  return errors;
}
