import { describe, expect, it } from 'vitest';
import { StoreSettingsBodySchema } from './settings.ts';

const SETTINGS = {
  shippingRate: '3.91',
  freeShippingOver: null,
  supportEmail: 'help@ironwake.test',
  supportPhone: '+1-800-555-0199',
  ownerEmail: null,
  reminderDelayHours: null,
};

/** The messages of one field of the settings form, in order (the first is the one the form shows). */
function messagesOf(field: 'shippingRate' | 'freeShippingOver', value: unknown): string[] {
  const body: Record<string, unknown> = { ...SETTINGS, [field]: value };
  if (value === undefined) delete body[field];
  const r = StoreSettingsBodySchema.safeParse(body);
  return r.success ? [] : r.error.issues.map((i) => i.message);
}

describe('the settings’ amounts', () => {
  it('say "Required" when missing or blank, and what an amount is otherwise', () => {
    for (const value of [undefined, '', '   ']) expect(messagesOf('shippingRate', value)).toEqual(['Required']);
    for (const value of ['abc', '-1', '1.234', 3.91]) {
      expect(messagesOf('shippingRate', value)).toEqual(['The shipping rate must be an amount such as 3.91']);
    }
    expect(messagesOf('freeShippingOver', '')).toEqual(['Required']);
    expect(messagesOf('freeShippingOver', '1.234')).toEqual(['The free-shipping amount must be an amount such as 3.91']);
  });

  it('bound each amount, and take one within the bound as typed, trimmed', () => {
    expect(messagesOf('shippingRate', '1000.01')).toEqual(['The shipping rate must be at most 1000.00']);
    expect(messagesOf('freeShippingOver', '1000000.01')).toEqual(['The free-shipping amount must be at most 1000000.00']);
    expect(StoreSettingsBodySchema.parse({ ...SETTINGS, shippingRate: ' 1000 ', freeShippingOver: '40' })).toMatchObject({
      shippingRate: '1000',
      freeShippingOver: '40',
    });
  });
});
