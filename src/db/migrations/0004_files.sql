CREATE TABLE "stored_files" (
	"folder" text NOT NULL,
	"name" text NOT NULL,
	"size" integer NOT NULL,
	"data" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stored_files_folder_name_pk" PRIMARY KEY("folder","name")
);
