CREATE TABLE "analytics_page_views" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "analytics_page_views_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"day" date NOT NULL,
	"path" text NOT NULL,
	"views" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "analytics_sessions" (
	"day" date NOT NULL,
	"session_id" text NOT NULL,
	"first_at" timestamp with time zone NOT NULL,
	"last_at" timestamp with time zone NOT NULL,
	"views" integer NOT NULL,
	"source" text,
	"source_at" timestamp with time zone,
	"source_id" bigint,
	CONSTRAINT "analytics_sessions_day_session_id_pk" PRIMARY KEY("day","session_id")
);
--> statement-breakpoint
CREATE TABLE "analytics_vitals" (
	"event_id" bigint PRIMARY KEY NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"lcp" double precision,
	"inp" double precision,
	"cls" double precision
);
--> statement-breakpoint
CREATE TABLE "analytics_vitals_p75" (
	"id" integer PRIMARY KEY NOT NULL,
	"lcp" double precision,
	"inp" double precision,
	"cls" double precision,
	"samples" integer NOT NULL,
	"computed_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "order_customer_counts" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "order_customer_counts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"customers" bigint NOT NULL,
	"returning_customers" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "order_revenue_days" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "order_revenue_days_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"day" date NOT NULL,
	"cents" bigint NOT NULL
);
--> statement-breakpoint
DROP INDEX "analytics_events_vitals_idx";--> statement-breakpoint
CREATE INDEX "analytics_page_views_day_idx" ON "analytics_page_views" USING btree ("day");--> statement-breakpoint
CREATE INDEX "analytics_vitals_at_idx" ON "analytics_vitals" USING btree ("at");--> statement-breakpoint
CREATE INDEX "order_revenue_days_day_idx" ON "order_revenue_days" USING btree ("day");--> statement-breakpoint
CREATE INDEX "order_customers_first_paid_idx" ON "order_customers" USING btree ("first_paid_at");--> statement-breakpoint
-- The live rollups (ADR 0061): each statement that inserts events folds them into their sessions, page views and vitals samples.
CREATE FUNCTION analytics_events_added() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO analytics_sessions AS s (day, session_id, first_at, last_at, views, source, source_at, source_id)
  SELECT day, session_id, min(created_at), max(created_at), count(*) FILTER (WHERE type = 'pageview'),
    (array_agg(source ORDER BY created_at, id) FILTER (WHERE type = 'pageview'))[1],
    min(created_at) FILTER (WHERE type = 'pageview'),
    (array_agg(id ORDER BY created_at, id) FILTER (WHERE type = 'pageview'))[1]
  FROM (SELECT (created_at AT TIME ZONE 'UTC')::date AS day, * FROM new_events) e
  GROUP BY 1, 2 ORDER BY 1, 2
  ON CONFLICT (day, session_id) DO UPDATE SET
    first_at = least(s.first_at, excluded.first_at),
    last_at = greatest(s.last_at, excluded.last_at),
    views = s.views + excluded.views,
    source = CASE WHEN excluded.source_at IS NOT NULL AND (s.source_at IS NULL
        OR (excluded.source_at, excluded.source_id) < (s.source_at, s.source_id)) THEN excluded.source ELSE s.source END,
    source_id = CASE WHEN excluded.source_at IS NOT NULL AND (s.source_at IS NULL
        OR (excluded.source_at, excluded.source_id) < (s.source_at, s.source_id)) THEN excluded.source_id ELSE s.source_id END,
    source_at = CASE WHEN excluded.source_at IS NOT NULL AND (s.source_at IS NULL
        OR (excluded.source_at, excluded.source_id) < (s.source_at, s.source_id)) THEN excluded.source_at ELSE s.source_at END;
  INSERT INTO analytics_page_views (day, path, views)
  SELECT (created_at AT TIME ZONE 'UTC')::date, path, count(*) FROM new_events WHERE type = 'pageview' GROUP BY 1, 2;
  INSERT INTO analytics_vitals (event_id, at, lcp, inp, cls)
  SELECT id, created_at, (props->'vitals'->>'lcp')::float8, (props->'vitals'->>'inp')::float8, (props->'vitals'->>'cls')::float8
  FROM new_events WHERE type = 'vitals';
  RETURN NULL;
