ALTER TABLE "products" ADD COLUMN "shipping_class" text DEFAULT 'standard' NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "un_number" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "proper_shipping_name" text;--> statement-breakpoint
ALTER TABLE "store_settings" ADD COLUMN "hazmat_to_remote_states" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_shipping_class" CHECK ("products"."shipping_class" in ('standard', 'limited-quantity'));--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_un_number" CHECK ("products"."un_number" is null or "products"."un_number" ~ '^UN[0-9]{4}$');--> statement-breakpoint
-- The seeded smelling salts (ids 5 and 6), and any other product named or described as ammonia or
-- smelling salts, are a hazardous material carried by ground only (docs/decisions/0046).
UPDATE "products" SET "shipping_class" = 'limited-quantity'
WHERE "id" IN (5, 6) OR "name" ~* '(ammonia|smelling salt)' OR "description" ~* '(ammonia|smelling salt)';
