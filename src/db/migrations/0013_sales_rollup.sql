CREATE TABLE "order_customers" (
	"email" text PRIMARY KEY NOT NULL,
	"paid_orders" integer NOT NULL,
	"first_paid_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "order_kind_changes" ADD COLUMN "single_units" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "order_kind_changes" ADD COLUMN "bundle_units" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "order_kind_changes" ADD COLUMN "bundle_orders" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "order_kind_totals" ADD COLUMN "single_units" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "order_kind_totals" ADD COLUMN "bundle_units" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "order_kind_totals" ADD COLUMN "bundle_orders" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "single_units" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "bundle_units" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "orders_paid_time_idx" ON "orders" USING btree (coalesce("paid_at", "created_at"));--> statement-breakpoint
-- The sales figures from rollups (ADR 0033). An order's units follow its lines: kept by a trigger on order_items.
CREATE FUNCTION order_items_added() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE orders o SET single_units = o.single_units + i.singles, bundle_units = o.bundle_units + i.bundles
  FROM (
    SELECT order_id,
      coalesce(sum(quantity) FILTER (WHERE name NOT ILIKE '%3-pack%'), 0) AS singles,
      coalesce(sum(quantity) FILTER (WHERE name ILIKE '%3-pack%'), 0) AS bundles
    FROM new_items GROUP BY 1
  ) i
  WHERE o.id = i.order_id;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER order_items_units AFTER INSERT ON order_items REFERENCING NEW TABLE AS new_items
  FOR EACH STATEMENT EXECUTE FUNCTION order_items_added();
--> statement-breakpoint
DROP TRIGGER orders_kind_updated ON orders;
--> statement-breakpoint
UPDATE orders o SET single_units = i.singles, bundle_units = i.bundles
FROM (
  SELECT order_id,
    coalesce(sum(quantity) FILTER (WHERE name NOT ILIKE '%3-pack%'), 0) AS singles,
    coalesce(sum(quantity) FILTER (WHERE name ILIKE '%3-pack%'), 0) AS bundles
  FROM order_items GROUP BY 1
) i
WHERE o.id = i.order_id;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION order_kind_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO order_kind_changes (status, payment_mode, has_issue, has_paid, has_email, has_expired, orders, total_cents, refunded_cents,
      single_units, bundle_units, bundle_orders)
    SELECT status, payment_mode, payment_issue IS NOT NULL, paid_at IS NOT NULL, email IS NOT NULL, expired_at IS NOT NULL,
      count(*), sum(total_cents), sum(refunded_cents), sum(single_units), sum(bundle_units), count(*) FILTER (WHERE bundle_units > 0)
    FROM new_orders GROUP BY 1, 2, 3, 4, 5, 6;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO order_kind_changes (status, payment_mode, has_issue, has_paid, has_email, has_expired, orders, total_cents, refunded_cents,
      single_units, bundle_units, bundle_orders)
    SELECT status, payment_mode, payment_issue IS NOT NULL, paid_at IS NOT NULL, email IS NOT NULL, expired_at IS NOT NULL,
      -count(*), -sum(total_cents), -sum(refunded_cents), -sum(single_units), -sum(bundle_units), -count(*) FILTER (WHERE bundle_units > 0)
    FROM old_orders GROUP BY 1, 2, 3, 4, 5, 6;
  ELSE
    INSERT INTO order_kind_changes (status, payment_mode, has_issue, has_paid, has_email, has_expired, orders, total_cents, refunded_cents,
      single_units, bundle_units, bundle_orders)
    VALUES (OLD.status, OLD.payment_mode, OLD.payment_issue IS NOT NULL, OLD.paid_at IS NOT NULL, OLD.email IS NOT NULL,
        OLD.expired_at IS NOT NULL, -1, -OLD.total_cents, -OLD.refunded_cents, -OLD.single_units, -OLD.bundle_units,
        -(OLD.bundle_units > 0)::int),
      (NEW.status, NEW.payment_mode, NEW.payment_issue IS NOT NULL, NEW.paid_at IS NOT NULL, NEW.email IS NOT NULL,
        NEW.expired_at IS NOT NULL, 1, NEW.total_cents, NEW.refunded_cents, NEW.single_units, NEW.bundle_units,
        (NEW.bundle_units > 0)::int);
  END IF;
  RETURN NULL;
END $$;
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
    OR OLD.bundle_units <> NEW.bundle_units)
  EXECUTE FUNCTION order_kind_changed();
--> statement-breakpoint
DELETE FROM order_kind_changes;
--> statement-breakpoint
DELETE FROM order_kind_totals;
--> statement-breakpoint
INSERT INTO order_kind_totals (status, payment_mode, has_issue, has_paid, has_email, has_expired, orders, total_cents, refunded_cents,
  single_units, bundle_units, bundle_orders)
