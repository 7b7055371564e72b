import { escapeHtml, mailPage } from '../../lib/mail-layout.ts';
import type { Mail } from '../../lib/mailer.ts';

/** The one-time code that proves the shopper reads this address (docs/decisions/0021). */
export function reviewCodeMail(
  to: string,
  code: string,
  productName: string,
  minutes: number,
  store: { publicUrl: string; supportEmail: string },
): Mail {
  const text = [
    'Hi,',
    '',
    `Here is your code to review ${productName} at Ironwake:`,
    '',
    code,
    '',
    `It expires in ${minutes} minutes. Enter it on the product page where you asked for it.`,
    '',
    'If you did not ask for this code, ignore this e-mail: nothing happens without it.',
    '',
    'Ironwake',
    store.publicUrl,
  ].join('\n');
  const html = mailPage(
    `<h1 style="font-size:22px;margin:0 0 8px">Your review code</h1>
<p style="margin:0 0 16px">Here is your code to review ${escapeHtml(productName)}:</p>
<p style="font-family:monospace;font-size:32px;font-weight:700;letter-spacing:8px;margin:0 0 16px">${escapeHtml(code)}</p>
<p style="margin:0">It expires in ${minutes} minutes. Enter it on the product page where you asked for it.</p>`,
    `If you did not ask for this code, ignore this e-mail: nothing happens without it. Questions? Write to <a href="mailto:${escapeHtml(store.supportEmail)}">${escapeHtml(store.supportEmail)}</a>.`,
  );
  return { to, subject: `${code} is your Ironwake review code`, text, html };
}
