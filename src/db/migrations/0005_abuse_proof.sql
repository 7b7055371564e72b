CREATE TABLE "admin_devices" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"admin_user_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"user_agent" text
);
--> statement-breakpoint
CREATE TABLE "stock_holds" (
	"order_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"quantity" integer NOT NULL,
	"holder" text NOT NULL,
	"session_id" text NOT NULL,
	"held_until" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stock_holds_order_id_product_id_pk" PRIMARY KEY("order_id","product_id"),
	CONSTRAINT "stock_holds_quantity_positive" CHECK ("stock_holds"."quantity" > 0)
);
--> statement-breakpoint
CREATE TABLE "mail_outbox" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "mail_outbox_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"key" text NOT NULL,
	"kind" text NOT NULL,
	"ref" integer,
	"to_address" text NOT NULL,
	"subject" text NOT NULL,
	"text_body" text NOT NULL,
	"html_body" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"locked_until" timestamp with time zone,
	"expires_at" timestamp with time zone,
	"last_error" text,
	"sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "review_verifications" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "review_verifications_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"email" text NOT NULL,
	"product_id" integer NOT NULL,
	"code_hash" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"consumed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "server_secrets" (
	"name" text PRIMARY KEY NOT NULL,
	"value" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
DROP INDEX "orders_pending_expiry_idx";--> statement-breakpoint
ALTER TABLE "admin_users" ADD COLUMN "env_password_hash" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "payment_mode" text DEFAULT 'live' NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "analytics_session_id" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "expired_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "admin_devices" ADD CONSTRAINT "admin_devices_admin_user_id_admin_users_id_fk" FOREIGN KEY ("admin_user_id") REFERENCES "public"."admin_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "admin_devices_user_idx" ON "admin_devices" USING btree ("admin_user_id");--> statement-breakpoint
CREATE INDEX "admin_devices_expires_idx" ON "admin_devices" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "stock_holds_holder_idx" ON "stock_holds" USING btree ("holder");--> statement-breakpoint
CREATE INDEX "stock_holds_until_idx" ON "stock_holds" USING btree ("held_until");--> statement-breakpoint
CREATE INDEX "stock_holds_product_idx" ON "stock_holds" USING btree ("product_id");--> statement-breakpoint
CREATE INDEX "stock_holds_session_idx" ON "stock_holds" USING btree ("session_id");--> statement-breakpoint
CREATE UNIQUE INDEX "mail_outbox_key_uq" ON "mail_outbox" USING btree ("key");--> statement-breakpoint
CREATE INDEX "mail_outbox_due_idx" ON "mail_outbox" USING btree ("next_attempt_at") WHERE "mail_outbox"."status" in ('pending', 'sending');--> statement-breakpoint
CREATE INDEX "review_verifications_email_product_idx" ON "review_verifications" USING btree ("email","product_id");--> statement-breakpoint
CREATE INDEX "review_verifications_expires_idx" ON "review_verifications" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "orders_open_expiry_idx" ON "orders" USING btree ("expires_at") WHERE "orders"."status" = 'pending' and "orders"."expired_at" is null;--> statement-breakpoint
-- Backfill: orders paid through the built-in test provider are test orders.
UPDATE "orders" SET "payment_mode" = 'test' WHERE "id" IN (SELECT "order_id" FROM "payments" WHERE "provider" = 'test');--> statement-breakpoint
-- Backfill: checkouts that still hold stock keep it, as holds ending when they were due to expire.
INSERT INTO "stock_holds" ("order_id", "product_id", "quantity", "holder", "session_id", "held_until", "ends_at")
SELECT o."id", i."product_id", sum(i."quantity"), 'unknown', o."session_id", o."expires_at", o."expires_at"
FROM "orders" o JOIN "order_items" i ON i."order_id" = o."id"
WHERE o."status" = 'pending' AND o."stock_released_at" IS NULL AND o."paid_at" IS NULL AND o."payment_issue" IS NULL
GROUP BY o."id", i."product_id", o."session_id", o."expires_at";--> statement-breakpoint
-- Backfill: unpaid checkouts past their expiry whose stock went back are closed.
UPDATE "orders" SET "expired_at" = coalesce("stock_released_at", now())
WHERE "status" = 'pending' AND "expires_at" < now() AND "stock_released_at" IS NOT NULL AND "payment_issue" IS NULL;
