-- portal:expand-only
-- Issue 38: each worklist queue sorts by its waiting time and then by its item's id, and each
-- index now carries both, so a page reads its 25 rows however many items share one instant
-- (a day's rentals ending at midnight read 3,846 rows for 25 at 100,000 patients). The unread
-- conversations are walked by their messages' time instead of grouped. The new indexes serve
-- every query the dropped ones did, so the old release keeps its plans.
DROP INDEX "assessment_latest_flagged_idx";--> statement-breakpoint
DROP INDEX "document_assignments_due_idx";--> statement-breakpoint
DROP INDEX "document_assignments_rejected_idx";--> statement-breakpoint
DROP INDEX "bf_adl_schedule_due_idx";--> statement-breakpoint
DROP INDEX "intake_queue_queue_idx";--> statement-breakpoint
DROP INDEX "device_orders_overdue_idx";--> statement-breakpoint
DROP INDEX "device_orders_delivery_idx";--> statement-breakpoint
DROP INDEX "device_orders_held_idx";--> statement-breakpoint
DROP INDEX "device_orders_rental_ends_idx";--> statement-breakpoint
DROP INDEX "resupply_prompts_due_idx";--> statement-breakpoint
CREATE INDEX "messages_unread_at_idx" ON "messages" USING btree ("created_at","id") WHERE author = 'patient' and read_at is null;--> statement-breakpoint
CREATE INDEX "device_orders_proof_due_idx" ON "device_orders" USING btree ("delivery_ends_at","id") WHERE status = 'out_for_delivery';--> statement-breakpoint
CREATE INDEX "assessment_latest_flagged_idx" ON "assessment_latest" USING btree ("instrument","submitted_at","user_id") WHERE flagged;--> statement-breakpoint
CREATE INDEX "document_assignments_due_idx" ON "document_assignments" USING btree ("due_at","id") WHERE status = 'pending_signature';--> statement-breakpoint
CREATE INDEX "document_assignments_rejected_idx" ON "document_assignments" USING btree ("updated_at","id") WHERE status = 'rejected';--> statement-breakpoint
CREATE INDEX "bf_adl_schedule_due_idx" ON "bf_adl_schedule" USING btree ("due_at","user_id");--> statement-breakpoint
CREATE INDEX "intake_queue_queue_idx" ON "intake_queue" USING btree ("queue","at","user_id");--> statement-breakpoint
CREATE INDEX "device_orders_overdue_idx" ON "device_orders" USING btree ("approved_at","id") WHERE status in ('approved', 'delivery_scheduled') and dispatched_at is null;--> statement-breakpoint
CREATE INDEX "device_orders_delivery_idx" ON "device_orders" USING btree ("delivery_starts_at","id") WHERE status in ('delivery_scheduled', 'out_for_delivery');--> statement-breakpoint
CREATE INDEX "device_orders_held_idx" ON "device_orders" USING btree ("held_since","id") WHERE status = 'on_hold';--> statement-breakpoint
CREATE INDEX "device_orders_rental_ends_idx" ON "device_orders" USING btree ("rental_ends_at","id") WHERE status = 'in_rental';--> statement-breakpoint
CREATE INDEX "resupply_prompts_due_idx" ON "resupply_prompts" USING btree ("eligible_at","id") WHERE answered_at is null;