import { Link, useNavigate } from '../../app/router.tsx';
import { buttonVariants } from '../../ui/button.tsx';
import { goToHomeSection } from '../layout/nav.ts';

/** The brand's drawn 3-pack at a width the server draws it (the products' own pictures are in their cards). */
const art = (w: number) => `/api/product-images/3-pack?w=${w}`;

export function Hero() {
  const navigate = useNavigate();
  return (
    <section className="bg-ink text-white">
      <div className="mx-auto grid max-w-6xl items-center gap-10 px-4 py-14 md:grid-cols-2 md:py-20">
        <div>
          <p className="mb-4 text-sm font-bold uppercase tracking-[0.25em] text-amber">Pre-activated smelling salts</p>
          <h1 className="font-display text-4xl uppercase leading-[1.05] sm:text-5xl lg:text-6xl">One sharp breath. Then lift.</h1>
          <p className="mt-5 max-w-lg text-lg text-white/85">
            Pre-activated ammonia smelling salts for the ritual before the lift that matters. Ready out of the bottle — no
            crushing, no mixing — in a resealable 30 g bottle that lasts for weeks.
          </p>
          <div className="mt-8 flex flex-wrap gap-3">
            <button
              type="button"
              className={buttonVariants({ variant: 'accent', size: 'lg' })}
              onClick={() => goToHomeSection('choose-your-power', '/', navigate)}
            >
              SHOP NOW
            </button>
            <Link to="/education" className={buttonVariants({ variant: 'light', size: 'lg' })}>
              WHAT ARE SMELLING SALTS
            </Link>
            <button
              type="button"
              className={buttonVariants({ variant: 'light', size: 'lg' })}
              onClick={() => goToHomeSection('instructions', '/', navigate)}
            >
              LEARN HOW TO USE
            </button>
          </div>
          <ul className="mt-8 flex flex-wrap gap-x-6 gap-y-2 text-sm text-white/80">
            <li>✓ Ships in 1-2 business days</li>
            <li>✓ Arrives in 3-5 business days</li>
            <li>✓ 30-day returns</li>
          </ul>
        </div>
        <div className="mx-auto w-full max-w-md">
          <img
            src={art(640)}
            srcSet={[320, 640, 720, 960, 1280].map((w) => `${art(w)} ${w}w`).join(', ')}
            sizes="(min-width: 768px) 448px, 90vw"
            width={640}
            height={640}
            alt="Three amber Ironwake smelling salts bottles"
            loading="eager"
            decoding="sync"
            fetchPriority="high"
            className="aspect-square w-full rounded-2xl object-cover shadow-2xl"
          />
        </div>
      </div>
    </section>
  );
}
