import { REQUIRED } from '#shared/messages.ts';

export interface ContactValues {
  name: string;
  email: string;
  orderNumber: string;
  subject: string;
  message: string;
}

export type ContactErrors = Partial<Record<keyof ContactValues, string>>;

export const EMPTY_CONTACT: ContactValues = { name: '', email: '', orderNumber: '', subject: '', message: '' };

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/;
/** Mail apps cut very long mailto: links; this keeps the whole message in. */
export const MESSAGE_MAX = 1500;

/** docs/product.md §5: name, e-mail (e-mail format), subject and message required; order number optional. */
export function validateContact(v: ContactValues): ContactErrors {
  const errors: ContactErrors = {};
  if (!v.name.trim()) errors.name = REQUIRED;
  if (!v.email.trim()) errors.email = REQUIRED;
  else if (!EMAIL.test(v.email.trim())) errors.email = 'Please enter a valid email address';
  if (!v.subject.trim()) errors.subject = REQUIRED;
  if (!v.message.trim()) errors.message = REQUIRED;
  else if (v.message.length > MESSAGE_MAX) errors.message = `Please keep your message under ${MESSAGE_MAX} characters`;
  return errors;
}

/** The pre-filled message for the visitor's mail app. Nothing is sent to the server. */
export function contactMailto(v: ContactValues, to: string): string {
  const order = v.orderNumber.trim();
  const subject = order ? `${v.subject.trim()} (Order ${order})` : v.subject.trim();
  const body = [
    v.message.trim(),
    '',
    '—',
    `Name: ${v.name.trim()}`,
    `Email: ${v.email.trim()}`,
    ...(order ? [`Order number: ${order}`] : []),
  ].join('\n');
  return `mailto:${to}?subject=${encodeURIComponent(subject)}&body=${encodeURIComponent(body)}`;
}
