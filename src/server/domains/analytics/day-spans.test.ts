import { describe, expect, it } from 'vitest';
import { addDays, split, utcDay } from './day-spans.ts';

describe('day spans', () => {
  it('counts days across months, years and leap days', () => {
    expect(addDays('2024-02-28', 1)).toBe('2024-02-29');
    expect(addDays('2024-03-01', -1)).toBe('2024-02-29');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2026-11-24', -364)).toBe('2025-11-25');
    expect(utcDay(Date.parse('2026-11-24T23:59:59.999Z'))).toBe('2026-11-24');
  });

  it('cuts a span into the rolled-up part and the parts before and after it', () => {
    const span = { from: '2026-11-01', to: '2026-11-30' };
    expect(split(span, undefined)).toEqual({ counted: [span] });
    expect(split(span, { from: '2026-10-01', to: '2026-10-31' })).toEqual({ counted: [span] });
    expect(split(span, { from: '2026-12-01', to: '2026-12-02' })).toEqual({ counted: [span] });
    expect(split(span, { from: '2026-10-01', to: '2026-11-28' })).toEqual({
      rolled: { from: '2026-11-01', to: '2026-11-28' },
      counted: [{ from: '2026-11-29', to: '2026-11-30' }],
    });
    expect(split(span, { from: '2026-11-10', to: '2026-11-20' })).toEqual({
      rolled: { from: '2026-11-10', to: '2026-11-20' },
      counted: [
        { from: '2026-11-01', to: '2026-11-09' },
        { from: '2026-11-21', to: '2026-11-30' },
      ],
    });
    expect(split(span, { from: '2026-01-01', to: '2026-12-31' })).toEqual({ rolled: span, counted: [] });
  });
});
