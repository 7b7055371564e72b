CREATE TABLE "analytics_day_pages" (
	"day" date NOT NULL,
	"path" text NOT NULL,
	"views" integer NOT NULL,
	CONSTRAINT "analytics_day_pages_day_path_pk" PRIMARY KEY("day","path")
);
--> statement-breakpoint
CREATE TABLE "analytics_day_sources" (
	"day" date NOT NULL,
	"source" text NOT NULL,
	"sessions" integer NOT NULL,
	CONSTRAINT "analytics_day_sources_day_source_pk" PRIMARY KEY("day","source")
);
--> statement-breakpoint
CREATE TABLE "analytics_days" (
	"day" date PRIMARY KEY NOT NULL,
	"sessions" integer NOT NULL,
	"bounces" integer NOT NULL,
	"session_ms" bigint NOT NULL,
	"converted" integer NOT NULL,
	"rolled_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "analytics_events_vitals_idx" ON "analytics_events" USING btree ("created_at") WHERE "analytics_events"."type" = 'vitals';