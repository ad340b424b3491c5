-- +goose Up
-- Readers who registered at one of a client's partial maps. They are not members:
-- they read the client's published partial maps and nothing else of it, and each
-- takes an active-reader seat. (Readers registered before were made guests; they
-- stay guests, for an admin to keep or remove.)
CREATE TABLE client_readers (
    client_id  INTEGER NOT NULL REFERENCES clients(id) ON DELETE CASCADE,
    user_id    INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    created_at TIMESTAMP NOT NULL,
    PRIMARY KEY (client_id, user_id)
);
CREATE INDEX client_readers_user ON client_readers (user_id);

-- +goose Down
DROP TABLE client_readers;
