-- portal:expand-only
-- Decision 0035: the device catalogue and orders. The new `manage_orders` permission goes to the
-- administrators the presets now give it to: front desk (who manage users) and clinic
-- administrators (who change settings); everyone else keeps exactly what they had.
UPDATE "users"
SET "auths" = ARRAY(SELECT DISTINCT unnest("auths" || ARRAY['manage_orders']) ORDER BY 1)
WHERE 'admin' = ANY("roles") AND ("auths" && ARRAY['manage_users', 'manage_settings']);
--> statement-breakpoint
CREATE TABLE "catalogue_items" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"hcpcs" text NOT NULL,
	"category" text NOT NULL,
	"name_gb" text NOT NULL,
	"name_cn" text NOT NULL,
	"prepare_gb" text DEFAULT '' NOT NULL,
	"prepare_cn" text DEFAULT '' NOT NULL,
	"supply" text NOT NULL,
	"rental_months" integer,
	"resupply_days" integer,
	"maintenance_months" integer,
	"requires_prescription" boolean DEFAULT true NOT NULL,
	"requires_prior_authorisation" boolean DEFAULT false NOT NULL,
	"bf_adl_within_days" integer,
	"form_template_id" uuid,
	"manual_template_id" uuid,
	"active" boolean DEFAULT true NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "catalogue_items_rental_check" CHECK (("catalogue_items"."supply" = 'rental') = ("catalogue_items"."rental_months" is not null))
);
--> statement-breakpoint
CREATE TABLE "device_deliveries" (
	"order_id" uuid PRIMARY KEY NOT NULL,
	"signed_file_id" uuid NOT NULL,
	"details_enc" "bytea" NOT NULL,
	"signed_by" uuid,
	"grant_id" uuid,
	"signed_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "device_order_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"actor" text NOT NULL,
	"actor_id" uuid,
	"grant_id" uuid,
	"action" text NOT NULL,
	"from_status" text,
	"to_status" text,
	"hold_reason" text,
	"note_enc" "bytea"
);
--> statement-breakpoint
CREATE TABLE "device_order_holds" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"reason" text NOT NULL,
	"opened_at" timestamp with time zone NOT NULL,
	"opened_by" uuid,
	"cleared_at" timestamp with time zone,
	"cleared_by" uuid
);
--> statement-breakpoint
CREATE TABLE "device_order_items" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"catalogue_item_id" uuid NOT NULL,
	"quantity" integer NOT NULL,
	"serial_number" text,
	CONSTRAINT "device_order_items_quantity_check" CHECK ("device_order_items"."quantity" > 0)
);
--> statement-breakpoint
CREATE TABLE "device_order_slots" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"offered_by" uuid,
	"offered_at" timestamp with time zone NOT NULL,
	"withdrawn_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "device_orders" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"patient_id" uuid NOT NULL,
	"status" text NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"prescribed_by" uuid,
	"prescribed_at" timestamp with time zone,
	"created_by" uuid,
	"resupply_of" uuid,
	"form_assignment_id" uuid,
	"thread_id" uuid,
	"note_enc" "bytea",
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"submitted_at" timestamp with time zone,
	"approved_at" timestamp with time zone,
	"delivery_starts_at" timestamp with time zone,
	"delivery_ends_at" timestamp with time zone,
	"dispatched_at" timestamp with time zone,
	"delivered_at" timestamp with time zone,
	"rental_started_at" timestamp with time zone,
	"closed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "resupply_prompts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"patient_id" uuid NOT NULL,
	"order_id" uuid NOT NULL,
	"eligible_at" timestamp with time zone NOT NULL,
	"reminded_at" timestamp with time zone,
	"answered_at" timestamp with time zone,
	"answered_by" uuid,
	"still_in_use" boolean,
	"condition" text,
	"new_order_id" uuid
);
--> statement-breakpoint
ALTER TABLE "catalogue_items" ADD CONSTRAINT "catalogue_items_form_template_id_document_templates_id_fk" FOREIGN KEY ("form_template_id") REFERENCES "public"."document_templates"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "catalogue_items" ADD CONSTRAINT "catalogue_items_manual_template_id_document_templates_id_fk" FOREIGN KEY ("manual_template_id") REFERENCES "public"."document_templates"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_deliveries" ADD CONSTRAINT "device_deliveries_order_id_device_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."device_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_deliveries" ADD CONSTRAINT "device_deliveries_signed_file_id_document_files_id_fk" FOREIGN KEY ("signed_file_id") REFERENCES "public"."document_files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_deliveries" ADD CONSTRAINT "device_deliveries_signed_by_users_id_fk" FOREIGN KEY ("signed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_order_events" ADD CONSTRAINT "device_order_events_order_id_device_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."device_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_order_events" ADD CONSTRAINT "device_order_events_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_order_holds" ADD CONSTRAINT "device_order_holds_order_id_device_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."device_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_order_holds" ADD CONSTRAINT "device_order_holds_opened_by_users_id_fk" FOREIGN KEY ("opened_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_order_holds" ADD CONSTRAINT "device_order_holds_cleared_by_users_id_fk" FOREIGN KEY ("cleared_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_order_items" ADD CONSTRAINT "device_order_items_order_id_device_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."device_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_order_items" ADD CONSTRAINT "device_order_items_catalogue_item_id_catalogue_items_id_fk" FOREIGN KEY ("catalogue_item_id") REFERENCES "public"."catalogue_items"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_order_slots" ADD CONSTRAINT "device_order_slots_order_id_device_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."device_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_order_slots" ADD CONSTRAINT "device_order_slots_offered_by_users_id_fk" FOREIGN KEY ("offered_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_orders" ADD CONSTRAINT "device_orders_patient_id_users_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_orders" ADD CONSTRAINT "device_orders_prescribed_by_users_id_fk" FOREIGN KEY ("prescribed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_orders" ADD CONSTRAINT "device_orders_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_orders" ADD CONSTRAINT "device_orders_form_assignment_id_document_assignments_id_fk" FOREIGN KEY ("form_assignment_id") REFERENCES "public"."document_assignments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_orders" ADD CONSTRAINT "device_orders_thread_id_message_threads_id_fk" FOREIGN KEY ("thread_id") REFERENCES "public"."message_threads"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "resupply_prompts" ADD CONSTRAINT "resupply_prompts_patient_id_users_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "resupply_prompts" ADD CONSTRAINT "resupply_prompts_order_id_device_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."device_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "resupply_prompts" ADD CONSTRAINT "resupply_prompts_answered_by_users_id_fk" FOREIGN KEY ("answered_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "resupply_prompts" ADD CONSTRAINT "resupply_prompts_new_order_id_device_orders_id_fk" FOREIGN KEY ("new_order_id") REFERENCES "public"."device_orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "device_order_events_order_idx" ON "device_order_events" USING btree ("order_id","at");--> statement-breakpoint
CREATE INDEX "device_order_holds_open_idx" ON "device_order_holds" USING btree ("reason","opened_at") WHERE cleared_at is null;--> statement-breakpoint
CREATE INDEX "device_order_holds_order_idx" ON "device_order_holds" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "device_order_items_order_idx" ON "device_order_items" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "device_order_items_catalogue_idx" ON "device_order_items" USING btree ("catalogue_item_id");--> statement-breakpoint
CREATE INDEX "device_order_slots_order_idx" ON "device_order_slots" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "device_orders_patient_idx" ON "device_orders" USING btree ("patient_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "device_orders_status_idx" ON "device_orders" USING btree ("status","updated_at");--> statement-breakpoint
CREATE INDEX "device_orders_approved_idx" ON "device_orders" USING btree ("approved_at") WHERE status = 'approved';--> statement-breakpoint
CREATE INDEX "device_orders_delivery_idx" ON "device_orders" USING btree ("delivery_starts_at") WHERE status in ('delivery_scheduled', 'out_for_delivery');--> statement-breakpoint
CREATE INDEX "resupply_prompts_open_idx" ON "resupply_prompts" USING btree ("patient_id") WHERE answered_at is null;--> statement-breakpoint
CREATE INDEX "resupply_prompts_due_idx" ON "resupply_prompts" USING btree ("eligible_at") WHERE answered_at is null;--> statement-breakpoint
CREATE UNIQUE INDEX "resupply_prompts_order_key" ON "resupply_prompts" USING btree ("order_id");