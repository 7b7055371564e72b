import { describe, expect, it } from 'vitest';
import { activityRows } from './period.tsx';

describe('the activity table', () => {
  const daily = [
    { date: '2026-10-30', sessions: 3, revenue: '0.10' },
    { date: '2026-10-31', sessions: 4, revenue: '0.20' },
    { date: '2026-11-01', sessions: 5, revenue: '1234.56' },
  ];

  it('has a row per day for 7 and 30 days', () => {
    expect(activityRows(daily, '7d').map((r) => [r.label, r.sessions, r.cents])).toEqual([
      ['2026-10-30', 3, 10],
      ['2026-10-31', 4, 20],
      ['2026-11-01', 5, 123456],
    ]);
  });

  it('adds up the days of each month for 12 months, to the cent', () => {
    expect(activityRows(daily, '12m').map((r) => [r.label, r.sessions, r.cents])).toEqual([
      ['Oct 2026', 7, 30],
      ['Nov 2026', 5, 123456],
    ]);
  });
});
