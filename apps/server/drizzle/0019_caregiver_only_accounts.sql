-- portal:expand-only
-- Issue 34 (decision 0032): an account that joined only to help someone is not a patient. It gets
-- no patient tasks and appears in no patient queue; the clinic may make it a patient later.
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
  FOR EACH ROW EXECUTE FUNCTION worklist_user_changed();--> statement-breakpoint
-- Existing accounts stay patients unless they hold a live caregiver grant and have no record of
-- their own beyond the sign-up profile: the rule an invitation's acceptance applies from now on.
UPDATE "users" u SET "is_patient" = false
WHERE u."roles" = array['user']
  AND EXISTS (SELECT 1 FROM "caregiver_grants" g WHERE g."caregiver_id" = u."id" AND g."status" = 'active')
  AND NOT EXISTS (SELECT 1 FROM "patient_resources" r WHERE r."user_id" = u."id" AND r."kind" <> 'profile')
  AND NOT EXISTS (SELECT 1 FROM "patient_files" f WHERE f."user_id" = u."id")
  AND NOT EXISTS (SELECT 1 FROM "intake_submissions" s WHERE s."user_id" = u."id")
  AND NOT EXISTS (SELECT 1 FROM "assessment_submissions" a WHERE a."user_id" = u."id")
  AND NOT EXISTS (SELECT 1 FROM "assessment_drafts" d WHERE d."user_id" = u."id")
  AND NOT EXISTS (SELECT 1 FROM "document_assignments" da WHERE da."patient_id" = u."id");
