/**
 * What the log may say (docs/operations.md, "Health and logs"). A cart session id, a payment id, a client
 * secret, a review link's or an order page's token is a key: whoever holds one can see that cart or
 * that checkout (ADR 0004, 0009), review as that buyer (ADR 0021) or open that order's page and
 * ask for its return (ADR 0038), so it never reaches the log, in a URL or an
 * error; nor do the e-mail addresses and names the owner searches for. A database error keeps what helps to fix it (its kind, the
 * statement without its values, PostgreSQL's code, table, column and constraint) and drops what
 * carries a customer's data: the statement's parameters and PostgreSQL's `detail` ("Failing row
 * contains (…)", "Key (email)=(…)").
 */

const PAYMENT_ID = /\bpi_[A-Za-z0-9_%]+/g;
const SESSION_ID = /\bsession-[A-Za-z0-9_%-]+/g;
const CLIENT_SECRET = /_secret_[^&#/\s]*/g;
const REVIEW_TOKEN = /([?&]review=)[^&#\s]*/g;
/**
 * An order page's token in its page's or its API's path (ADR 0038), and a checkout reminder's
 * restore and unsubscribe tokens in theirs (`/recover/`, `/api/recover/`, `/unsubscribe/`,
 * `/api/unsubscribe/`, ADR 0041), and a reorder reminder's (`/reorder/`, `/api/reorder/`, ADR 0051), and a subscription's page (`/subscriptions/`,
 * `/api/subscriptions/`, ADR 0054).
 */
const ORDER_TOKEN =
  /(\/orders\/|\/order-status\/|\/recover\/|\/reorder\/|\/unsubscribe\/|\/subscriptions\/)(?!lookup\b)[A-Za-z0-9_%-]+\.[A-Za-z0-9_%-]+/g;
const EMAIL = /[^\s"'<>(),;:@]+@[^\s"'<>(),;:@]+\.[A-Za-z]{2,}/g;
/**
 * The owner's searches (`q=`) and a customer's orders (`email=`) carry a customer's e-mail address
 * or name: personal data, not something to keep for the log's weeks. A query parameter is found by
 * its name as the server reads it (decoded), so `%71=` is redacted like `q=`.
 */
const PERSONAL_PARAMS = new Set(['q', 'email']);
const QUERY_PARAM = /([?&])([^=&#\s]*)=([^&#\s]+)/g;
/** What every text redacted above holds (most URLs hold none of it, and are written as they are). */
const MAY_HOLD_KEY = /pi_|session-|_secret_|[?&]|\/(?:orders|order-status|recover|reorder|unsubscribe|subscriptions)\//;

function paramName(raw: string): string {
  try {
    return decodeURIComponent(raw.replaceAll('+', ' '));
  } catch {
    return raw;
  }
}

/**
 * Payment ids (and client secrets with them), cart session ids and other client secrets, and the
 * values of `q` and `email` query parameters, replaced by a marker.
 */
export function redactKeys(text: string): string {
  if (!MAY_HOLD_KEY.test(text)) return text;
  return text
    .replace(PAYMENT_ID, 'pi_[redacted]')
    .replace(SESSION_ID, 'session-[redacted]')
    .replace(CLIENT_SECRET, '_secret_[redacted]')
    .replace(REVIEW_TOKEN, '$1[redacted]')
    .replace(ORDER_TOKEN, '$1[redacted]')
    .replace(QUERY_PARAM, (param: string, sep: string, name: string) =>
      PERSONAL_PARAMS.has(paramName(name)) ? `${sep}${name}=[redacted]` : param,
    );
}

/** A request as its log lines give it: method, URL with its keys redacted, host and client address. */
export function serializeRequest(req: { method: string; url: string; host?: string; ip?: string }) {
  return { method: req.method, url: redactKeys(req.url), host: req.host, remoteAddress: req.ip };
}

/** PostgreSQL's fields that name things rather than hold values. */
const DATABASE_FIELDS = ['severity', 'schema', 'table', 'column', 'dataType', 'constraint'] as const;
/** A failed connection's: where the database was, not what was sent to it. */
const SYSTEM_FIELDS = ['errno', 'syscall', 'address', 'port'] as const;
const MAX_DEPTH = 5;

/** An error's message without the values it may quote. */
function safeMessage(message: string, code: unknown): string {
  // drizzle: "Failed query: <sql>\nparams: <values>"
  let safe = message.replace(/\nparams: [\s\S]*$/, '');
  // PostgreSQL's data exceptions (class 22) end with the value refused: `invalid input syntax for type integer: "abc"`.
  if (typeof code === 'string' && code.startsWith('22')) safe = safe.replace(/: "[\s\S]*"$/, ': [redacted]');
  return redactKeys(safe).replace(EMAIL, '[email]');
}

/** The stack's frames only: its first lines repeat the message, values included. */
function framesOf(stack: string, message: string): string[] {
  const at = message ? stack.indexOf(message) : -1;
  const rest = at >= 0 ? stack.slice(at + message.length) : stack;
  return rest.split('\n').filter((line) => /^\s+at /.test(line));
}

interface SerializedError {
  [key: string]: unknown;
  type: string;
  message: string;
  stack: string;
}

/** pino's `err` serializer, applied to every error logged and to the errors it wraps (`cause`). */
export function serializeError(err: Error): SerializedError {
  return serialize(err, 0) as SerializedError;
}

function serialize(err: unknown, depth: number): unknown {
  if (!(err instanceof Error)) return typeof err === 'string' ? redactKeys(err).replace(EMAIL, '[email]') : err;
  const e = err as Error & Record<string, unknown>;
  const type = e.constructor?.name && e.constructor.name !== 'Object' ? e.constructor.name : e.name;
  const message = safeMessage(e.message, e.code);
  const stack = [`${type}: ${message}`, ...framesOf(e.stack ?? '', e.message)].join('\n');
  const out: SerializedError = { type, message, stack };
  if (e.code !== undefined) out.code = e.code;
  if (typeof e.statusCode === 'number') out.statusCode = e.statusCode;
  // drizzle's DrizzleQueryError: the statement; its values (`params`) stay out.
  if (typeof e.query === 'string') out.query = e.query;
  for (const field of [...DATABASE_FIELDS, ...SYSTEM_FIELDS]) {
    if (typeof e[field] === 'string' || typeof e[field] === 'number') out[field] = e[field];
  }
  if (depth < MAX_DEPTH) {
    if (e.cause !== undefined) out.cause = serialize(e.cause, depth + 1);
    if (err instanceof AggregateError) out.errors = err.errors.map((inner: unknown) => serialize(inner, depth + 1));
  }
  return out;
}
