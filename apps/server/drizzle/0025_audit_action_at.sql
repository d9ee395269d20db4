-- portal:expand-only
-- Issue 38, decision 0043: the audit viewer's action filter reads each named action newest first
-- from this index and merges them by time, instead of walking the whole log's time index past
-- every other action. Built in one statement: audit writes wait for it (about 15 s on five million
-- rows); the old release reads and writes as before.
CREATE INDEX "audit_action_at_idx" ON "audit_log" USING btree ("action","at","id");