SELECT status, payment_mode, payment_issue IS NOT NULL, paid_at IS NOT NULL, email IS NOT NULL, expired_at IS NOT NULL,
  count(*), sum(total_cents), sum(refunded_cents), sum(single_units), sum(bundle_units), count(*) FILTER (WHERE bundle_units > 0)
FROM orders GROUP BY 1, 2, 3, 4, 5, 6;
--> statement-breakpoint
-- Customers with paid live orders: +1 for an order that comes to count, -1 for one that stops (its first paid time counted again).
CREATE FUNCTION order_customers_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  lost text[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO order_customers (email, paid_orders, first_paid_at)
    SELECT lower(email), count(*), min(coalesce(paid_at, created_at)) FROM new_orders
    WHERE email IS NOT NULL AND payment_mode = 'live'
      AND (status IN ('paid', 'shipped', 'delivered', 'refunded') OR (status = 'cancelled' AND paid_at IS NOT NULL))
    GROUP BY 1
    ON CONFLICT (email) DO UPDATE SET paid_orders = order_customers.paid_orders + excluded.paid_orders,
      first_paid_at = least(order_customers.first_paid_at, excluded.first_paid_at);
    RETURN NULL;
  ELSIF TG_OP = 'DELETE' THEN
    UPDATE order_customers c SET paid_orders = c.paid_orders - r.n
    FROM (
      SELECT lower(email) AS email, count(*) AS n FROM old_orders
      WHERE email IS NOT NULL AND payment_mode = 'live'
        AND (status IN ('paid', 'shipped', 'delivered', 'refunded') OR (status = 'cancelled' AND paid_at IS NOT NULL))
      GROUP BY 1
    ) r
    WHERE c.email = r.email;
    lost := ARRAY(SELECT DISTINCT lower(email) FROM old_orders WHERE email IS NOT NULL);
  ELSE
    IF NEW.email IS NOT NULL AND NEW.payment_mode = 'live'
      AND (NEW.status IN ('paid', 'shipped', 'delivered', 'refunded') OR (NEW.status = 'cancelled' AND NEW.paid_at IS NOT NULL)) THEN
      INSERT INTO order_customers (email, paid_orders, first_paid_at)
      VALUES (lower(NEW.email), 1, coalesce(NEW.paid_at, NEW.created_at))
      ON CONFLICT (email) DO UPDATE SET paid_orders = order_customers.paid_orders + 1,
        first_paid_at = least(order_customers.first_paid_at, excluded.first_paid_at);
    END IF;
    IF NOT (OLD.email IS NOT NULL AND OLD.payment_mode = 'live'
      AND (OLD.status IN ('paid', 'shipped', 'delivered', 'refunded') OR (OLD.status = 'cancelled' AND OLD.paid_at IS NOT NULL))) THEN
      RETURN NULL;
    END IF;
    UPDATE order_customers SET paid_orders = paid_orders - 1 WHERE email = lower(OLD.email);
    lost := ARRAY[lower(OLD.email)];
  END IF;
  DELETE FROM order_customers WHERE email = ANY (lost) AND paid_orders <= 0;
  UPDATE order_customers c SET first_paid_at = coalesce((
    SELECT min(coalesce(o.paid_at, o.created_at)) FROM orders o
    WHERE lower(o.email) = c.email AND o.payment_mode = 'live'
      AND (o.status IN ('paid', 'shipped', 'delivered', 'refunded') OR (o.status = 'cancelled' AND o.paid_at IS NOT NULL))
  ), c.first_paid_at)
  WHERE c.email = ANY (lost);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER orders_customer_inserted AFTER INSERT ON orders REFERENCING NEW TABLE AS new_orders
  FOR EACH STATEMENT EXECUTE FUNCTION order_customers_changed();
--> statement-breakpoint
CREATE TRIGGER orders_customer_deleted AFTER DELETE ON orders REFERENCING OLD TABLE AS old_orders
  FOR EACH STATEMENT EXECUTE FUNCTION order_customers_changed();
--> statement-breakpoint
CREATE TRIGGER orders_customer_updated AFTER UPDATE ON orders FOR EACH ROW
  WHEN (OLD.status IS DISTINCT FROM NEW.status
    OR OLD.payment_mode IS DISTINCT FROM NEW.payment_mode
    OR OLD.paid_at IS DISTINCT FROM NEW.paid_at
    OR OLD.created_at IS DISTINCT FROM NEW.created_at
    OR lower(OLD.email) IS DISTINCT FROM lower(NEW.email))
  EXECUTE FUNCTION order_customers_changed();
--> statement-breakpoint
INSERT INTO order_customers (email, paid_orders, first_paid_at)
SELECT lower(email), count(*), min(coalesce(paid_at, created_at)) FROM orders
WHERE email IS NOT NULL AND payment_mode = 'live'
  AND (status IN ('paid', 'shipped', 'delivered', 'refunded') OR (status = 'cancelled' AND paid_at IS NOT NULL))
GROUP BY 1;
