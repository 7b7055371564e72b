/** The contact page's common questions. */
export const CONTACT_FAQ: readonly { q: string; a: string }[] = [
  {
    q: 'Where is my order?',
    a: 'Orders are processed in 1-2 business days and usually arrive in 3-5. Your shipping e-mail has the tracking number; give us your order number if it has not arrived.',
  },
  {
    q: 'Can I return a bottle?',
    a: 'Yes: unopened products within 30 days of delivery, with free return shipping by mail. Write to us with your order number.',
  },
  {
    q: 'How do I use smelling salts safely?',
    a: 'Follow the directions on the bottle and in our safety guide, and never use them on someone who may have a head injury.',
  },
  {
    q: 'Are smelling salts allowed in my sport?',
    a: 'It depends on your federation and event. Our guide to competition rules is a good start; always check the current rulebook.',
  },
];
