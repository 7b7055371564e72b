import type { Article } from '../article-types.ts';
import { USAGE } from '../usage.ts';

export const article: Article = {
  path: '/smelling-salts-myths-facts',
  kind: 'guide',
  title: 'Smelling Salts: Myths vs Facts',
  description:
    'Do smelling salts make you stronger? Can they revive someone after a knock? Three common myths, the facts, the real risks, and who should avoid them.',
  headline: 'Smelling Salts: Myths vs Facts',
  kicker: 'Myths & Facts',
  lead: 'Smelling salts collect stories: they add kilos, they bring people round, the closer the better. Some are harmless exaggeration, one is dangerous. Here is what holds up.',
  published: '2026-11-22',
  updated: '2026-11-22',
  blocks: [
    { type: 'heading', text: 'Three myths', id: 'myths' },
    {
      type: 'verdict',
      claim: 'Smelling salts make you stronger',
      verdict: 'Myth',
      text: 'Many athletes report feeling sharply alert for a few seconds, and say it helps them commit to a lift. But controlled studies have not shown a reliable increase in maximal strength. Treat them as a focus cue, not a performance enhancer.',
    },
    {
      type: 'verdict',
      claim: 'Smelling salts are a safe way to bring someone round after a knock to the head',
      verdict: 'Myth',
      text: 'This one is dangerous. After a blow to the head, smelling salts can mask the signs of a concussion, and the reflex jerk of the head can make a neck injury worse. Keep the person still, follow the concussion protocol and get medical help.',
    },
    {
      type: 'verdict',
      claim: 'The closer and the more often, the better',
      verdict: 'Myth',
      text: `Closer and more often only raise the risk of irritating or burning your nose and airways; the jolt does not get more useful. Hold the bottle ${USAGE.distance} from your nose and keep to ${USAGE.usesPerSession}.`,
    },
    { type: 'heading', text: 'And two facts', id: 'facts' },
    {
      type: 'verdict',
      claim: 'Ammonia is not a banned substance under WADA rules',
      verdict: 'Fact',
      text: [
        'Ammonia is not on the World Anti-Doping Agency’s Prohibited List. Some leagues and events still restrict smelling salts: see ',
        { text: 'are smelling salts legal in competition', to: '/smelling-salts-legal' },
        '.',
      ],
    },
    {
      type: 'verdict',
      claim: 'The effect lasts only seconds',
      verdict: 'Fact',
      text: 'The reflex peaks within seconds and fades soon after, which is why they belong right before an effort, not at the start of a session.',
    },
    { type: 'heading', text: 'The real risks', id: 'risks' },
    {
      type: 'list',
      items: [
        'Irritation of the eyes, nose, throat and lungs, and coughing, more so when held too close.',
        'Headache or a burning feeling in the nose with heavy use.',
        'Masking an injury: feeling alert is not the same as being fine.',
        'The reflex head movement itself, which matters if the neck may be hurt.',
        'All of these grow with misuse: too close, too often, or a homemade mix of unknown strength.',
      ],
    },
    {
      type: 'callout',
      tone: 'warning',
      title: 'If in doubt, leave it out',
      text: [
        'Stop if you feel dizzy, short of breath or get a headache that lasts. Our ',
        { text: 'safety guide', to: '/safety' },
        ' covers what to do if the vapour irritates.',
      ],
    },
    { type: 'heading', text: 'Who should avoid smelling salts', id: 'who-should-avoid' },
    { type: 'who-should-not-use' },
    { type: 'heading', text: 'Using them the right way', id: 'right-way' },
    { type: 'directions' },
    {
      type: 'faq',
      items: [
        {
          q: 'Are smelling salts addictive?',
          a: 'They contain no drug that causes dependence. Some people come to rely on them as a ritual; keeping them for your biggest efforts keeps that in check.',
        },
        {
          q: 'Can they damage my sense of smell?',
          a: `Used as directed, at ${USAGE.distance} and ${USAGE.usesPerSession}, they are not known to. Holding them close or using them constantly irritates the lining of the nose.`,
        },
        {
          q: 'Were they really used for fainting?',
          a: 'Yes, for centuries. First-aid practice has moved on: today, someone who faints should be laid down with their legs raised, and checked by a professional if they do not recover quickly.',
        },
      ],
    },
  ],
  cta: {
    title: 'The facts, in a bottle',
    text: 'A consistent 30 g bottle with honest directions on the label.',
    label: 'Shop smelling salts',
    to: '/#choose-your-power',
  },
};
