-- +goose Up
-- A map's content and web settings (editor's note, glossary, references,
-- header, table of contents, social sharing, cookie consent, quizzes): one
-- row per section, its whole value as JSON, replaced whole by its PUT.
CREATE TABLE map_sections (
    map_id  INTEGER NOT NULL REFERENCES maps(id) ON DELETE CASCADE,
    name    TEXT NOT NULL,
    data    TEXT NOT NULL,
    PRIMARY KEY (map_id, name)
);

-- Each version's sections, as map_version_contents keeps its nodes' content.
CREATE TABLE map_version_sections (
    version_id  INTEGER NOT NULL REFERENCES map_versions(id) ON DELETE CASCADE,
    name        TEXT NOT NULL,
    data        TEXT NOT NULL,
    PRIMARY KEY (version_id, name)
);

-- Readers' answers to the published quizzes, counted per answer and
-- nothing else: no reader, no time.
CREATE TABLE quiz_answer_counts (
    map_id       INTEGER NOT NULL REFERENCES maps(id) ON DELETE CASCADE,
    quiz_id      INTEGER NOT NULL,
    question_id  INTEGER NOT NULL,
    answer_id    INTEGER NOT NULL,
    count        INTEGER NOT NULL,
    PRIMARY KEY (map_id, quiz_id, question_id, answer_id)
);

-- +goose Down
DROP TABLE quiz_answer_counts;
DROP TABLE map_version_sections;
DROP TABLE map_sections;
