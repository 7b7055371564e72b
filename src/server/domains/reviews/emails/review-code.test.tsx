// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { readMailHtml } from '#tests/support/mail-html.ts';
import { reviewCodeMail } from './review-code.tsx';

const store = { publicUrl: 'https://ironwakesalts.com', supportEmail: 'support@ironwakesalts.com' };

describe('the review code e-mail', () => {
  it('puts the code in the subject and shows it with the product and the minutes it lasts', async () => {
    const mail = await reviewCodeMail('dana.lee@example.com', '042917', 'Smelling Salts 3-Pack', 15, store);
    expect(mail.to).toBe('dana.lee@example.com');
    expect(mail.subject).toBe('042917 is your Ironwake review code');
    const { lines, links } = readMailHtml(mail.html);
    expect(lines).toEqual([
      'IRONWAKE',
      'Your review code',
      'Here is your code to review Smelling Salts 3-Pack:',
      '042917',
      'It expires in 15 minutes. Enter it on the product page where you asked for it.',
      'If you did not ask for this code, ignore this e-mail: nothing happens without it. Questions? Write to support@ironwakesalts.com.',
    ]);
    expect(links).toEqual([{ text: 'support@ironwakesalts.com', href: 'mailto:support@ironwakesalts.com' }]);
  });

  it('says the same in its plain-text part', async () => {
    const mail = await reviewCodeMail('dana.lee@example.com', '042917', 'Single Bottle', 15, store);
    expect(mail.text).toBe(
      [
        'Hi,',
        '',
        'Here is your code to review Single Bottle at Ironwake:',
        '',
        '042917',
        '',
        'It expires in 15 minutes. Enter it on the product page where you asked for it.',
        '',
        'If you did not ask for this code, ignore this e-mail: nothing happens without it.',
        '',
        'Ironwake',
        'https://ironwakesalts.com',
      ].join('\n'),
    );
  });

  it('shows a product name that looks like markup as text, never as markup', async () => {
    const hostile = '<script>alert(1)</script>';
    const { html } = await reviewCodeMail('dana.lee@example.com', '042917', hostile, 15, store);
    const { lines, document } = readMailHtml(html);
    expect(document.querySelectorAll('script')).toHaveLength(0);
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(lines).toContain(`Here is your code to review ${hostile}:`);
  });
});
