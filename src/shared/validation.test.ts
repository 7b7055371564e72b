import { describe, expect, it } from 'vitest';
import { multiLine, passwordText, REQUIRED, requiredLine, singleLine, TEXT_MESSAGES } from './validation.ts';

/** A character's code points, for a failing assertion's label. */
const codePoints = (s: string) => [...s].map((c) => `U+${c.codePointAt(0)?.toString(16).padStart(4, '0')}`).join(' ');
const messages = (r: { success: boolean; error?: { issues: { message: string }[] } }) =>
  r.success ? [] : (r.error?.issues.map((i) => i.message) ?? []);

describe('text fields', () => {
  const name = requiredLine(40);
  const review = multiLine(200);

  it('take ordinary text in any script, emoji included', () => {
    for (const v of ['José Ñúñez', '李小龍', 'Zoë O’Brien-Smith', 'Straße 5, 2. OG', 'Great 💪🏽 family 👨‍👩‍👧']) {
      expect(name.safeParse(v).data).toBe(v);
    }
  });

  it('refuse NUL and every other C0 or C1 control character, and DEL', () => {
    for (const c of ['\u0000', '\u0007', '\u001b', '\u007f', '\u0085', '\u009f']) {
      expect(messages(name.safeParse(`Dana${c}Lee`))).toEqual([TEXT_MESSAGES.control]);
      expect(messages(review.safeParse(`Good${c}stuff`))).toEqual([TEXT_MESSAGES.control]);
    }
    // A carriage return is a line end in a text of several lines, and refused in one line.
    expect(messages(name.safeParse('Dana\rLee'))).toEqual([TEXT_MESSAGES.control]);
  });

  it('keep one line where one line belongs, and lines and tabs where several do', () => {
    expect(messages(name.safeParse('Dana\nLee'))).toEqual([TEXT_MESSAGES.lineBreak]);
    expect(messages(name.safeParse('Dana\tLee'))).toEqual([TEXT_MESSAGES.lineBreak]);
    expect(review.safeParse('Line one\n\tLine two').data).toBe('Line one\n\tLine two');
    expect(review.safeParse('Windows\r\nline ends\rand old Mac ones').data).toBe('Windows\nline ends\nand old Mac ones');
  });

  it('refuse unpaired surrogates, high or low, but not a real pair', () => {
    expect(messages(name.safeParse('Dana\ud800'))).toEqual([TEXT_MESSAGES.surrogate]);
    expect(messages(name.safeParse('\udc00Dana'))).toEqual([TEXT_MESSAGES.surrogate]);
    expect(messages(name.safeParse('Da\udc00\ud800na'))).toEqual([TEXT_MESSAGES.surrogate]);
    expect(name.safeParse('Dana \ud83d\udcaa').success).toBe(true);
  });

  it('refuse bidi embeddings, overrides and isolates', () => {
    for (const c of ['\u202a', '\u202b', '\u202c', '\u202d', '\u202e', '\u2066', '\u2067', '\u2068', '\u2069']) {
      expect(messages(name.safeParse(`invoice${c}fdp.exe`))).toEqual([TEXT_MESSAGES.bidi]);
      expect(messages(review.safeParse(`Good${c}`))).toEqual([TEXT_MESSAGES.bidi]);
    }
  });

  it('refuse zero-width characters and direction marks, which make a name read as another', () => {
    // "Da\u200bna" shows as "Dana"; a mark turns the direction of what follows it.
    for (const c of ['\u200b', '\ufeff']) {
      expect(messages(name.safeParse(`Da${c}na`)), codePoints(c)).toEqual([TEXT_MESSAGES.invisible]);
      expect(messages(review.safeParse(`Go${c}od`)), codePoints(c)).toEqual([TEXT_MESSAGES.invisible]);
    }
    // At either end, trimming takes the byte order mark away with the spaces.
    expect(name.safeParse('\ufeffDana\ufeff').data).toBe('Dana');
    for (const c of ['\u200e', '\u200f', '\u061c']) {
      expect(messages(name.safeParse(`invoice${c}fdp.exe`)), codePoints(c)).toEqual([TEXT_MESSAGES.bidi]);
      expect(messages(review.safeParse(`Good${c}`)), codePoints(c)).toEqual([TEXT_MESSAGES.bidi]);
    }
  });

  it('refuse a joiner where it joins nothing, and keep it where a script or an emoji needs it', () => {
    for (const c of ['\u200c', '\u200d']) {
      expect(messages(name.safeParse(`Da${c}na`)), codePoints(c)).toEqual([TEXT_MESSAGES.invisible]);
      expect(messages(name.safeParse(`${c}Dana`)), codePoints(c)).toEqual([TEXT_MESSAGES.invisible]);
      expect(messages(review.safeParse(`Good ${c}stuff`)), codePoints(c)).toEqual([TEXT_MESSAGES.invisible]);
    }
    // Persian's non-joiner, Devanagari's half form, emoji sequences (a family, a flag, a skin tone).
    for (const v of ['می\u200cخواهم', 'क्\u200dष', '👨\u200d👩\u200d👧', '🏳\ufe0f\u200d🌈', '🏃🏽\u200d♀\ufe0f']) {
      expect(name.safeParse(v).data, codePoints(v)).toBe(v);
      expect(review.safeParse(v).data, codePoints(v)).toBe(v);
    }
  });

  it('refuse the Unicode line and paragraph separators in one line, and make them line ends in several', () => {
    for (const c of ['\u2028', '\u2029']) {
      expect(messages(name.safeParse(`Dana${c}Lee`)), codePoints(c)).toEqual([TEXT_MESSAGES.lineBreak]);
      expect(review.safeParse(`Line one${c}Line two`).data, codePoints(c)).toBe('Line one\nLine two');
    }
  });

  it('say "Required" for a missing or blank field, "Must be text" for a number, and bound the length', () => {
    expect(messages(name.safeParse(undefined))).toEqual([REQUIRED]);
    expect(messages(name.safeParse('   '))).toEqual([REQUIRED]);
    expect(messages(name.safeParse(2_147_483_648))).toEqual(['Must be text']);
    expect(messages(name.safeParse('x'.repeat(41)))).toEqual(['Must be at most 40 characters']);
    expect(messages(singleLine(5, 'Too long').safeParse('x'.repeat(6)))).toEqual(['Too long']);
    expect(singleLine(5).optional().safeParse(undefined).success).toBe(true);
  });
});

describe('passwords', () => {
  const password = passwordText(20);

  it('are kept exactly as typed, spaces, bidi and zero-width characters included', () => {
    expect(password.safeParse('  horse battery  ').data).toBe('  horse battery  ');
    expect(password.safeParse('abc\u202edef').success).toBe(true);
    expect(password.safeParse('abc\u200b\u200edef\ufeff').success).toBe(true);
  });

  it('refuse NUL, control characters, line breaks and unpaired surrogates, and stay bounded', () => {
    expect(messages(password.safeParse('secret\u0000'))).toEqual([TEXT_MESSAGES.control]);
    expect(messages(password.safeParse('secret\n'))).toEqual([TEXT_MESSAGES.lineBreak]);
    expect(messages(password.safeParse('secret\ud800'))).toEqual([TEXT_MESSAGES.surrogate]);
    expect(messages(password.safeParse('x'.repeat(21)))).toEqual(['Must be at most 20 characters']);
    expect(messages(password.safeParse(''))).toEqual([REQUIRED]);
  });
});
