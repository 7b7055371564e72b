import { Link } from '@react-email/link';
import { Section } from '@react-email/section';
import {
  composeMail,
  MailLayout,
  MailLines,
  mailColors,
  MailText,
  MailTitle,
  OrderPageLink,
  type StoreContact,
  SupportNote,
  supportTextLine,
  textSignature,
} from '../../../lib/mail-layout.tsx';
import type { Mail } from '../../../lib/mailer.ts';

/** What the reorder reminder says (docs/decisions/0051). */
export interface ReorderReminderProps {
  name: string;
  /** "2 × Single Bottle", one per line of the order. */
  lines: string[];
  /** "November 3": when the order was placed. */
  orderedOn: string;
  reorderUrl: string;
  unsubscribeUrl: string;
  store: StoreContact;
}

const unsubscribeStyle = { color: '#5f5850', textDecorationLine: 'underline' };
const BUTTON = 'Reorder';
const ASKED = 'You get this because you ticked “Remind me when I may be running low” at checkout. We send it once per order.';

export function ReorderReminderEmail(p: ReorderReminderProps) {
  return (
    <MailLayout
      note={
        <>
          <SupportNote store={p.store} />
          <br />
          {ASKED}{' '}
          <Link href={p.unsubscribeUrl} style={unsubscribeStyle}>
            Unsubscribe from reminders
          </Link>
          {p.store.postalAddress ? (
            <>
              <br />
              Ironwake, {p.store.postalAddress}
            </>
          ) : null}
        </>
      }
    >
      <MailTitle>Running low?</MailTitle>
      <MailText>
        Hi {p.name}, you asked us to remind you when your salts may be running low. Here is what you ordered on {p.orderedOn}:
      </MailText>
      <Section style={{ borderTop: `1px solid ${mailColors.line}` }}>
        <MailLines lines={p.lines} style={{ margin: '12px 0 0', fontWeight: 700 }} />
      </Section>
      <OrderPageLink url={p.reorderUrl} label={BUTTON} />
      <MailText style={{ fontSize: '13px', lineHeight: '18px', margin: '16px 0 0', color: '#5f5850' }}>
        The button puts the same items in your cart at today's prices, with your shipping details filled in. Nothing is charged
        until you check out.
      </MailText>
    </MailLayout>
  );
}

export function reorderReminderText(p: ReorderReminderProps): string {
  return [
    `Hi ${p.name},`,
    '',
    `You asked us to remind you when your salts may be running low. Here is what you ordered on ${p.orderedOn}:`,
    '',
    ...p.lines,
    '',
    `${BUTTON}: ${p.reorderUrl}`,
    "The link puts the same items in your cart at today's prices, with your shipping details filled in. Nothing is charged until you check out.",
    '',
    supportTextLine(p.store),
    '',
    `${ASKED} To get no more reminders: ${p.unsubscribeUrl}`,
    '',
    ...textSignature(p.store),
    ...(p.store.postalAddress ? [p.store.postalAddress] : []),
  ].join('\n');
}

/** The order as the reminder needs it: the orders domain's row and lines, mapped here. */
export interface ReminderOrder {
  email: string;
  firstName: string | null;
  createdAt: Date;
  items: readonly { name: string; quantity: number }[];
}

/**
 * The one reorder reminder of an order: its items, a Reorder button, the support note and an
 * unsubscribe link. `List-Unsubscribe` (RFC 2369) names the unsubscribe page both kinds of reminder
 * share; RFC 8058's one-click POST to it unsubscribes.
 */
export function reorderReminderMail(
  o: ReminderOrder,
  links: { reorderUrl: string; unsubscribeUrl: string },
  store: StoreContact,
): Promise<Mail> {
  const p: ReorderReminderProps = {
    name: o.firstName ?? 'there',
    lines: o.items.map((i) => `${i.quantity} × ${i.name}`),
    orderedOn: o.createdAt.toLocaleDateString('en-US', { month: 'long', day: 'numeric', timeZone: 'America/New_York' }),
    reorderUrl: links.reorderUrl,
    unsubscribeUrl: links.unsubscribeUrl,
    store,
  };
  return composeMail({
    to: o.email,
    subject: 'Running low on Ironwake salts?',
    text: reorderReminderText(p),
    html: <ReorderReminderEmail {...p} />,
    headers: {
      'List-Unsubscribe': `<${links.unsubscribeUrl}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  });
}
