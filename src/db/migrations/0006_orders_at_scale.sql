-- The owner's order search: trigram indexes (pg_trgm, a trusted extension that ships with PostgreSQL; PGlite loads it in src/db/client.ts).
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE TABLE "order_counts" (
	"slot" smallint NOT NULL,
	"status" text NOT NULL,
	"payment_mode" text NOT NULL,
	"has_issue" boolean NOT NULL,
	"has_paid" boolean NOT NULL,
	"has_email" boolean NOT NULL,
	"has_expired" boolean NOT NULL,
	"orders" bigint NOT NULL,
	"total_cents" bigint NOT NULL,
	CONSTRAINT "order_counts_slot_status_payment_mode_has_issue_has_paid_has_email_has_expired_pk" PRIMARY KEY("slot","status","payment_mode","has_issue","has_paid","has_email","has_expired")
);
--> statement-breakpoint
CREATE INDEX "orders_payment_issue_idx" ON "orders" USING btree ("id") WHERE "orders"."payment_issue" is not null;--> statement-breakpoint
CREATE INDEX "orders_closed_idx" ON "orders" USING btree ("id") WHERE "orders"."status" = 'pending' and "orders"."expired_at" is not null;--> statement-breakpoint
CREATE INDEX "orders_search_trgm_idx" ON "orders" USING gin ((lower(coalesce("first_name", '') || ' ' || coalesce("last_name", '') || ' ' || coalesce("email", '') || ' ' || coalesce("payment_intent_id", ''))) gin_trgm_ops);--> statement-breakpoint
-- order_counts follows every insert, change of kind or total, and delete of an order (docs/decisions/0026).
-- A change's two kinds (before, after) are summed per kind and written in key order, so two changes never wait on each other in a cycle.
CREATE FUNCTION order_counts_follow() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  my_slot smallint := (pg_backend_pid() % 16)::smallint;
BEGIN
  INSERT INTO order_counts AS c (slot, status, payment_mode, has_issue, has_paid, has_email, has_expired, orders, total_cents)
  SELECT my_slot, k.status, k.payment_mode, k.has_issue, k.has_paid, k.has_email, k.has_expired, sum(k.n), sum(k.cents)
  FROM (
    SELECT OLD.status, OLD.payment_mode, OLD.payment_issue IS NOT NULL, OLD.paid_at IS NOT NULL, OLD.email IS NOT NULL,
      OLD.expired_at IS NOT NULL, -1, -OLD.total_cents::bigint
    WHERE TG_OP IN ('UPDATE', 'DELETE')
    UNION ALL
    SELECT NEW.status, NEW.payment_mode, NEW.payment_issue IS NOT NULL, NEW.paid_at IS NOT NULL, NEW.email IS NOT NULL,
      NEW.expired_at IS NOT NULL, 1, NEW.total_cents::bigint
    WHERE TG_OP IN ('INSERT', 'UPDATE')
  ) AS k (status, payment_mode, has_issue, has_paid, has_email, has_expired, n, cents)
  GROUP BY 2, 3, 4, 5, 6, 7
  ORDER BY 2, 3, 4, 5, 6, 7
  ON CONFLICT (slot, status, payment_mode, has_issue, has_paid, has_email, has_expired)
  DO UPDATE SET orders = c.orders + excluded.orders, total_cents = c.total_cents + excluded.total_cents;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER order_counts_insert_delete AFTER INSERT OR DELETE ON orders
  FOR EACH ROW EXECUTE FUNCTION order_counts_follow();--> statement-breakpoint
CREATE TRIGGER order_counts_update AFTER UPDATE ON orders FOR EACH ROW
  WHEN (OLD.status IS DISTINCT FROM NEW.status OR OLD.payment_mode IS DISTINCT FROM NEW.payment_mode
    OR (OLD.payment_issue IS NULL) <> (NEW.payment_issue IS NULL) OR (OLD.paid_at IS NULL) <> (NEW.paid_at IS NULL)
    OR (OLD.email IS NULL) <> (NEW.email IS NULL) OR (OLD.expired_at IS NULL) <> (NEW.expired_at IS NULL)
    OR OLD.total_cents <> NEW.total_cents)
  EXECUTE FUNCTION order_counts_follow();--> statement-breakpoint
INSERT INTO order_counts (slot, status, payment_mode, has_issue, has_paid, has_email, has_expired, orders, total_cents)
SELECT 0, status, payment_mode, payment_issue IS NOT NULL, paid_at IS NOT NULL, email IS NOT NULL, expired_at IS NOT NULL,
  count(*), coalesce(sum(total_cents), 0)
FROM orders GROUP BY 2, 3, 4, 5, 6, 7;
