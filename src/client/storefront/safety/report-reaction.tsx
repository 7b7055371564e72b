import { lazy, Suspense, useState } from 'react';
import { MEDWATCH_URL } from '#shared/medwatch.ts';
import { Button } from '../../ui/button.tsx';

/** The form's code loads when the shopper asks for it, so the safety page's first load stays small. */
const ReactionForm = lazy(() => import('./reaction-form.tsx').then((m) => ({ default: m.ReactionForm })));

const link = 'font-semibold text-amber-deep underline underline-offset-2 hover:text-ink';

/**
 * "Report a reaction" under the safety guide (docs/decisions/0050): the FDA's MedWatch program, and a
 * form that tells the store owner what happened.
 */
export function ReportReaction() {
  const [open, setOpen] = useState(false);
  return (
    <section
      id="report-a-reaction"
      aria-labelledby="report-a-reaction-title"
      className="mt-12 scroll-mt-20 rounded-2xl border border-line bg-white p-5 sm:p-8"
    >
      <h2 id="report-a-reaction-title" className="font-display text-3xl uppercase leading-none">
        Report a reaction
      </h2>
      <p className="mt-4 text-lg">
        If you had trouble breathing, chest pain, a seizure or fainted, call 911. For other symptoms, contact a doctor or Poison
        Control at{' '}
        <a className={link} href="tel:18002221222">
          1-800-222-1222
        </a>
        .
      </p>
      <h3 className="mt-6 text-lg font-bold">Tell the FDA</h3>
      <p className="mt-1">
        Anyone can report a reaction to a product to the US Food and Drug Administration through its MedWatch program, online or
        by form. It helps the FDA see problems across products.{' '}
        <a className={link} href={MEDWATCH_URL} rel="noopener noreferrer" target="_blank">
          Report to FDA MedWatch
        </a>
      </p>
      <h3 className="mt-6 text-lg font-bold">Tell us</h3>
      <p className="mt-1">
        We read every report and use it to improve our directions and warnings. Only the store owner sees it; we keep your e-mail
        address only if you ask us to contact you.
      </p>
      {open ? (
        <Suspense fallback={<p className="mt-4 text-muted">Loading the form...</p>}>
          <ReactionForm />
        </Suspense>
      ) : (
        <Button type="button" variant="outline" className="mt-4" onClick={() => setOpen(true)}>
          Tell us what happened
        </Button>
      )}
    </section>
  );
}
