ALTER TABLE "order_items" ADD COLUMN "tax_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "order_kind_changes" ADD COLUMN "tax_cents" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "order_kind_changes" ADD COLUMN "refunded_tax_cents" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "order_kind_totals" ADD COLUMN "tax_cents" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "order_kind_totals" ADD COLUMN "refunded_tax_cents" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
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
ALTER TABLE "orders" ADD CONSTRAINT "orders_refunded_tax_within_tax" CHECK ("orders"."refunded_tax_cents" >= 0 and "orders"."refunded_tax_cents" <= "orders"."tax_cents");--> statement-breakpoint
-- The orders rollup (ADR 0031, 0033) also sums the sales tax in the totals and in the refunds (ADR 0047).
CREATE OR REPLACE FUNCTION order_kind_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO order_kind_changes (status, payment_mode, has_issue, has_paid, has_email, has_expired, orders, total_cents, refunded_cents,
      single_units, bundle_units, bundle_orders, tax_cents, refunded_tax_cents)
    SELECT status, payment_mode, payment_issue IS NOT NULL, paid_at IS NOT NULL, email IS NOT NULL, expired_at IS NOT NULL,
      count(*), sum(total_cents), sum(refunded_cents), sum(single_units), sum(bundle_units), count(*) FILTER (WHERE bundle_units > 0),
      sum(tax_cents), sum(refunded_tax_cents)
    FROM new_orders GROUP BY 1, 2, 3, 4, 5, 6;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO order_kind_changes (status, payment_mode, has_issue, has_paid, has_email, has_expired, orders, total_cents, refunded_cents,
      single_units, bundle_units, bundle_orders, tax_cents, refunded_tax_cents)
    SELECT status, payment_mode, payment_issue IS NOT NULL, paid_at IS NOT NULL, email IS NOT NULL, expired_at IS NOT NULL,
      -count(*), -sum(total_cents), -sum(refunded_cents), -sum(single_units), -sum(bundle_units), -count(*) FILTER (WHERE bundle_units > 0),
      -sum(tax_cents), -sum(refunded_tax_cents)
    FROM old_orders GROUP BY 1, 2, 3, 4, 5, 6;
  ELSE
    INSERT INTO order_kind_changes (status, payment_mode, has_issue, has_paid, has_email, has_expired, orders, total_cents, refunded_cents,
      single_units, bundle_units, bundle_orders, tax_cents, refunded_tax_cents)
    VALUES (OLD.status, OLD.payment_mode, OLD.payment_issue IS NOT NULL, OLD.paid_at IS NOT NULL, OLD.email IS NOT NULL,
        OLD.expired_at IS NOT NULL, -1, -OLD.total_cents, -OLD.refunded_cents, -OLD.single_units, -OLD.bundle_units,
        -(OLD.bundle_units > 0)::int, -OLD.tax_cents, -OLD.refunded_tax_cents),
      (NEW.status, NEW.payment_mode, NEW.payment_issue IS NOT NULL, NEW.paid_at IS NOT NULL, NEW.email IS NOT NULL,
        NEW.expired_at IS NOT NULL, 1, NEW.total_cents, NEW.refunded_cents, NEW.single_units, NEW.bundle_units,
        (NEW.bundle_units > 0)::int, NEW.tax_cents, NEW.refunded_tax_cents);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
DROP TRIGGER orders_kind_updated ON orders;
--> statement-breakpoint
CREATE TRIGGER orders_kind_updated AFTER UPDATE ON orders FOR EACH ROW
  WHEN (OLD.status IS DISTINCT FROM NEW.status
    OR OLD.payment_mode IS DISTINCT FROM NEW.payment_mode
    OR (OLD.payment_issue IS NULL) <> (NEW.payment_issue IS NULL)
    OR (OLD.paid_at IS NULL) <> (NEW.paid_at IS NULL)
    OR (OLD.email IS NULL) <> (NEW.email IS NULL)
    OR (OLD.expired_at IS NULL) <> (NEW.expired_at IS NULL)
    OR OLD.total_cents <> NEW.total_cents
    OR OLD.refunded_cents <> NEW.refunded_cents
    OR OLD.single_units <> NEW.single_units
    OR OLD.bundle_units <> NEW.bundle_units
    OR OLD.tax_cents <> NEW.tax_cents
    OR OLD.refunded_tax_cents <> NEW.refunded_tax_cents)
  EXECUTE FUNCTION order_kind_changed();
