import {
  composeMail,
  MailLayout,
  MailText,
  MailTitle,
  type StoreContact,
  SupportLink,
  textSignature,
} from '../../../lib/mail-layout.tsx';
import type { Mail } from '../../../lib/mailer.ts';

interface ReviewCode {
  code: string;
  productName: string;
  minutes: number;
  store: Pick<StoreContact, 'publicUrl' | 'supportEmail'>;
}

const codeStyle = { fontFamily: 'monospace', fontSize: '32px', lineHeight: '40px', fontWeight: 700, letterSpacing: '8px' };

export function ReviewCodeEmail(p: ReviewCode) {
  return (
    <MailLayout
      note={
        <>
          If you did not ask for this code, ignore this e-mail: nothing happens without it. Questions? Write to{' '}
          <SupportLink store={p.store} />.
        </>
      }
    >
      <MailTitle>Your review code</MailTitle>
      <MailText>{`Here is your code to review ${p.productName}:`}</MailText>
      <MailText style={codeStyle}>{p.code}</MailText>
      <MailText style={{ margin: 0 }}>
        It expires in {p.minutes} minutes. Enter it on the product page where you asked for it.
      </MailText>
    </MailLayout>
  );
}

function reviewCodeText(p: ReviewCode): string {
  return [
    'Hi,',
    '',
    `Here is your code to review ${p.productName} at Ironwake:`,
    '',
    p.code,
    '',
    `It expires in ${p.minutes} minutes. Enter it on the product page where you asked for it.`,
    '',
    'If you did not ask for this code, ignore this e-mail: nothing happens without it.',
    '',
    ...textSignature(p.store),
  ].join('\n');
}

/** The one-time code that proves the shopper reads this address (docs/decisions/0021). */
export function reviewCodeMail(
  to: string,
  code: string,
  productName: string,
  minutes: number,
  store: Pick<StoreContact, 'publicUrl' | 'supportEmail'>,
): Promise<Mail> {
  const p: ReviewCode = { code, productName, minutes, store };
  return composeMail({
    to,
    subject: `${code} is your Ironwake review code`,
    text: reviewCodeText(p),
    html: <ReviewCodeEmail {...p} />,
  });
}
