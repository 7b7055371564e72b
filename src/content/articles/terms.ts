import type { Article } from '../article-types.ts';
import { USAGE } from '../usage.ts';

export const article: Article = {
  path: '/terms',
  kind: 'legal',
  title: 'Terms of Service',
  description:
    'The terms for buying from Ironwake: who may buy, prices and payment, shipping, 30-day returns, and using our smelling salts as directed.',
  headline: 'Terms of Service',
  kicker: 'Legal',
  lead: 'These terms apply when you buy from this store. They are short on purpose; if something is unclear, ask us.',
  published: '2026-11-22',
  updated: '2026-11-27',
  blocks: [
    { type: 'heading', text: 'Who may buy', id: 'who-may-buy' },
    { type: 'minimum-age' },
    { type: 'heading', text: 'Prices and payment', id: 'prices-and-payment' },
    {
      type: 'paragraph',
      text: 'Prices are in US dollars and are the ones shown in your cart and at checkout. Your card is charged when you complete your purchase. If an item runs out of stock while you pay, we do not take your money for it.',
    },
    { type: 'heading', text: 'Shipping', id: 'shipping' },
    {
      type: 'paragraph',
      text: 'We process orders in 1-2 business days and they usually arrive in 3-5 business days. We e-mail you the tracking number when your order ships.',
    },
    { type: 'heading', text: 'Returns', id: 'returns' },
    {
      type: 'paragraph',
      text: [
        'You may return unopened products within 30 days of delivery for a full refund; return shipping by mail is free. For a damaged or wrong item, ',
        { text: 'contact us', to: '/contact' },
        ' and we will put it right.',
      ],
    },
    { type: 'heading', text: 'Using our products', id: 'using-our-products' },
    {
      type: 'paragraph',
      text: [
        `Use smelling salts only as directed: ${USAGE.distance} from the nose, ${USAGE.usesPerSession}. Read the `,
        { text: 'safety guide', to: '/safety' },
        ' before your first use. They are for external use by healthy adults, not a medicine, and must never be used on anyone who may have a head injury.',
      ],
    },
    { type: 'heading', text: 'Liability', id: 'liability' },
    {
      type: 'paragraph',
      text: 'We are responsible for selling you products as described. We are not responsible for harm caused by using them against the directions. Nothing in these terms limits rights you have by law.',
    },
    { type: 'heading', text: 'Contact', id: 'contact' },
    { type: 'support-contact' },
  ],
};
