ALTER TABLE "order_items" ADD COLUMN "tax_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "order_refunds" ADD COLUMN "tax_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "order_refunds" ADD COLUMN "tax_reversal_id" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "tax_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "shipping_tax_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "tax_calculation_id" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "tax_basis" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "tax_transaction_id" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "refunded_tax_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "order_refunds_tax_unreversed_idx" ON "order_refunds" USING btree ("id") WHERE "order_refunds"."tax_cents" > 0 and "order_refunds"."tax_reversal_id" is null and "order_refunds"."status" = 'succeeded';--> statement-breakpoint
CREATE INDEX "orders_tax_unrecorded_idx" ON "orders" USING btree ("id") WHERE "orders"."tax_calculation_id" is not null and "orders"."tax_transaction_id" is null and "orders"."paid_at" is not null;--> statement-breakpoint
ALTER TABLE "order_refunds" ADD CONSTRAINT "order_refunds_tax_within_amount" CHECK ("order_refunds"."tax_cents" >= 0 and "order_refunds"."tax_cents" <= "order_refunds"."amount_cents");--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_tax_nonnegative" CHECK ("orders"."tax_cents" >= 0 and "orders"."shipping_tax_cents" >= 0 and "orders"."shipping_tax_cents" <= "orders"."tax_cents");--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_refunded_tax_within_tax" CHECK ("orders"."refunded_tax_cents" >= 0 and "orders"."refunded_tax_cents" <= "orders"."tax_cents");