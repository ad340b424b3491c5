package publishing

import (
	"context"
	"encoding/json"
	"fmt"
	"slices"

	"github.com/strata-maps/strata/internal/domain"
	"github.com/strata-maps/strata/internal/editing"
	"github.com/strata-maps/strata/internal/store"
)

// The reader's document carries the live version's sections under their
// names, as readers get them: the editor's note only when it is shown, the
// table of contents only with entries whose node readers are shown, the
// quizzes without their correct answers (answering one says which were
// right).

// ReaderQuiz is a quiz as readers get it.
type ReaderQuiz struct {
	ID           int64                `json:"id"`
	Name         domain.Text          `json:"name"`
	Description  domain.Text          `json:"description"`
	TitlePicture string               `json:"title_picture,omitempty"`
	Expandable   bool                 `json:"expandable"`
	Questions    []ReaderQuizQuestion `json:"questions" nullable:"false"`
}

// ReaderQuizQuestion is a question as readers get it.
type ReaderQuizQuestion struct {
	ID              int64              `json:"id"`
	Text            domain.Text        `json:"text"`
	MultipleAnswers bool               `json:"multiple_answers"`
	Answers         []ReaderQuizAnswer `json:"answers" nullable:"false"`
}

// ReaderQuizAnswer is an answer offered, without whether it is right.
type ReaderQuizAnswer struct {
	ID   int64       `json:"id"`
	Text domain.Text `json:"text"`
}

// ReaderSections are the sections of the reader's document.
type ReaderSections struct {
	EditorsNote   *domain.EditorsNote   `json:"editors_note"`
	Glossary      *domain.Glossary      `json:"glossary"`
	References    *domain.References    `json:"references"`
	Header        *domain.Header        `json:"header"`
	TOC           *domain.TOC           `json:"toc"`
	SocialSharing *domain.SocialSharing `json:"social_sharing"`
	CookieConsent *domain.CookieConsent `json:"cookie_consent"`
	Quizzes       []ReaderQuiz          `json:"quizzes" nullable:"false"`
}

// readerSections derives a version's sections for its readers; a section
// never written is null.
func readerSections(kept map[string][]byte, shown map[int64]bool) (ReaderSections, error) {
	var out ReaderSections
	decode := func(name string, dst any) (bool, error) {
		data, ok := kept[name]
		if !ok {
			return false, nil
		}
		if err := json.Unmarshal(data, dst); err != nil {
			return false, fmt.Errorf("section %s: %w", name, err)
		}
		return true, nil
	}
	var note domain.EditorsNote
	if ok, err := decode(domain.SectionEditorsNote, &note); err != nil {
		return out, err
	} else if ok && note.Shown {
		out.EditorsNote = &note
	}
	for name, dst := range map[string]any{domain.SectionGlossary: &out.Glossary, domain.SectionReferences: &out.References,
		domain.SectionHeader: &out.Header, domain.SectionSocialSharing: &out.SocialSharing, domain.SectionCookieConsent: &out.CookieConsent} {
		if _, err := decode(name, dst); err != nil {
			return out, err
		}
	}
	var toc domain.TOC
	if ok, err := decode(domain.SectionTOC, &toc); err != nil {
		return out, err
	} else if ok {
		toc.Entries = slices.DeleteFunc(toc.Entries, func(e domain.TOCEntry) bool { return !shown[e.NodeID] })
		out.TOC = &toc
	}
	set, err := editing.ReadQuizSet(kept[domain.SectionQuizzes])
	if err != nil {
		return out, err
	}
	out.Quizzes = make([]ReaderQuiz, 0, len(set.Quizzes))
	for _, q := range set.Quizzes {
		rq := ReaderQuiz{ID: q.ID, Name: q.Name, Description: q.Description, TitlePicture: q.TitlePicture, Expandable: q.Expandable,
			Questions: make([]ReaderQuizQuestion, 0, len(q.Questions))}
		for _, qq := range q.Questions {
			rqq := ReaderQuizQuestion{ID: qq.ID, Text: qq.Text, MultipleAnswers: qq.MultipleAnswers, Answers: make([]ReaderQuizAnswer, 0, len(qq.Answers))}
			for _, a := range qq.Answers {
				rqq.Answers = append(rqq.Answers, ReaderQuizAnswer{ID: a.ID, Text: a.Text})
			}
			rq.Questions = append(rq.Questions, rqq)
		}
		out.Quizzes = append(out.Quizzes, rq)
	}
	return out, nil
}

// appendSections writes the sections' members into a JSON object being
// written (after its other members).
func appendSections(b []byte, rs ReaderSections) ([]byte, error) {
	data, err := json.Marshal(rs)
	if err != nil {
		return nil, fmt.Errorf("sections for readers: %w", err)
	}
	b = append(b, ',')
	return append(b, data[1:len(data)-1]...), nil
}

