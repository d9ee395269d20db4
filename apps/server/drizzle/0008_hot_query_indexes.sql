-- Issue 11: two hot statements the query-plan test (operations/query-plans.test.ts) found
-- scanning whole tables: the inbox's listeners (administrators among all users) and the inbox
-- filtered by status.
CREATE INDEX "users_roles_idx" ON "users" USING gin ("roles");--> statement-breakpoint
CREATE INDEX "message_threads_status_last_idx" ON "message_threads" USING btree ("status","last_message_at");