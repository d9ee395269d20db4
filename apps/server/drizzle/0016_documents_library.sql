-- Issue 21: a template's content moves into numbered versions with one edition per language.
-- Every existing template becomes version 1, published, with its gb edition (the version's id is
-- the template's, so existing assignments point at it), before its old columns go.
CREATE TABLE "document_reads" (
	"template_id" uuid NOT NULL,
	"patient_id" uuid NOT NULL,
	"read_at" timestamp with time zone NOT NULL,
	CONSTRAINT "document_reads_patient_id_template_id_pk" PRIMARY KEY("patient_id","template_id")
);
--> statement-breakpoint
CREATE TABLE "document_template_editions" (
	"version_id" uuid NOT NULL,
	"language" text NOT NULL,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"file_id" uuid NOT NULL,
	"page_count" integer NOT NULL,
	"fields" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "document_template_editions_version_id_language_pk" PRIMARY KEY("version_id","language")
);
--> statement-breakpoint
CREATE TABLE "document_template_versions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"template_id" uuid NOT NULL,
	"version" integer NOT NULL,
	"status" text NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"published_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "document_templates" DROP CONSTRAINT "document_templates_file_id_document_files_id_fk";
--> statement-breakpoint
ALTER TABLE "document_assignments" ADD COLUMN "template_version_id" uuid;--> statement-breakpoint
ALTER TABLE "document_assignments" ADD COLUMN "edition" text;--> statement-breakpoint
ALTER TABLE "document_events" ADD COLUMN "edition" text;--> statement-breakpoint
ALTER TABLE "document_reads" ADD CONSTRAINT "document_reads_template_id_document_templates_id_fk" FOREIGN KEY ("template_id") REFERENCES "public"."document_templates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_reads" ADD CONSTRAINT "document_reads_patient_id_users_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_template_editions" ADD CONSTRAINT "document_template_editions_version_id_document_template_versions_id_fk" FOREIGN KEY ("version_id") REFERENCES "public"."document_template_versions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_template_editions" ADD CONSTRAINT "document_template_editions_file_id_document_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."document_files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_template_versions" ADD CONSTRAINT "document_template_versions_template_id_document_templates_id_fk" FOREIGN KEY ("template_id") REFERENCES "public"."document_templates"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_template_versions" ADD CONSTRAINT "document_template_versions_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "document_template_versions_number_key" ON "document_template_versions" USING btree ("template_id","version");--> statement-breakpoint
CREATE UNIQUE INDEX "document_template_versions_published_key" ON "document_template_versions" USING btree ("template_id") WHERE status = 'published';--> statement-breakpoint
CREATE UNIQUE INDEX "document_template_versions_draft_key" ON "document_template_versions" USING btree ("template_id") WHERE status = 'draft';--> statement-breakpoint
ALTER TABLE "document_assignments" ADD CONSTRAINT "document_assignments_template_version_id_document_template_versions_id_fk" FOREIGN KEY ("template_version_id") REFERENCES "public"."document_template_versions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
INSERT INTO "document_template_versions" ("id", "template_id", "version", "status", "created_by", "created_at", "published_at")
SELECT "id", "id", 1, 'published', "created_by", "created_at", "created_at" FROM "document_templates";--> statement-breakpoint
INSERT INTO "document_template_editions" ("version_id", "language", "title", "description", "file_id", "page_count", "fields", "updated_at")
SELECT "id", 'gb', "title", "description", "file_id", "page_count", "fields", "updated_at" FROM "document_templates";--> statement-breakpoint
UPDATE "document_assignments" SET "template_version_id" = "template_id";--> statement-breakpoint
ALTER TABLE "document_assignments" ALTER COLUMN "template_version_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "document_templates" DROP COLUMN "title";--> statement-breakpoint
ALTER TABLE "document_templates" DROP COLUMN "description";--> statement-breakpoint
ALTER TABLE "document_templates" DROP COLUMN "file_id";--> statement-breakpoint
ALTER TABLE "document_templates" DROP COLUMN "page_count";--> statement-breakpoint
ALTER TABLE "document_templates" DROP COLUMN "fields";