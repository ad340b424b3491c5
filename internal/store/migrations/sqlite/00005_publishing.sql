-- +goose Up
-- Stored snapshots of a map's document: published ones and ones kept.
CREATE TABLE map_versions (
    id          INTEGER PRIMARY KEY AUTOINCREMENT,
    map_id      INTEGER NOT NULL REFERENCES maps(id) ON DELETE CASCADE,
    revision    BIGINT NOT NULL,
    kind        TEXT NOT NULL CHECK (kind IN ('published', 'saved')),
    name        TEXT NOT NULL DEFAULT '',
    description TEXT NOT NULL DEFAULT '',
    created_by  INTEGER REFERENCES users(id) ON DELETE SET NULL,
    created_at  TIMESTAMP NOT NULL,
    -- The map's document as GET /maps/{id} answered it then (JSON).
    document    BLOB NOT NULL
);
CREATE INDEX map_versions_map ON map_versions (map_id, id);

-- Each published or kept version's nodes' whole content (the document has their summaries),
-- for the public map's popups.
CREATE TABLE map_version_contents (
    version_id  INTEGER NOT NULL REFERENCES map_versions(id) ON DELETE CASCADE,
    node_id     INTEGER NOT NULL,
    content     TEXT NOT NULL,
    PRIMARY KEY (version_id, node_id)
);

-- How a map is published; a map without a row has the defaults (members only, nothing live).
CREATE TABLE map_publications (
    map_id          INTEGER PRIMARY KEY REFERENCES maps(id) ON DELETE CASCADE,
    url             TEXT UNIQUE,
    access_mode     TEXT NOT NULL DEFAULT 'limited' CHECK (access_mode IN ('limited', 'partial', 'accessible')),
    embed_only      BOOLEAN NOT NULL DEFAULT FALSE,
    embed_domains   TEXT NOT NULL DEFAULT '[]',
    seo_title       TEXT NOT NULL DEFAULT '',
    seo_description TEXT NOT NULL DEFAULT '',
    live_version_id INTEGER REFERENCES map_versions(id) ON DELETE SET NULL
);

-- +goose Down
DROP TABLE map_publications;
DROP TABLE map_version_contents;
DROP TABLE map_versions;
