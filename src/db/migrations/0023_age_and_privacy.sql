CREATE TABLE "privacy_erasures" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "privacy_erasures_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"address_hash" text NOT NULL,
	"erased_by" text NOT NULL,
	"erased_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "age_confirmed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "age_confirmed" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "marketing_consent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "marketing_consent_text" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "erased_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "store_settings" ADD COLUMN "minimum_age" integer DEFAULT 18;--> statement-breakpoint
CREATE INDEX "privacy_erasures_hash_idx" ON "privacy_erasures" USING btree ("address_hash");--> statement-breakpoint
ALTER TABLE "store_settings" ADD CONSTRAINT "store_settings_minimum_age" CHECK ("store_settings"."minimum_age" is null or "store_settings"."minimum_age" in (18, 21));