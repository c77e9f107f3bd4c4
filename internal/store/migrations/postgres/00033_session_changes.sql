-- Every lockerd on PostgreSQL keeps the sessions its API calls read
-- (accountsql's session cache). A session ended anywhere must end everywhere at
-- once, so a change that can end one or change what it allows is sent on the
-- channel lockers_sessions from the writing transaction, delivered when it
-- commits: 's:' and the session's id when a session is revoked, shortened,
-- moved to another token or user, or deleted; 'u:' and the user's id when a
-- user's roles change. Extending a session (the app's start) sends nothing:
-- a kept copy only expires sooner than the row.

-- +goose Up
-- +goose StatementBegin
CREATE FUNCTION sessions_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    PERFORM pg_notify('lockers_sessions', 's:' || OLD.id);
    RETURN NULL;
END;
$$;
-- +goose StatementEnd

-- +goose StatementBegin
CREATE FUNCTION user_roles_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF TG_OP <> 'INSERT' THEN
        PERFORM pg_notify('lockers_sessions', 'u:' || OLD.user_id);
    END IF;
    IF TG_OP <> 'DELETE' THEN
        PERFORM pg_notify('lockers_sessions', 'u:' || NEW.user_id);
    END IF;
    RETURN NULL;
END;
$$;
-- +goose StatementEnd

CREATE TRIGGER sessions_deleted AFTER DELETE ON sessions
    FOR EACH ROW EXECUTE FUNCTION sessions_changed();
CREATE TRIGGER sessions_updated AFTER UPDATE ON sessions
    FOR EACH ROW WHEN (OLD.revoked_at IS DISTINCT FROM NEW.revoked_at OR NEW.expires_at < OLD.expires_at
        OR NEW.user_id <> OLD.user_id OR NEW.token_hash <> OLD.token_hash)
    EXECUTE FUNCTION sessions_changed();
CREATE TRIGGER user_roles_changed AFTER INSERT OR UPDATE OR DELETE ON user_roles
    FOR EACH ROW EXECUTE FUNCTION user_roles_changed();

-- +goose Down
DROP TRIGGER user_roles_changed ON user_roles;
DROP TRIGGER sessions_updated ON sessions;
DROP TRIGGER sessions_deleted ON sessions;
DROP FUNCTION user_roles_changed();
DROP FUNCTION sessions_changed();
