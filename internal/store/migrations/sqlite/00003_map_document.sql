-- +goose Up
ALTER TABLE maps ADD COLUMN design TEXT NOT NULL DEFAULT '{}';
ALTER TABLE maps ADD COLUMN behavior TEXT NOT NULL DEFAULT '{"mark_visited_nodes":false}';
ALTER TABLE maps ADD COLUMN languages TEXT NOT NULL DEFAULT '["en","de","fr"]';
ALTER TABLE maps ADD COLUMN global_design TEXT NOT NULL DEFAULT '{}';
ALTER TABLE maps ADD COLUMN layers TEXT NOT NULL DEFAULT '[]';
ALTER TABLE maps ADD COLUMN updated_by INTEGER REFERENCES users(id) ON DELETE SET NULL;

CREATE TABLE nodes (
    id          INTEGER PRIMARY KEY AUTOINCREMENT,
    map_id      INTEGER NOT NULL REFERENCES maps(id) ON DELETE CASCADE,
    template    TEXT NOT NULL DEFAULT '0',
    shape       TEXT NOT NULL,
    x           DOUBLE PRECISION NOT NULL,
    y           DOUBLE PRECISION NOT NULL,
    min_level   INTEGER NOT NULL,
    max_level   INTEGER NOT NULL,
    hidden      BOOLEAN NOT NULL DEFAULT FALSE,
    locked      BOOLEAN NOT NULL DEFAULT FALSE,
    next_id     INTEGER,
    previous_id INTEGER,
    popup_type  TEXT NOT NULL DEFAULT 'popup-small',
    sort_order  BIGINT NOT NULL DEFAULT 0,
    design      TEXT NOT NULL,
    content     TEXT NOT NULL,
    -- What the map's document carries of the content (domain.ContentSummary).
    content_summary TEXT NOT NULL,
    created_at  TIMESTAMP NOT NULL,
    updated_at  TIMESTAMP NOT NULL
);
CREATE INDEX nodes_map ON nodes (map_id);

CREATE TABLE edges (
    id          INTEGER PRIMARY KEY AUTOINCREMENT,
    map_id      INTEGER NOT NULL REFERENCES maps(id) ON DELETE CASCADE,
    from_id     INTEGER NOT NULL REFERENCES nodes(id) ON DELETE CASCADE,
    to_id       INTEGER NOT NULL REFERENCES nodes(id) ON DELETE CASCADE,
    name        TEXT NOT NULL DEFAULT '',
    type        TEXT NOT NULL DEFAULT '',
    template    TEXT NOT NULL DEFAULT '0',
    min_level   INTEGER NOT NULL,
    max_level   INTEGER NOT NULL,
    hidden      BOOLEAN NOT NULL DEFAULT FALSE,
    locked      BOOLEAN NOT NULL DEFAULT FALSE,
    design      TEXT NOT NULL,
    content     TEXT NOT NULL,
    created_at  TIMESTAMP NOT NULL,
    updated_at  TIMESTAMP NOT NULL
);
CREATE INDEX edges_map ON edges (map_id);
CREATE INDEX edges_from ON edges (from_id);
CREATE INDEX edges_to ON edges (to_id);

CREATE TABLE object_templates (
    id          INTEGER PRIMARY KEY AUTOINCREMENT,
    map_id      INTEGER NOT NULL REFERENCES maps(id) ON DELETE CASCADE,
    name        TEXT NOT NULL,
    type        TEXT NOT NULL CHECK (type IN ('node', 'edge')),
    design      TEXT NOT NULL,
    created_at  TIMESTAMP NOT NULL,
    updated_at  TIMESTAMP NOT NULL
);
CREATE INDEX object_templates_map ON object_templates (map_id);

CREATE TABLE map_permissions (
    map_id   INTEGER NOT NULL REFERENCES maps(id) ON DELETE CASCADE,
    user_id  INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    access   TEXT NOT NULL CHECK (access IN ('none', 'read', 'edit')),
    PRIMARY KEY (map_id, user_id)
);

-- +goose Down
DROP TABLE map_permissions;
DROP TABLE object_templates;
DROP TABLE edges;
DROP TABLE nodes;
ALTER TABLE maps DROP COLUMN updated_by;
ALTER TABLE maps DROP COLUMN layers;
ALTER TABLE maps DROP COLUMN global_design;
ALTER TABLE maps DROP COLUMN languages;
ALTER TABLE maps DROP COLUMN behavior;
ALTER TABLE maps DROP COLUMN design;
