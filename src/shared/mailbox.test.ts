import { describe, expect, it } from 'vitest';
import { mailboxOf } from './mailbox.ts';

describe('mailboxOf', () => {
  it('is one key for the spellings of one mailbox', () => {
    expect(mailboxOf('Dana@Example.com')).toBe('dana@example.com');
    expect(mailboxOf('dana+promo@example.com')).toBe('dana@example.com');
    expect(mailboxOf('dana+a+b@example.com')).toBe('dana@example.com');
    expect(mailboxOf(' dana@example.com ')).toBe('dana@example.com');
    expect(mailboxOf('dana.lee@gmail.com')).toBe('danalee@gmail.com');
    expect(mailboxOf('D.a.n.a.L.e.e+x@GoogleMail.com')).toBe('danalee@gmail.com');
  });

  it('keeps other mailboxes apart: dots count outside Gmail, and a local part that starts with + is kept', () => {
    expect(mailboxOf('dana.lee@example.com')).not.toBe(mailboxOf('danalee@example.com'));
    expect(mailboxOf('dana@example.com')).not.toBe(mailboxOf('dana@example.org'));
    expect(mailboxOf('+dana@example.com')).toBe('+dana@example.com');
  });
});
