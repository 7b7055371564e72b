CREATE TABLE "order_kind_changes" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "order_kind_changes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"status" text NOT NULL,
	"payment_mode" text NOT NULL,
	"has_issue" boolean NOT NULL,
	"has_paid" boolean NOT NULL,
	"has_email" boolean NOT NULL,
	"has_expired" boolean NOT NULL,
	"orders" integer NOT NULL,
	"total_cents" bigint NOT NULL,
	"refunded_cents" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "order_kind_totals" (
	"status" text NOT NULL,
	"payment_mode" text NOT NULL,
	"has_issue" boolean NOT NULL,
	"has_paid" boolean NOT NULL,
	"has_email" boolean NOT NULL,
	"has_expired" boolean NOT NULL,
	"orders" bigint NOT NULL,
	"total_cents" bigint NOT NULL,
	"refunded_cents" bigint NOT NULL,
	CONSTRAINT "order_kind_totals_status_payment_mode_has_issue_has_paid_has_email_has_expired_pk" PRIMARY KEY("status","payment_mode","has_issue","has_paid","has_email","has_expired")
);
--> statement-breakpoint
-- The summary's rollup (ADR 0031): triggers on orders add signed rows to order_kind_changes; nothing here updates a shared row.
CREATE FUNCTION order_kind_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO order_kind_changes (status, payment_mode, has_issue, has_paid, has_email, has_expired, orders, total_cents, refunded_cents)
    SELECT status, payment_mode, payment_issue IS NOT NULL, paid_at IS NOT NULL, email IS NOT NULL, expired_at IS NOT NULL,
      count(*), sum(total_cents), sum(refunded_cents)
    FROM new_orders GROUP BY 1, 2, 3, 4, 5, 6;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO order_kind_changes (status, payment_mode, has_issue, has_paid, has_email, has_expired, orders, total_cents, refunded_cents)
    SELECT status, payment_mode, payment_issue IS NOT NULL, paid_at IS NOT NULL, email IS NOT NULL, expired_at IS NOT NULL,
      -count(*), -sum(total_cents), -sum(refunded_cents)
    FROM old_orders GROUP BY 1, 2, 3, 4, 5, 6;
  ELSE
    INSERT INTO order_kind_changes (status, payment_mode, has_issue, has_paid, has_email, has_expired, orders, total_cents, refunded_cents)
    VALUES (OLD.status, OLD.payment_mode, OLD.payment_issue IS NOT NULL, OLD.paid_at IS NOT NULL, OLD.email IS NOT NULL,
        OLD.expired_at IS NOT NULL, -1, -OLD.total_cents, -OLD.refunded_cents),
      (NEW.status, NEW.payment_mode, NEW.payment_issue IS NOT NULL, NEW.paid_at IS NOT NULL, NEW.email IS NOT NULL,
        NEW.expired_at IS NOT NULL, 1, NEW.total_cents, NEW.refunded_cents);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER orders_kind_inserted AFTER INSERT ON orders REFERENCING NEW TABLE AS new_orders
  FOR EACH STATEMENT EXECUTE FUNCTION order_kind_changed();
--> statement-breakpoint
CREATE TRIGGER orders_kind_deleted AFTER DELETE ON orders REFERENCING OLD TABLE AS old_orders
  FOR EACH STATEMENT EXECUTE FUNCTION order_kind_changed();
--> statement-breakpoint
-- Only an update that moves an order to another kind, or changes its amounts, is a change.
CREATE TRIGGER orders_kind_updated AFTER UPDATE ON orders FOR EACH ROW
  WHEN (OLD.status IS DISTINCT FROM NEW.status
    OR OLD.payment_mode IS DISTINCT FROM NEW.payment_mode
    OR (OLD.payment_issue IS NULL) <> (NEW.payment_issue IS NULL)
    OR (OLD.paid_at IS NULL) <> (NEW.paid_at IS NULL)
    OR (OLD.email IS NULL) <> (NEW.email IS NULL)
    OR (OLD.expired_at IS NULL) <> (NEW.expired_at IS NULL)
    OR OLD.total_cents <> NEW.total_cents
    OR OLD.refunded_cents <> NEW.refunded_cents)
  EXECUTE FUNCTION order_kind_changed();
--> statement-breakpoint
INSERT INTO order_kind_totals (status, payment_mode, has_issue, has_paid, has_email, has_expired, orders, total_cents, refunded_cents)
SELECT status, payment_mode, payment_issue IS NOT NULL, paid_at IS NOT NULL, email IS NOT NULL, expired_at IS NOT NULL,
  count(*), sum(total_cents), sum(refunded_cents)
FROM orders GROUP BY 1, 2, 3, 4, 5, 6;
