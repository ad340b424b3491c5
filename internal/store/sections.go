package store

import (
	"context"
	"fmt"
)

// A map's sections (domain.Sections) are kept whole, as JSON, one row per
// section; a section never written has no row.

// Section answers a section's stored JSON, nil when it was never written.
func (s *Store) Section(ctx context.Context, mapID int64, name string) ([]byte, error) {
	var data []byte
	err := s.q.QueryRowContext(ctx, `SELECT data FROM map_sections WHERE map_id = $1 AND name = $2`, mapID, name).Scan(&data)
	if isNoRows(err) {
		return nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("section %s of map %d: %w", name, mapID, err)
	}
	return data, nil
}

// PutSection stores a section's JSON in place of what was there.
func (s *Store) PutSection(ctx context.Context, mapID int64, name string, data []byte) error {
	_, err := s.q.ExecContext(ctx, `INSERT INTO map_sections (map_id, name, data) VALUES ($1, $2, $3)
		ON CONFLICT (map_id, name) DO UPDATE SET data = excluded.data`, mapID, name, string(data))
	if err != nil {
		return fmt.Errorf("store section %s of map %d: %w", name, mapID, err)
	}
	return nil
}

// Sections answers every stored section of a map, by name.
func (s *Store) Sections(ctx context.Context, mapID int64) (map[string][]byte, error) {
	return s.sectionRows(ctx, `SELECT name, data FROM map_sections WHERE map_id = $1`, mapID)
}

// VersionSections answers the sections a version kept, by name.
func (s *Store) VersionSections(ctx context.Context, versionID int64) (map[string][]byte, error) {
	return s.sectionRows(ctx, `SELECT name, data FROM map_version_sections WHERE version_id = $1`, versionID)
}

func (s *Store) sectionRows(ctx context.Context, query string, id int64) (map[string][]byte, error) {
	rows, err := s.q.QueryContext(ctx, query, id)
	if err != nil {
		return nil, fmt.Errorf("sections of %d: %w", id, err)
	}
	defer rows.Close()
	out := map[string][]byte{}
	for rows.Next() {
		var (
			name string
			data []byte
		)
		if err := rows.Scan(&name, &data); err != nil {
			return nil, fmt.Errorf("sections of %d: %w", id, err)
		}
		out[name] = data
	}
	return out, rows.Err()
}

// ReplaceSections puts the given sections in place of all the map's.
func (s *Store) ReplaceSections(ctx context.Context, mapID int64, sections map[string][]byte) error {
	if _, err := s.q.ExecContext(ctx, `DELETE FROM map_sections WHERE map_id = $1`, mapID); err != nil {
		return fmt.Errorf("clear the sections of map %d: %w", mapID, err)
	}
	for name, data := range sections {
		if err := s.PutSection(ctx, mapID, name, data); err != nil {
			return err
		}
	}
	return nil
}

// CopySections copies every section of a map to another (a clone).
func (s *Store) CopySections(ctx context.Context, from, to int64) error {
	_, err := s.q.ExecContext(ctx, `INSERT INTO map_sections (map_id, name, data) SELECT $1, name, data FROM map_sections WHERE map_id = $2`, to, from)
	if err != nil {
		return fmt.Errorf("copy the sections of map %d to map %d: %w", from, to, err)
	}
	return nil
}

// CopyVersionSections keeps the map's sections with a version.
func (s *Store) CopyVersionSections(ctx context.Context, mapID, versionID int64) error {
	_, err := s.q.ExecContext(ctx,
		`INSERT INTO map_version_sections (version_id, name, data) SELECT $1, name, data FROM map_sections WHERE map_id = $2`, versionID, mapID)
	if err != nil {
		return fmt.Errorf("keep the sections of map %d with version %d: %w", mapID, versionID, err)
	}
	return nil
}

// QuizAnswerCount is how many readers chose one answer of one question.
type QuizAnswerCount struct {
	QuestionID int64 `json:"question_id"`
	AnswerID   int64 `json:"answer_id"`
	Count      int64 `json:"count"`
}

// CountQuizAnswers adds one to each chosen answer's count.
func (s *Store) CountQuizAnswers(ctx context.Context, mapID, quizID int64, chosen []QuizAnswerCount) error {
	for _, c := range chosen {
		_, err := s.q.ExecContext(ctx, `INSERT INTO quiz_answer_counts (map_id, quiz_id, question_id, answer_id, count)
			VALUES ($1, $2, $3, $4, 1)
			ON CONFLICT (map_id, quiz_id, question_id, answer_id) DO UPDATE SET count = quiz_answer_counts.count + 1`,
			mapID, quizID, c.QuestionID, c.AnswerID)
		if err != nil {
			return fmt.Errorf("count an answer to quiz %d of map %d: %w", quizID, mapID, err)
		}
	}
	return nil
}

// QuizAnswerCounts answers the counts of a quiz's answers, by question
// and answer.
func (s *Store) QuizAnswerCounts(ctx context.Context, mapID, quizID int64) ([]QuizAnswerCount, error) {
	rows, err := s.q.QueryContext(ctx, `SELECT question_id, answer_id, count FROM quiz_answer_counts
		WHERE map_id = $1 AND quiz_id = $2 ORDER BY question_id, answer_id`, mapID, quizID)
	if err != nil {
		return nil, fmt.Errorf("answer counts of quiz %d: %w", quizID, err)
	}
	defer rows.Close()
	out := []QuizAnswerCount{}
	for rows.Next() {
		var c QuizAnswerCount
		if err := rows.Scan(&c.QuestionID, &c.AnswerID, &c.Count); err != nil {
			return nil, fmt.Errorf("answer counts of quiz %d: %w", quizID, err)
		}
		out = append(out, c)
	}
	return out, rows.Err()
}
