-- Issue 18: re-sent documents linked to the declined one, staff who want an e-mail on a decline,
-- and what the worklist needs to count in SQL (the newest assessment per patient, unread and
-- declined rows by partial index).
CREATE TABLE "assessment_latest" (
	"user_id" uuid NOT NULL,
	"instrument" text NOT NULL,
	"submission_id" uuid NOT NULL,
	"submitted_at" timestamp with time zone NOT NULL,
	"flagged" boolean,
	CONSTRAINT "assessment_latest_user_id_instrument_pk" PRIMARY KEY("user_id","instrument")
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "notify_document_declines" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "document_assignments" ADD COLUMN "resent_from_id" uuid;--> statement-breakpoint
ALTER TABLE "assessment_latest" ADD CONSTRAINT "assessment_latest_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "assessment_latest_due_idx" ON "assessment_latest" USING btree ("instrument","submitted_at");--> statement-breakpoint
CREATE INDEX "assessment_latest_flagged_idx" ON "assessment_latest" USING btree ("instrument","submitted_at") WHERE flagged;--> statement-breakpoint
ALTER TABLE "document_assignments" ADD CONSTRAINT "document_assignments_resent_from_id_document_assignments_id_fk" FOREIGN KEY ("resent_from_id") REFERENCES "public"."document_assignments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "document_assignments_resent_from_key" ON "document_assignments" USING btree ("resent_from_id") WHERE resent_from_id is not null;--> statement-breakpoint
CREATE INDEX "document_assignments_rejected_idx" ON "document_assignments" USING btree ("updated_at") WHERE status = 'rejected';--> statement-breakpoint
CREATE INDEX "messages_unread_idx" ON "messages" USING btree ("thread_id","created_at") WHERE author = 'patient' and read_at is null;--> statement-breakpoint
-- Each patient's newest submission per instrument, carried over from the submissions so far;
-- whether it is flagged needs the encrypted scores, so the server judges those at boot.
INSERT INTO "assessment_latest" ("user_id", "instrument", "submission_id", "submitted_at", "flagged")
SELECT DISTINCT ON ("user_id", "instrument") "user_id", "instrument", "id", "submitted_at", NULL
FROM "assessment_submissions"
ORDER BY "user_id", "instrument", "submitted_at" DESC, "id" DESC;
