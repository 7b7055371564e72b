import type { Article } from '../article-types.ts';

export const article: Article = {
  path: '/about',
  kind: 'guide',
  title: 'About Ironwake: A Family Business',
  description:
    'Ironwake is a small family business that makes one thing: pre-activated smelling salts that are ready to use, consistent and honestly labelled.',
  headline: 'About Ironwake',
  kicker: 'About',
  lead: 'We are a small family business, and we make one thing: a smelling salt that is ready when you are, the same every time, and labelled honestly.',
  published: '2026-11-22',
  updated: '2026-11-22',
  blocks: [
    { type: 'heading', text: 'Where we started', id: 'where-we-started' },
    {
      type: 'paragraph',
      text: 'Ironwake began in a garage gym, with a family that trains together. We used smelling salts before our heaviest lifts and kept running into the same problems: capsules that went flat minutes after opening, bottles with no directions, labels that promised things no smell can do.',
    },
    {
      type: 'paragraph',
      text: 'So we set out to make the bottle we wanted to buy: ready the moment you uncap it, steady from the first use to the last, with clear directions on the label and nothing on it we cannot stand behind.',
    },
    { type: 'heading', text: 'What we make', id: 'what-we-make' },
    {
      type: 'paragraph',
      text: 'One product, in one strength: a 30 g amber glass bottle of pre-activated smelling salts with a reusable seal. It comes on its own, or as a 3-pack for people who want one in the gym bag, one in the car and one for meet day.',
    },
    {
      type: 'paragraph',
      text: 'We keep the range small on purpose. One strength means the directions are the same for everyone, and every bottle we ship is one we know well.',
    },
    { type: 'heading', text: 'How we work', id: 'how-we-work' },
    {
      type: 'list',
      items: [
        [
          { strong: 'Straight answers.' },
          ' Users report a few seconds of feeling sharply alert, and that is all we say. We will not tell you they add kilos to your total, sharpen your mind or give you energy.',
        ],
        [
          { strong: 'Safety first.' },
          ' Every bottle carries the directions, and our ',
          { text: 'safety guide', to: '/safety' },
          ' says plainly who should not use them.',
        ],
        [{ strong: 'Quick shipping.' }, ' Orders leave within 1-2 business days, with tracking.'],
        [
          { strong: 'A person answers.' },
          ' Every e-mail is read and answered by one of us, usually within a day. ',
          { text: 'Write to us', to: '/contact' },
          '.',
        ],
      ],
    },
    { type: 'heading', text: 'Who we make it for', id: 'who-we-make-it-for' },
    {
      type: 'paragraph',
      text: 'Powerlifters and weightlifters before a max attempt. Strongman athletes between events. Hockey and football players who like the ritual of switching on. Anyone who trains hard, is healthy, likes a short, sharp ritual before a big effort, and will use it with care.',
    },
    {
      type: 'callout',
      tone: 'tip',
      title: 'New to smelling salts?',
      text: [
        'Start with our guide to ',
        { text: 'what smelling salts are', to: '/education' },
        ' and how they work, then read the ',
        { text: 'safety guide', to: '/safety' },
        '.',
      ],
    },
  ],
  cta: {
    title: 'One sharp breath. Then lift.',
    text: 'The single bottle, or the 3-pack at our best price.',
    label: 'See the products',
    to: '/#choose-your-power',
  },
};
