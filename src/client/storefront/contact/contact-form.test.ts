import { describe, expect, it } from 'vitest';
import { contactMailto, EMPTY_CONTACT, MESSAGE_MAX, validateContact } from './contact-form.ts';

const filled = { name: 'Dana Lee', email: 'dana@example.com', orderNumber: '', subject: 'Where is my order?', message: 'Hi!' };

describe('contact form', () => {
  it('requires name, e-mail, subject and message, but not the order number', () => {
    expect(validateContact(EMPTY_CONTACT)).toEqual({
      name: 'Required',
      email: 'Required',
      subject: 'Required',
      message: 'Required',
    });
    expect(validateContact({ ...filled, name: '   ' })).toEqual({ name: 'Required' });
    expect(validateContact(filled)).toEqual({});
  });

  it('refuses e-mail addresses that are not one', () => {
    for (const email of ['dana', 'dana@', 'dana@example', 'da na@example.com', '@example.com']) {
      expect(validateContact({ ...filled, email }).email).toBe('Please enter a valid email address');
    }
  });

  it('keeps the message short enough for a mail link', () => {
    expect(validateContact({ ...filled, message: 'x'.repeat(MESSAGE_MAX + 1) }).message).toMatch(/under/);
  });

  it('pre-fills subject and body, with the order number when given, safely encoded', () => {
    const href = contactMailto({ ...filled, orderNumber: 'pi_123', message: 'Line 1\nA & B?' }, 'help@store.test');
    const url = new URL(href);
    expect(url.protocol).toBe('mailto:');
    expect(url.pathname).toBe('help@store.test');
    expect(url.searchParams.get('subject')).toBe('Where is my order? (Order pi_123)');
    const body = url.searchParams.get('body');
    expect(body).toContain('Line 1\nA & B?');
    expect(body).toContain('Name: Dana Lee');
    expect(body).toContain('Email: dana@example.com');
    expect(body).toContain('Order number: pi_123');
    expect(href).not.toContain(' ');
    expect(contactMailto(filled, 'help@store.test')).not.toContain('Order');
  });
});
