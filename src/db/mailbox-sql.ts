import { type SQL, sql } from 'drizzle-orm';
import { mailboxOf } from '../shared/mailbox.ts';

/**
 * src/shared/mailbox.ts's mailboxOf in SQL (as migration 0020 wrote it): lower case, no `+tag`,
 * Gmail without dots on gmail.com.
 */
export function mailboxSql(column: unknown): SQL {
  const local = sql`regexp_replace(regexp_replace(lower(trim(${column})), '@[^@]*$', ''), '(.)\\+.*$', '\\1')`;
  const domain = sql`substring(lower(trim(${column})) from '@([^@]*)$')`;
  return sql`(case when ${domain} in ('gmail.com', 'googlemail.com') then replace(${local}, '.', '') || '@gmail.com'
    when ${domain} is null then lower(trim(${column})) else ${local} || '@' || ${domain} end)`;
}

/** An e-mail address as a customer's requests match it: itself in any case, and its mailbox. */
export interface AddressMatch {
  email: string;
  mailbox: string;
}

export const addressMatch = (email: string): AddressMatch => ({ email: email.trim().toLowerCase(), mailbox: mailboxOf(email) });

/** `column` holds the address or another of its mailbox. */
export const matchesAddress = (column: unknown, m: AddressMatch): SQL =>
  sql`(lower(${column}) = ${m.email} or ${mailboxSql(column)} = ${m.mailbox})`;
