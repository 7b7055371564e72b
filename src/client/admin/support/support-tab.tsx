import { usePublicConfig } from '../../lib/public-config.tsx';
import { Button } from '../../ui/button.tsx';
import { copyText } from '../lib/copy-text.ts';

const templates = (publicUrl: string) => [
  {
    title: 'Refund Request',
    body: `Hi {name},

Thank you for contacting us about a refund for order {order}. Returns are free within 30 days of delivery: send the unopened product back with the order number inside, and we refund the full amount to your card within 5 business days of receiving it.

Best regards,
The Ironwake team`,
  },
  {
    title: 'Shipping Issue',
    body: `Hi {name},

Sorry that your order {order} has not arrived as expected. We have checked with the carrier: tracking number {tracking}. If it does not arrive within 3 business days, reply to this e-mail and we will send a replacement at no cost.

Best regards,
The Ironwake team`,
  },
  {
    title: 'Product Questions',
    body: `Hi {name},

Thanks for your question. The directions are on the label and on our guide, with who should not use smelling salts: ${publicUrl}/safety
For anything about your health, please ask your doctor first.

Best regards,
The Ironwake team`,
  },
  {
    title: 'Order Status',
    body: `Hi {name},

Your order {order} is {status}. Orders ship within 1-2 business days and arrive within 3-5 business days; you receive the tracking number by e-mail as soon as it ships.

Best regards,
The Ironwake team`,
  },
];

// Usage guidance is not repeated here: the template points to the safety guide, its one source.

/** docs/product.md §2 "Support tab": the support address, order-support notes, copyable templates and tips. */
export function SupportTab() {
  const { supportEmail, publicUrl } = usePublicConfig();
  return (
    <div className="grid gap-4 lg:grid-cols-[1fr_2fr]">
      <div className="grid content-start gap-4">
        <section aria-labelledby="support-email" className="rounded-xl border border-zinc-200 bg-white p-5">
          <h2 id="support-email" className="font-bold">
            Support e-mail
          </h2>
          <p className="mt-2 break-all font-mono text-sm">{supportEmail}</p>
          <div className="mt-3 flex flex-wrap gap-2">
            <Button variant="outline" size="sm" onClick={() => void copyText(supportEmail, 'Support e-mail')}>
              Copy Email
            </Button>
            <a
              href="https://mail.google.com/mail/u/0/#inbox"
              target="_blank"
              rel="noopener"
              className="inline-flex min-h-11 items-center rounded-md px-3 text-xs font-bold uppercase tracking-wide underline hover:bg-zinc-100"
            >
              Open Web Mail Inbox
            </a>
          </div>
        </section>
        <section aria-labelledby="order-support" className="rounded-xl border border-zinc-200 bg-white p-5 text-sm">
          <h2 id="order-support" className="font-bold">
            Order-specific support
          </h2>
          <ul className="mt-2 list-disc space-y-1 pl-5">
            <li>Customers quote the order number from their confirmation e-mail (e.g. #1001).</li>
            <li>Find the order in the Orders tab by name, e-mail or payment ID, then use Copy Details.</li>
            <li>Check the status and tracking number before answering.</li>
          </ul>
        </section>
        <section aria-labelledby="support-tips" className="rounded-xl border border-zinc-200 bg-white p-5 text-sm">
          <h2 id="support-tips" className="font-bold">
            Support tips
          </h2>
          <ul className="mt-2 list-disc space-y-1 pl-5">
            <li>Answer within 24 hours, as the contact page promises.</li>
            <li>Use the customer's name and order number in every reply.</li>
            <li>For health questions, point to the safety guide; do not give medical advice.</li>
            <li>Close each conversation with the next step and when it will happen.</li>
          </ul>
        </section>
      </div>
      <section aria-labelledby="templates" className="rounded-xl border border-zinc-200 bg-white p-5">
        <h2 id="templates" className="font-bold">
          E-mail templates
        </h2>
        <div className="mt-3 grid gap-4">
          {templates(publicUrl).map((t) => (
            <article key={t.title} className="rounded-lg border border-zinc-200 p-4">
              <div className="flex items-center justify-between gap-2">
                <h3 className="font-semibold">{t.title}</h3>
                <Button variant="outline" size="sm" onClick={() => void copyText(t.body, `${t.title} template`)}>
                  Copy
                </Button>
              </div>
              <pre className="mt-2 whitespace-pre-wrap font-sans text-sm text-zinc-700">{t.body}</pre>
            </article>
          ))}
        </div>
      </section>
    </div>
  );
}
