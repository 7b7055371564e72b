/** The store's e-mails share one HTML page: the wordmark, a white card with the message, a note below. */

/** Text made safe to place in HTML. */
export const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The whole HTML of an e-mail around `card` (HTML, already escaped) and `note` (HTML under the card). */
export function mailPage(card: string, note: string): string {
  return `<!doctype html><html><body style="margin:0;background:#f6f3ee;font-family:Arial,Helvetica,sans-serif;color:#111">
<div style="max-width:560px;margin:0 auto;padding:24px">
<p style="font-size:20px;font-weight:900;letter-spacing:3px;margin:0 0 24px">IRON<span style="color:#b45309">WAKE</span></p>
<div style="background:#fff;border:1px solid #ddd5c8;border-radius:12px;padding:24px">
${card}
</div>
<p style="font-size:13px;color:#5f5850;margin:16px 0">${note}</p>
</div></body></html>`;
}
