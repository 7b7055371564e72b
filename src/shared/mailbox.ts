/** Domains whose mail servers ignore dots in the local part, and the one they all deliver to. */
const GMAIL = new Set(['gmail.com', 'googlemail.com']);

/**
 * The mailbox an e-mail address delivers to, as "once per e-mail address" counts it
 * (docs/decisions/0040): lower case, without a `+tag`, and for Gmail without dots and on gmail.com.
 * `dana.lee+promo@GoogleMail.com` and `danalee@gmail.com` are one mailbox. The address itself is
 * kept as typed; this is only a key to compare.
 */
export function mailboxOf(email: string): string {
  const text = email.trim().toLowerCase();
  const at = text.lastIndexOf('@');
  if (at <= 0) return text;
  const domain = text.slice(at + 1);
  let local = text.slice(0, at);
  const plus = local.indexOf('+');
  if (plus > 0) local = local.slice(0, plus);
  if (GMAIL.has(domain)) return `${local.replaceAll('.', '')}@gmail.com`;
  return `${local}@${domain}`;
}