// QuizAnswers is a reader's answers to a quiz: per question, the ids of
// the answers chosen.
type QuizAnswers struct {
	Answers []QuestionAnswer `json:"answers" required:"true"`
}

// QuestionAnswer is the answers chosen for one question.
type QuestionAnswer struct {
	QuestionID int64   `json:"question_id" required:"true"`
	AnswerIDs  []int64 `json:"answer_ids" required:"true"`
}

// QuizResult says, per question answered, whether the reader was right
// and which answers were.
type QuizResult struct {
	Results []QuestionResult `json:"results" nullable:"false"`
	Right   int              `json:"right"`
}

// QuestionResult is one question's result.
type QuestionResult struct {
	QuestionID       int64   `json:"question_id"`
	Right            bool    `json:"right"`
	CorrectAnswerIDs []int64 `json:"correct_answer_ids" nullable:"false"`
}

// AnswerQuiz checks a reader's answers against the live version's quiz and
// counts them, anonymously: nothing but the count of each answer chosen
// is kept. address is the reader's, whose answers are limited per hour.
func (s *Service) AnswerQuiz(ctx context.Context, p domain.Publication, address string, quizID int64, in QuizAnswers) (QuizResult, error) {
	if s.answers != nil {
		ok, wait, err := s.answers.Take(ctx, "address:"+address)
		if err != nil {
			return QuizResult{}, fmt.Errorf("quiz answers: %w", err)
		}
		if !ok {
			return QuizResult{}, &domain.Error{Code: domain.CodeRateLimited, Message: "too many quiz answers from this address; try again later", RetryAfter: wait}
		}
	}
	kept, err := s.store.VersionSections(ctx, p.Live.ID)
	if err != nil {
		return QuizResult{}, err
	}
	set, err := editing.ReadQuizSet(kept[domain.SectionQuizzes])
	if err != nil {
		return QuizResult{}, fmt.Errorf("live version %d: %w", p.Live.ID, err)
	}
	i := slices.IndexFunc(set.Quizzes, func(q domain.Quiz) bool { return q.ID == quizID })
	if i < 0 {
		return QuizResult{}, domain.Errorf(domain.CodeNotFound, "quiz %d not found", quizID)
	}
	result, chosen, err := checkAnswers(set.Quizzes[i], in)
	if err != nil {
		return QuizResult{}, err
	}
	return result, s.store.CountQuizAnswers(ctx, p.MapID, quizID, chosen)
}

// checkAnswers holds answers to a quiz: each question once, answers of
// that question, one unless it takes several.
func checkAnswers(q domain.Quiz, in QuizAnswers) (QuizResult, []store.QuizAnswerCount, error) {
	var v domain.Validation
	v.Check(len(in.Answers) > 0, "answers", domain.Required())
	result := QuizResult{Results: []QuestionResult{}}
	var chosen []store.QuizAnswerCount
	seen := map[int64]bool{}
	for i, a := range in.Answers {
		f := fmt.Sprintf("answers[%d]", i)
		qi := slices.IndexFunc(q.Questions, func(qq domain.QuizQuestion) bool { return qq.ID == a.QuestionID })
		if qi < 0 {
			v.Add(f+".question_id", domain.NotFound(a.QuestionID).Saying("is not a question of this quiz"))
			continue
		}
		if seen[a.QuestionID] {
			v.Add(f+".question_id", domain.Duplicate(a.QuestionID))
			continue
		}
		seen[a.QuestionID] = true
		qq := q.Questions[qi]
		v.Check(len(a.AnswerIDs) > 0, f+".answer_ids", domain.Required())
		v.Check(len(a.AnswerIDs) <= 1 || qq.MultipleAnswers, f+".answer_ids", domain.TooMany(1).Saying("this question takes one answer"))
		right := map[int64]bool{}
		res := QuestionResult{QuestionID: qq.ID, CorrectAnswerIDs: []int64{}}
		for _, ans := range qq.Answers {
			if ans.Correct {
				right[ans.ID] = true
				res.CorrectAnswerIDs = append(res.CorrectAnswerIDs, ans.ID)
			}
		}
		picked := map[int64]bool{}
		for j, id := range a.AnswerIDs {
			ff := fmt.Sprintf("%s.answer_ids[%d]", f, j)
			switch {
			case !slices.ContainsFunc(qq.Answers, func(x domain.QuizAnswer) bool { return x.ID == id }):
				v.Add(ff, domain.NotFound(id).Saying("is not an answer of this question"))
			case picked[id]:
				v.Add(ff, domain.Duplicate(id))
			}
			picked[id] = true
			chosen = append(chosen, store.QuizAnswerCount{QuestionID: qq.ID, AnswerID: id})
		}
		res.Right = len(picked) == len(right)
		for id := range picked {
			res.Right = res.Right && right[id]
		}
		if res.Right {
			result.Right++
		}
		result.Results = append(result.Results, res)
	}
	return result, chosen, v.Err()
}
