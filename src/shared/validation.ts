import { z } from 'zod';
import { REQUIRED } from './messages.ts';
import { parseCents } from './money.ts';

export { REQUIRED };

/*
 * Text that reaches the database, the admin's screens, e-mails and labels. PostgreSQL refuses NUL
 * (a 500 before these rules); other control characters, unpaired surrogates (stored as U+FFFD by
 * the UTF-8 encoders, so not what was sent), bidi overrides and direction marks (which make a name
 * or an address read differently from what it is) and zero-width characters (which make two names
 * that read alike differ, or hide a word from a search) have no place in a form field. Every field
 * is bounded too.
 */

/** C0 and C1 controls and DEL, except tab and newline (checked apart, by the kind of field). */
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is this pattern's purpose
const CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/;
const TAB_OR_NEWLINE = /[\t\n]/;
/** A high surrogate not followed by a low one, or a low one not preceded by a high one. */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
/**
 * Bidi embeddings and overrides (U+202A–U+202E), isolates (U+2066–U+2069) and the invisible
 * direction marks (left-to-right U+200E, right-to-left U+200F, Arabic letter U+061C).
 */
const BIDI_CONTROL = /[\u202a-\u202e\u2066-\u2069\u200e\u200f\u061c]/;
/** The zero-width space (U+200B) and zero-width no-break space, the byte order mark (U+FEFF). */
const ZERO_WIDTH = /[\u200b\ufeff]/;
/**
 * The zero-width non-joiner and joiner (U+200C, U+200D) shape Persian and Indic words and emoji
 * sequences (a family, a flag), so they are kept after a mark (a virama, an emoji's variation
 * selector), an emoji or a letter of a joining script; anywhere else they join nothing and only hide
 * (`Da<U+200D>na` reads "Dana").
 */
const STRAY_JOINER =
  /(?<![\p{M}\p{Extended_Pictographic}\p{Emoji_Modifier}\p{Script=Arabic}\p{Script=Syriac}\p{Script=Nko}\p{Script=Mongolian}])[\u200c\u200d]/u;
/** The Unicode line and paragraph separators: line ends that the line-end rules would not see. */
const LINE_SEPARATOR = /[\u2028\u2029]/;

export const TEXT_MESSAGES = {
  control: 'Must not contain control characters',
  lineBreak: 'Must be a single line, without tabs',
  surrogate: 'Must not contain invalid Unicode characters',
  bidi: 'Must not contain text-direction control characters',
  invisible: 'Must not contain invisible characters',
} as const;

const tooLongMessage = (max: number) => `Must be at most ${max} characters`;
/** A missing field reads "Required" (docs/product.md §5); a number or an object where text belongs says so. */
const text = () => z.string({ error: (issue) => (issue.input === undefined ? REQUIRED : 'Must be text') });

/** `shown`: text that people read (every field but a password), where what it looks like must be what it is. */
function clean(s: z.ZodString, multiLine: boolean, shown: boolean): z.ZodString {
  let checked = s
    .refine((v) => !CONTROL.test(v), TEXT_MESSAGES.control)
    .refine((v) => !LONE_SURROGATE.test(v), TEXT_MESSAGES.surrogate);
  if (!multiLine) checked = checked.refine((v) => !TAB_OR_NEWLINE.test(v), TEXT_MESSAGES.lineBreak);
  if (shown) {
    if (!multiLine) checked = checked.refine((v) => !LINE_SEPARATOR.test(v), TEXT_MESSAGES.lineBreak);
    checked = checked
      .refine((v) => !BIDI_CONTROL.test(v), TEXT_MESSAGES.bidi)
      .refine((v) => !ZERO_WIDTH.test(v) && !STRAY_JOINER.test(v), TEXT_MESSAGES.invisible);
  }
  return checked;
}

/**
 * One line of text (a name, an address, a username): trimmed, at most `max` characters, no control
 * characters, tabs or line breaks. Optional unless followed by `.min(1, REQUIRED)`; see `requiredLine`.
 */
export const singleLine = (max: number, tooLong = tooLongMessage(max)) => clean(text().trim().max(max, tooLong), false, true);

/** A single line that must not be empty ("Required", docs/product.md §5). */
export const requiredLine = (max: number, tooLong = tooLongMessage(max)) => singleLine(max, tooLong).min(1, REQUIRED);

/**
 * Text of several lines (a review, a product description): Windows and old Mac line ends and the
 * Unicode line and paragraph separators become `\n`; tabs and newlines are kept, every other control
 * character is refused.
 */
export const multiLine = (max: number, tooLong = tooLongMessage(max)) =>
  clean(
    text()
      .overwrite((v) => v.replace(/\r\n?|[\u2028\u2029]/g, '\n'))
      .trim()
      .max(max, tooLong),
    true,
    true,
  );

/**
 * A password: kept exactly as typed (no trimming), no control characters or unpaired surrogates
 * (two such passwords would hash alike). Never shown anywhere, so bidi characters may stay.
 */
export const passwordText = (max: number, tooLong = tooLongMessage(max)) =>
  clean(text().max(max, tooLong), false, false).min(1, REQUIRED);

export const idParam = z.coerce
  .number({ error: 'Must be a number' })
  .int('Must be a whole number')
  .positive('Must be a positive number')
  .max(2_147_483_647, 'Too large');

const AMOUNT_TEXT = /^\d{1,7}(\.\d{1,2})?$/;
/**
 * An amount of money as typed ("3.91", "40"): at most two decimals, `invalid` otherwise; at most
 * `maxCents`, `tooLarge` otherwise. Not trimmed into "required": callers add `.min(1, REQUIRED)` or
 * `.nullable()` as their field needs.
 */
export const amountText = (o: { invalid: string; maxCents: number; tooLarge: string }) =>
  z
    .string({ error: o.invalid })
    .trim()
    .regex(AMOUNT_TEXT, o.invalid)
    .refine((v) => !AMOUNT_TEXT.test(v) || parseCents(v) <= o.maxCents, o.tooLarge);

/** The days a date field takes: any real day of the years 2000 to 2999 (the database's range, with room). */
const DAY_TEXT = /^(2\d{3})-\d{2}-\d{2}$/;
/** A calendar day as YYYY-MM-DD (a date input's value): `${name} must be a date (YYYY-MM-DD)` or `… a real date`. */
export const dayText = (name: string) =>
  z
    .string({ error: `${name} must be a date (YYYY-MM-DD)` })
    .regex(/^\d{4}-\d{2}-\d{2}$/, `${name} must be a date (YYYY-MM-DD)`)
    .refine((v) => {
      const d = new Date(`${v}T00:00:00Z`);
      return DAY_TEXT.test(v) && !Number.isNaN(d.getTime()) && d.toISOString().startsWith(v);
    }, `${name} must be a real date`);
