// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { readMailHtml } from '#tests/support/mail-html.ts';
import { lowStockMail } from './low-stock.tsx';

const store = { publicUrl: 'https://ironwakesalts.com' };
const single = { id: 5, name: 'Single Bottle', inventory: 9 };

describe('the low-stock e-mail', () => {
  it('goes to the owner, the product and what is left in the subject', async () => {
    const mail = await lowStockMail(single, 'owner@ironwakesalts.com', store);
    expect(mail.to).toBe('owner@ironwakesalts.com');
    expect(mail.subject).toBe('Low stock: Single Bottle has 9 left');
    expect((await lowStockMail({ ...single, inventory: 1 }, 'o@x.com', store)).subject).toBe(
      'Low stock: Single Bottle has 1 left',
    );
  });

  it('shows the product, the stock left and what counts as low, and links to the dashboard’s inventory', async () => {
    const { lines, links } = readMailHtml((await lowStockMail(single, 'owner@ironwakesalts.com', store)).html);
    expect(lines).toEqual([
      'IRONWAKE',
      'Low stock: Single Bottle',
      'Single Bottle (ID 5) has 9 left in stock.',
      "Stock of 10 or fewer counts as low. Units in shoppers' open checkouts are already off this figure; they come back if not bought.",
      'Open the inventory',
      "You get this e-mail once each time a product's stock falls to 10 or fewer, and again only after it has been above 10.",
    ]);
    expect(links).toEqual([{ text: 'Open the inventory', href: 'https://ironwakesalts.com/admin?tab=inventory' }]);
  });

  it('says the same in its plain-text part, with the link written out', async () => {
    const mail = await lowStockMail(single, 'owner@ironwakesalts.com', store);
    expect(mail.text).toBe(
      [
        'Single Bottle (ID 5) has 9 left in stock.',
        '',
        "Stock of 10 or fewer counts as low. Units in shoppers' open checkouts are already off this figure; they come back if not bought.",
        '',
        "Restock it in the dashboard's inventory: https://ironwakesalts.com/admin?tab=inventory",
        '',
        "You get this e-mail once each time a product's stock falls to 10 or fewer, and again only after it has been above 10.",
        '',
        'Ironwake',
        'https://ironwakesalts.com',
      ].join('\n'),
    );
  });

  it('says "out of stock" when none is left', async () => {
    const mail = await lowStockMail({ ...single, inventory: 0 }, 'owner@ironwakesalts.com', store);
    expect(mail.subject).toBe('Out of stock: Single Bottle has none left');
    expect(readMailHtml(mail.html).lines.slice(1, 3)).toEqual([
      'Out of stock: Single Bottle',
      'Single Bottle (ID 5) is out of stock.',
    ]);
    expect(mail.text.split('\n')[0]).toBe('Single Bottle (ID 5) is out of stock.');
  });

  it('shows a product name that looks like markup as text, never as markup', async () => {
    const hostile = '<img src=x onerror=alert(1)>';
    const { html, subject } = await lowStockMail({ ...single, name: hostile }, 'owner@ironwakesalts.com', store);
    const { lines, document } = readMailHtml(html);
    expect(document.querySelectorAll('img')).toHaveLength(0);
    expect(html).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(lines).toContain(`Low stock: ${hostile}`);
    expect(subject).toBe(`Low stock: ${hostile} has 9 left`);
  });
});
