import { MEDWATCH_URL } from '#shared/medwatch.ts';
import type { Article } from '../article-types.ts';
import { USAGE } from '../usage.ts';

export const article: Article = {
  path: '/safety',
  kind: 'guide',
  title: 'Smelling Salts Safety Guide',
  description:
    'How to use smelling salts safely: distance, frequency, who should not use them, the concussion rule, storage, and what to do if the vapour irritates.',
  headline: 'Smelling Salts Safety Guide',
  kicker: 'Safety',
  lead: 'Used as directed by a healthy adult, smelling salts are a short, sharp jolt and nothing more. Used carelessly, they can irritate, and used on an injured athlete they can hide something serious. Read this once before your first use.',
  published: '2026-11-22',
  updated: '2026-11-27',
  blocks: [
    { type: 'heading', text: 'Directions', id: 'directions' },
    {
      type: 'paragraph',
      text: `The two rules that matter most: keep the bottle ${USAGE.distance} from your nose, never closer than ${USAGE.minimumDistance}, and stop at ${USAGE.usesPerSession}, with ${USAGE.waitBetweenUses} between uses.`,
    },
    { type: 'directions' },
    { type: 'heading', text: 'Who should not use smelling salts', id: 'who-should-not-use' },
    { type: 'paragraph', text: 'Do not use smelling salts, and do not give them to:' },
    { type: 'who-should-not-use' },
    {
      type: 'paragraph',
      text: 'If you are unsure whether a condition you have is a reason not to use them, ask your doctor before you do.',
    },
    { type: 'heading', text: 'The concussion rule', id: 'concussion' },
    {
      type: 'callout',
      tone: 'warning',
      title: 'Never use smelling salts on someone who may have a head injury',
      text: 'Not to wake them, not to "check they are fine", not to get them back in the game. The jolt can mask the signs of a concussion, and the reflex jerk of the head can make a neck injury worse. Keep them still, follow your sport’s concussion protocol and get medical help.',
    },
    { type: 'heading', text: 'If the vapour irritates', id: 'irritation' },
    {
      type: 'list',
      items: [
        'Move to fresh air and breathe normally.',
        'If it reached your eyes, rinse them with clean, lukewarm water for 15 minutes. Do not rub them.',
        'If it reached your skin, wash it with water.',
        'If coughing, pain or trouble breathing does not pass quickly, get medical help and show them the bottle.',
      ],
    },
    { type: 'heading', text: 'Stop using them if', id: 'stop-if' },
    {
      type: 'list',
      items: [
        'you feel dizzy, light-headed or short of breath;',
        'you get a headache, a nosebleed or a burning feeling that lasts;',
        'you find yourself needing more uses, or a closer sniff, to feel the same effect.',
      ],
    },
    {
      type: 'paragraph',
      text: [
        'If you had a reaction, tell a doctor, and please tell us: ',
        { strong: 'Report a reaction' },
        ', at the end of this page, reaches the store owner. You can also report it to the FDA through ',
        { text: 'MedWatch', href: MEDWATCH_URL },
        '.',
      ],
    },
    { type: 'heading', text: 'Storage and handling', id: 'storage' },
    {
      type: 'list',
      items: [
        'Keep the bottle capped when you are not using it, in a cool, dry place out of direct sun.',
        'Keep it away from children and pets, and out of a hot car in summer.',
        'Never mix ammonia with bleach or any other chemical: together they release toxic gases.',
        'Do not pour the contents out, refill the bottle or share it with someone showing signs of injury.',
        'Never use it while driving or operating machinery.',
      ],
    },
    {
      type: 'callout',
      tone: 'info',
      title: 'Not medical advice',
      text: 'This guide explains how to use our product as directed. It is not medical advice: if you have a health question, ask a doctor.',
    },
    { type: 'heading', text: 'Questions', id: 'questions' },
    {
      type: 'faq',
      items: [
        {
          q: 'Why not hold it right under my nose?',
          a: `Closer does not work better; it only concentrates the vapour on the lining of your nose and can irritate or burn it. ${USAGE.distance} is enough.`,
        },
        {
          q: 'Can teenagers use them?',
          a: 'No. Our smelling salts are for adults, and must be kept away from children.',
        },
        {
          q: 'Are they safe for people with asthma?',
          a: 'No. Ammonia irritates the airways and can set off breathing problems: people with asthma, COPD or another breathing condition should not use them.',
        },
      ],
    },
  ],
  cta: {
    title: 'Ready, and using them right',
    text: 'Every bottle comes with these directions on the label.',
    label: 'Shop smelling salts',
    to: '/#choose-your-power',
  },
};
