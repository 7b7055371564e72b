ALTER TABLE "orders" ALTER COLUMN "payment_intent_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "payment_issue" text;--> statement-breakpoint
CREATE INDEX "orders_session_status_idx" ON "orders" USING btree ("session_id","status");--> statement-breakpoint
CREATE INDEX "orders_pending_expiry_idx" ON "orders" USING btree ("expires_at") WHERE "orders"."status" = 'pending' and "orders"."stock_released_at" is null;