END $$;
--> statement-breakpoint
-- Deleted events: their sessions are counted again from the events left, their page views taken off, their samples gone.
CREATE FUNCTION analytics_events_removed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO analytics_sessions AS s (day, session_id, first_at, last_at, views, source, source_at, source_id)
  SELECT t.day, t.session_id, min(e.created_at), max(e.created_at), count(*) FILTER (WHERE e.type = 'pageview'),
    (array_agg(e.source ORDER BY e.created_at, e.id) FILTER (WHERE e.type = 'pageview'))[1],
    min(e.created_at) FILTER (WHERE e.type = 'pageview'),
    (array_agg(e.id ORDER BY e.created_at, e.id) FILTER (WHERE e.type = 'pageview'))[1]
  FROM (SELECT DISTINCT (created_at AT TIME ZONE 'UTC')::date AS day, session_id FROM old_events) t
  JOIN analytics_events e ON e.session_id = t.session_id
    AND e.created_at >= t.day::timestamp AT TIME ZONE 'UTC' AND e.created_at < (t.day + 1)::timestamp AT TIME ZONE 'UTC'
  GROUP BY 1, 2 ORDER BY 1, 2
  ON CONFLICT (day, session_id) DO UPDATE SET first_at = excluded.first_at, last_at = excluded.last_at, views = excluded.views,
    source = excluded.source, source_at = excluded.source_at, source_id = excluded.source_id;
  DELETE FROM analytics_sessions s USING (SELECT DISTINCT (created_at AT TIME ZONE 'UTC')::date AS day, session_id FROM old_events) t
  WHERE s.day = t.day AND s.session_id = t.session_id AND NOT EXISTS (
    SELECT 1 FROM analytics_events e WHERE e.session_id = t.session_id
      AND e.created_at >= t.day::timestamp AT TIME ZONE 'UTC' AND e.created_at < (t.day + 1)::timestamp AT TIME ZONE 'UTC');
  INSERT INTO analytics_page_views (day, path, views)
  SELECT (created_at AT TIME ZONE 'UTC')::date, path, -count(*) FROM old_events WHERE type = 'pageview' GROUP BY 1, 2;
  DELETE FROM analytics_vitals v USING old_events o WHERE v.event_id = o.id;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER analytics_events_inserted AFTER INSERT ON analytics_events REFERENCING NEW TABLE AS new_events
  FOR EACH STATEMENT EXECUTE FUNCTION analytics_events_added();
--> statement-breakpoint
CREATE TRIGGER analytics_events_deleted AFTER DELETE ON analytics_events REFERENCING OLD TABLE AS old_events
  FOR EACH STATEMENT EXECUTE FUNCTION analytics_events_removed();
--> statement-breakpoint
INSERT INTO analytics_sessions (day, session_id, first_at, last_at, views, source, source_at, source_id)
SELECT (created_at AT TIME ZONE 'UTC')::date, session_id, min(created_at), max(created_at), count(*) FILTER (WHERE type = 'pageview'),
  (array_agg(source ORDER BY created_at, id) FILTER (WHERE type = 'pageview'))[1],
  min(created_at) FILTER (WHERE type = 'pageview'),
  (array_agg(id ORDER BY created_at, id) FILTER (WHERE type = 'pageview'))[1]
FROM analytics_events GROUP BY 1, 2;
--> statement-breakpoint
INSERT INTO analytics_page_views (day, path, views)
SELECT (created_at AT TIME ZONE 'UTC')::date, path, count(*) FROM analytics_events WHERE type = 'pageview' GROUP BY 1, 2;
--> statement-breakpoint
INSERT INTO analytics_vitals (event_id, at, lcp, inp, cls)
SELECT id, created_at, (props->'vitals'->>'lcp')::float8, (props->'vitals'->>'inp')::float8, (props->'vitals'->>'cls')::float8
FROM analytics_events WHERE type = 'vitals';
--> statement-breakpoint
-- The revenue by day (ADR 0061): each statement that writes orders appends, per UTC day of payment, what it changed of that day's
-- net revenue (paid live orders, without sales tax, less refunds and lost disputes: src/db/paid-orders.ts, sales-repo.ts).
CREATE FUNCTION order_revenue_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO order_revenue_days (day, cents)
    SELECT (coalesce(paid_at, created_at) AT TIME ZONE 'UTC')::date,
      sum(total_cents - refunded_cents - (tax_cents - refunded_tax_cents) - (dispute_lost_cents - dispute_lost_tax_cents))
    FROM new_orders
    WHERE (status IN ('paid', 'shipped', 'delivered', 'refunded') OR (status = 'cancelled' AND paid_at IS NOT NULL)) AND payment_mode = 'live'
    GROUP BY 1 HAVING sum(total_cents - refunded_cents - (tax_cents - refunded_tax_cents) - (dispute_lost_cents - dispute_lost_tax_cents)) <> 0;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO order_revenue_days (day, cents)
    SELECT (coalesce(paid_at, created_at) AT TIME ZONE 'UTC')::date,
      -sum(total_cents - refunded_cents - (tax_cents - refunded_tax_cents) - (dispute_lost_cents - dispute_lost_tax_cents))
    FROM old_orders
    WHERE (status IN ('paid', 'shipped', 'delivered', 'refunded') OR (status = 'cancelled' AND paid_at IS NOT NULL)) AND payment_mode = 'live'
    GROUP BY 1 HAVING sum(total_cents - refunded_cents - (tax_cents - refunded_tax_cents) - (dispute_lost_cents - dispute_lost_tax_cents)) <> 0;
  ELSE
    INSERT INTO order_revenue_days (day, cents)
    SELECT day, sum(cents) FROM (
      SELECT (coalesce(paid_at, created_at) AT TIME ZONE 'UTC')::date AS day,
        total_cents - refunded_cents - (tax_cents - refunded_tax_cents) - (dispute_lost_cents - dispute_lost_tax_cents) AS cents
      FROM new_orders
      WHERE (status IN ('paid', 'shipped', 'delivered', 'refunded') OR (status = 'cancelled' AND paid_at IS NOT NULL)) AND payment_mode = 'live'
      UNION ALL
      SELECT (coalesce(paid_at, created_at) AT TIME ZONE 'UTC')::date,
        -(total_cents - refunded_cents - (tax_cents - refunded_tax_cents) - (dispute_lost_cents - dispute_lost_tax_cents))
      FROM old_orders
      WHERE (status IN ('paid', 'shipped', 'delivered', 'refunded') OR (status = 'cancelled' AND paid_at IS NOT NULL)) AND payment_mode = 'live'
    ) c GROUP BY 1 HAVING sum(cents) <> 0;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER orders_revenue_inserted AFTER INSERT ON orders REFERENCING NEW TABLE AS new_orders
  FOR EACH STATEMENT EXECUTE FUNCTION order_revenue_changed();
