import { Body } from '@react-email/body';
import { Column } from '@react-email/column';
import { Button } from '@react-email/button';
import { Container } from '@react-email/container';
import { Head } from '@react-email/head';
import { Heading } from '@react-email/heading';
import { Html } from '@react-email/html';
import { Link } from '@react-email/link';
import { render } from '@react-email/render';
import { Row } from '@react-email/row';
import { Section } from '@react-email/section';
import { Text } from '@react-email/text';
import { type CSSProperties, Fragment, type ReactElement, type ReactNode } from 'react';
import { SUPPORT_HOURS } from '#shared/constants.ts';
import type { Mail } from './mailer.ts';

/**
 * The store's e-mails are React Email components around one layout: the wordmark, a white card
 * with the message, a note below (docs/decisions/0025). React escapes every value put in them.
 */

/** What an e-mail says about the store: where it lives and how to reach support. */
export interface StoreContact {
  publicUrl: string;
  supportEmail: string;
  supportPhone: string;
  /** Printed under the marketing e-mails (the reminders), as CAN-SPAM asks (docs/decisions/0051); null or absent: not given. */
  postalAddress?: string | null;
}

/** The colours of the e-mails: ink, the wordmark's amber, the card's and the rules' line. */
export const mailColors = { ink: '#111', accent: '#b45309', line: '#ddd5c8' } as const;

/** The card's typography, for the e-mails to share. */
export const mailStyles = {
  title: { fontSize: '22px', lineHeight: '28px', margin: '0 0 8px' },
  heading: { fontSize: '15px', lineHeight: '20px', margin: '20px 0 4px' },
  paragraph: { fontSize: '16px', lineHeight: '22px', margin: '0 0 16px' },
  /** The owner's e-mails' one action (open the dashboard, answer in Stripe). */
  button: {
    backgroundColor: mailColors.ink,
    color: '#fff',
    fontSize: '16px',
    fontWeight: 700,
    padding: '10px 16px',
    borderRadius: '6px',
  },
} satisfies Record<string, CSSProperties>;

const page = {
  margin: 0,
  padding: '24px',
  backgroundColor: '#f6f3ee',
  fontFamily: 'Arial, Helvetica, sans-serif',
  color: mailColors.ink,
};
const wordmark = { fontSize: '20px', lineHeight: '24px', fontWeight: 900, letterSpacing: '3px', margin: '0 0 24px' };
const card = { backgroundColor: '#fff', border: `1px solid ${mailColors.line}`, borderRadius: '12px', padding: '24px' };
const note = { fontSize: '13px', lineHeight: '18px', color: '#5f5850', margin: '16px 0' };

/** The page every e-mail shares: `children` go in the card, `note` below it. */
export function MailLayout({ children, note: below }: { children: ReactNode; note: ReactNode }) {
  return (
    <Html lang="en">
      <Head />
      <Body style={page}>
        <Container style={{ maxWidth: '560px' }}>
          <Text style={wordmark}>
            IRON<span style={{ color: mailColors.accent }}>WAKE</span>
          </Text>
          <Section style={card}>{children}</Section>
          <Text style={note}>{below}</Text>
        </Container>
      </Body>
    </Html>
  );
}

/** The card's title. */
export const MailTitle = ({ children }: { children: ReactNode }) => <Heading style={mailStyles.title}>{children}</Heading>;

/** A titled part of the card ("Shipping to"). */
export const MailHeading = ({ children }: { children: ReactNode }) => (
  <Heading as="h2" style={mailStyles.heading}>
    {children}
  </Heading>
);

/** A paragraph of the card; `style` adjusts it (the last one has no margin below). */
export const MailText = ({ children, style }: { children: ReactNode; style?: CSSProperties }) => (
  <Text style={{ ...mailStyles.paragraph, ...style }}>{children}</Text>
);

/** Short lines one under the other in one paragraph: an address, the items of an order. */
export const MailLines = ({ lines, style }: { lines: readonly string[]; style?: CSSProperties }) => (
  <MailText style={style}>
    {lines.map((line, i) => (
      // A line's text is its key: the same line twice would still be shown twice.
      <Fragment key={line}>
        {i > 0 && <br />}
        {line}
      </Fragment>
    ))}
  </MailText>
);

