CREATE TABLE "intake_reviews" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"submission_id" uuid NOT NULL,
	"reviewer_id" uuid NOT NULL,
	"outcome" text NOT NULL,
	"sections" text[] DEFAULT '{}'::text[] NOT NULL,
	"note_enc" "bytea",
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "intake_reviews_outcome_check" CHECK ("intake_reviews"."outcome" in ('reviewed', 'changes_requested'))
);
--> statement-breakpoint
CREATE TABLE "intake_submission_files" (
	"user_id" uuid NOT NULL,
	"sha256" text NOT NULL,
	"slot" text NOT NULL,
	"mime" text NOT NULL,
	"size" integer NOT NULL,
	"data_enc" "bytea" NOT NULL,
	CONSTRAINT "intake_submission_files_user_id_sha256_pk" PRIMARY KEY("user_id","sha256")
);
--> statement-breakpoint
CREATE TABLE "intake_submissions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"snapshot_enc" "bytea" NOT NULL,
	"submitted_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "intake_reviews" ADD CONSTRAINT "intake_reviews_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "intake_reviews" ADD CONSTRAINT "intake_reviews_submission_id_intake_submissions_id_fk" FOREIGN KEY ("submission_id") REFERENCES "public"."intake_submissions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "intake_reviews" ADD CONSTRAINT "intake_reviews_reviewer_id_users_id_fk" FOREIGN KEY ("reviewer_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "intake_submission_files" ADD CONSTRAINT "intake_submission_files_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "intake_submissions" ADD CONSTRAINT "intake_submissions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "intake_reviews_user_idx" ON "intake_reviews" USING btree ("user_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "intake_submissions_user_idx" ON "intake_submissions" USING btree ("user_id","submitted_at" DESC NULLS LAST);