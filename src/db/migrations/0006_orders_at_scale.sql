-- The owner's order search: trigram indexes (pg_trgm, a trusted extension that ships with PostgreSQL; PGlite loads it in src/db/client.ts).
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE INDEX "orders_payment_issue_idx" ON "orders" USING btree ("id") WHERE "orders"."payment_issue" is not null;--> statement-breakpoint
CREATE INDEX "orders_closed_idx" ON "orders" USING btree ("id") WHERE "orders"."status" = 'pending' and "orders"."expired_at" is not null;--> statement-breakpoint
CREATE INDEX "orders_search_trgm_idx" ON "orders" USING gin ((lower(coalesce("first_name", '') || ' ' || coalesce("last_name", '') || ' ' || coalesce("email", '') || ' ' || coalesce("payment_intent_id", ''))) gin_trgm_ops);