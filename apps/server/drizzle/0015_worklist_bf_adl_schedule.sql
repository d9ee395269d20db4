-- Issue 18 worklist: when each active patient's BF-ADL falls due, kept by triggers on users and
-- on assessment_latest, so the BF-ADL due queue counts and pages a narrow table by index.
CREATE TABLE "bf_adl_schedule" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"due_at" timestamp with time zone NOT NULL,
	"never_answered" boolean NOT NULL
);
--> statement-breakpoint
ALTER TABLE "bf_adl_schedule" ADD CONSTRAINT "bf_adl_schedule_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bf_adl_schedule_due_idx" ON "bf_adl_schedule" USING btree ("due_at");--> statement-breakpoint
-- The BF-ADL's due interval: barthel's due_interval_days (90) in hours, as the server counts it,
-- whatever the session's time zone. A test holds the two equal; a definition that changes it
-- needs a migration that replaces this function and refreshes every row.
CREATE FUNCTION "worklist_bf_adl_interval"() RETURNS interval LANGUAGE sql IMMUTABLE AS $$
  SELECT interval '2160 hours'
$$;--> statement-breakpoint
-- A patient's row from their account and newest BF-ADL ('barthel', BF_ADL_INSTRUMENT): none for
-- staff and deactivated accounts; due at once if they never answered.
CREATE FUNCTION "worklist_refresh_bf_adl"("uid" uuid) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM bf_adl_schedule WHERE user_id = uid;
  INSERT INTO bf_adl_schedule (user_id, due_at, never_answered)
  SELECT u.id, coalesce(l.submitted_at + worklist_bf_adl_interval(), u.created_at), l.user_id IS NULL
  FROM users u LEFT JOIN assessment_latest l ON l.user_id = u.id AND l.instrument = 'barthel'
  WHERE u.id = uid AND u.roles @> array['user'] AND u.status <> 'deactivated';
END
$$;--> statement-breakpoint
CREATE FUNCTION "worklist_user_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM worklist_refresh_bf_adl(NEW.id);
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE FUNCTION "worklist_assessment_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.instrument = 'barthel' THEN
    PERFORM worklist_refresh_bf_adl(NEW.user_id);
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "users_worklist" AFTER INSERT OR UPDATE OF "roles", "status", "created_at" ON "users"
  FOR EACH ROW EXECUTE FUNCTION worklist_user_changed();--> statement-breakpoint
CREATE TRIGGER "assessment_latest_worklist" AFTER INSERT OR UPDATE OF "submitted_at" ON "assessment_latest"
  FOR EACH ROW EXECUTE FUNCTION worklist_assessment_changed();--> statement-breakpoint
INSERT INTO "bf_adl_schedule" ("user_id", "due_at", "never_answered")
SELECT u."id", coalesce(l."submitted_at" + worklist_bf_adl_interval(), u."created_at"), l."user_id" IS NULL
FROM "users" u LEFT JOIN "assessment_latest" l ON l."user_id" = u."id" AND l."instrument" = 'barthel'
WHERE u."roles" @> array['user'] AND u."status" <> 'deactivated';
