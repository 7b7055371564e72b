import type { Article } from '../article-types.ts';
import { USAGE } from '../usage.ts';

export const article: Article = {
  path: '/education',
  kind: 'guide',
  title: 'What Are Smelling Salts? How They Work',
  description:
    'What smelling salts are, how ammonia vapour wakes you up in seconds, what "pre-activated" means, and how to use a bottle safely before a lift.',
  headline: 'What Are Smelling Salts?',
  kicker: 'Guide',
  lead: 'Smelling salts are ammonia inhalants: one sharp breath of their vapour triggers a reflex that users describe as feeling suddenly alert for a few seconds. Here is what is in the bottle, what happens when you use it, and how to use it well.',
  published: '2026-11-22',
  updated: '2026-11-22',
  blocks: [
    { type: 'heading', text: 'What is in the bottle', id: 'what-is-in-the-bottle' },
    {
      type: 'paragraph',
      text: 'Traditional smelling salts are ammonium carbonate, a salt that slowly releases ammonia gas. Modern versions, ours included, hold ammonia in a ready-to-use form sealed in a bottle. Open it, and the vapour is what you smell; close it, and the rest stays inside for the next time.',
    },
    {
      type: 'paragraph',
      text: 'There is nothing to swallow and nothing that enters your blood in any meaningful amount. The effect comes from the smell itself, or more precisely from how your body reacts to it.',
    },
    { type: 'heading', text: 'How they work', id: 'how-they-work' },
    {
      type: 'paragraph',
      text: 'Ammonia vapour irritates the lining of the nose and upper airways. Your body answers with a reflex: a sharp, involuntary breath in, a brief rise in breathing rate and heart rate. Users report a jolt of alertness with it. It is the same family of reflexes that makes you flinch from a strong smell.',
    },
    {
      type: 'paragraph',
      text: 'The jolt is short: it peaks within seconds and fades soon after. That is why athletes use smelling salts right before an effort, a heavy single, a sprint, a face-off, and not as a way to get through a workout.',
    },
    {
      type: 'callout',
      tone: 'info',
      title: 'A reflex, not strength',
      text: [
        'Many lifters report feeling switched on; controlled studies have not shown a reliable increase in maximal strength, and there is no good evidence that they improve focus or athletic performance. Our ',
        { text: 'myths and facts', to: '/smelling-salts-myths-facts' },
        ' page goes further.',
      ],
    },
    { type: 'heading', text: 'A short history', id: 'a-short-history' },
    {
      type: 'paragraph',
      text: 'For centuries smelling salts were carried to rouse people who felt faint. First-aid practice has since moved on, and today they are mostly found in strength sports: in powerlifting warm-up rooms, on strongman courses and on hockey benches, where athletes use them as a ritual to lock in before an effort.',
    },
    { type: 'heading', text: 'What "pre-activated" means', id: 'pre-activated' },
    {
      type: 'paragraph',
      text: 'Many smelling salts come as single-use capsules that you crush to release the ammonia, and they lose their strength quickly once opened. A pre-activated bottle is ready the moment you uncap it: no crushing, no mixing, no waiting. Because it reseals, one bottle serves many sessions.',
    },
    {
      type: 'table',
      caption: 'Capsules and pre-activated bottles compared',
      columns: ['Feature', 'Capsules', 'Pre-activated bottle'],
      rows: [
        ['Ready to use', 'After crushing', 'As soon as you uncap it'],
        ['Uses', 'One', 'Many, resealed after each'],
        ['Strength', 'Fades within minutes of opening', 'Steady while kept capped'],
        ['Waste', 'A capsule per use', 'One bottle'],
      ],
    },
    { type: 'heading', text: 'How long a bottle lasts', id: 'how-long-a-bottle-lasts' },
    {
      type: 'paragraph',
      text: 'With the seal and cap replaced after every use, a 30 g bottle stays strong for 2-4 weeks of regular training, and longer with occasional use. Heat and an open cap are what weaken it: store it cool, dry and closed.',
    },
    { type: 'heading', text: 'How to use them', id: 'how-to-use' },
    {
      type: 'paragraph',
      text: `Hold the bottle ${USAGE.distance} from your nose, never closer than ${USAGE.minimumDistance}, and keep to ${USAGE.usesPerSession}, with ${USAGE.waitBetweenUses} between uses.`,
    },
    { type: 'directions' },
    {
      type: 'callout',
      tone: 'warning',
      title: 'Never after a blow to the head',
      text: [
        'Smelling salts must never be used to revive or check on someone who may have a head injury. Read the ',
        { text: 'safety guide', to: '/safety' },
        ' before your first use.',
      ],
    },
    { type: 'heading', text: 'Questions', id: 'questions' },
    {
      type: 'faq',
      items: [
        {
          q: 'Do smelling salts contain drugs or stimulants?',
          a: 'No. They work through a reflex to the smell of ammonia, not through a substance you absorb. Ammonia is not on the World Anti-Doping Agency’s Prohibited List.',
        },
        {
          q: 'How strong should it feel?',
          a: `At ${USAGE.distance}, sharp and unmistakable but over in seconds. If it hurts or makes your eyes stream, you are too close.`,
        },
        {
          q: 'Can I use them every day?',
          a: `Healthy adults can use them on training days, ${USAGE.usesPerSession}. They are a tool for big efforts, not for every set.`,
        },
      ],
    },
  ],
  cta: {
    title: 'Try them before your next heavy set',
    text: 'A single 30 g bottle, or the 3-pack for the gym bag, the car and meet day.',
    label: 'Shop smelling salts',
    to: '/#choose-your-power',
  },
};
