import { type ChangeEvent, type FormEvent, useId, useRef, useState } from 'react';
import { Link } from '../../app/router.tsx';
import { SUPPORT_HOURS } from '#shared/constants.ts';
import { CONTACT_FAQ } from '#content/contact-faq.ts';
import { usePublicConfig } from '../../lib/public-config.tsx';
import { Button, buttonVariants } from '../../ui/button.tsx';
import { Faq } from '../../ui/faq.tsx';
import { toast } from '../../ui/toast.tsx';
import { type ContactErrors, type ContactValues, contactMailto, EMPTY_CONTACT, validateContact } from './contact-form.ts';

const input =
  'mt-1 block w-full rounded-md border border-line bg-white px-3 py-2.5 text-base text-ink placeholder:text-muted/70 aria-[invalid=true]:border-danger';

export function ContactPage() {
  const { supportEmail, supportPhone } = usePublicConfig();
  const [values, setValues] = useState<ContactValues>(EMPTY_CONTACT);
  const [errors, setErrors] = useState<ContactErrors>({});
  const [submitted, setSubmitted] = useState(false);
  const [mailto, setMailto] = useState<string | null>(null);
  const form = useRef<HTMLFormElement>(null);
  const id = useId();

  const change = (e: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => {
    const next = { ...values, [e.target.name]: e.target.value };
    setValues(next);
    // After the first attempt, errors update as the visitor types.
    if (submitted) setErrors(validateContact(next));
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setSubmitted(true);
    const found = validateContact(values);
    setErrors(found);
    const first = Object.keys(found)[0];
    if (first) {
      form.current?.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
      return;
    }
    const href = contactMailto(values, supportEmail);
    setMailto(href);
    window.location.href = href;
    toast({ title: 'Email client opened', description: 'Your message is ready in your e-mail app: press send to reach us.' });
  };

  const field = (
    name: keyof ContactValues,
    label: string,
    opts: { optional?: boolean; type?: string; placeholder?: string; autoComplete?: string } = {},
  ) => {
    const err = errors[name];
    return (
      <div>
        <label htmlFor={`${id}-${name}`} className="text-sm font-bold">
          {label}
          {opts.optional ? <span className="font-normal text-muted"> (optional)</span> : <span aria-hidden="true"> *</span>}
        </label>
        <input
          id={`${id}-${name}`}
          name={name}
          type={opts.type ?? 'text'}
          value={values[name]}
          onChange={change}
          placeholder={opts.placeholder}
          autoComplete={opts.autoComplete}
          required={!opts.optional}
          aria-invalid={err ? true : undefined}
          aria-describedby={err ? `${id}-${name}-error` : undefined}
          className={input}
        />
        {err ? (
          <p id={`${id}-${name}-error`} className="mt-1 text-sm font-semibold text-danger">
            {err}
          </p>
        ) : null}
      </div>
    );
  };

  return (
    <div className="mx-auto max-w-6xl px-4 pb-20 pt-10">
      <p className="text-sm font-bold uppercase tracking-[0.2em] text-amber-deep">Contact</p>
      <h1 className="mt-2 font-display text-4xl uppercase sm:text-5xl">Contact Us</h1>
      <p className="mt-4 max-w-2xl text-lg text-muted">
        Questions about an order, a product or how to use it? Write to us and a real person answers.
      </p>

      <div className="mt-10 grid gap-10 lg:grid-cols-[3fr_2fr]">
        <section aria-labelledby={`${id}-form-title`} className="rounded-2xl border border-line bg-white p-6 sm:p-8">
          <h2 id={`${id}-form-title`} className="font-display text-2xl uppercase">
            Send us a message
          </h2>
          <p className="mt-1 text-sm text-muted">
            This opens your e-mail app with your message filled in; nothing is sent until you press send there.
          </p>
          <form ref={form} noValidate onSubmit={submit} className="mt-6 grid gap-5">
            <div className="grid gap-5 sm:grid-cols-2">
              {field('name', 'Name', { autoComplete: 'name' })}
              {field('email', 'Email', { type: 'email', autoComplete: 'email' })}
            </div>
            {field('orderNumber', 'Order Number', { optional: true, placeholder: 'pi_3QxY7zLkd2eZvKYl1a2b3c4d' })}
            {field('subject', 'Subject')}
            <div>
              <label htmlFor={`${id}-message`} className="text-sm font-bold">
                Message<span aria-hidden="true"> *</span>
              </label>
              <textarea
                id={`${id}-message`}
                name="message"
                rows={6}
                value={values.message}
                onChange={change}
                required
                aria-invalid={errors.message ? true : undefined}
                aria-describedby={errors.message ? `${id}-message-error` : undefined}
                className={input}
              />
              {errors.message ? (
                <p id={`${id}-message-error`} className="mt-1 text-sm font-semibold text-danger">
                  {errors.message}
                </p>
              ) : null}
            </div>
            <Button type="submit" size="lg" variant="accent">
              Send Message
            </Button>
          </form>
          {mailto ? (
            <p role="status" className="mt-5 rounded-md bg-sand p-4 text-sm">
              Your e-mail app should have opened with your message.{' '}
              <a href={mailto} className="font-bold underline">
                Open it again
              </a>
              , or write to{' '}
              <a href={`mailto:${supportEmail}`} className="font-bold underline">
                {supportEmail}
              </a>
              .
            </p>
          ) : null}
        </section>

        <aside className="grid content-start gap-6">
          <div className="rounded-2xl bg-ink p-6 text-white">
            <h2 className="text-sm font-bold uppercase tracking-wider text-amber">Response time</h2>
            <p className="mt-1 font-display text-2xl">Within 24 hours</p>
            <ul className="mt-4 grid gap-1 text-sm text-white/85">
              <li>
                <a className="underline hover:text-white" href={`mailto:${supportEmail}`}>
                  {supportEmail}
                </a>
              </li>
              <li>
                <a className="underline hover:text-white" href={`tel:${supportPhone.replace(/[^+\d]/g, '')}`}>
                  {supportPhone}
                </a>
              </li>
              <li>{SUPPORT_HOURS}</li>
            </ul>
          </div>
          <div>
            <h2 className="font-display text-xl uppercase">Common questions</h2>
            <Faq items={CONTACT_FAQ} size="sm" className="mt-3" />
          </div>
          <div className="flex flex-wrap gap-3">
            <Link to="/education" className={buttonVariants({ variant: 'outline', size: 'sm' })}>
              Read the guide
            </Link>
            <Link to="/safety" className={buttonVariants({ variant: 'outline', size: 'sm' })}>
              Safety
            </Link>
            <Link to="/" className={buttonVariants({ variant: 'primary', size: 'sm' })}>
              Shop
            </Link>
          </div>
        </aside>
      </div>
    </div>
  );
}
