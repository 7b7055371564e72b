ALTER TABLE "shipments" ADD COLUMN "buying_started_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "discount_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "shipping_rate_cents" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "free_shipping_over_cents" integer;--> statement-breakpoint
-- Orders discounted before each line kept its share: the order's discount is spread over the lines
-- its code applies to (every line when the code is gone), in proportion to their worth; the cents
-- left by rounding down go to the worthiest line, so the shares add up to the order's discount.
WITH eligible AS (
  SELECT i.id, i.order_id, o.discount_cents AS off, i.unit_price_cents * i.quantity AS worth
  FROM order_items i
  JOIN orders o ON o.id = i.order_id
  LEFT JOIN discount_codes c ON c.code = o.discount_code
  WHERE o.discount_cents > 0 AND (c.product_ids IS NULL OR c.product_ids @> to_jsonb(i.product_id))
), shares AS (
  SELECT id, order_id, off,
    floor(off::numeric * worth / nullif(sum(worth) OVER (PARTITION BY order_id), 0))::integer AS share,
    row_number() OVER (PARTITION BY order_id ORDER BY worth DESC, id) AS rank
  FROM eligible
), given AS (
  SELECT order_id, sum(share)::integer AS cents FROM shares GROUP BY order_id
)
UPDATE order_items i
SET discount_cents = s.share + CASE WHEN s.rank = 1 THEN s.off - g.cents ELSE 0 END
FROM shares s JOIN given g ON g.order_id = s.order_id
WHERE i.id = s.id;
