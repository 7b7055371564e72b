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
  updated: '2026-11-27',
  blocks: [
    { type: 'heading', text: 'Legal to buy and own', id: 'legal-to-buy' },
    {
      type: 'paragraph',
      text: 'In the United States smelling salts are sold as consumer products. They are not a controlled substance, and you do not need a prescription to buy them.',
    },
    {
      type: 'paragraph',
      text: [
        'On 6 August 2024 the US Food and Drug Administration warned consumers not to buy or use ammonia inhalants marketed to promote alertness and boost energy, and sent warning letters to seven brands that sold them. It called them unapproved drugs, said their makers had not shown them to be safe or effective for those uses, and listed reports of shortness of breath, seizures, migraines, vomiting, diarrhea and fainting. It had already warned about two such products in May 2023. Read the ',
        {
          text: 'FDA’s alert',
          href: 'https://www.fda.gov/drugs/drug-safety-and-availability/fda-warns-consumers-not-purchase-or-use-unapproved-inhalant-products-marketed-alertness-and-energy',
        },
        '.',
      ],
    },
    {
      type: 'paragraph',
      text: 'That warning is why we do not sell our salts as a way to be more alert, energetic, focused or athletic: we tell you what users report and what the evidence shows. It is also the reason the NFL gave for its 2025 rule below, and one more reason to follow the directions.',
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
          'Teams may not supply them at games',
          'Since the 2025 season clubs may not provide or supply ammonia in any form at NFL games, including pregame, halftime, the sideline and stadium locker rooms, citing the FDA’s 2024 warning and the risk of masking concussion signs. The players’ union says players may still bring their own.',
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
