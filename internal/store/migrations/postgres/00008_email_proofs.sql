-- +goose Up
-- Proofs of an e-mail address (issue 15): an address counts as a user's only
-- once the link mailed to it is followed. A reader's sign-up waits here (no
-- account, no seat, no session) and so does a change of address (the account
-- keeps its old address). Only the token's SHA-256 is stored.
CREATE TABLE email_proofs (
    token_hash    TEXT PRIMARY KEY,
    kind          TEXT NOT NULL CHECK (kind IN ('reader_signup', 'email_change')),
    email         TEXT NOT NULL,
    user_id       BIGINT REFERENCES users(id) ON DELETE CASCADE,
    client_id     BIGINT REFERENCES clients(id) ON DELETE CASCADE,
    name          TEXT NOT NULL DEFAULT '',
    password_hash TEXT,
    language      TEXT,
    map_url       TEXT NOT NULL DEFAULT '',
    created_at    TIMESTAMPTZ NOT NULL,
    expires_at    TIMESTAMPTZ NOT NULL,
    used_at       TIMESTAMPTZ
);
CREATE INDEX email_proofs_email ON email_proofs (email);
CREATE INDEX email_proofs_user ON email_proofs (user_id);

-- +goose Down
DROP TABLE email_proofs;
