CREATE TABLE "test_payment_methods" (
	"id" text PRIMARY KEY NOT NULL,
	"customer_id" text NOT NULL,
	"brand" text DEFAULT 'visa' NOT NULL,
	"last4" text NOT NULL,
	"declines_off_session" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "subscription_events" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "subscription_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"subscription_id" integer NOT NULL,
	"kind" text NOT NULL,
	"detail" text NOT NULL,
	"actor" text NOT NULL,
	"order_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "subscription_items" (
	"subscription_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"name" text NOT NULL,
	"quantity" integer NOT NULL,
	CONSTRAINT "subscription_items_subscription_id_product_id_pk" PRIMARY KEY("subscription_id","product_id"),
	CONSTRAINT "subscription_items_quantity" CHECK ("subscription_items"."quantity" between 1 and 99)
);
--> statement-breakpoint
CREATE TABLE "subscriptions" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "subscriptions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"status" text DEFAULT 'active' NOT NULL,
	"first_order_id" integer NOT NULL,
	"email" text NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"phone" text,
	"shipping_address" text NOT NULL,
	"shipping_city" text NOT NULL,
	"shipping_state" text NOT NULL,
	"shipping_zip" text NOT NULL,
	"shipping_country" text DEFAULT 'US' NOT NULL,
	"interval_weeks" integer NOT NULL,
	"discount_percent" integer NOT NULL,
	"ask_first" boolean DEFAULT false NOT NULL,
	"next_renewal_at" timestamp with time zone NOT NULL,
	"payment_mode" text NOT NULL,
	"provider_customer_id" text,
	"payment_method_id" text,
	"card_brand" text,
	"card_last4" text,
	"consent_at" timestamp with time zone NOT NULL,
	"consent_text" text NOT NULL,
	"consent_network" text NOT NULL,
	"failed_attempts" integer DEFAULT 0 NOT NULL,
	"retry_at" timestamp with time zone,
	"last_failure" text,
	"notice_sent_for" timestamp with time zone,
	"confirmed_for" timestamp with time zone,
	"terms_reminded_at" timestamp with time zone,
	"paused_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	"erased_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "subscriptions_interval" CHECK ("subscriptions"."interval_weeks" between 1 and 52),
	CONSTRAINT "subscriptions_discount" CHECK ("subscriptions"."discount_percent" >= 0 and "subscriptions"."discount_percent" <= 50),
	CONSTRAINT "subscriptions_failed_attempts" CHECK ("subscriptions"."failed_attempts" >= 0),
	CONSTRAINT "subscriptions_status" CHECK ("subscriptions"."status" in ('active', 'paused', 'cancelled'))
);
--> statement-breakpoint
ALTER TABLE "cart_items" ADD COLUMN "subscription_interval_weeks" integer;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "subscription_intervals_weeks" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "subscription_discount_percent" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "subscription_interval_weeks" integer;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "subscription_discount_percent" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "reorder_reminder_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "reorder_reminder_text" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "subscription_consent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "subscription_consent_text" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "subscription_consent_network" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "subscription_id" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "renewal_due_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "subscription_events" ADD CONSTRAINT "subscription_events_subscription_id_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."subscriptions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscription_items" ADD CONSTRAINT "subscription_items_subscription_id_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."subscriptions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "subscription_events_subscription_idx" ON "subscription_events" USING btree ("subscription_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "subscriptions_first_order_uq" ON "subscriptions" USING btree ("first_order_id");--> statement-breakpoint
CREATE INDEX "subscriptions_due_idx" ON "subscriptions" USING btree ("next_renewal_at") WHERE "subscriptions"."status" = 'active';--> statement-breakpoint
CREATE INDEX "subscriptions_status_idx" ON "subscriptions" USING btree ("status","id");--> statement-breakpoint
CREATE INDEX "subscriptions_email_idx" ON "subscriptions" USING btree ("email");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_renewal_uq" ON "orders" USING btree ("subscription_id","renewal_due_at");--> statement-breakpoint
ALTER TABLE "cart_items" ADD CONSTRAINT "cart_items_subscription_interval" CHECK ("cart_items"."subscription_interval_weeks" is null or "cart_items"."subscription_interval_weeks" between 1 and 52);--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_subscription_discount" CHECK ("products"."subscription_discount_percent" >= 0 and "products"."subscription_discount_percent" <= 50);