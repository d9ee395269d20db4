CREATE TABLE "assessment_drafts" (
	"user_id" uuid NOT NULL,
	"instrument" text NOT NULL,
	"version" integer NOT NULL,
	"data_enc" "bytea" NOT NULL,
	"saved_at" timestamp with time zone NOT NULL,
	CONSTRAINT "assessment_drafts_user_id_instrument_pk" PRIMARY KEY("user_id","instrument")
);
--> statement-breakpoint
CREATE TABLE "assessment_submissions" (
	"id" uuid PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"instrument" text NOT NULL,
	"version" integer NOT NULL,
	"submitted_at" timestamp with time zone NOT NULL,
	"data_enc" "bytea" NOT NULL
);
--> statement-breakpoint
ALTER TABLE "assessment_drafts" ADD CONSTRAINT "assessment_drafts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assessment_submissions" ADD CONSTRAINT "assessment_submissions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "assessment_submissions_user_idx" ON "assessment_submissions" USING btree ("user_id","instrument","submitted_at");