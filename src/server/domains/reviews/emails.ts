import type { Mail } from '../../lib/mailer.ts';

const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

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
  const html = `<!doctype html><html><body style="margin:0;background:#f6f3ee;font-family:Arial,Helvetica,sans-serif;color:#111">
<div style="max-width:560px;margin:0 auto;padding:24px">
<p style="font-size:20px;font-weight:900;letter-spacing:3px;margin:0 0 24px">IRON<span style="color:#b45309">WAKE</span></p>
<div style="background:#fff;border:1px solid #ddd5c8;border-radius:12px;padding:24px">
<h1 style="font-size:22px;margin:0 0 8px">Your review code</h1>
<p style="margin:0 0 16px">Here is your code to review ${esc(productName)}:</p>
<p style="font-family:monospace;font-size:32px;font-weight:700;letter-spacing:8px;margin:0 0 16px">${esc(code)}</p>
<p style="margin:0">It expires in ${minutes} minutes. Enter it on the product page where you asked for it.</p>
</div>
<p style="font-size:13px;color:#5f5850;margin:16px 0">If you did not ask for this code, ignore this e-mail: nothing happens without it. Questions? Write to <a href="mailto:${esc(store.supportEmail)}">${esc(store.supportEmail)}</a>.</p>
</div></body></html>`;
  return { to, subject: `${code} is your Ironwake review code`, text, html };
}
