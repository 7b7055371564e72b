import type { Article } from '../article-types.ts';

export const article: Article = {
  path: '/privacy',
  kind: 'legal',
  title: 'Privacy Policy',
  description:
    'What Ironwake keeps about you and why: the order details we need to ship, reviews you choose to write, and cookie-free visit counts.',
  headline: 'Privacy Policy',
  kicker: 'Legal',
  lead: 'We keep what we need to sell you smelling salts and ship them, and nothing more. This page lists it plainly.',
  published: '2026-11-22',
  updated: '2026-11-23',
  blocks: [
    { type: 'heading', text: 'What we keep', id: 'what-we-keep' },
    { type: 'subheading', text: 'When you order' },
    {
      type: 'paragraph',
      text: 'Your name, e-mail address, shipping address, phone number (if you give one), what you bought and what you paid. We need these to ship your order, to send you its confirmation and tracking e-mails, and to answer your questions about it. We keep order records for as long as tax and accounting law requires.',
    },
    {
      type: 'paragraph',
      text: [
        'Your card details go straight to our payment provider and never reach our servers. We keep only the payment reference and its status. ',
        { strong: 'We never see or store your card number.' },
      ],
    },
    {
      type: 'paragraph',
      text: 'While your checkout holds items for you, we keep the network address (IP address) it came from with the hold, so that no one address can hold our whole stock. It is deleted when the hold ends, at the latest 30 minutes after the checkout started.',
    },
    { type: 'subheading', text: 'Your cart' },
    {
      type: 'paragraph',
      text: 'Your browser keeps a random cart number so your cart survives a reload; our server keeps the items in that cart. There is no account and no name attached to it. Carts left untouched for 30 days are deleted.',
    },
    { type: 'subheading', text: 'Reviews' },
    {
      type: 'paragraph',
      text: 'If you review a product, we keep the name you choose to show, your rating and your text, and your e-mail address so we can check that you bought the product. Your e-mail address is never shown on the site. Reviews appear after we have read them.',
    },
    { type: 'subheading', text: 'Visits' },
    {
      type: 'paragraph',
      text: 'We count visits ourselves, without cookies: which pages are viewed, where visitors came from, how fast pages load, and a random visitor number kept in your browser. We do not store IP addresses and we do not build profiles of people. Visit records are deleted after 400 days.',
    },
    { type: 'heading', text: 'Third-party tags', id: 'third-party-tags' },
    { type: 'third-party-tags' },
    { type: 'heading', text: 'Who else sees your data', id: 'who-else' },
    {
      type: 'list',
      items: [
        'Our payment provider, to take your payment.',
        'The carrier that delivers your parcel: your name, address and phone number.',
        'Our e-mail provider, to deliver the e-mails about your order.',
      ],
    },
    { type: 'paragraph', text: 'We do not sell or rent personal data to anyone.' },
    { type: 'heading', text: 'Your choices', id: 'your-choices' },
    {
      type: 'paragraph',
      text: 'You can ask us what we hold about you, to correct it, or to delete it where the law lets us. You can clear your cart and the random numbers in your browser at any time by clearing this site’s data in your browser.',
    },
    { type: 'heading', text: 'Contact', id: 'contact' },
    { type: 'paragraph', text: 'Questions about your data go to the same people who answer everything else:' },
    { type: 'support-contact' },
  ],
};
