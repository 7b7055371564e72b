CREATE TABLE "discount_codes" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "discount_codes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"code" text NOT NULL,
	"kind" text NOT NULL,
	"percent_off" integer,
	"amount_off_cents" integer,
	"min_subtotal_cents" integer,
	"starts_at" timestamp with time zone,
	"ends_at" timestamp with time zone,
	"usage_limit" integer,
	"once_per_email" boolean DEFAULT true NOT NULL,
	"product_ids" jsonb,
	"active" boolean DEFAULT true NOT NULL,
	"used_count" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" text,
	CONSTRAINT "discount_codes_value" CHECK (("discount_codes"."kind" = 'percent' and "discount_codes"."percent_off" between 1 and 100 and "discount_codes"."amount_off_cents" is null)
        or ("discount_codes"."kind" = 'fixed' and "discount_codes"."amount_off_cents" > 0 and "discount_codes"."percent_off" is null)),
	CONSTRAINT "discount_codes_used_count" CHECK ("discount_codes"."used_count" >= 0)
);
--> statement-breakpoint
CREATE TABLE "discount_redemptions" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "discount_redemptions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"discount_id" integer NOT NULL,
	"order_id" integer NOT NULL,
	"email" text,
	"status" text DEFAULT 'reserved' NOT NULL,
	"amount_cents" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"settled_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "checkout_reminders" (
	"order_id" integer PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	"restored_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "mail_unsubscribes" (
	"email" text PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "store_settings" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"shipping_rate_cents" integer NOT NULL,
	"free_shipping_over_cents" integer,
	"support_email" text NOT NULL,
	"support_phone" text NOT NULL,
	"owner_email" text,
	"reminder_delay_hours" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" text,
	CONSTRAINT "store_settings_one_row" CHECK ("store_settings"."id" = 1),
	CONSTRAINT "store_settings_shipping_rate" CHECK ("store_settings"."shipping_rate_cents" between 0 and 100000),
	CONSTRAINT "store_settings_free_over" CHECK ("store_settings"."free_shipping_over_cents" is null or "store_settings"."free_shipping_over_cents" between 0 and 100000000),
	CONSTRAINT "store_settings_reminder_delay" CHECK ("store_settings"."reminder_delay_hours" is null or "store_settings"."reminder_delay_hours" between 1 and 48)
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "payment_method_kind" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "discount_code" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "discount_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "discount_redemptions" ADD CONSTRAINT "discount_redemptions_discount_id_discount_codes_id_fk" FOREIGN KEY ("discount_id") REFERENCES "public"."discount_codes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "discount_codes_code_uq" ON "discount_codes" USING btree ("code");--> statement-breakpoint
CREATE INDEX "discount_redemptions_discount_idx" ON "discount_redemptions" USING btree ("discount_id");--> statement-breakpoint
CREATE UNIQUE INDEX "discount_redemptions_open_order_uq" ON "discount_redemptions" USING btree ("order_id") WHERE "discount_redemptions"."status" <> 'released';--> statement-breakpoint
CREATE UNIQUE INDEX "discount_redemptions_email_uq" ON "discount_redemptions" USING btree ("discount_id","email") WHERE "discount_redemptions"."email" is not null and "discount_redemptions"."status" <> 'released';--> statement-breakpoint
CREATE INDEX "checkout_reminders_email_idx" ON "checkout_reminders" USING btree ("email");--> statement-breakpoint
CREATE INDEX "checkout_reminders_sent_idx" ON "checkout_reminders" USING btree ("sent_at");--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_discount_within_subtotal" CHECK ("orders"."discount_cents" >= 0 and "orders"."discount_cents" <= "orders"."subtotal_cents");