--> statement-breakpoint
CREATE TRIGGER orders_revenue_deleted AFTER DELETE ON orders REFERENCING OLD TABLE AS old_orders
  FOR EACH STATEMENT EXECUTE FUNCTION order_revenue_changed();
--> statement-breakpoint
CREATE TRIGGER orders_revenue_updated AFTER UPDATE ON orders REFERENCING OLD TABLE AS old_orders NEW TABLE AS new_orders
  FOR EACH STATEMENT EXECUTE FUNCTION order_revenue_changed();
--> statement-breakpoint
INSERT INTO order_revenue_days (day, cents)
SELECT (coalesce(paid_at, created_at) AT TIME ZONE 'UTC')::date,
  sum(total_cents - refunded_cents - (tax_cents - refunded_tax_cents) - (dispute_lost_cents - dispute_lost_tax_cents))
FROM orders
WHERE (status IN ('paid', 'shipped', 'delivered', 'refunded') OR (status = 'cancelled' AND paid_at IS NOT NULL)) AND payment_mode = 'live'
GROUP BY 1;
--> statement-breakpoint
-- The customers' counts (ADR 0061): each statement that writes order_customers appends what it changed of how many customers
-- there are and how many came back (more than one paid order); nothing here updates a shared row.
CREATE FUNCTION order_customer_counts_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO order_customer_counts (customers, returning_customers)
    SELECT count(*), count(*) FILTER (WHERE paid_orders > 1) FROM new_customers HAVING count(*) > 0;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO order_customer_counts (customers, returning_customers)
    SELECT -count(*), -count(*) FILTER (WHERE paid_orders > 1) FROM old_customers HAVING count(*) > 0;
  ELSE
    INSERT INTO order_customer_counts (customers, returning_customers)
    SELECT 0, n FROM (SELECT (SELECT count(*) FROM new_customers WHERE paid_orders > 1)
      - (SELECT count(*) FROM old_customers WHERE paid_orders > 1) AS n) d WHERE n <> 0;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER order_customers_counted_inserted AFTER INSERT ON order_customers REFERENCING NEW TABLE AS new_customers
  FOR EACH STATEMENT EXECUTE FUNCTION order_customer_counts_changed();
--> statement-breakpoint
CREATE TRIGGER order_customers_counted_deleted AFTER DELETE ON order_customers REFERENCING OLD TABLE AS old_customers
  FOR EACH STATEMENT EXECUTE FUNCTION order_customer_counts_changed();
--> statement-breakpoint
CREATE TRIGGER order_customers_counted_updated AFTER UPDATE ON order_customers REFERENCING OLD TABLE AS old_customers NEW TABLE AS new_customers
  FOR EACH STATEMENT EXECUTE FUNCTION order_customer_counts_changed();
--> statement-breakpoint
INSERT INTO order_customer_counts (customers, returning_customers)
SELECT count(*), count(*) FILTER (WHERE paid_orders > 1) FROM order_customers;
