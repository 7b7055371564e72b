import { Button } from '@react-email/button';
import { formatUsd } from '#shared/money.ts';
import {
  composeMail,
  MailLayout,
  MailText,
  MailTitle,
  mailStyles,
  type StoreContact,
  textSignature,
} from '../../../lib/mail-layout.tsx';
import type { Mail } from '../../../lib/mailer.ts';

export interface DisputeOpened {
  orderId: number;
  amountCents: number;
  /** Stripe's reason code, in words (fraudulent → "fraudulent"). */
  reason: string;
  /** An inquiry (warning_*) rather than a chargeback. */
  inquiry: boolean;
  evidenceDueBy: Date | null;
  stripeUrl: string;
  orderUrl: string;
  store: Pick<StoreContact, 'publicUrl'>;
}

const DUE = new Intl.DateTimeFormat('en-US', { dateStyle: 'full', timeStyle: 'short', timeZone: 'UTC' });

const headline = (p: DisputeOpened) =>
  p.inquiry ? `Order #${p.orderId}: the bank asks about a payment` : `Order #${p.orderId} is disputed`;
const whatLine = (p: DisputeOpened) =>
  `${p.inquiry ? 'An inquiry' : 'A dispute'} of ${formatUsd(p.amountCents)} was opened on order #${p.orderId}. Reason given by the bank: ${p.reason.replace(/_/g, ' ')}.`;
const dueLine = (p: DisputeOpened) =>
  p.evidenceDueBy
    ? `Send your evidence in Stripe's dashboard before ${DUE.format(p.evidenceDueBy)} (UTC). Without it, the dispute is lost.`
    : 'Stripe asks for no evidence for it at the moment.';
const LABELS =
  'Labels for this order are refused while the dispute is open, unless you allow them on the order in the dashboard.';
const ONCE = 'You get this e-mail once per dispute.';

export function DisputeOpenedEmail(p: DisputeOpened) {
  return (
    <MailLayout note={ONCE}>
      <MailTitle>{headline(p)}</MailTitle>
      <MailText>{whatLine(p)}</MailText>
      <MailText>{dueLine(p)}</MailText>
      <MailText>{LABELS}</MailText>
      <MailText>
        <Button href={p.stripeUrl} style={mailStyles.button}>
          Respond in Stripe
        </Button>
      </MailText>
      <MailText style={{ margin: 0 }}>
        <a href={p.orderUrl}>Open the order in the dashboard</a>
      </MailText>
    </MailLayout>
  );
}

function disputeText(p: DisputeOpened): string {
  return [
    whatLine(p),
    '',
    dueLine(p),
    '',
    `Respond in Stripe: ${p.stripeUrl}`,
    `The order in the dashboard: ${p.orderUrl}`,
    '',
    LABELS,
    '',
    ONCE,
    '',
    ...textSignature(p.store),
  ].join('\n');
}

/** The owner's alert that a payment was disputed (docs/decisions/0059). */
export function disputeOpenedMail(p: DisputeOpened, to: string): Promise<Mail> {
  return composeMail({
    to,
    subject: `${headline(p)} (${formatUsd(p.amountCents)})${p.evidenceDueBy ? `, evidence due ${p.evidenceDueBy.toISOString().slice(0, 10)}` : ''}`,
    text: disputeText(p),
    html: <DisputeOpenedEmail {...p} />,
  });
}
