CREATE TABLE "shipment_scans" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "shipment_scans_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"shipment_id" integer NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"status" text NOT NULL,
	"message" text NOT NULL,
	"location" text,
	"recorded_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "shipments" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "shipments_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"order_id" integer NOT NULL,
	"return_id" integer,
	"direction" text NOT NULL,
	"provider" text NOT NULL,
	"provider_shipment_id" text NOT NULL,
	"rates" jsonb NOT NULL,
	"status" text DEFAULT 'quoted' NOT NULL,
	"rate_id" text,
	"carrier" text,
	"service" text,
	"cost_cents" integer,
	"tracking_code" text,
	"tracking_url" text,
	"tracking_status" text,
	"estimated_delivery" text,
	"label_file" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"purchased_at" timestamp with time zone,
	"voided_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "return_items" (
	"return_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"quantity" integer NOT NULL,
	CONSTRAINT "return_items_return_id_product_id_pk" PRIMARY KEY("return_id","product_id"),
	CONSTRAINT "return_items_quantity_positive" CHECK ("return_items"."quantity" > 0)
);
--> statement-breakpoint
CREATE TABLE "return_requests" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "return_requests_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 101 CACHE 1),
	"order_id" integer NOT NULL,
	"status" text DEFAULT 'requested' NOT NULL,
	"reason" text NOT NULL,
	"refusal" text,
	"decided_by" text,
	"decided_at" timestamp with time zone,
	"label_started_at" timestamp with time zone,
	"arrived_at" timestamp with time zone,
	"received_at" timestamp with time zone,
	"received_by" text,
	"restocked" boolean,
	"refund_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "return_requests_reason_length" CHECK (char_length("return_requests"."reason") between 1 and 1000)
);
--> statement-breakpoint
ALTER TABLE "products" ALTER COLUMN "weight_grams" SET DEFAULT 80;--> statement-breakpoint
ALTER TABLE "order_events" ADD COLUMN "shopper_message" text;--> statement-breakpoint
ALTER TABLE "order_refunds" ADD COLUMN "return_id" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "tracking_url" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "delivered_email_sent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "shipment_scans" ADD CONSTRAINT "shipment_scans_shipment_id_shipments_id_fk" FOREIGN KEY ("shipment_id") REFERENCES "public"."shipments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "return_items" ADD CONSTRAINT "return_items_return_id_return_requests_id_fk" FOREIGN KEY ("return_id") REFERENCES "public"."return_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "shipment_scans_uq" ON "shipment_scans" USING btree ("shipment_id","at","status","message");--> statement-breakpoint
CREATE INDEX "shipments_order_idx" ON "shipments" USING btree ("order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "shipments_provider_shipment_uq" ON "shipments" USING btree ("provider","provider_shipment_id");--> statement-breakpoint
CREATE UNIQUE INDEX "shipments_tracking_uq" ON "shipments" USING btree ("provider","tracking_code") WHERE "shipments"."tracking_code" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "shipments_one_outbound_uq" ON "shipments" USING btree ("order_id") WHERE "shipments"."direction" = 'outbound' and "shipments"."status" in ('buying', 'purchased');--> statement-breakpoint
CREATE UNIQUE INDEX "shipments_one_per_return_uq" ON "shipments" USING btree ("return_id") WHERE "shipments"."return_id" is not null and "shipments"."status" in ('buying', 'purchased');--> statement-breakpoint
CREATE INDEX "return_requests_order_idx" ON "return_requests" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "return_requests_status_idx" ON "return_requests" USING btree ("status","id");--> statement-breakpoint
-- Shipping weights were the salts alone (30 g a bottle, 90 g a 3-pack), never set by the owner: a bottle
-- with its packing weighs about 80 g, a 3-pack about 240 g.
UPDATE "products" SET "weight_grams" = CASE WHEN "name" ILIKE '%3-pack%' THEN 240 ELSE 80 END WHERE "weight_grams" IN (30, 90);--> statement-breakpoint
-- The lines the shopper's order page shows of the history recorded so far (ADR 0038).
UPDATE "order_events" SET "shopper_message" = CASE
  WHEN "type" = 'paid' THEN 'Order placed'
  WHEN "type" = 'label_created' THEN 'Shipping label created: your parcel is being packed'
  WHEN "type" = 'status_changed' AND "message" LIKE '% to shipped' THEN 'Shipped'
  WHEN "type" = 'status_changed' AND "message" LIKE '% to delivered' THEN 'Delivered'
  WHEN "type" = 'refunded' THEN regexp_replace("message", '^Refunded (\$[0-9,.]+).*$', 'Refund of \1 issued to your card')
  WHEN "type" = 'cancelled' THEN 'Order cancelled'
END
WHERE "type" IN ('paid', 'label_created', 'status_changed', 'refunded', 'cancelled');
