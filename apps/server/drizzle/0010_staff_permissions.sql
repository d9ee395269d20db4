-- Issue 18: what an administrator may do comes from `auths` (spec §3). Every administrator of
-- an earlier release could do everything, so each keeps every permission: the upgrade changes
-- nobody's access. New administrators get what their preset or the access dialog gives them.
UPDATE "users"
SET "auths" = ARRAY(
  SELECT DISTINCT unnest("auths" || ARRAY['admin', 'read_chart', 'review_intake', 'manage_documents',
    'answer_messages', 'manage_users', 'manage_settings', 'read_audit'])
  ORDER BY 1
)
WHERE 'admin' = ANY("roles");
