import type { Article } from '../article-types.ts';
import { USAGE } from '../usage.ts';

export const article: Article = {
  path: '/smelling-salts-legal',
  kind: 'guide',
  title: 'Are Smelling Salts Legal in Competition?',
  description:
    'Smelling salts are legal to buy, and ammonia is not a banned substance, but some leagues restrict them. Where they stand in major sports, and best practices.',
  headline: 'Are Smelling Salts Legal in Competition?',
  kicker: 'Rules',
  lead: 'Smelling salts are legal to buy and own, and ammonia is not a doping substance. Whether you may use them at an event is a different question, and the answer depends on your sport, your federation and the meet.',
  published: '2026-11-22',
  updated: '2026-11-22',
  blocks: [
    { type: 'heading', text: 'Legal to buy and own', id: 'legal-to-buy' },
    {
      type: 'paragraph',
      text: 'In the United States smelling salts are sold as consumer products. They are not a controlled substance, and you do not need a prescription to buy them.',
    },
    {
      type: 'paragraph',
      text: 'In 2025 the US Food and Drug Administration warned consumers about ammonia inhalants marketed to improve alertness or athletic performance, saying they are not approved for that use and can cause harm, especially when misused. That warning is one reason some leagues have changed their rules, and one more reason to follow the directions.',
    },
    { type: 'heading', text: 'Where the major sports bodies stand', id: 'sports-bodies' },
    {
      type: 'table',
      caption: 'Status of smelling salts by sports body',
      columns: ['Body', 'Status', 'Notes'],
      rows: [
        ['WADA', 'Not prohibited', 'Ammonia is not on the World Anti-Doping Agency’s Prohibited List.'],
        [
          'NFL',
          'Not allowed on game days',
          'Since the 2025 season teams may not use or provide them on game days, after the FDA’s warning.',
        ],
        ['NHL', 'No league-wide ban', 'Long common on benches; team medical staff set their own policies.'],
        [
          'NCAA',
          'Not a banned substance',
          'Not among the NCAA’s banned drug classes; school and athletic-trainer policies may restrict use.',
        ],
        [
          'Powerlifting (e.g. IPF, USAPL)',
          'Not a prohibited substance',
          'Common in the warm-up area; use on the platform depends on the federation and meet: ask the meet director.',
        ],
        ['Strongman and strength events', 'Generally permitted', 'Check the rules of each event.'],
      ],
    },
    {
      type: 'callout',
      tone: 'info',
      title: 'Rules change: check yours',
      text: 'This table is our understanding of each body’s position on the date this page was last updated. It is not legal or official advice. Before you compete, check the current rulebook of your federation and ask the officials of your event.',
    },
    { type: 'heading', text: 'The concussion rule', id: 'concussion' },
    {
      type: 'callout',
      tone: 'warning',
      title: 'Never on someone who may have a head injury',
      text: 'Whatever the rulebook says, smelling salts must never be used to revive, assess or "wake up" an athlete after a blow to the head. They can mask the symptoms of a concussion, and the reflex jerk of the head can worsen a neck injury. Follow your sport’s concussion protocol and get medical help.',
    },
    { type: 'heading', text: 'Best practices on competition day', id: 'best-practices' },
    {
      type: 'list',
      ordered: true,
      items: [
        'Read the current rules of your federation and the event before you pack the bottle.',
        'When in doubt, ask the meet director or head official, and ask before you need it, not on the platform.',
        'Use it in the warm-up area unless the rules allow it elsewhere.',
        `Follow the directions: ${USAGE.distance} from your nose, ${USAGE.usesPerSession}.`,
        'Do not share a bottle with, or hold it under the nose of, anyone who is hurt, dazed or unsteady.',
        'Keep the bottle capped and out of reach of children in the venue.',
      ],
    },
    { type: 'heading', text: 'Questions', id: 'questions' },
    {
      type: 'faq',
      items: [
        {
          q: 'Will smelling salts make me fail a drug test?',
          a: 'Ammonia is not on the WADA Prohibited List, and smelling salts are not a doping substance. Sport-specific rules about using them at events are a separate matter.',
        },
        {
          q: 'Can my coach hold them for me on the platform?',
          a: 'Only if your federation and meet allow it. Many limit them to the warm-up area: ask the officials.',
        },
        {
          q: 'Can I fly with smelling salts?',
          a: 'Airline and airport rules on ammonia products vary. Check with your airline before you travel, or buy at your destination.',
        },
      ],
    },
  ],
  cta: {
    title: 'Meet-day ready',
    text: 'The 3-pack keeps one in your meet bag, one in the car and one at the gym.',
    label: 'Shop smelling salts',
    to: '/#choose-your-power',
  },
};
