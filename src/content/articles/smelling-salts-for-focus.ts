import type { Article } from '../article-types.ts';
import { USAGE } from '../usage.ts';

export const article: Article = {
  path: '/smelling-salts-for-focus',
  kind: 'guide',
  title: 'Smelling Salts and Focus: What Users Report',
  description:
    'Do smelling salts help you focus? What athletes report, what the evidence does and does not show about focus and energy, and when to leave the bottle alone.',
  headline: 'Smelling Salts and Focus: What Users Report, What the Evidence Shows',
  kicker: 'Evidence',
  lead: 'Athletes often say one sniff helps them feel switched on before a big effort. Here is what users report, what the reflex behind it is, and what the evidence does and does not show about focus, energy and mental clarity.',
  published: '2026-11-22',
  updated: '2026-11-27',
  blocks: [
    { type: 'heading', text: 'What users report', id: 'what-they-can-do' },
    {
      type: 'paragraph',
      text: 'The ammonia vapour sets off a reflex: a sharp breath in and a quick rise in breathing and heart rate. Users describe a feeling of being suddenly awake, and say that for a few seconds their attention narrows to what is in front of them.',
    },
    {
      type: 'list',
      items: [
        'A clear signal to start: many athletes use one sniff as the last step of their routine before a heavy attempt.',
        'A reset between efforts: some report using it when they feel flat before the next event or set.',
        'A ritual: the same cue every time helps some people get into the same state every time.',
      ],
    },
    { type: 'heading', text: 'What the evidence shows', id: 'what-the-evidence-shows' },
    {
      type: 'paragraph',
      text: [
        'Very little. Studies of ammonia inhalants have looked mostly at strength, and controlled studies have not shown a reliable increase in maximal strength. There is no good evidence that smelling salts improve focus, energy, reaction time or athletic performance. The US Food and Drug Administration has warned consumers about ammonia inhalants marketed to promote alertness and boost energy (6 August 2024), and says they have not been shown to be safe or effective for those uses. Our page on ',
        { text: 'smelling salts in competition', to: '/smelling-salts-legal' },
        ' says what that means for sport.',
      ],
    },
    { type: 'heading', text: 'What they cannot do', id: 'what-they-cannot-do' },
    {
      type: 'list',
      items: [
        'They are not a stimulant drug: nothing builds up in your body and the effect is gone within a minute.',
        'They do not replace sleep, food, water or caffeine, and they will not carry you through a long workout.',
        'There is no evidence that they improve concentration, memory or learning.',
        'They do not make an exhausted or ill body ready to train: they only make it feel alert for a moment.',
      ],
    },
    {
      type: 'callout',
      tone: 'info',
      title: 'Readiness is what people report',
      text: [
        'Controlled studies have not shown a reliable increase in maximal strength from smelling salts. What athletes report is a feeling of readiness, and a feeling is not a measured effect. See ',
        { text: 'myths and facts', to: '/smelling-salts-myths-facts' },
        ' for more.',
      ],
    },
    { type: 'heading', text: 'How they compare', id: 'how-they-compare' },
    {
      type: 'table',
      caption: 'Options before a big effort',
      columns: ['Option', 'Onset', 'Lasts', 'Good for'],
      rows: [
        ['Smelling salts', 'Seconds', 'Seconds to a minute', 'The moment before a big effort'],
        ['Coffee or caffeine', '20-60 minutes', 'Several hours', 'A whole training session'],
        ['Breathing routine or a brisk walk', 'A minute or two', 'Several minutes', 'Calming nerves and warming up'],
      ],
    },
    {
      type: 'paragraph',
      text: [
        'They also combine differently: a breathing routine works at any time, coffee needs planning, and smelling salts belong to the last seconds before you go. Our comparison of ',
        { text: 'smelling salts and pre-workout', to: '/smelling-salts-vs-pre-workout' },
        ' goes into the caffeine side.',
      ],
    },
    { type: 'heading', text: 'When to use them, and when not to', id: 'when-to-use' },
    { type: 'subheading', text: 'Good moments' },
    {
      type: 'list',
      items: [
        'Right before a heavy single, a max attempt or a competition lift.',
        'Before a sprint, a face-off or a short, all-out effort.',
        `Within ${USAGE.usesPerSession}, with ${USAGE.waitBetweenUses} between uses.`,
      ],
    },
    { type: 'subheading', text: 'Leave the bottle alone' },
    {
      type: 'list',
      items: [
        'When driving or operating machinery.',
        'For studying, exams or long desk work: the effect is too short and the irritation is not worth it.',
        'To push through exhaustion, illness or pain: those are signals to rest.',
        'After any blow to the head: never, for you or anyone else.',
      ],
    },
    { type: 'heading', text: 'Using them well', id: 'using-them-well' },
    {
      type: 'paragraph',
      text: `Hold the bottle ${USAGE.distance} from your nose. Closer is not stronger, only more irritation.`,
    },
    { type: 'directions' },
    {
      type: 'faq',
      items: [
        {
          q: 'Will smelling salts help me study or work late?',
          a: 'No. The alertness lasts seconds, and repeated sniffs only irritate your nose and airways. Sleep, food and breaks do far more.',
        },
        {
          q: 'Can I use them instead of coffee?',
          a: 'They do different jobs: coffee lasts hours, smelling salts seconds. Use smelling salts for the moment before an effort, not to stay awake.',
        },
        {
          q: 'Do they stop working if I use them often?',
          a: `Many people find the jolt feels weaker with very frequent use. Keeping to ${USAGE.usesPerSession}, and only before your biggest efforts, keeps it meaningful.`,
        },
      ],
    },
  ],
  cta: {
    title: 'Part of your routine',
    text: 'Used as directed, before the lift that matters.',
    label: 'Shop smelling salts',
    to: '/#choose-your-power',
  },
};
