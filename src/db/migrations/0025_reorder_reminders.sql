CREATE TABLE "reorder_reminders" (
	"order_id" integer PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "reorder_visits" (
	"reminder_order_id" integer NOT NULL,
	"session_hash" text NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reorder_visits_reminder_order_id_session_hash_pk" PRIMARY KEY("reminder_order_id","session_hash")
);
--> statement-breakpoint
ALTER TABLE "store_settings" ADD COLUMN "postal_address" text;--> statement-breakpoint
ALTER TABLE "store_settings" ADD COLUMN "reorder_reminder_days" integer DEFAULT 21;--> statement-breakpoint
CREATE INDEX "reorder_reminders_email_idx" ON "reorder_reminders" USING btree ("email");--> statement-breakpoint
CREATE INDEX "reorder_reminders_sent_idx" ON "reorder_reminders" USING btree ("sent_at");--> statement-breakpoint
CREATE INDEX "reorder_visits_session_idx" ON "reorder_visits" USING btree ("session_hash");--> statement-breakpoint
CREATE INDEX "reorder_visits_at_idx" ON "reorder_visits" USING btree ("at");--> statement-breakpoint
CREATE INDEX "orders_reorder_optin_idx" ON "orders" USING btree ("id") WHERE "orders"."reorder_reminder_at" is not null and "orders"."paid_at" is not null;--> statement-breakpoint
ALTER TABLE "store_settings" ADD CONSTRAINT "store_settings_reorder_reminder_days" CHECK ("store_settings"."reorder_reminder_days" is null or "store_settings"."reorder_reminder_days" between 7 and 120);