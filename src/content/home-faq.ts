import { USAGE } from './usage.ts';

export const HOME_FAQ: readonly { q: string; a: string }[] = [
  {
    q: 'What are pre-activated smelling salts?',
    a: 'Ammonium carbonate blended with ammonia solution, sealed in a bottle and ready to use: no capsules to crush, no mixing. Opening the bottle releases ammonia vapour that triggers a sharp, involuntary breath in; many users describe feeling suddenly alert for a few seconds.',
  },
  {
    q: 'How do I use them?',
    a: `Hold the bottle ${USAGE.distance} from your nose, remove the cap and seal, inhale sharply once, then reseal. Stick to ${USAGE.usesPerSession}.`,
  },
  {
    q: 'How long does a bottle last?',
    a: 'With the seal replaced after each use, a 30 g bottle stays strong for 2-4 weeks of regular training, longer with occasional use.',
  },
  {
    q: 'Are smelling salts safe?',
    a: 'Used as directed by healthy adults they are generally considered safe. They must not be used to mask a head injury, and people with breathing or heart conditions should not use them. Read our safety guide before your first use.',
  },
  {
    q: 'Are they allowed in competition?',
    a: 'Most strength sports allow them; some federations and leagues restrict them. Check your federation’s current rules before meet day — our legality guide summarises the main ones.',
  },
  {
    q: 'How fast do you ship?',
    a: 'Orders are processed in 1-2 business days and arrive in 3-5 business days within the US. Unopened bottles can be returned within 30 days.',
  },
];
