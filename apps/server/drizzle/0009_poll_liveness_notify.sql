-- Decision 0008: every node caches what the event poll's auth statement found and forgets it on
-- these notifications. Triggers, not application code, so every writer (admin routes, the CLI,
-- rotate-keys, another node, psql) is heard. PostgreSQL delivers a notification at commit.
-- Payloads: 'session:<id>', 'user:<id>', 'handshake:<uid>', 'event:<user id>', 'all'.
CREATE FUNCTION portal_auth_notify_session() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('portal_auth', 'session:' || OLD.id);
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER sessions_portal_auth_update
  AFTER UPDATE ON sessions FOR EACH ROW
  WHEN (
    OLD.revoked_at IS DISTINCT FROM NEW.revoked_at
    OR OLD.expires_at IS DISTINCT FROM NEW.expires_at
    OR OLD.created_at IS DISTINCT FROM NEW.created_at
    OR OLD.uid IS DISTINCT FROM NEW.uid
    OR OLD.user_id IS DISTINCT FROM NEW.user_id
    OR OLD.id IS DISTINCT FROM NEW.id
  )
  EXECUTE FUNCTION portal_auth_notify_session();
--> statement-breakpoint
CREATE TRIGGER sessions_portal_auth_delete
  AFTER DELETE ON sessions FOR EACH ROW EXECUTE FUNCTION portal_auth_notify_session();
--> statement-breakpoint
CREATE FUNCTION portal_auth_notify_user() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('portal_auth', 'user:' || OLD.id);
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER users_portal_auth_update
  AFTER UPDATE ON users FOR EACH ROW
  WHEN (
    OLD.roles IS DISTINCT FROM NEW.roles
    OR OLD.status IS DISTINCT FROM NEW.status
    OR OLD.id IS DISTINCT FROM NEW.id
  )
  EXECUTE FUNCTION portal_auth_notify_user();
--> statement-breakpoint
CREATE TRIGGER users_portal_auth_delete
  AFTER DELETE ON users FOR EACH ROW EXECUTE FUNCTION portal_auth_notify_user();
--> statement-breakpoint
CREATE FUNCTION portal_auth_notify_handshake() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('portal_auth', 'handshake:' || OLD.uid);
  RETURN NULL;
END;
$$;
--> statement-breakpoint
-- shared_secret_enc changes when rotate-keys re-encrypts it under a new master key.
CREATE TRIGGER handshakes_portal_auth_update
  AFTER UPDATE ON handshakes FOR EACH ROW
  WHEN (
    OLD.revoked_at IS DISTINCT FROM NEW.revoked_at
    OR OLD.shared_secret_enc IS DISTINCT FROM NEW.shared_secret_enc
    OR OLD.uid IS DISTINCT FROM NEW.uid
  )
  EXECUTE FUNCTION portal_auth_notify_handshake();
--> statement-breakpoint
CREATE TRIGGER handshakes_portal_auth_delete
  AFTER DELETE ON handshakes FOR EACH ROW EXECUTE FUNCTION portal_auth_notify_handshake();
--> statement-breakpoint
-- The idle and session timeouts live in settings: any change there forgets every cached session.
CREATE FUNCTION portal_auth_notify_all() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('portal_auth', 'all');
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER settings_portal_auth_change
  AFTER INSERT OR UPDATE OR DELETE ON settings FOR EACH STATEMENT EXECUTE FUNCTION portal_auth_notify_all();
--> statement-breakpoint
CREATE TRIGGER settings_portal_auth_truncate
  AFTER TRUNCATE ON settings FOR EACH STATEMENT EXECUTE FUNCTION portal_auth_notify_all();
--> statement-breakpoint
CREATE TRIGGER sessions_portal_auth_truncate
  AFTER TRUNCATE ON sessions FOR EACH STATEMENT EXECUTE FUNCTION portal_auth_notify_all();
--> statement-breakpoint
CREATE TRIGGER users_portal_auth_truncate
  AFTER TRUNCATE ON users FOR EACH STATEMENT EXECUTE FUNCTION portal_auth_notify_all();
--> statement-breakpoint
CREATE TRIGGER handshakes_portal_auth_truncate
  AFTER TRUNCATE ON handshakes FOR EACH STATEMENT EXECUTE FUNCTION portal_auth_notify_all();
--> statement-breakpoint
-- A queued event ends a node's "nothing pending" for that user.
CREATE FUNCTION portal_auth_notify_event() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('portal_auth', 'event:' || NEW.user_id);
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER events_portal_auth_insert
  AFTER INSERT ON events FOR EACH ROW EXECUTE FUNCTION portal_auth_notify_event();
