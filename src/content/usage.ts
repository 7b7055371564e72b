/**
 * The one source of usage guidance. The product page, the home page and every article read it,
 * so no page can contradict another about distance or frequency.
 */
export const USAGE = {
  distance: '6-12 inches (15-30 cm)',
  minimumDistance: 'at least 6 inches (15 cm)',
  usesPerSession: '1-2 uses per session',
  waitBetweenUses: 'a few minutes',
} as const;

export const DIRECTIONS: readonly { title: string; text: string }[] = [
  {
    title: 'Hold it away',
    text: `Hold the bottle ${USAGE.distance} from your nose — never closer than ${USAGE.minimumDistance}.`,
  },
  { title: 'Uncap', text: 'Remove the cap and the reusable seal.' },
  { title: 'Inhale', text: 'Inhale sharply through the nose, once. The effect is immediate and lasts seconds.' },
  { title: 'Reseal', text: 'Replace the seal and the cap straight away to keep the salts potent.' },
];

export const SAFETY: readonly string[] = [
  'For external use only.',
  'Keep away from children.',
  'Store in a cool, dry place with the cap on.',
  `Use only as directed: ${USAGE.usesPerSession}, never directly under the nose.`,
  'Discontinue use if irritation occurs.',
  'Consult a physician if you have any doubt about using it.',
];

export const WHO_SHOULD_NOT_USE: readonly string[] = [
  'Anyone with asthma, COPD or another breathing condition',
  'Anyone with a heart condition or high blood pressure',
  'Anyone who may have a head injury or concussion',
  'Pregnant or breastfeeding women',
  'Children',
];
