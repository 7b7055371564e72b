/**
 * The claims the FDA cited when it warned consumers about ammonia inhalants and wrote to the brands
 * that sold them (docs/decisions/0050): that the product promotes alertness, boosts energy, sharpens
 * focus or improves athletic performance, that it is a stimulant, or that it is safe and effective.
 * The store's own copy must not make them; `npm test` walks every text it ships
 * (src/content/claims.test.ts) and the dashboard warns the owner when a product description or a
 * review awaiting approval makes one. Imports nothing, so the dashboard and the tests share it.
 */

export interface ClaimSource {
  title: string;
  /** ISO date of the document */
  date: string;
  url: string;
  /** a report of the FDA's words by another publisher, not the FDA's own page */
  secondary?: true;
}

export interface RegulatedClaim {
  id: string;
  /** what the owner reads in a warning, e.g. “boosts energy” */
  label: string;
  pattern: RegExp;
  sources: readonly ClaimSource[];
}

const FDA_ALERT_2024: ClaimSource = {
  title:
    'FDA, “FDA warns consumers to not purchase or use unapproved inhalant products marketed for alertness and energy boosting” (CDER alert; warning letters to seven brands)',
  date: '2024-08-06',
  url: 'https://www.fda.gov/drugs/drug-safety-and-availability/fda-warns-consumers-not-purchase-or-use-unapproved-inhalant-products-marketed-alertness-and-energy',
};
const FDA_ALERT_2023: ClaimSource = {
  title:
    'FDA, “FDA warns consumers to not purchase or use Nose Slap and Soul Slap products marketed for alertness and energy boosting”',
  date: '2023-05-01',
  url: 'https://www.fda.gov/drugs/drug-safety-and-availability/fda-warns-consumers-not-purchase-or-use-nose-slap-and-soul-slap-products-marketed-alertness-and',
};
const LETTER_NOSE_SLAP: ClaimSource = {
  title: 'FDA warning letter to Nose Slap LLC, MARCS-CMS 654566 (“intended for use as stimulant drug products”)',
  date: '2023-04-24',
  url: 'https://www.fda.gov/inspections-compliance-enforcement-and-criminal-investigations/warning-letters/nose-slap-llc-654566-04242023',
};
const LETTER_NATIVE_SALTS: ClaimSource = {
  title: 'FDA warning letter to Native Salts LLC, MARCS-CMS 674277 (“intended for use as a stimulant drug product”)',
  date: '2024-02-28',
  url: 'https://www.fda.gov/inspections-compliance-enforcement-and-criminal-investigations/warning-letters/native-salts-llc-674277-02282024',
};
const LETTER_SKULL_SMASH: ClaimSource = {
  title: 'FDA warning letter to Skull Smash LLC, MARCS-CMS 672714',
  date: '2024-03-13',
  url: 'https://www.fda.gov/inspections-compliance-enforcement-and-criminal-investigations/warning-letters/skull-smash-llc-672714-03132024',
};
const REPORT_FOCUS: ClaimSource = {
  title:
    'AboutLawsuits.com, “FDA Warns Consumers Not to Use Smelling Salts That Claim to Provide Energy Boosts” (quotes the letters: “laser-like focus”, “amp up your alertness”)',
  date: '2024-08',
  url: 'https://www.aboutlawsuits.com/fda-warns-consumers-not-to-use-smelling-salts/',
  secondary: true,
};
const REPORT_PERFORMANCE: ClaimSource = {
  title:
    'NBC Washington, “FDA warns against using unapproved smelling salts claiming to boost energy, alertness” (the FDA’s examples: “Uncap, Sniff, Perform”, “boost performance in sports!”)',
  date: '2024-08-13',
  url: 'https://www.nbcwashington.com/news/health/fda-warns-against-using-unapproved-smelling-salts-claiming-to-boost-energy-alertness/3693455/',
  secondary: true,
};

/** Verbs that turn a quality into a promise: "boosts", "will sharpen", "amps up your". */
const RAISE = String.raw`(?:promot|boost|increas|improv|enhanc|heighten|sharpen|rais|elevat|maximi[sz]|amp(?:ing|s|ed)?\s+up|pump(?:ing|s|ed)?\s+up|supercharg|skyrocket)\w*`;
const YOUR = String.raw`(?:\s+(?:your|the|their|his|her|my|our|mental|athletic|physical|overall|sports?|peak|instant|an?)){0,3}`;
/** An effect handed to the reader: "a jolt of alertness", "gives you a burst of energy", "makes you alert". */
const DOSE = String.raw`\b(?:jolt|burst|surge|spike|rush|kick|shot|hit|wave)s?\s+of(?:\s+\w+)?\s+`;
const GIVES = String.raw`\bgives?\s+(?:you|them|athletes|lifters|users)\b[^.!?]{0,40}?\b`;
const MAKES = String.raw`\bmakes?\s+(?:you|them|athletes|lifters|users)\s+(?:feel\s+)?(?:more\s+|sharply\s+|instantly\s+|suddenly\s+)?`;

