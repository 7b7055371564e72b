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
  updated: '2026-11-27',
  blocks: [
    { type: 'heading', text: 'What we keep', id: 'what-we-keep' },
    { type: 'subheading', text: 'When you order' },
    {
      type: 'paragraph',
      text: 'Your name, e-mail address, shipping address, phone number (if you give one), what you bought and what you paid. We need these to ship your order, to send you its confirmation and tracking e-mails, and to answer your questions about it. We keep order records for as long as tax and accounting law requires.',
    },
    {
      type: 'paragraph',
      text: 'We also keep when you confirmed your age at checkout (and which age), and, only if you ticked “E-mail me news and offers”, when you did and the words you agreed to. That box is never ticked for you, and you can withdraw at any time by writing to us.',
    },
    {
      type: 'paragraph',
      text: 'If you leave a checkout at the payment step, we may send you one reminder with a link back to your cart and a way to opt out; we keep that it was sent, and your opt-out if you choose it. We keep the e-mails we send you only as a record that they were sent (to whom, what kind, when), not their text.',
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
    { type: 'subheading', text: 'Global Privacy Control' },
    {
      type: 'paragraph',
      text: 'If your browser sends Global Privacy Control (the Sec-GPC signal, built into some browsers and available as a setting or an extension in others), we load no analytics or advertising tags from other companies on any page you open. Under the California Consumer Privacy Act we treat the signal as your request to opt out of the sale and sharing of your personal information, with no need to tell us anything else. Our own cookie-free visit counts still run.',
    },
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
    { type: 'heading', text: 'Your rights: a copy of your data, or its deletion', id: 'your-choices' },
    {
      type: 'paragraph',
      text: 'You can ask us for a copy of everything we hold about your e-mail address, to correct it, or to delete it. Write to us from that address (below) and say which you want. We answer within 45 days, and usually within a few days. We do not charge for it and we treat you no differently for asking.',
    },
    {
      type: 'list',
      items: [
        'A copy: your orders (what you bought, what you paid, where they went), your reviews, reminders we sent you, discount codes you used, what you agreed to at checkout, and the e-mails we sent you, in one file.',
        'Deletion: we remove your name, e-mail address, phone number and street from your orders, take your name off your reviews, and delete the reminders and codes tied to your address. We keep what tax and accounting law requires of a sale: what was bought, the amounts, the dates, and the state and ZIP code it was shipped to, with nothing that names you. An order that has not shipped yet keeps your details until it has. We record that we deleted your data, when and by whom, but not your address.',
        'Our payment provider and the carrier keep their own records of your payment and parcel under their own privacy policies; we can tell you who they are.',
      ],
    },
    {
      type: 'paragraph',
      text: 'You can clear your cart and the random numbers in your browser at any time by clearing this site’s data in your browser.',
    },
    { type: 'heading', text: 'Contact', id: 'contact' },
    { type: 'paragraph', text: 'Questions about your data go to the same people who answer everything else:' },
    { type: 'support-contact' },
  ],
};
