-- Issue 18 worklist: which intake queue each patient is in, kept by triggers on every hand-in
-- and review, so the worklist counts and pages it by index instead of working out every
-- patient's newest hand-in and review on each request (55 ms per count at 10,000 patients).
CREATE TABLE "intake_queue" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"queue" text NOT NULL,
	"at" timestamp with time zone NOT NULL,
	CONSTRAINT "intake_queue_queue_check" CHECK ("intake_queue"."queue" in ('intake_new', 'intake_resubmitted'))
);
--> statement-breakpoint
ALTER TABLE "intake_queue" ADD CONSTRAINT "intake_queue_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "intake_queue_queue_idx" ON "intake_queue" USING btree ("queue","at");--> statement-breakpoint
-- A patient's intake queue from their newest hand-in and newest review: none when the newest
-- review is of the newest hand-in; 'intake_resubmitted' when the newest review asked for
-- changes; else 'intake_new'. Hand-ins and reviews are only ever added, so inserts suffice.
CREATE FUNCTION "worklist_refresh_intake"("uid" uuid) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  newest record;
  last_review record;
  reviewed boolean;
BEGIN
  DELETE FROM intake_queue WHERE user_id = uid;
  SELECT id, submitted_at INTO newest FROM intake_submissions
    WHERE user_id = uid ORDER BY submitted_at DESC, id DESC LIMIT 1;
  IF NOT FOUND THEN
    RETURN;
  END IF;
  SELECT submission_id, outcome INTO last_review FROM intake_reviews
    WHERE user_id = uid ORDER BY created_at DESC, id DESC LIMIT 1;
  reviewed := FOUND;
  IF reviewed AND last_review.submission_id = newest.id THEN
    RETURN;
  END IF;
  INSERT INTO intake_queue (user_id, queue, at) VALUES (
    uid,
    CASE WHEN reviewed AND last_review.outcome = 'changes_requested' THEN 'intake_resubmitted' ELSE 'intake_new' END,
    newest.submitted_at
  );
END
$$;--> statement-breakpoint
CREATE FUNCTION "worklist_intake_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM worklist_refresh_intake(NEW.user_id);
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "intake_submissions_worklist" AFTER INSERT ON "intake_submissions"
  FOR EACH ROW EXECUTE FUNCTION worklist_intake_changed();--> statement-breakpoint
CREATE TRIGGER "intake_reviews_worklist" AFTER INSERT ON "intake_reviews"
  FOR EACH ROW EXECUTE FUNCTION worklist_intake_changed();--> statement-breakpoint
SELECT worklist_refresh_intake("user_id") FROM (SELECT DISTINCT "user_id" FROM "intake_submissions") AS "handed_in";
