-- portal:expand-only
-- Issue 22 (decision 0023): caregivers act for patients through grants; the audit log and the
-- document history name the grant a caregiver acted under; the clinic may allow a patient's
-- caregivers to sign as authorised representative (off by default).
CREATE TABLE "caregiver_grants" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"patient_id" uuid NOT NULL,
	"caregiver_id" uuid,
	"details_enc" "bytea" NOT NULL,
	"scopes" text[] NOT NULL,
	"ends_on" date NOT NULL,
	"status" text NOT NULL,
	"source" text NOT NULL,
	"invite_token_hash" text,
	"invite_expires_at" timestamp with time zone,
	"authority_kind" text,
	"authority_file_id" uuid,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"accepted_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	"revoked_by" uuid
);
--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "grant_id" uuid;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "representative_signing_allowed" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "document_events" ADD COLUMN "grant_id" uuid;--> statement-breakpoint
ALTER TABLE "caregiver_grants" ADD CONSTRAINT "caregiver_grants_patient_id_users_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "caregiver_grants" ADD CONSTRAINT "caregiver_grants_caregiver_id_users_id_fk" FOREIGN KEY ("caregiver_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "caregiver_grants" ADD CONSTRAINT "caregiver_grants_authority_file_id_document_files_id_fk" FOREIGN KEY ("authority_file_id") REFERENCES "public"."document_files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "caregiver_grants" ADD CONSTRAINT "caregiver_grants_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "caregiver_grants" ADD CONSTRAINT "caregiver_grants_revoked_by_users_id_fk" FOREIGN KEY ("revoked_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "caregiver_grants_patient_idx" ON "caregiver_grants" USING btree ("patient_id","created_at");--> statement-breakpoint
CREATE INDEX "caregiver_grants_live_idx" ON "caregiver_grants" USING btree ("caregiver_id","patient_id") WHERE status = 'active';--> statement-breakpoint
CREATE UNIQUE INDEX "caregiver_grants_invite_key" ON "caregiver_grants" USING btree ("invite_token_hash") WHERE invite_token_hash is not null;