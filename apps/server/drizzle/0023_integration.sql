CREATE TABLE "bulk_export_files" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"export_id" uuid NOT NULL,
	"resource_type" text NOT NULL,
	"count" integer NOT NULL,
	"content" "bytea" NOT NULL
);
--> statement-breakpoint
CREATE TABLE "bulk_exports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"client_id" uuid NOT NULL,
	"request" text NOT NULL,
	"group_id" text,
	"since" timestamp with time zone,
	"types" text[] NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"progress" integer DEFAULT 0 NOT NULL,
	"transaction_time" timestamp with time zone,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "fhir_access_tokens" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"client_id" uuid NOT NULL,
	"scopes" text[] NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "fhir_assertions" (
	"client_id" uuid NOT NULL,
	"jti" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "fhir_assertions_client_id_jti_pk" PRIMARY KEY("client_id","jti")
);
--> statement-breakpoint
CREATE TABLE "fhir_clients" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"jwks" jsonb NOT NULL,
	"scopes" text[] NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"revoked_at" timestamp with time zone,
	CONSTRAINT "fhir_clients_name_check" CHECK (length("fhir_clients"."name") between 1 and 120)
);
--> statement-breakpoint
CREATE TABLE "webhook_endpoints" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"url" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"events" text[] NOT NULL,
	"secret" "bytea" NOT NULL,
	"previous_secret" "bytea",
	"previous_secret_until" timestamp with time zone,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"disabled_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "webhook_messages" (
	"id" text PRIMARY KEY NOT NULL,
	"endpoint_id" uuid NOT NULL,
	"event_type" text NOT NULL,
	"payload" jsonb NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"dead_after" timestamp with time zone NOT NULL,
	"last_attempt_at" timestamp with time zone,
	"last_status" integer,
	"last_error" text,
	"delivered_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "bulk_export_files" ADD CONSTRAINT "bulk_export_files_export_id_bulk_exports_id_fk" FOREIGN KEY ("export_id") REFERENCES "public"."bulk_exports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bulk_exports" ADD CONSTRAINT "bulk_exports_client_id_fhir_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."fhir_clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fhir_access_tokens" ADD CONSTRAINT "fhir_access_tokens_client_id_fhir_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."fhir_clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fhir_assertions" ADD CONSTRAINT "fhir_assertions_client_id_fhir_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."fhir_clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fhir_clients" ADD CONSTRAINT "fhir_clients_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_endpoints" ADD CONSTRAINT "webhook_endpoints_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_messages" ADD CONSTRAINT "webhook_messages_endpoint_id_webhook_endpoints_id_fk" FOREIGN KEY ("endpoint_id") REFERENCES "public"."webhook_endpoints"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bulk_export_files_export_idx" ON "bulk_export_files" USING btree ("export_id");--> statement-breakpoint
CREATE INDEX "bulk_exports_queued_idx" ON "bulk_exports" USING btree ("created_at") WHERE "bulk_exports"."status" in ('queued', 'running');--> statement-breakpoint
CREATE INDEX "bulk_exports_expires_idx" ON "bulk_exports" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "fhir_access_tokens_expires_idx" ON "fhir_access_tokens" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "fhir_assertions_expires_idx" ON "fhir_assertions" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "webhook_messages_due_idx" ON "webhook_messages" USING btree ("next_attempt_at") WHERE "webhook_messages"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "webhook_messages_endpoint_idx" ON "webhook_messages" USING btree ("endpoint_id","created_at");