-- +goose Up
-- The working copy's revision when it last equalled the live version (publishing it,
-- or resetting the working copy to it): the live status is "changed" past it.
ALTER TABLE map_publications ADD COLUMN synced_revision BIGINT NOT NULL DEFAULT 0;
UPDATE map_publications SET synced_revision = (SELECT v.revision FROM map_versions v WHERE v.id = live_version_id)
 WHERE live_version_id IS NOT NULL;

-- +goose Down
ALTER TABLE map_publications DROP COLUMN synced_revision;
