import { z } from 'zod';
import { type ErrorBody, ErrorBodySchema } from '#shared/errors.ts';
import { ERROR_STATUS } from '../errors.ts';

/**
 * The error answers of the API description, described once (docs/decisions/0023): the component
 * `Error` and one response component per status, each with a real example. A route lists the
 * statuses it answers with `ErrorBodySchema`; every operation refers to those components.
 */

/** 4xx and 5xx answers, each a response component. */
const ERROR_RESPONSES: Record<string, { status: string; description: string; example: ErrorBody }> = {
  BadRequest: {
    status: '400',
    description: 'The request is malformed or a field is invalid (`validation`, with `fieldErrors`), or cannot be done as asked.',
    example: {
      message: 'Request body: quantity: quantity must be at most 99',
      code: 'validation',
      fieldErrors: { quantity: ['quantity must be at most 99'] },
    },
  },
  Unauthorized: {
    status: '401',
    description: 'No valid admin session: sign in first.',
    example: { message: 'Authentication required: please sign in', code: 'unauthorized' },
  },
  Forbidden: {
    status: '403',
    description:
      'Refused: an admin whose role lacks the route’s permission (docs/decisions/0057), a state-changing admin request whose `Origin` is not the store’s, or not allowed.',
    example: { message: 'Cross-site request refused', code: 'forbidden' },
  },
  NotFound: {
    status: '404',
    description: 'No such thing, or not the caller’s (the answer does not say which).',
    example: { message: 'Product not found', code: 'not_found' },
  },
  Conflict: {
    status: '409',
    description: 'Not possible in the current state (stock, a closed checkout, an unpaid order); `message` says why.',
    example: { message: 'You can have at most 99 of this item in your cart', code: 'conflict' },
  },
  PayloadTooLarge: {
    status: '413',
    description: 'The body is too large.',
    example: { message: 'The image is larger than 5 MB', code: 'payload_too_large' },
  },
  UnsupportedMediaType: {
    status: '415',
    description: 'The body’s content type is not accepted.',
    example: { message: 'Only PNG, JPEG, WebP or GIF images can be uploaded', code: 'unsupported_media_type' },
  },
  Unprocessable: {
    status: '422',
    description: 'Understood, but not to be done as sent: an `Idempotency-Key` sent again with another request.',
    example: {
      message: 'This Idempotency-Key was used with another request: send a new key for a new refund.',
      code: 'unprocessable',
    },
  },
  TooManyRequests: {
    status: '429',
    description: 'Too many requests from this client address (or for this account): try again later.',
    example: { message: 'Too many requests. Please try again in 1 minute.', code: 'too_many_requests' },
  },
  Unavailable: {
    status: '503',
    description: 'Briefly unavailable (the database, the payment provider, the printer); try again.',
    example: { message: 'The store is briefly unavailable. Please try again in a moment.', code: 'unavailable' },
  },
  ClientError: {
    status: '4XX',
    description: 'Any other client error: a body that is not JSON, too large, of another content type.',
    example: { message: 'Request body is not valid JSON', code: 'FST_ERR_CTP_INVALID_JSON_BODY' },
  },
};

const refByStatus = new Map(
  Object.entries(ERROR_RESPONSES).map(([name, r]) => [r.status, { $ref: `#/components/responses/${name}` }]),
);

/** The response component for an error status; a route listing a status without one is a mistake to fix here. */
export function errorResponseRef(status: string): { $ref: string } {
  const ref = refByStatus.get(status.toUpperCase());
  if (!ref) throw new Error(`No error response is described for status ${status}: add it to ERROR_RESPONSES`);
  return ref;
}

export const errorResponseComponents = Object.fromEntries(
  Object.entries(ERROR_RESPONSES).map(([name, r]) => [
    name,
    {
      description: r.description,
      content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' }, example: r.example } },
    },
  ]),
);

/** The shared error body with what each field means; its codes are the server's own. */
const ErrorDoc = ErrorBodySchema.extend({
  message: z.string().describe('What went wrong, in words to show a person'),
  code: z
    .string()
    .optional()
    .describe(
      `What went wrong, for a program: ${Object.entries(ERROR_STATUS)
        .map(([code, status]) => `\`${code}\` (${status})`)
        .join(', ')}; or Fastify's own code (\`FST_ERR_…\`) for a request it could not read.`,
    ),
  fieldErrors: ErrorBodySchema.shape.fieldErrors.describe(
    'For invalid input: the messages of each field, by its path (`quantity`, `utm.source`); `_` for the whole body.',
  ),
});

/** The component `Error`, as JSON Schema 2020-12. */
export function errorComponent(): Record<string, unknown> {
  const { $schema: _dialect, ...schema } = z.toJSONSchema(ErrorDoc, { target: 'draft-2020-12', io: 'output' }) as Record<
    string,
    unknown
  >;
  return schema;
}
