-- portal:expand-only
-- Issue 34: who on the staff has taken a worklist item; the purge deletes a row once its item left the queue.
CREATE TABLE "worklist_assignees" (
	"queue" text NOT NULL,
	"item_id" uuid NOT NULL,
	"patient_id" uuid NOT NULL,
	"assignee_id" uuid NOT NULL,
	"assigned_at" timestamp with time zone NOT NULL,
	CONSTRAINT "worklist_assignees_queue_item_id_pk" PRIMARY KEY("queue","item_id")
);
--> statement-breakpoint
ALTER TABLE "worklist_assignees" ADD CONSTRAINT "worklist_assignees_patient_id_users_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "worklist_assignees" ADD CONSTRAINT "worklist_assignees_assignee_id_users_id_fk" FOREIGN KEY ("assignee_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "worklist_assignees_assignee_idx" ON "worklist_assignees" USING btree ("assignee_id");--> statement-breakpoint
CREATE INDEX "worklist_assignees_patient_idx" ON "worklist_assignees" USING btree ("patient_id");