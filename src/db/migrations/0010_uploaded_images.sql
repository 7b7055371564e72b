CREATE TABLE "uploaded_images" (
	"url" text PRIMARY KEY NOT NULL,
	"variants" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
