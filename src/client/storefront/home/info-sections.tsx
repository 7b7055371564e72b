import { ShieldCheck, Timer, Zap } from 'lucide';
import { Icon } from '../../ui/icon.tsx';
import { HOME_FAQ } from '#content/home-faq.ts';
import { DIRECTIONS, USAGE } from '#content/usage.ts';
import { SUPPORT_RESPONSE_TIME } from '#shared/constants.ts';
import { Link } from '../../app/router.tsx';
import { buttonVariants } from '../../ui/button.tsx';
import { Faq } from '../../ui/faq.tsx';
import { usePublicConfig } from '../../lib/public-config.tsx';

const eyebrow = 'text-sm font-bold uppercase tracking-[0.25em] text-amber-deep';
const title = 'mt-2 font-display text-3xl uppercase sm:text-4xl';

export function InstructionsSection() {
  return (
    <section id="instructions" aria-labelledby="instructions-title" className="scroll-mt-16 bg-white py-16">
      <div className="mx-auto max-w-6xl px-4">
        <p className={eyebrow}>How to use</p>
        <h2 id="instructions-title" className={title}>
          Four steps, then the seal goes back on.
        </h2>
        <ol className="mt-8 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {DIRECTIONS.map((d, i) => (
            <li key={d.title} className="rounded-xl border border-line bg-paper p-6">
              <span className="grid size-10 place-items-center rounded-full bg-ink font-display text-white">{i + 1}</span>
              <h3 className="mt-4 text-lg font-bold uppercase">{d.title}</h3>
              <p className="mt-2 text-muted">{d.text}</p>
            </li>
          ))}
        </ol>
        <p className="mt-6 text-sm text-muted">
          Keep to {USAGE.usesPerSession}. Never use smelling salts after a blow to the head.{' '}
          <Link className="underline" to="/safety">
            Read the safety guide
          </Link>
          .
        </p>
      </div>
    </section>
  );
}

export function AboutSection() {
  const points = [
    {
      icon: Zap,
      h: 'The science',
      p: 'Ammonia vapour irritates the nasal lining and triggers a reflex breath; heart and breathing rates rise for a few seconds. Users report feeling suddenly alert. Studies have not shown it adds strength.',
    },
    {
      icon: Timer,
      h: 'Pre-activated',
      p: 'Our salts are ready in the bottle. No capsules to snap, no powder to wet: uncap, breathe, reseal.',
    },
    {
      icon: ShieldCheck,
      h: 'Made to be trusted',
      p: 'A measured 30 g fill, an amber glass bottle that keeps light out, and a reusable seal that keeps it strong for weeks.',
    },
  ];
  return (
    <section id="about" aria-labelledby="about-title" className="scroll-mt-16 py-16">
      <div className="mx-auto max-w-6xl px-4">
        <p className={eyebrow}>How it works</p>
        <h2 id="about-title" className={title}>
          A reflex you can time
        </h2>
        <div className="mt-8 grid gap-6 md:grid-cols-3">
          {points.map(({ icon, h, p }) => (
            <div key={h} className="rounded-xl bg-ink p-6 text-white">
              <Icon node={icon} className="size-8 text-amber" />
              <h3 className="mt-4 text-lg font-bold uppercase">{h}</h3>
              <p className="mt-2 text-white/80">{p}</p>
            </div>
          ))}
        </div>
      </div>
    </section>
  );
}

export function FaqSection() {
  return (
    <section id="faq" aria-labelledby="faq-title" className="scroll-mt-16 bg-white py-16">
      <div className="mx-auto max-w-3xl px-4">
        <p className={eyebrow}>FAQ</p>
        <h2 id="faq-title" className={title}>
          Questions, answered
        </h2>
        <Faq items={HOME_FAQ} className="mt-8" />
      </div>
    </section>
  );
}

export function ContactTeaser() {
  const { supportEmail } = usePublicConfig();
  return (
    <section id="contact" aria-labelledby="contact-title" className="scroll-mt-16 py-16">
      <div className="mx-auto flex max-w-6xl flex-col items-start gap-6 rounded-2xl bg-amber px-6 py-10 sm:px-10 md:flex-row md:items-center md:justify-between">
        <div>
          <h2 id="contact-title" className="font-display text-2xl uppercase sm:text-3xl">
            Questions before you buy?
          </h2>
          <p className="mt-2 text-ink-soft">
            Write to {supportEmail}. We answer {SUPPORT_RESPONSE_TIME.toLowerCase()}.
          </p>
        </div>
        <Link to="/contact" className={buttonVariants({ size: 'lg' })}>
          Contact us
        </Link>
      </div>
    </section>
  );
}

/** Everything on the home page below the products: static, so kept as a server-rendered island. */
export function HomeInfo() {
  return (
    <>
      <InstructionsSection />
      <AboutSection />
      <FaqSection />
      <ContactTeaser />
    </>
  );
}
