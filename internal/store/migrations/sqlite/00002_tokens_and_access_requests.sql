-- +goose Up
-- One-time tokens: password resets (user_id set) and invitations (email,
-- client_id and role set). Only the token's SHA-256 is stored.
CREATE TABLE tokens (
    token_hash  TEXT PRIMARY KEY,
    kind        TEXT NOT NULL CHECK (kind IN ('password_reset', 'invitation')),
    user_id     INTEGER REFERENCES users(id) ON DELETE CASCADE,
    email       TEXT NOT NULL,
    client_id   INTEGER REFERENCES clients(id) ON DELETE CASCADE,
    role        TEXT CHECK (role IN ('guest', 'student', 'editor', 'admin')),
    created_by  INTEGER REFERENCES users(id) ON DELETE SET NULL,
    created_at  TIMESTAMP NOT NULL,
    expires_at  TIMESTAMP NOT NULL,
    used_at     TIMESTAMP
);
CREATE INDEX tokens_email ON tokens (email);

CREATE TABLE access_requests (
    id          INTEGER PRIMARY KEY AUTOINCREMENT,
    client_id   INTEGER NOT NULL REFERENCES clients(id) ON DELETE CASCADE,
    user_id     INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    message     TEXT NOT NULL,
    created_at  TIMESTAMP NOT NULL
);

-- +goose Down
DROP TABLE access_requests;
DROP TABLE tokens;