export const REGULATED_CLAIMS: readonly RegulatedClaim[] = [
  {
    id: 'alertness',
    label: '“promotes alertness”',
    pattern: new RegExp(
      String.raw`\b${RAISE}${YOUR}\s+alertness\b|\balertness[- ]boost\w*|${DOSE}alertness\b|${GIVES}alertness\b|${MAKES}(?:alert|awake)\b`,
      'giu',
    ),
    sources: [FDA_ALERT_2024, FDA_ALERT_2023],
  },
  {
    id: 'energy',
    label: '“boosts energy”',
    pattern: new RegExp(
      String.raw`\b${RAISE}${YOUR}\s+energy\b|\benergy[- ]boost\w*|\benergi[sz](?:e|es|ed|ing)\b|${DOSE}energy\b|${GIVES}energy\b`,
      'giu',
    ),
    sources: [FDA_ALERT_2024, FDA_ALERT_2023],
  },
  {
    id: 'focus',
    label: '“improves focus”',
    pattern: new RegExp(
      String.raw`\b${RAISE}${YOUR}\s+(?:focus|concentration|mental\s+clarity|reaction\s+time)\b|\blaser(?:[- ]like)?[- ]focus\b|${DOSE}focus\b|${GIVES}focus\b|${MAKES}focused\b|\b(?:sharper|stronger|better|more)\s+focus\b|\bwakes?\s+up\s+(?:the|your)\s+senses\b`,
      'giu',
    ),
    sources: [REPORT_FOCUS, FDA_ALERT_2024],
  },
  {
    id: 'performance',
    label: '“improves athletic performance”',
    pattern: new RegExp(
      String.raw`\b${RAISE}${YOUR}\s+performance\b|\b(?:athletic|sports?)\s+performance\b|\bperformance[- ]enhanc\w*|\buncap,?\s+sniff,?\s+perform\b`,
      'giu',
    ),
    sources: [REPORT_PERFORMANCE, FDA_ALERT_2024],
  },
  {
    id: 'for-use',
    label: '“for alertness and energy”',
    pattern: /\bfor\s+(?:more\s+|extra\s+|instant\s+)?(?:alertness|energy|focus|mental\s+clarity)\b/giu,
    sources: [FDA_ALERT_2024, FDA_ALERT_2023],
  },
  {
    id: 'stimulant',
    label: '“a stimulant”',
    pattern:
      /\b(?:is|are|as|works\s+as|acts\s+as)\s+an?\s+(?:natural\s+|powerful\s+|fast[- ]acting\s+|instant\s+)?(?:reflex\s+)?stimulant\b/giu,
    sources: [LETTER_NOSE_SLAP, LETTER_NATIVE_SALTS, LETTER_SKULL_SMASH],
  },
  {
    id: 'safe-effective',
    label: '“safe and effective”',
    pattern: /\bsafe\s+(?:and|&)\s+effective\b/giu,
    sources: [FDA_ALERT_2024],
  },
];

/**
 * Texts the product's specification gives word for word that read like a listed claim: the product
 * page's third benefit card is titled 'Safe & Effective' (docs/product.md §2, "Product page": its
 * benefit cards "Instant Activation, Professional Grade, Safe & Effective"). They are kept as the
 * specification writes them; only these exact strings pass.
 */
export const SPEC_VERBATIM_TEXTS: readonly string[] = ['Safe & Effective'];

/**
 * A sentence that denies the claim, reports what someone else says or claims, or asks about it, is
 * honest copy: "there is no evidence that they improve focus", "users report feeling alert",
 * "the FDA warned about inhalants marketed to boost energy", "Do they improve performance?". The
 * frame must come before the phrase in the same sentence; "boosts energy, not caffeine" is a claim.
 */
const NEGATION =
  /\b(?:not|never|neither|nor|cannot|unproven|unsupported|no\s+(?:evidence|proof|reliable|good|consistent|study|studies|research))\b|n['’]t\b/iu;
const REPORTING =
  /\b(?:reports?|reported|reporting|describes?|described|claims?|claimed|marketed|marketing|advertised|promoted\s+as|warned|warns|warning|cited|cites|whether)\b/iu;
const ASKING = /^(?:do|does|did|can|could|will|would|should|is|are|was|were)\b[^?]*\?$/iu;

export interface ClaimFinding {
  claim: RegulatedClaim;
  /** the words that matched, as written */
  match: string;
  sentence: string;
}

function sentencesOf(text: string): string[] {
  return text
    .replace(/[’‘]/g, "'")
    .split(/(?<=[.!?])\s+|\n+/u)
    .map((s) => s.trim())
    .filter(Boolean);
}

/** The listed claims `text` makes, sentence by sentence; none for an exact SPEC text. */
export function findRegulatedClaims(text: string): ClaimFinding[] {
  if (SPEC_VERBATIM_TEXTS.includes(text.trim())) return [];
  const found: ClaimFinding[] = [];
  for (const sentence of sentencesOf(text)) {
    if (ASKING.test(sentence)) continue;
    for (const claim of REGULATED_CLAIMS) {
      for (const m of sentence.matchAll(claim.pattern)) {
        const before = sentence.slice(0, m.index);
        if (NEGATION.test(before) || REPORTING.test(before)) continue;
        found.push({ claim, match: m[0], sentence });
      }
    }
  }
  return found;
}

/** The owner's warning for a text's findings, or null: which words, and why they matter. */
export function claimWarning(findings: readonly ClaimFinding[]): string | null {
  if (findings.length === 0) return null;
  const words = [...new Set(findings.map((f) => `“${f.match}”`))].join(', ');
  return `${words}: the FDA has cited sellers of ammonia inhalants for claims like this (consumer alert of 6 August 2024). Say what users report, or what the evidence shows, instead.`;
}