/** The support address as a link. */
export const SupportLink = ({ store }: { store: Pick<StoreContact, 'supportEmail'> }) => (
  <Link href={`mailto:${store.supportEmail}`} style={{ color: '#1d4ed8', textDecorationLine: 'underline' }}>
    {store.supportEmail}
  </Link>
);

/** The note under the card of an e-mail about an order: how to reach support. */
export const SupportNote = ({ store }: { store: StoreContact }) => (
  <>
    Questions? Write to <SupportLink store={store} /> or call {store.supportPhone} ({SUPPORT_HOURS}).
  </>
);

/** The plain-text part's support line, for e-mails about an order. */
export const supportTextLine = (store: StoreContact) =>
  `Questions? Reply to this e-mail, write to ${store.supportEmail} or call ${store.supportPhone} (${SUPPORT_HOURS}).`;

const orderPageButton = {
  backgroundColor: mailColors.ink,
  color: '#fff',
  fontSize: '15px',
  fontWeight: 700,
  padding: '10px 16px',
  borderRadius: '6px',
} satisfies CSSProperties;

const amountCell = { padding: '6px 0', fontSize: '16px', lineHeight: '20px', verticalAlign: 'top' };

/** A line of an order's amounts: its label on the left, its amount on the right (bold for the total). */
export function AmountRow({ label, amount, strong = false }: { label: string; amount: string; strong?: boolean }) {
  const weight = strong ? { fontWeight: 700 } : {};
  return (
    <Row>
      <Column style={{ ...amountCell, ...weight }}>{label}</Column>
      <Column align="right" style={{ ...amountCell, ...weight, textAlign: 'right' }}>
        {amount}
      </Column>
    </Row>
  );
}

/**
 * The link to the shopper's order page (its status, tracking and returns), in every e-mail about
 * an order (docs/decisions/0038).
 */
export const OrderPageLink = ({ url, label = 'View your order' }: { url: string; label?: string }) => (
  <Text style={{ ...mailStyles.paragraph, margin: '20px 0 0' }}>
    <Button href={url} style={orderPageButton}>
      {label}
    </Button>
  </Text>
);

/** The plain-text part's line with the order page's address. */
export const orderPageTextLine = (url: string) => `Your order, its tracking and returns: ${url}`;

/** The plain-text part's last lines: the store's name and address. */
export const textSignature = (store: Pick<StoreContact, 'publicUrl'>) => ['Ironwake', store.publicUrl];

/** The plain-text part's tail of every e-mail to a shopper about an order: its page, support, the signature. */
export const customerTextFooter = (store: StoreContact, orderPageUrl: string): string[] => [
  orderPageTextLine(orderPageUrl),
  '',
  supportTextLine(store),
  '',
  ...textSignature(store),
];

/** A product's review form, opened already verified (docs/decisions/0021). */
export interface ReviewLink {
  name: string;
  url: string;
}

const reviewButton = {
  backgroundColor: '#f0b429',
  color: '#111',
  fontSize: '16px',
  fontWeight: 700,
  padding: '10px 16px',
  borderRadius: '6px',
} satisfies CSSProperties;

/** A heading and a "Review <product>" button per link; nothing without links. */
export function ReviewLinks({ heading, links }: { heading: string; links: readonly ReviewLink[] }) {
  if (links.length === 0) return null;
  return (
    <>
      <MailHeading>{heading}</MailHeading>
      {links.map((l) => (
        <MailText key={l.url} style={{ margin: '8px 0 0' }}>
          <Button href={l.url} style={reviewButton}>{`Review ${l.name}`}</Button>
        </MailText>
      ))}
    </>
  );
}

/** The same links in the plain-text part: the intro, a line per link and a blank line; nothing without links. */
export const reviewLinksText = (intro: string, links: readonly ReviewLink[]): string[] =>
  links.length === 0 ? [] : [intro, ...links.map((l) => `Review ${l.name}: ${l.url}`), ''];

/**
 * A Mail from its parts: the HTML rendered from `html`; `text` is written by hand for each e-mail,
 * because mail clients and the tests read it line by line.
 */
export async function composeMail(parts: {
  to: string;
  subject: string;
  text: string;
  html: ReactElement;
  headers?: Record<string, string>;
}): Promise<Mail> {
  const mail: Mail = { to: parts.to, subject: parts.subject, text: parts.text, html: await render(parts.html) };
  return parts.headers ? { ...mail, headers: parts.headers } : mail;
}
