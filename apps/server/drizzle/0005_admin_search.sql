-- Users page (issue 8): case-insensitive prefix search on the e-mail, the full name and the
-- last name. text_pattern_ops lets `lower(x) LIKE 'abc%'` use the index whatever the collation;
-- pg_trgm would also find infixes, but PGlite loads it only as an opt-in extension.
CREATE INDEX users_email_search_idx ON users (lower(email) text_pattern_ops);
--> statement-breakpoint
CREATE INDEX users_name_search_idx ON users (lower(first_name || ' ' || last_name) text_pattern_ops);
--> statement-breakpoint
CREATE INDEX users_last_name_search_idx ON users (lower(last_name) text_pattern_ops);
--> statement-breakpoint
-- The default order of the users page (newest first), so its first page reads only one page.
CREATE INDEX users_created_idx ON users (created_at);
--> statement-breakpoint
-- Last login is the newest session of a user: the users page shows it and sorts by it.
CREATE INDEX sessions_user_created_idx ON sessions (user_id, created_at);
--> statement-breakpoint
-- Audit viewer: rows by actor, newest first (subject and time already have indexes).
CREATE INDEX audit_actor_at_idx ON audit_log (actor_id, at);
