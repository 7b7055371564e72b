import type { Article } from '../article-types.ts';
import { USAGE } from '../usage.ts';

export const article: Article = {
  path: '/homemade-vs-store-bought',
  kind: 'guide',
  title: 'Homemade vs Store-Bought Smelling Salts',
  description:
    'Homemade smelling salts can look cheaper, but their strength is unknown and the chemicals are risky. Pros, cons and a cost comparison with store-bought.',
  headline: 'Homemade vs Store-Bought Smelling Salts',
  kicker: 'Comparison',
  lead: 'Recipes for homemade smelling salts are easy to find, and the ingredients look cheap. Here is what you actually save, what you take on, and why we do not recommend making them at home.',
  published: '2026-11-22',
  updated: '2026-11-22',
  blocks: [
    { type: 'heading', text: 'The cost, honestly', id: 'cost' },
    {
      type: 'table',
      caption: 'What each costs and what you get',
      columns: ['Compared', 'Store-bought', 'Homemade'],
      rows: [
        ['Price', 'About $15-20 a bottle', 'About $5-15 in materials'],
        ['How long it lasts', '2-4 weeks of regular use', 'Unknown: depends on what you made'],
        ['Strength', 'The same in every bottle', 'Unknown and inconsistent'],
        ['Directions and warnings', 'On the label', 'None'],
        ['Container', 'Sealed, resealable bottle', 'Whatever you have at home'],
      ],
    },
    {
      type: 'paragraph',
      text: 'At best, making your own saves a few dollars a month. What it costs instead is certainty: you do not know how strong it is, how long it will keep, or what else is in it.',
    },
    { type: 'heading', text: 'Store-bought', id: 'store-bought' },
    { type: 'subheading', text: 'Pros' },
    {
      type: 'list',
      items: [
        'Known, consistent strength, so the directions mean something.',
        'Made for inhaling, without the detergents and fragrances of cleaning products.',
        'A sealed, resealable bottle that keeps its strength and travels well.',
        'A label with directions and warnings.',
      ],
    },
    { type: 'subheading', text: 'Cons' },
    {
      type: 'list',
      items: [
        'It costs more up front than a bottle of household ammonia.',
        'Quality varies between brands: look for clear labelling and directions.',
      ],
    },
    { type: 'heading', text: 'Homemade', id: 'homemade' },
    { type: 'subheading', text: 'Pros' },
    {
      type: 'list',
      items: ['The materials can cost a little less.', 'You can make it whenever you like.'],
    },
    { type: 'subheading', text: 'Cons' },
    {
      type: 'list',
      items: [
        'Unknown concentration: too weak does nothing, too strong can burn.',
        'Household ammonia cleaners often contain detergents, fragrances and other additives that are not meant to be inhaled.',
        'No child-resistant or resealable packaging, and no label for anyone who finds it.',
        'The mistakes are easy to make and hard to undo.',
      ],
    },
    { type: 'heading', text: 'Why we advise against making them', id: 'safety' },
    {
      type: 'callout',
      tone: 'warning',
      title: 'Never mix ammonia with bleach or other cleaners',
      text: 'Ammonia and bleach together release chloramine gases, which can seriously damage the lungs. Mixing cleaning products at home is one of the most common causes of chemical injuries.',
    },
    {
      type: 'paragraph',
      text: 'Concentrated ammonia can burn the eyes, nose, throat and lungs. Without knowing the strength of what you made, you cannot know how far away to hold it, and a strong homemade mix held close can do real harm. For these reasons we do not give or link to any recipe.',
    },
    {
      type: 'paragraph',
      text: `A store-bought bottle has a known strength, which is what makes the directions, ${USAGE.distance} from the nose and ${USAGE.usesPerSession}, safe to follow.`,
    },
    { type: 'heading', text: 'The verdict', id: 'verdict' },
    {
      type: 'paragraph',
      text: [
        'For a few dollars a month, store-bought buys you consistency, clean ingredients, a proper bottle and directions you can trust. Whichever you choose, read the ',
        { text: 'safety guide', to: '/safety' },
        ' first.',
      ],
    },
    {
      type: 'faq',
      items: [
        {
          q: 'Is household ammonia the same as smelling salts?',
          a: 'No. Cleaning ammonia is made for surfaces, at strengths and with additives that are not meant to be inhaled.',
        },
        {
          q: 'How long does a store-bought bottle last?',
          a: 'With the seal and cap replaced after each use, 2-4 weeks of regular training, longer with occasional use.',
        },
        {
          q: 'Is a more expensive bottle stronger?',
          a: 'Not necessarily. What matters is a known, consistent strength and clear directions, not the price.',
        },
      ],
    },
  ],
  cta: {
    title: 'Consistent, labelled, ready',
    text: 'Our 30 g bottle, or the 3-pack at our best price per bottle.',
    label: 'Shop smelling salts',
    to: '/#choose-your-power',
  },
};
