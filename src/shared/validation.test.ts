import { describe, expect, it } from 'vitest';
import { multiLine, passwordText, REQUIRED, requiredLine, singleLine, TEXT_MESSAGES } from './validation.ts';

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

  it('are kept exactly as typed, spaces and bidi characters included', () => {
    expect(password.safeParse('  horse battery  ').data).toBe('  horse battery  ');
    expect(password.safeParse('abc\u202edef').success).toBe(true);
  });

  it('refuse NUL, control characters, line breaks and unpaired surrogates, and stay bounded', () => {
    expect(messages(password.safeParse('secret\u0000'))).toEqual([TEXT_MESSAGES.control]);
    expect(messages(password.safeParse('secret\n'))).toEqual([TEXT_MESSAGES.lineBreak]);
    expect(messages(password.safeParse('secret\ud800'))).toEqual([TEXT_MESSAGES.surrogate]);
    expect(messages(password.safeParse('x'.repeat(21)))).toEqual(['Must be at most 20 characters']);
    expect(messages(password.safeParse(''))).toEqual([REQUIRED]);
  });
});
