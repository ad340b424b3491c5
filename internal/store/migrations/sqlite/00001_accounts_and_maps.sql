-- +goose Up
CREATE TABLE clients (
    id          INTEGER PRIMARY KEY AUTOINCREMENT,
    name        TEXT NOT NULL UNIQUE,
    title       TEXT NOT NULL,
    active      BOOLEAN NOT NULL DEFAULT TRUE,
    created_at  TIMESTAMP NOT NULL,
    updated_at  TIMESTAMP NOT NULL
);

CREATE TABLE users (
    id            INTEGER PRIMARY KEY AUTOINCREMENT,
    email         TEXT NOT NULL UNIQUE,
    name          TEXT NOT NULL DEFAULT '',
    password_hash TEXT,
    is_superuser  BOOLEAN NOT NULL DEFAULT FALSE,
    language      TEXT,
    avatar_url    TEXT,
    preferences   TEXT NOT NULL DEFAULT '{"removalConfirmation":true}',
    created_at    TIMESTAMP NOT NULL,
    updated_at    TIMESTAMP NOT NULL
);

CREATE TABLE memberships (
    user_id    INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    client_id  INTEGER NOT NULL REFERENCES clients(id) ON DELETE CASCADE,
    role       TEXT NOT NULL CHECK (role IN ('guest', 'student', 'editor', 'admin')),
    created_at TIMESTAMP NOT NULL,
    PRIMARY KEY (user_id, client_id, role)
);
CREATE INDEX memberships_client ON memberships (client_id);

CREATE TABLE sessions (
    token_hash   TEXT PRIMARY KEY,
    user_id      INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    persistent   BOOLEAN NOT NULL,
    created_at   TIMESTAMP NOT NULL,
    expires_at   TIMESTAMP NOT NULL
);
CREATE INDEX sessions_user ON sessions (user_id);

CREATE TABLE maps (
    id                INTEGER PRIMARY KEY AUTOINCREMENT,
    client_id         INTEGER NOT NULL REFERENCES clients(id) ON DELETE CASCADE,
    name              TEXT NOT NULL,
    description       TEXT NOT NULL DEFAULT '',
    width             INTEGER NOT NULL,
    height            INTEGER NOT NULL,
    visibility_levels INTEGER NOT NULL CHECK (visibility_levels BETWEEN 1 AND 12),
    revision          BIGINT NOT NULL DEFAULT 0,
    created_at        TIMESTAMP NOT NULL,
    updated_at        TIMESTAMP NOT NULL
);
CREATE INDEX maps_client ON maps (client_id);

CREATE TABLE map_changes (
    map_id     INTEGER NOT NULL REFERENCES maps(id) ON DELETE CASCADE,
    revision   BIGINT NOT NULL,
    user_id    INTEGER REFERENCES users(id) ON DELETE SET NULL,
    type       TEXT NOT NULL,
    data       TEXT NOT NULL,
    created_at TIMESTAMP NOT NULL,
    PRIMARY KEY (map_id, revision)
);

-- +goose Down
DROP TABLE map_changes;
DROP TABLE maps;
DROP TABLE sessions;
DROP TABLE memberships;
DROP TABLE users;
DROP TABLE clients;
