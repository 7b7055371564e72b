CREATE TABLE "order_disputes" (
	"id" text PRIMARY KEY NOT NULL,
	"order_id" integer,
	"charge_id" text NOT NULL,
	"payment_intent_id" text,
	"amount_cents" integer NOT NULL,
	"currency" text NOT NULL,
	"reason" text NOT NULL,
	"status" text NOT NULL,
	"evidence_due_by" timestamp with time zone,
	"is_charge_refundable" boolean NOT NULL,
	"withdrawn_cents" integer DEFAULT 0 NOT NULL,
	"reinstated_cents" integer DEFAULT 0 NOT NULL,
	"opened_at" timestamp with time zone NOT NULL,
	"event_at" bigint NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "order_disputes_amount_nonnegative" CHECK ("order_disputes"."amount_cents" >= 0)
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "dispute_status" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "dispute_lost_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "dispute_lost_tax_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "dispute_override_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "order_disputes" ADD CONSTRAINT "order_disputes_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_disputes_order_idx" ON "order_disputes" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "orders_disputed_idx" ON "orders" USING btree ("id") WHERE "orders"."dispute_status" is not null;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_dispute_lost_within_total" CHECK ("orders"."dispute_lost_cents" >= 0 and "orders"."dispute_lost_cents" <= "orders"."total_cents" and "orders"."dispute_lost_tax_cents" >= 0);