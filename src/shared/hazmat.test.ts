import { describe, expect, it } from 'vitest';
import { destinationOf, groundOnlyRefusal, REMOTE_ADDRESS_MESSAGE } from './ground-only.ts';
import { UnNumberSchema } from './hazmat.ts';

const at = (state: string, city = 'Columbus', zip = '43004') => destinationOf({ state, city, zip });

describe('where an address is, for ground-only goods', () => {
  it('finds military post offices by state code or name, city or ZIP, in any spelling', () => {
    for (const state of ['AE', 'ae', ' Ap ', 'A.A.', 'Armed Forces Europe', 'ARMED FORCES AMERICAS', 'armed forces pacific']) {
      expect(at(state), state).toBe('military');
    }
    for (const city of ['APO', 'fpo', 'D.P.O.', 'APO AE', 'Unit 2050 FPO']) expect(at('OH', city), city).toBe('military');
    for (const zip of ['09012', '34025', '96349', '96201-1234']) expect(at('OH', 'Columbus', zip), zip).toBe('military');
  });

  it('finds Alaska, Hawaii and the territories by code, name or ZIP', () => {
    for (const state of ['AK', 'hi', 'Alaska', 'HAWAII', 'Puerto Rico', 'PR', 'Guam', 'U.S. Virgin Islands', 'American Samoa']) {
      expect(at(state), state).toBe('remote');
    }
    for (const zip of ['99501', '96813', '00901', '00802', '96910']) expect(at('OH', 'Columbus', zip), zip).toBe('remote');
  });

  it('leaves the contiguous states alone, towns whose names only contain the letters too', () => {
    for (const [state, city, zip] of [
      ['OH', 'Columbus', '43004'],
      ['Ohio', 'Apopka', '32703'],
      ['FL', 'Apollo Beach', '33572'],
      ['CA', 'San Francisco', '94104'],
      ['Washington', 'Seattle', '98101'],
      ['NY', 'New York', '10001'],
    ] as const) {
      expect(at(state, city, zip), `${city}, ${state}`).toBe('contiguous');
    }
  });

  it('refuses military always and remote places unless allowed', () => {
    expect(groundOnlyRefusal('military', true)?.message).toMatch(/APO, FPO or DPO/);
    expect(groundOnlyRefusal('remote', false)?.message).toBe(REMOTE_ADDRESS_MESSAGE);
    expect(groundOnlyRefusal('remote', true)).toBeNull();
    expect(groundOnlyRefusal('contiguous', false)).toBeNull();
  });
});

describe('a UN number', () => {
  it('is kept as UN and four digits, empty as none', () => {
    expect(UnNumberSchema.parse('UN1993')).toBe('UN1993');
    expect(UnNumberSchema.parse(' un 2672 ')).toBe('UN2672');
    expect(UnNumberSchema.parse('2924')).toBe('UN2924');
    expect(UnNumberSchema.parse('')).toBeNull();
    // What a form parsed once is parsed again the same (the dashboard's mutation checks it before sending).
    expect(UnNumberSchema.parse(null)).toBeNull();
    expect(UnNumberSchema.parse(UnNumberSchema.parse('un 1993'))).toBe('UN1993');
    for (const bad of ['UN199', 'UN19930', 'NA1993', 'UN-1993', '1993a'])
      expect(UnNumberSchema.safeParse(bad).success, bad).toBe(false);
  });
});
