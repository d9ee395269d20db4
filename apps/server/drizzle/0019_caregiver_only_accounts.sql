-- portal:expand-only
-- Issue 34 (decision 0032): an account that joined only to help someone is not a patient. It gets
-- no patient tasks and appears in no patient queue; the clinic may make it a patient later.
-- Existing accounts stay patients: a caregiver of an earlier release may have been treated, and
-- the clinic's reads of them (chart, exports) must keep answering after the upgrade.
ALTER TABLE "users" ADD COLUMN "is_patient" boolean DEFAULT true NOT NULL;--> statement-breakpoint
-- The BF-ADL schedule (migration 0015) holds patients only, so a caregiver-only account is never due.
CREATE OR REPLACE FUNCTION "worklist_refresh_bf_adl"("uid" uuid) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM bf_adl_schedule WHERE user_id = uid;
  INSERT INTO bf_adl_schedule (user_id, due_at, never_answered)
  SELECT u.id, coalesce(l.submitted_at + worklist_bf_adl_interval(), u.created_at), l.user_id IS NULL
  FROM users u LEFT JOIN assessment_latest l ON l.user_id = u.id AND l.instrument = 'barthel'
  WHERE u.id = uid AND u.roles @> array['user'] AND u.is_patient AND u.status <> 'deactivated';
END
$$;--> statement-breakpoint
DROP TRIGGER "users_worklist" ON "users";--> statement-breakpoint
CREATE TRIGGER "users_worklist" AFTER INSERT OR UPDATE OF "roles", "status", "created_at", "is_patient" ON "users"
  FOR EACH ROW EXECUTE FUNCTION worklist_user_changed();
