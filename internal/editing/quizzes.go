package editing

import (
	"context"
	"encoding/json"
	"fmt"
	"slices"

	"github.com/strata-maps/strata/internal/domain"
	"github.com/strata-maps/strata/internal/store"
)

// A map's quizzes are kept together as one section. Quizzes, questions
// and answers get ids from the map's own counter, which never goes back
// (a restored version does not lower it), so that an id the readers'
// answer counts name is never given to another.

// QuizSet is the quizzes section as stored.
type QuizSet struct {
	NextID  int64         `json:"next_id"`
	Quizzes []domain.Quiz `json:"quizzes"`
}

// ReadQuizSet decodes a stored quizzes section (nil: none yet).
func ReadQuizSet(data []byte) (QuizSet, error) {
	set := QuizSet{NextID: 1}
	if data != nil {
		if err := json.Unmarshal(data, &set); err != nil {
			return QuizSet{}, fmt.Errorf("stored quizzes: %w", err)
		}
	}
	if set.Quizzes == nil {
		set.Quizzes = []domain.Quiz{}
	}
	return set, nil
}

func quizSet(ctx context.Context, st *store.Store, mapID int64) (QuizSet, error) {
	data, err := st.Section(ctx, mapID, domain.SectionQuizzes)
	if err != nil {
		return QuizSet{}, err
	}
	set, err := ReadQuizSet(data)
	if err != nil {
		return QuizSet{}, fmt.Errorf("map %d: %w", mapID, err)
	}
	return set, nil
}

// Quizzes answers the map's quizzes.
func (s *Service) Quizzes(ctx context.Context, mapID int64) ([]domain.Quiz, error) {
	set, err := quizSet(ctx, s.store, mapID)
	return set.Quizzes, err
}

var errQuizNotFound = domain.Errorf(domain.CodeNotFound, "quiz not found")

// Quiz answers one quiz of the map.
func (s *Service) Quiz(ctx context.Context, mapID, quizID int64) (domain.Quiz, error) {
	set, err := quizSet(ctx, s.store, mapID)
	if err != nil {
		return domain.Quiz{}, err
	}
	i := slices.IndexFunc(set.Quizzes, func(q domain.Quiz) bool { return q.ID == quizID })
	if i < 0 {
		return domain.Quiz{}, errQuizNotFound
	}
	return set.Quizzes[i], nil
}

// SaveQuiz creates a quiz (quizID 0) or replaces one. Questions and answers
// sent with the id they have keep it (and their counts); those without
// get new ones.
func (s *Service) SaveQuiz(ctx context.Context, mapID, userID, quizID int64, q domain.Quiz) (domain.Quiz, Result, error) {
	res, err := s.run(ctx, mapID, userID, func(e *edit) error {
		if err := e.full(); err != nil {
			return err
		}
		set, err := quizSet(e.ctx, e.tx, mapID)
		if err != nil {
			return err
		}
		var val domain.Validation
		s.rules(e.m).CheckQuiz(&q, &val)
		if err := val.Err(); err != nil {
			return err
		}
		i := len(set.Quizzes)
		var old domain.Quiz
		if quizID != 0 {
			if i = slices.IndexFunc(set.Quizzes, func(q domain.Quiz) bool { return q.ID == quizID }); i < 0 {
				return errQuizNotFound
			}
			old = set.Quizzes[i]
		} else {
			if len(set.Quizzes) >= domain.MaxQuizzes {
				return &domain.Error{Code: domain.CodeInvalid, Message: "the map has as many quizzes as it may",
					Problems: domain.Problems{"quizzes": domain.TooMany(domain.MaxQuizzes)}}
			}
			set.Quizzes = append(set.Quizzes, domain.Quiz{})
			quizID = set.take()
		}
		if err := set.giveIDs(&q, old); err != nil {
			return err
		}
		q.ID = quizID
		set.Quizzes[i] = q
		if err := e.storeSection(domain.SectionQuizzes, set); err != nil {
			return err
		}
		return e.record(TypeQuiz, Delta{Quizzes: []domain.Quiz{q}})
	})
	return q, res, err
}

// DeleteQuiz removes a quiz.
func (s *Service) DeleteQuiz(ctx context.Context, mapID, userID, quizID int64) (Result, error) {
	return s.run(ctx, mapID, userID, func(e *edit) error {
		set, err := quizSet(e.ctx, e.tx, mapID)
		if err != nil {
			return err
		}
		i := slices.IndexFunc(set.Quizzes, func(q domain.Quiz) bool { return q.ID == quizID })
		if i < 0 {
			return errQuizNotFound
		}
		set.Quizzes = slices.Delete(set.Quizzes, i, i+1)
		if err := e.storeSection(domain.SectionQuizzes, set); err != nil {
			return err
		}
		return e.record(TypeQuizRemoved, Delta{RemovedQuizIDs: []int64{quizID}})
	})
}

func (set *QuizSet) take() int64 {
	id := set.NextID
	set.NextID++
	return id
}

// giveIDs keeps the ids of the questions and answers the quiz had (old)
// and gives new ones to the rest; an id the quiz never had is refused.
func (set *QuizSet) giveIDs(q *domain.Quiz, old domain.Quiz) error {
	var v domain.Validation
	had := map[int64]bool{}
	for _, qq := range old.Questions {
		had[qq.ID] = true
		for _, a := range qq.Answers {
			had[a.ID] = true
		}
	}
	used := map[int64]bool{}
	give := func(id *int64, field string) {
		switch {
		case *id == 0:
			*id = set.take()
		case !had[*id]:
			v.Add(field, domain.NotFound(*id).Saying("is not an id of this quiz; leave it out for a new one"))
		case used[*id]:
			v.Add(field, domain.Duplicate(*id))
		}
		used[*id] = true
	}
	for i := range q.Questions {
		qq := &q.Questions[i]
		give(&qq.ID, fmt.Sprintf("questions[%d].id", i))
		for j := range qq.Answers {
			give(&qq.Answers[j].ID, fmt.Sprintf("questions[%d].answers[%d].id", i, j))
		}
	}
	return v.Err()
}
