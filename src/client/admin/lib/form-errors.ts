import { ApiError } from '../../lib/api-client.ts';

/** Each field's first message, by the field's name. */
export type FieldErrors<K extends string> = Partial<Record<K, string>>;

/**
 * The first message of each of `fields`, from pairs of a name and a message; a name may be a path
 * ("productIds.0", as the server writes a list's item): its first step is the field.
 */
function firstByField<K extends string>(
  fields: readonly K[],
  found: Iterable<readonly [PropertyKey | undefined, string | undefined]>,
): FieldErrors<K> {
  const errors: FieldErrors<K> = {};
  for (const [key, message] of found) {
    const name = String(key).split('.')[0] as K;
    if (message && fields.includes(name)) errors[name] ??= message;
  }
  return errors;
}

/**
 * What a shared schema refused in a form whose fields are named as the schema's (docs/product.md §5):
 * each field's first message.
 */
export const issueErrors = <K extends string>(
  fields: readonly K[],
  issues: readonly { path: readonly PropertyKey[]; message: string }[],
): FieldErrors<K> =>
  firstByField(
    fields,
    issues.map((i) => [i.path[0], i.message] as const),
  );

/** The server's `fieldErrors` (docs/house.md rule 4) on the same fields, when the failure has them. */
export const serverErrors = <K extends string>(fields: readonly K[], err: unknown): FieldErrors<K> =>
  err instanceof ApiError && err.fieldErrors
    ? firstByField(
        fields,
        Object.entries(err.fieldErrors).map(([k, m]) => [k, m[0]] as const),
      )
    : {};

/** Focuses the first field with an error, its control's id being `${prefix}-${name}`. */
export function focusFirst(prefix: string, errors: FieldErrors<string>): void {
  const first = Object.keys(errors)[0];
  if (first) document.getElementById(`${prefix}-${first}`)?.focus();
}
