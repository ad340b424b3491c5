package store_test

import (
	"context"
	"reflect"
	"testing"

	"github.com/strata-maps/strata/internal/domain"
	"github.com/strata-maps/strata/internal/store"
	"github.com/strata-maps/strata/internal/store/storetest"
)

func TestSectionsAreKeptCopiedAndVersioned(t *testing.T) {
	storetest.Each(t, func(t *testing.T, s *store.Store) {
		ctx := context.Background()
		c, err := s.CreateClient(ctx, "acme", "Acme")
		if err != nil {
			t.Fatal(err)
		}
		m, err := s.CreateMap(ctx, domain.NewMap(c.ID, "Strategy", "", 1000, 800, 3))
		if err != nil {
			t.Fatal(err)
		}
		other, err := s.CreateMap(ctx, domain.NewMap(c.ID, "Other", "", 1000, 800, 3))
		if err != nil {
			t.Fatal(err)
		}
		if got, err := s.Section(ctx, m.ID, "glossary"); err != nil || got != nil {
			t.Fatalf("a section never written: %q, %v; want nil", got, err)
		}
		if err := s.PutSection(ctx, m.ID, "glossary", []byte(`{"terms":[]}`)); err != nil {
			t.Fatal(err)
		}
		if err := s.PutSection(ctx, m.ID, "glossary", []byte(`{"terms":[1]}`)); err != nil {
			t.Fatal(err)
		}
		if err := s.PutSection(ctx, m.ID, "header", []byte(`{"height":40}`)); err != nil {
			t.Fatal(err)
		}
		if got, err := s.Section(ctx, m.ID, "glossary"); err != nil || string(got) != `{"terms":[1]}` {
			t.Fatalf("glossary after two writes: %q, %v", got, err)
		}
		if got, err := s.Section(ctx, other.ID, "glossary"); err != nil || got != nil {
			t.Fatalf("another map's glossary: %q, %v; want none", got, err)
		}

		v, err := s.InsertVersion(ctx, domain.Version{MapID: m.ID, Revision: 1, Kind: domain.VersionSaved}, []byte(`{}`))
		if err != nil {
			t.Fatal(err)
		}
		if err := s.CopyVersionSections(ctx, m.ID, v.ID); err != nil {
			t.Fatal(err)
		}
		if err := s.PutSection(ctx, m.ID, "glossary", []byte(`{"terms":[2]}`)); err != nil {
			t.Fatal(err)
		}
		kept, err := s.VersionSections(ctx, v.ID)
		want := map[string][]byte{"glossary": []byte(`{"terms":[1]}`), "header": []byte(`{"height":40}`)}
		if err != nil || !reflect.DeepEqual(kept, want) {
			t.Fatalf("the version kept %q, %v; want the sections as they were", kept, err)
		}

		if err := s.CopySections(ctx, m.ID, other.ID); err != nil {
			t.Fatal(err)
		}
		if got, err := s.Section(ctx, other.ID, "glossary"); err != nil || string(got) != `{"terms":[2]}` {
			t.Fatalf("the copy's glossary: %q, %v", got, err)
		}
		if err := s.ReplaceSections(ctx, m.ID, map[string][]byte{"toc": []byte(`{"entries":[]}`)}); err != nil {
			t.Fatal(err)
		}
		all, err := s.Sections(ctx, m.ID)
		if err != nil || !reflect.DeepEqual(all, map[string][]byte{"toc": []byte(`{"entries":[]}`)}) {
			t.Fatalf("after replacing: %q, %v", all, err)
		}
	})
}

func TestQuizAnswersAreCounted(t *testing.T) {
	storetest.Each(t, func(t *testing.T, s *store.Store) {
		ctx := context.Background()
		c, err := s.CreateClient(ctx, "acme", "Acme")
		if err != nil {
			t.Fatal(err)
		}
		m, err := s.CreateMap(ctx, domain.NewMap(c.ID, "Quiz", "", 1000, 800, 3))
		if err != nil {
			t.Fatal(err)
		}
		for range 3 {
			if err := s.CountQuizAnswers(ctx, m.ID, 7, []store.QuizAnswerCount{{QuestionID: 1, AnswerID: 2}, {QuestionID: 3, AnswerID: 4}}); err != nil {
				t.Fatal(err)
			}
		}
		if err := s.CountQuizAnswers(ctx, m.ID, 7, []store.QuizAnswerCount{{QuestionID: 1, AnswerID: 5}}); err != nil {
			t.Fatal(err)
		}
		if err := s.CountQuizAnswers(ctx, m.ID, 8, []store.QuizAnswerCount{{QuestionID: 1, AnswerID: 2}}); err != nil {
			t.Fatal(err)
		}
		got, err := s.QuizAnswerCounts(ctx, m.ID, 7)
		want := []store.QuizAnswerCount{{1, 2, 3}, {1, 5, 1}, {3, 4, 3}}
		if err != nil || !reflect.DeepEqual(got, want) {
			t.Fatalf("counts = %+v, %v; want %+v", got, err, want)
		}
	})
}
