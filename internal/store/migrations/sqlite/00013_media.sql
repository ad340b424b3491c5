-- +goose Up
-- A client's media library. The file of an asset is stored under its key
-- (internal/mediastore) before the row is written, so that a row always
-- has its file; files without a row are swept (media.Service.Sweep).
-- search holds the lowercased name, title, keywords and search terms, and
-- containers the containers between commas, for the library's filters.
CREATE TABLE media_assets (
    id           INTEGER PRIMARY KEY AUTOINCREMENT,
    client_id    INTEGER NOT NULL REFERENCES clients(id) ON DELETE CASCADE,
    key          TEXT NOT NULL UNIQUE,
    type         TEXT NOT NULL CHECK (type IN ('image', 'vector', 'video', 'audio', 'other')),
    content_type TEXT NOT NULL,
    name         TEXT NOT NULL,
    size         INTEGER NOT NULL,
    width        INTEGER,
    height       INTEGER,
    duration     REAL,
    version      INTEGER NOT NULL DEFAULT 1,
    widths       TEXT NOT NULL DEFAULT '',
    metadata     TEXT NOT NULL,
    search       TEXT NOT NULL,
    containers   TEXT NOT NULL,
    created_by   INTEGER REFERENCES users(id) ON DELETE SET NULL,
    created_at   TIMESTAMP NOT NULL,
    updated_at   TIMESTAMP NOT NULL
);
CREATE INDEX media_assets_client ON media_assets (client_id, id);

CREATE TABLE media_templates (
    id         INTEGER PRIMARY KEY AUTOINCREMENT,
    client_id  INTEGER NOT NULL REFERENCES clients(id) ON DELETE CASCADE,
    name       TEXT NOT NULL,
    metadata   TEXT NOT NULL
);
CREATE INDEX media_templates_client ON media_templates (client_id);

-- The media storage quota counts bytes: the kind is new.
CREATE TABLE client_quotas_new (
    client_id  INTEGER NOT NULL REFERENCES clients(id) ON DELETE CASCADE,
    kind       TEXT NOT NULL CHECK (kind IN ('active_readers', 'editing_user', 'live_map', 'map', 'template', 'user', 'media_storage')),
    max_count  INTEGER NOT NULL CHECK (max_count >= 0),
    PRIMARY KEY (client_id, kind)
);
INSERT INTO client_quotas_new SELECT client_id, kind, max_count FROM client_quotas;
DROP TABLE client_quotas;
ALTER TABLE client_quotas_new RENAME TO client_quotas;

-- +goose Down
DELETE FROM client_quotas WHERE kind = 'media_storage';
DROP TABLE media_templates;
DROP TABLE media_assets;
