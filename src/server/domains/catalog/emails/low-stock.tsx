import { Button } from '@react-email/button';
import { STOCK_LOW_MAX } from '#shared/constants.ts';
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
import type { LowStockRow } from '../repo.ts';

interface LowStock {
  productId: number;
  name: string;
  left: number;
  /** The dashboard's Inventory tab. */
  inventoryUrl: string;
  store: Pick<StoreContact, 'publicUrl'>;
}

const headline = (p: LowStock) => (p.left === 0 ? `Out of stock: ${p.name}` : `Low stock: ${p.name}`);
const stockLine = (p: LowStock) =>
  p.left === 0 ? `${p.name} (ID ${p.productId}) is out of stock.` : `${p.name} (ID ${p.productId}) has ${p.left} left in stock.`;
const LOW_BAND = `Stock of ${STOCK_LOW_MAX} or fewer counts as low. Units in shoppers' open checkouts are already off this figure; they come back if not bought.`;
const ONCE = `You get this e-mail once each time a product's stock falls to ${STOCK_LOW_MAX} or fewer, and again only after it has been above ${STOCK_LOW_MAX}.`;

export function LowStockEmail(p: LowStock) {
  return (
    <MailLayout note={ONCE}>
      <MailTitle>{headline(p)}</MailTitle>
      <MailText>{stockLine(p)}</MailText>
      <MailText>{LOW_BAND}</MailText>
      <MailText style={{ margin: 0 }}>
        <Button href={p.inventoryUrl} style={mailStyles.button}>
          Open the inventory
        </Button>
      </MailText>
    </MailLayout>
  );
}

function lowStockText(p: LowStock): string {
  return [
    stockLine(p),
    '',
    LOW_BAND,
    '',
    `Restock it in the dashboard's inventory: ${p.inventoryUrl}`,
    '',
    ONCE,
    '',
    ...textSignature(p.store),
  ].join('\n');
}

/** The owner's alert that a product's stock fell into the low band (docs/decisions/0029). */
export function lowStockMail(product: LowStockRow, to: string, store: Pick<StoreContact, 'publicUrl'>): Promise<Mail> {
  const p: LowStock = {
    productId: product.id,
    name: product.name,
    left: product.inventory,
    inventoryUrl: `${store.publicUrl}/admin?tab=inventory`,
    store,
  };
  return composeMail({
    to,
    subject: p.left === 0 ? `Out of stock: ${p.name} has none left` : `Low stock: ${p.name} has ${p.left} left`,
    text: lowStockText(p),
    html: <LowStockEmail {...p} />,
  });
}
