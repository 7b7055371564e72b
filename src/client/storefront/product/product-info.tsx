import { BadgeCheck, ShieldCheck, Zap } from 'lucide';
import { productFaq } from '#content/product-faq.ts';
import { DIRECTIONS, SAFETY, USAGE } from '#content/usage.ts';
import { Faq } from '../../ui/faq.tsx';
import { Icon } from '../../ui/icon.tsx';

const BENEFITS = [
  { icon: Zap, title: 'Instant Activation', text: 'Pre-activated: uncap and breathe. Nothing to crush or mix.' },
  { icon: BadgeCheck, title: 'Professional Grade', text: 'The strength competitive lifters use, in a measured 30 g fill.' },
  { icon: ShieldCheck, title: 'Safe & Effective', text: `Clear directions: ${USAGE.distance} away, ${USAGE.usesPerSession}.` },
];

/** The product page below the buy box: the same for every product of a kind (single or 3-pack). */
function ProductInfo({ bundle }: { bundle: boolean }) {
  return (
    <>
      <section aria-label="Benefits" className="mt-14 grid gap-6 md:grid-cols-3">
        {BENEFITS.map(({ icon, title, text }) => (
          <div key={title} className="rounded-xl border border-line bg-white p-6">
            <Icon node={icon} className="size-8 text-amber-deep" />
            <h2 className="mt-3 text-lg font-bold uppercase">{title}</h2>
            <p className="mt-1 text-muted">{text}</p>
          </div>
        ))}
      </section>

      <section
        aria-labelledby="directions-title"
        className="mt-14 grid gap-8 rounded-2xl bg-ink p-6 text-white sm:p-10 md:grid-cols-2"
      >
        <div>
          <h2 id="directions-title" className="font-display text-2xl uppercase">
            Directions
          </h2>
          <ol className="mt-5 grid gap-4">
            {DIRECTIONS.map((d, i) => (
              <li key={d.title} className="flex gap-4">
                <span className="grid size-8 shrink-0 place-items-center rounded-full bg-amber font-bold text-ink">{i + 1}</span>
                <span className="text-white/90">{d.text}</span>
              </li>
            ))}
          </ol>
        </div>
        <div>
          <h2 className="font-display text-2xl uppercase">Safety</h2>
          <ul className="mt-5 grid list-disc gap-2 pl-5 text-white/90">
            {SAFETY.map((s) => (
              <li key={s}>{s}</li>
            ))}
          </ul>
        </div>
      </section>

      <section aria-labelledby="product-faq-title" className="mx-auto mt-14 max-w-3xl">
        <h2 id="product-faq-title" className="font-display text-2xl uppercase">
          Frequently asked
        </h2>
        <Faq items={productFaq(bundle)} className="mt-5" />
      </section>
    </>
  );
}

export const ProductInfoSingle = () => <ProductInfo bundle={false} />;
export const ProductInfoBundle = () => <ProductInfo bundle={true} />;
