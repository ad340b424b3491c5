-- +goose Up
-- The public page's SEO title and description are the live version's, as
-- everything else readers see: each version keeps the publication's texts as
-- they were when it was made. The live versions take the texts they show today.
ALTER TABLE map_versions ADD COLUMN seo_title TEXT NOT NULL DEFAULT '';
ALTER TABLE map_versions ADD COLUMN seo_description TEXT NOT NULL DEFAULT '';
UPDATE map_versions SET
    seo_title = (SELECT p.seo_title FROM map_publications p WHERE p.live_version_id = map_versions.id),
    seo_description = (SELECT p.seo_description FROM map_publications p WHERE p.live_version_id = map_versions.id)
WHERE id IN (SELECT live_version_id FROM map_publications WHERE live_version_id IS NOT NULL);

-- +goose Down
ALTER TABLE map_versions DROP COLUMN seo_description;
ALTER TABLE map_versions DROP COLUMN seo_title;
