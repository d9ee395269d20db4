-- portal:expand-only
-- The audit viewer's action filter (`action LIKE 'chart.read%'`) and its count, alone or within a
-- time range: without it a clinic group's log (50 rows per patient a year) is read whole. The
-- pattern operator class lets the prefix use the index whatever the collation (as in 0005).
-- Built on existing rows as part of the upgrade; writes to the log wait while it builds.
CREATE INDEX audit_action_at_idx ON audit_log (action text_pattern_ops, at);
