DROP INDEX "stock_movements_product_idx";--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "low_stock_alerted" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX "stock_movements_product_idx" ON "stock_movements" USING btree ("product_id","id");--> statement-breakpoint
-- A product already at 10 or fewer (STOCK_LOW_MAX) did not just fall into the low band: no alert for it until it has been above.
UPDATE "products" SET "low_stock_alerted" = true WHERE "inventory" <= 10;
