import { USAGE } from './usage.ts';

/** The product page's four questions; the 3-pack's wording speaks of three bottles. */
export function productFaq(bundle: boolean): readonly { q: string; a: string }[] {
  return [
    {
      q: bundle ? 'What is in the 3-Pack?' : 'What is in the bottle?',
      a: bundle
        ? 'Three sealed 30 g bottles of the same pre-activated formula as the single bottle — one for the gym bag, one for the car, one for meet day.'
        : 'One sealed 30 g amber bottle of pre-activated ammonia smelling salts with a reusable inner seal.',
    },
    {
      q: 'How long does it last?',
      a: bundle
        ? 'Each bottle stays strong for 2-4 weeks of regular training once opened; unopened bottles keep for months, so the 3-pack covers a full training block.'
        : 'Once opened, a bottle stays strong for 2-4 weeks of regular training when you reseal it after each use.',
    },
    {
      q: 'How do I use it safely?',
      a: `Hold it ${USAGE.distance} from your nose, inhale once, reseal. Keep to ${USAGE.usesPerSession} and never use it after a head impact.`,
    },
    {
      q: bundle ? 'Can I split the 3-Pack with teammates?' : 'Can I return it?',
      a: bundle
        ? 'Yes — each bottle is sealed individually, so the pack shares well across a team or training group. Unopened bottles can be returned within 30 days.'
        : 'Unopened bottles can be returned by mail within 30 days for a full refund.',
    },
  ];
}
