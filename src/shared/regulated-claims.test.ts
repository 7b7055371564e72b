import { describe, expect, it } from 'vitest';
import { claimWarning, findRegulatedClaims, REGULATED_CLAIMS, SPEC_VERBATIM_TEXTS } from './regulated-claims.ts';

const ids = (text: string) => findRegulatedClaims(text).map((f) => f.claim.id);

describe('findRegulatedClaims', () => {
  it.each([
    ['Boost your energy before every set.', 'energy'],
    ['This bottle BOOSTS ENERGY in seconds.', 'energy'],
    ['An instant energy boost for game day.', 'energy'],
    ['Energizing ammonia for lifters.', 'energy'],
    ['Uncap it to increase alertness.', 'alertness'],
    ['It promotes alertness when you need it most.', 'alertness'],
    ['Amp up your alertness and aggression.', 'alertness'],
    ['One sniff will improve focus.', 'focus'],
    ['Sharpens your mental focus.', 'focus'],
    ['Wake up the senses and deliver laser-like focus.', 'focus'],
    ['Built for athletic performance.', 'performance'],
    ['Enhance performance on the platform.', 'performance'],
    ['Boost performance in sports!', 'performance'],
    ['Uncap, Sniff, Perform.', 'performance'],
    ['A performance-enhancing ritual.', 'performance'],
    ['Smelling Salts for Focus and Energy', 'for-use'],
    ['It works as a powerful stimulant.', 'stimulant'],
    ['Safe and effective for every athlete.', 'safe-effective'],
    ['Want to boost your energy?', 'energy'],
    ['Boosts energy, not caffeine intake.', 'energy'],
    ['Uncap, inhale, and get a sharp jolt of alertness before a heavy lift.', 'alertness'],
    ['Smelling salts give you a few seconds of sharp, undeniable alertness.', 'alertness'],
    ['One sniff makes you more alert.', 'alertness'],
    ['A burst of energy for the last rep.', 'energy'],
    ['Get sharper focus on the platform.', 'focus'],
  ])('flags %j', (text, id) => {
    expect(ids(text)).toContain(id);
  });

  it.each([
    'Users report feeling suddenly alert for a few seconds.',
    'Many lifters describe a jolt of alertness that fades within a minute.',
    'Closer is not stronger focus, only more irritation.',
    'Many athletes report that it helps them commit to a lift.',
    'There is no evidence that they improve concentration over time.',
    'Controlled studies have not shown that they improve athletic performance.',
    'They do not boost energy: the reflex is gone within a minute.',
    'Smelling salts cannot improve focus for studying.',
    'The FDA warned consumers about inhalants marketed to promote alertness and boost energy.',
    'Other brands claimed their salts boost performance in sports.',
    'Do smelling salts improve athletic performance?',
    'Researchers asked whether they increase alertness.',
    'Hold the bottle away from your nose and inhale once.',
    'Focus is the point of the ritual, and energy comes from sleep and food.',
    'Safe & Effective',
  ])('lets %j pass', (text) => {
    expect(findRegulatedClaims(text)).toEqual([]);
  });

  it('judges each sentence on its own: a denial in one does not excuse a claim in the next', () => {
    expect(ids('They are not a drug. They boost energy.')).toEqual(['energy']);
  });

  it('allows a SPEC text only whole, not inside other copy', () => {
    expect(SPEC_VERBATIM_TEXTS).toContain('Safe & Effective');
    expect(ids('Safe & Effective for everyone.')).toEqual(['safe-effective']);
  });

  it('names the words in the owner’s warning, and says nothing when there are none', () => {
    expect(claimWarning(findRegulatedClaims('Boosts energy fast.'))).toMatch(/^“Boosts energy”: the FDA has cited/);
    expect(claimWarning([])).toBeNull();
  });

  it('cites a dated source for every listed claim', () => {
    for (const claim of REGULATED_CLAIMS) {
      expect(claim.sources.length).toBeGreaterThan(0);
      for (const s of claim.sources) {
        expect(s.url).toMatch(/^https:\/\//);
        expect(s.date).toMatch(/^\d{4}-\d{2}(-\d{2})?$/);
      }
    }
  });
});
