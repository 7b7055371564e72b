import { type ReturnRequestBody, ReturnRequestBodySchema } from '#shared/returns-schemas.ts';
import { type FieldErrors, issueErrors, serverErrors } from './field-errors.ts';

/**
 * The return form's checks, the server's own schema, loaded as the form opens rather than with it:
 * kept out of the order page's chunk, whose preload list for the form would otherwise name zod's
 * chunks too (docs/decisions/0006).
 */
export function checkReturn(body: ReturnRequestBody): { ok: true; body: ReturnRequestBody } | { ok: false; errors: FieldErrors } {
  const parsed = ReturnRequestBodySchema.safeParse(body);
  return parsed.success ? { ok: true, body: parsed.data } : { ok: false, errors: issueErrors(parsed.error.issues) };
}

export { serverErrors };
