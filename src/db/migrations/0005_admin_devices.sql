CREATE TABLE "admin_devices" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"admin_user_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"user_agent" text
);
--> statement-breakpoint
ALTER TABLE "admin_devices" ADD CONSTRAINT "admin_devices_admin_user_id_admin_users_id_fk" FOREIGN KEY ("admin_user_id") REFERENCES "public"."admin_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "admin_devices_user_idx" ON "admin_devices" USING btree ("admin_user_id");--> statement-breakpoint
CREATE INDEX "admin_devices_expires_idx" ON "admin_devices" USING btree ("expires_at");