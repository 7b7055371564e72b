import type { Article } from '../article-types.ts';

export const article: Article = {
  path: '/legal',
  kind: 'legal',
  title: 'Legal Notice',
  description:
    'Legal notice for the Ironwake store: who runs it, how to reach us, product labelling and the warnings that come with ammonia inhalants.',
  headline: 'Legal Notice',
  kicker: 'Legal',
  lead: 'Who runs this store, how to reach us, and what our products are and are not.',
  published: '2026-11-22',
  updated: '2026-11-22',
  blocks: [
    { type: 'heading', text: 'Who runs this store', id: 'who-runs-this-store' },
    {
      type: 'paragraph',
      text: 'This store is run by Ironwake, a small family business selling pre-activated ammonia smelling salts in the United States.',
    },
    { type: 'support-contact' },
    { type: 'heading', text: 'Our products', id: 'our-products' },
    {
      type: 'paragraph',
      text: 'Our smelling salts are ammonia inhalants sold as consumer products. They are not a medicine or a dietary supplement and are not intended to diagnose, treat, cure or prevent any disease. They are not approved by the US Food and Drug Administration to improve alertness or athletic performance.',
    },
    {
      type: 'callout',
      tone: 'warning',
      title: 'Warnings',
      text: [
        'For external use only. Keep away from children and from the eyes. Do not use if you may have a head injury, or if you have a breathing or heart condition. Read the ',
        { text: 'safety guide', to: '/safety' },
        ' before use.',
      ],
    },
    { type: 'heading', text: 'Competition rules', id: 'competition-rules' },
    {
      type: 'paragraph',
      text: [
        'Whether you may use smelling salts in a competition is up to your sport’s governing body and the event. Our overview of ',
        { text: 'smelling salts and competition rules', to: '/smelling-salts-legal' },
        ' is a starting point, not legal advice: check the current rules before you compete.',
      ],
    },
    { type: 'heading', text: 'Terms and privacy', id: 'terms-and-privacy' },
    {
      type: 'paragraph',
      text: [
        'Buying from us is covered by our ',
        { text: 'Terms of Service', to: '/terms' },
        '; what we keep about you is in our ',
        { text: 'Privacy Policy', to: '/privacy' },
        '.',
      ],
    },
  ],
};
