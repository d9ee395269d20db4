-- portal:expand-only
-- Housekeeping (decision 0028): background jobs record when they last
-- started, so a cluster runs each once per interval; the audit log's retention job may delete rows
-- older than the cutoff it names for its own transaction, and nothing else may change a row.
CREATE TABLE "job_runs" (
	"name" text PRIMARY KEY NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
-- A DELETE passes only for a row older than `portal.audit_purge_before`, a setting the purge sets
-- with set_config(..., true), so it lasts one transaction. UPDATE and TRUNCATE stay refused.
CREATE OR REPLACE FUNCTION audit_log_refuse_change() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  purge_before timestamptz;
BEGIN
  IF TG_OP = 'DELETE' AND TG_LEVEL = 'ROW' THEN
    purge_before := nullif(current_setting('portal.audit_purge_before', true), '')::timestamptz;
    IF purge_before IS NOT NULL AND OLD.at < purge_before THEN
      RETURN OLD;
    END IF;
  END IF;
  RAISE EXCEPTION 'audit_log is append-only';
END;
$$;
