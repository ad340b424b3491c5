-- +goose Up
-- API keys of a client, for scripts: only the SHA-256 of the key is kept.
-- Each key acts as a user of its own (user_id, no password, no
-- membership), so that the change log names the key that made a change.
-- A revoked key stays, for the log's sake, but no longer authenticates.
-- The single key of the client settings is replaced by these.
CREATE TABLE api_keys (
    id           INTEGER PRIMARY KEY AUTOINCREMENT,
    client_id    INTEGER NOT NULL REFERENCES clients(id) ON DELETE CASCADE,
    user_id      INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    name         TEXT NOT NULL,
    scope        TEXT NOT NULL CHECK (scope IN ('read', 'edit')),
    key_hash     TEXT NOT NULL UNIQUE,
    created_by   INTEGER REFERENCES users(id) ON DELETE SET NULL,
    created_at   TIMESTAMP NOT NULL,
    last_used_at TIMESTAMP,
    revoked      BOOLEAN NOT NULL DEFAULT FALSE
);
CREATE INDEX api_keys_client ON api_keys (client_id);
ALTER TABLE clients DROP COLUMN api_key;

-- +goose Down
ALTER TABLE clients ADD COLUMN api_key TEXT NOT NULL DEFAULT '';
DROP TABLE api_keys;
