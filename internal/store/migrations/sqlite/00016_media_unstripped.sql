-- +goose Up
-- Images stored before uploads were stripped of their metadata (GPS
-- position, camera, comments) may still carry it, and their scaled copies
-- ignore the EXIF orientation: media.Service.StripOldMetadata stores each
-- again, as its next version, and clears the mark.
ALTER TABLE media_assets ADD COLUMN unstripped BOOLEAN NOT NULL DEFAULT FALSE;
UPDATE media_assets SET unstripped = TRUE WHERE type = 'image';

-- +goose Down
ALTER TABLE media_assets DROP COLUMN unstripped;
