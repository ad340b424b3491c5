-- +goose Up
-- stored_size is what an asset takes in the media storage: its file and
-- the scaled copies of an image; the media_storage quota counts it. An
-- asset stored before knew only its file's size: its copies count once
-- it is replaced.
ALTER TABLE media_assets ADD COLUMN stored_size BIGINT NOT NULL DEFAULT 0;
UPDATE media_assets SET stored_size = size;

-- Every client has a media storage quota unless a superuser lifts it:
-- 5 GB, the unit extra storage is sold in (spec §9;
-- domain.DefaultMediaStorageQuota, which new clients get).
INSERT INTO client_quotas (client_id, kind, max_count)
SELECT id, 'media_storage', 5368709120 FROM clients
WHERE NOT EXISTS (SELECT 1 FROM client_quotas q WHERE q.client_id = clients.id AND q.kind = 'media_storage');

-- +goose Down
DELETE FROM client_quotas WHERE kind = 'media_storage' AND max_count = 5368709120;
ALTER TABLE media_assets DROP COLUMN stored_size;
