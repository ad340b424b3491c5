-- +goose Up
-- What a change deleted, kept so that the deletion can be undone: each
-- removed node (with its whole content, the edges deleted with it and the
-- navigation that pointed at it) or edge, under its own id. Restoring takes
-- its row; deleting the element again replaces it.
CREATE TABLE removed_elements (
    map_id      BIGINT NOT NULL REFERENCES maps(id) ON DELETE CASCADE,
    kind        TEXT NOT NULL,
    element_id  BIGINT NOT NULL,
    revision    BIGINT NOT NULL,
    data        TEXT NOT NULL,
    removed_at  TIMESTAMPTZ NOT NULL,
    PRIMARY KEY (map_id, kind, element_id)
);
CREATE INDEX removed_elements_age ON removed_elements (removed_at);

-- +goose Down
DROP TABLE removed_elements;
