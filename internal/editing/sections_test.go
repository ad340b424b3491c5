package editing_test

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/strata-maps/strata/internal/domain"
	"github.com/strata-maps/strata/internal/editing"
)

// sectionCase is a PUT of one section: what it refuses and where, or what
// it stores (then want reads the section back and checks it).
type sectionCase struct {
	name                 string
	put                  func(f *fixture, mapID, nodeID int64) error
	code, field, problem string
	want                 func(t *testing.T, f *fixture, mapID int64)
}

func TestSectionRules(t *testing.T) {
	en := func(s string) domain.Text { return domain.Text{domain.LangEN: s} }
	each(t, func(t *testing.T, f *fixture) {
		f.media(f.client.ID, "logo")
		for _, c := range []sectionCase{
			{name: "editor's note, language not of the map", put: func(f *fixture, id, node int64) error {
				_, _, err := f.svc.PutEditorsNote(f.ctx, id, f.user.ID, domain.EditorsNote{Title: domain.Text{"fr": "Titre"}})
				return err
			}, code: domain.CodeInvalid, field: "title.fr", problem: domain.ProblemNotAllowed},
			{name: "editor's note, member without a name", put: func(f *fixture, id, node int64) error {
				_, _, err := f.svc.PutEditorsNote(f.ctx, id, f.user.ID, domain.EditorsNote{TeamMembers: []domain.TeamMember{{Name: " "}}})
				return err
			}, code: domain.CodeInvalid, field: "team_members[0].name", problem: domain.ProblemRequired},
			{name: "editor's note stored sanitised", put: func(f *fixture, id, node int64) error {
				_, _, err := f.svc.PutEditorsNote(f.ctx, id, f.user.ID, domain.EditorsNote{Shown: true, Title: en(" Notes "),
					Text: en(`<p>Hi<img src=x onerror="alert(1)"></p>`), TeamMembers: []domain.TeamMember{{Name: " Ada "}}})
				return err
			}, want: func(t *testing.T, f *fixture, id int64) {
				n, err := f.svc.EditorsNote(f.ctx, id)
				if err != nil {
					t.Fatal(err)
				}
				if !n.Shown || n.Title["en"] != "Notes" || strings.Contains(n.Text["en"], "onerror") || n.TeamMembers[0].Name != "Ada" {
					t.Errorf("stored %+v", n)
				}
			}},
			{name: "glossary term required", put: func(f *fixture, id, node int64) error {
				_, _, err := f.svc.PutGlossary(f.ctx, id, f.user.ID, domain.Glossary{Terms: []domain.GlossaryTerm{{Definition: en("d")}}})
				return err
			}, code: domain.CodeInvalid, field: "terms[0].term", problem: domain.ProblemRequired},
			{name: "glossary stored", put: func(f *fixture, id, node int64) error {
				_, _, err := f.svc.PutGlossary(f.ctx, id, f.user.ID, domain.Glossary{Terms: []domain.GlossaryTerm{{Term: en("River")}}})
				return err
			}, want: func(t *testing.T, f *fixture, id int64) {
				g, err := f.svc.Glossary(f.ctx, id)
				if err != nil || len(g.Terms) != 1 || g.Terms[0].Term["en"] != "River" {
					t.Errorf("stored %+v, %v", g, err)
				}
			}},
			{name: "reference key twice", put: func(f *fixture, id, node int64) error {
				_, _, err := f.svc.PutReferences(f.ctx, id, f.user.ID, domain.References{References: []domain.Reference{
					{Key: "a", Source: en("A")}, {Key: "a", Source: en("B")}}})
				return err
			}, code: domain.CodeInvalid, field: "references[1].key", problem: domain.ProblemDuplicate},
			{name: "reference link", put: func(f *fixture, id, node int64) error {
				_, _, err := f.svc.PutReferences(f.ctx, id, f.user.ID, domain.References{References: []domain.Reference{
					{Key: "a", Source: en("A"), Link: "ftp://x"}}})
				return err
			}, code: domain.CodeInvalid, field: "references[0].link", problem: domain.ProblemInvalid},
			{name: "header height", put: func(f *fixture, id, node int64) error {
				_, _, err := f.svc.PutHeader(f.ctx, id, f.user.ID, domain.Header{Height: 5})
				return err
			}, code: domain.CodeInvalid, field: "height", problem: domain.ProblemOutOfRange},
			{name: "header logo of no asset", put: func(f *fixture, id, node int64) error {
				_, _, err := f.svc.PutHeader(f.ctx, id, f.user.ID, domain.Header{LogoMedia: "nope"})
				return err
			}, code: domain.CodeInvalid, field: "logo_media", problem: domain.ProblemUnknownMedia},
			{name: "header link target", put: func(f *fixture, id, node int64) error {
				_, _, err := f.svc.PutHeader(f.ctx, id, f.user.ID, domain.Header{FloatingLinks: []domain.HeaderLink{{Title: en("x"), URL: "https://x.org", Target: "tab"}}})
				return err
			}, code: domain.CodeInvalid, field: "floating_links[0].target", problem: domain.ProblemNotAllowed},
			{name: "header stored", put: func(f *fixture, id, node int64) error {
				_, _, err := f.svc.PutHeader(f.ctx, id, f.user.ID, domain.Header{LogoMedia: "logo", Height: 60, Background: "#000"})
				return err
			}, want: func(t *testing.T, f *fixture, id int64) {
				h, err := f.svc.Header(f.ctx, id)
				if err != nil || h.LogoMedia != "logo" || h.Height != 60 || h.FloatingLinks == nil {
					t.Errorf("stored %+v, %v", h, err)
				}
			}},
			{name: "contents, node of another map", put: func(f *fixture, id, node int64) error {
				_, _, err := f.svc.PutTOC(f.ctx, id, f.user.ID, domain.TOC{Entries: []domain.TOCEntry{{Depth: 1, NodeID: 99999, ZoomLevel: 1}}})
				return err
			}, code: domain.CodeInvalid, field: "entries[0].node_id", problem: domain.ProblemNotFound},
			{name: "contents too deep", put: func(f *fixture, id, node int64) error {
				_, _, err := f.svc.PutTOC(f.ctx, id, f.user.ID, domain.TOC{Entries: []domain.TOCEntry{{Depth: 2, NodeID: node, ZoomLevel: 1}}})
				return err
			}, code: domain.CodeInvalid, field: "entries[0].depth", problem: domain.ProblemOutOfRange},
			{name: "contents zoom level", put: func(f *fixture, id, node int64) error {
				_, _, err := f.svc.PutTOC(f.ctx, id, f.user.ID, domain.TOC{Entries: []domain.TOCEntry{{Depth: 1, NodeID: node, ZoomLevel: 3}}})
				return err
			}, code: domain.CodeInvalid, field: "entries[0].zoom_level", problem: domain.ProblemOutOfRange},
			{name: "social network", put: func(f *fixture, id, node int64) error {
				_, _, err := f.svc.PutSocialSharing(f.ctx, id, f.user.ID, domain.SocialSharing{Networks: []domain.SocialNetwork{"myspace"}})
				return err
			}, code: domain.CodeInvalid, field: "networks[0]", problem: domain.ProblemNotAllowed},
			{name: "social sharing stored", put: func(f *fixture, id, node int64) error {
				_, _, err := f.svc.PutSocialSharing(f.ctx, id, f.user.ID, domain.SocialSharing{Hashtags: " maps ", Image: "https://x.org/i.png"})
				return err
			}, want: func(t *testing.T, f *fixture, id int64) {
				s, err := f.svc.SocialSharing(f.ctx, id)
				if err != nil || s.Hashtags != "maps" || s.Networks == nil {
					t.Errorf("stored %+v, %v", s, err)
				}
			}},
			{name: "cookie consent imprint", put: func(f *fixture, id, node int64) error {
				_, _, err := f.svc.PutCookieConsent(f.ctx, id, f.user.ID, domain.CookieConsent{ImprintURL: "javascript:x"})
				return err
			}, code: domain.CodeInvalid, field: "imprint_url", problem: domain.ProblemInvalid},
			{name: "cookie consent stored", put: func(f *fixture, id, node int64) error {
				_, _, err := f.svc.PutCookieConsent(f.ctx, id, f.user.ID, domain.CookieConsent{Enabled: true, Title: en("Cookies")})
				return err
			}, want: func(t *testing.T, f *fixture, id int64) {
				c, err := f.svc.CookieConsent(f.ctx, id)
				if err != nil || !c.Enabled || c.Title["en"] != "Cookies" {
					t.Errorf("stored %+v, %v", c, err)
				}
			}},
		} {
			t.Run(c.name, func(t *testing.T) {
				m := f.newMap(2)
				if _, err := f.svc.PatchMap(f.ctx, m.ID, f.user.ID, editing.MapPatch{Languages: []domain.Language{domain.LangEN, domain.LangDE}}); err != nil {
					t.Fatal(err)
				}
				n := f.node(m.ID, 0, 0, 1, 2)
				before := f.mapRow(m.ID).Revision
				err := c.put(f, m.ID, n.ID)
				after := f.mapRow(m.ID).Revision
				if c.code != "" {
					wantError(t, err, c.code, c.field, c.problem)
					if after != before {
						t.Error("a refused section raised the revision")
					}
					return
				}
				if err != nil {
					t.Fatal(err)
				}
				if after != before+1 {
					t.Errorf("revision %d after a section; want %d", after, before+1)
				}
				c.want(t, f, m.ID)
			})
		}
	})
}

func TestSectionsNeverWrittenAreEmpty(t *testing.T) {
	each(t, func(t *testing.T, f *fixture) {
		m := f.newMap(1)
		note, err1 := f.svc.EditorsNote(f.ctx, m.ID)
		refs, err2 := f.svc.References(f.ctx, m.ID)
		toc, err3 := f.svc.TOC(f.ctx, m.ID)
		quizzes, err4 := f.svc.Quizzes(f.ctx, m.ID)
		for _, err := range []error{err1, err2, err3, err4} {
			if err != nil {
				t.Fatal(err)
			}
		}
		if note.Title == nil || note.TeamMembers == nil || refs.References == nil || toc.Entries == nil || quizzes == nil {
			t.Errorf("an unwritten section has null lists: %+v %+v %+v %v", note, refs, toc, quizzes)
		}
	})
}

func TestMaySetSection(t *testing.T) {
	each(t, func(t *testing.T, f *fixture) {
		m := f.newMap(1)
		student := domain.Actor{User: domain.User{ID: 50}, Roles: map[string][]domain.Role{"acme": {domain.RoleStudent}}}
		editor := domain.Actor{User: domain.User{ID: 51}, Roles: map[string][]domain.Role{"acme": {domain.RoleEditor}}}
		for _, c := range []struct {
			who     domain.Actor
			section string
			code    string
		}{
			{student, domain.SectionGlossary, ""},
			{student, domain.SectionTOC, domain.CodeForbidden},
			{student, domain.SectionQuizzes, domain.CodeForbidden},
			{editor, domain.SectionTOC, ""},
			{editor, domain.SectionQuizzes, ""},
		} {
			err := f.svc.MaySetSection(f.ctx, c.who, m, c.section)
			if c.code == "" && err != nil || c.code != "" && domain.ErrorCode(err) != c.code {
				t.Errorf("%s sets %s: %v; want %q", c.who.Roles["acme"], c.section, err, c.code)
			}
		}
	})
}

func TestQuizzes(t *testing.T) {
	en := func(s string) domain.Text { return domain.Text{domain.LangEN: s} }
	quiz := func(answers ...domain.QuizAnswer) domain.Quiz {
		return domain.Quiz{Name: en("Rivers"), Questions: []domain.QuizQuestion{{Text: en("Longest?"), Answers: answers}}}
	}
	each(t, func(t *testing.T, f *fixture) {
		m := f.newMap(1)
		for _, c := range []struct {
			name, field, problem string
			q                    domain.Quiz
		}{
			{"no name", "name", domain.ProblemRequired, domain.Quiz{}},
			{"one answer", "questions[0].answers", domain.ProblemRequired, quiz(domain.QuizAnswer{Text: en("Nile"), Correct: true})},
			{"none correct", "questions[0].answers", domain.ProblemRule, quiz(domain.QuizAnswer{Text: en("Nile")}, domain.QuizAnswer{Text: en("Rhine")})},
			{"two correct, one allowed", "questions[0].answers", domain.ProblemRule,
				quiz(domain.QuizAnswer{Text: en("Nile"), Correct: true}, domain.QuizAnswer{Text: en("Amazon"), Correct: true})},
			{"an id it never had", "questions[0].answers[0].id", domain.ProblemNotFound,
				quiz(domain.QuizAnswer{ID: 77, Text: en("Nile"), Correct: true}, domain.QuizAnswer{Text: en("Rhine")})},
		} {
			t.Run(c.name, func(t *testing.T) {
				_, _, err := f.svc.SaveQuiz(f.ctx, m.ID, f.user.ID, 0, c.q)
				wantError(t, err, domain.CodeInvalid, c.field, c.problem)
			})
		}
		q, res, err := f.svc.SaveQuiz(f.ctx, m.ID, f.user.ID, 0, quiz(domain.QuizAnswer{Text: en("Nile"), Correct: true}, domain.QuizAnswer{Text: en("Rhine")}))
		if err != nil {
			t.Fatal(err)
		}
		if q.ID == 0 || q.Questions[0].ID == 0 || q.Questions[0].Answers[1].ID == 0 || res.Changes[0].Type != editing.TypeQuiz {
			t.Fatalf("saved %+v, change %s; want ids given and a quiz change", q, res.Changes[0].Type)
		}
		// Replaced: kept ids stay, a new answer gets a new id, one named twice is refused.
		nile, rhine := q.Questions[0].Answers[0], q.Questions[0].Answers[1]
		next := q
		next.Questions = []domain.QuizQuestion{{ID: q.Questions[0].ID, Text: en("Longest?"), Answers: []domain.QuizAnswer{nile, {Text: en("Amazon")}}}}
		saved, _, err := f.svc.SaveQuiz(f.ctx, m.ID, f.user.ID, q.ID, next)
		if err != nil {
			t.Fatal(err)
		}
		got := saved.Questions[0].Answers
		if got[0].ID != nile.ID || got[1].ID == rhine.ID || got[1].ID == 0 {
			t.Errorf("answer ids %d, %d; want %d kept and a new one (not %d)", got[0].ID, got[1].ID, nile.ID, rhine.ID)
		}
		twice, dup := next, nile
		dup.Correct = false
		twice.Questions = []domain.QuizQuestion{{ID: q.Questions[0].ID, Text: en("Longest?"), Answers: []domain.QuizAnswer{nile, dup}}}
		_, _, err = f.svc.SaveQuiz(f.ctx, m.ID, f.user.ID, q.ID, twice)
		wantError(t, err, domain.CodeInvalid, "questions[0].answers[1].id", domain.ProblemDuplicate)
		_, _, err = f.svc.SaveQuiz(f.ctx, m.ID, f.user.ID, 4242, next)
		wantError(t, err, domain.CodeNotFound, "", "")

		one, err := f.svc.Quiz(f.ctx, m.ID, q.ID)
		if err != nil || one.Questions[0].Answers[1].Text["en"] != "Amazon" {
			t.Errorf("read back %+v, %v", one, err)
		}
		if _, err := f.svc.Quiz(f.ctx, m.ID, 4242); domain.ErrorCode(err) != domain.CodeNotFound {
			t.Errorf("an unknown quiz: %v", err)
		}
		res, err = f.svc.DeleteQuiz(f.ctx, m.ID, f.user.ID, q.ID)
		if err != nil || res.Changes[0].Type != editing.TypeQuizRemoved {
			t.Fatalf("delete: %v", err)
		}
		if _, err := f.svc.DeleteQuiz(f.ctx, m.ID, f.user.ID, q.ID); domain.ErrorCode(err) != domain.CodeNotFound {
			t.Errorf("deleted twice: %v", err)
		}
		// Ids are never given again, even after the quiz went.
		again, _, err := f.svc.SaveQuiz(f.ctx, m.ID, f.user.ID, 0, quiz(domain.QuizAnswer{Text: en("a"), Correct: true}, domain.QuizAnswer{Text: en("b")}))
		if err != nil {
			t.Fatal(err)
		}
		if again.ID <= got[1].ID {
			t.Errorf("new quiz id %d; want above every id given before (%d)", again.ID, got[1].ID)
		}
	})
}

func TestQuizLimit(t *testing.T) {
	each(t, func(t *testing.T, f *fixture) {
		m := f.newMap(1)
		full := editing.QuizSet{NextID: 500}
		for i := range domain.MaxQuizzes {
			full.Quizzes = append(full.Quizzes, domain.Quiz{ID: int64(i + 1), Name: domain.Text{domain.LangEN: "q"}})
		}
		data, err := json.Marshal(full)
		if err != nil {
			t.Fatal(err)
		}
		if err := f.st.PutSection(f.ctx, m.ID, domain.SectionQuizzes, data); err != nil {
			t.Fatal(err)
		}
		_, _, err = f.svc.SaveQuiz(f.ctx, m.ID, f.user.ID, 0, domain.Quiz{Name: domain.Text{domain.LangEN: "one more"}})
		wantError(t, err, domain.CodeInvalid, "quizzes", domain.ProblemTooMany)
		if _, err := editing.ReadQuizSet([]byte("{")); err == nil {
			t.Error("a broken stored quiz set is read")
		}
	})
}

func TestImportBibTeX(t *testing.T) {
	each(t, func(t *testing.T, f *fixture) {
		m := f.newMap(1)
		if _, _, err := f.svc.PutReferences(f.ctx, m.ID, f.user.ID, domain.References{References: []domain.Reference{
			{Key: "old", Source: domain.Text{domain.LangEN: "Old"}}}}); err != nil {
			t.Fatal(err)
		}
		_, _, err := f.svc.ImportBibTeX(f.ctx, m.ID, f.user.ID, []byte("not bibtex at all {"))
		wantError(t, err, domain.CodeInvalid, "file", domain.ProblemInvalid)

		out, res, err := f.svc.ImportBibTeX(f.ctx, m.ID, f.user.ID, []byte(`
			@article{new1, author = {Ada Lovelace}, title = {Notes}, year = 1843, doi = {10.1/x}}
			@article{old, title = {Clash}}
			@misc{empty, note = {nothing}}
			@book{a+b, title = {X}}`))
		if err != nil {
			t.Fatal(err)
		}
		if len(out.Imported) != 1 || out.Imported[0].Key != "new1" || len(out.Skipped) != 3 {
			t.Fatalf("imported %+v, skipped %+v", out.Imported, out.Skipped)
		}
		refs, err := f.svc.References(f.ctx, m.ID)
		if err != nil {
			t.Fatal(err)
		}
		if len(refs.References) != 2 || refs.References[1].Link != "https://doi.org/10.1/x" {
			t.Errorf("stored %+v", refs.References)
		}
		// The source stands in every language of the map.
		if src := refs.References[1].Source; src["en"] == "" || src["de"] != src["en"] || src["fr"] != src["en"] {
			t.Errorf("source %v; want the same text in en, de and fr", src)
		}
		if len(res.Changes) != 1 || res.Changes[0].Type != editing.TypeReferences {
			t.Errorf("changes %+v; want one references change", res.Changes)
		}
		// Nothing new: no change written.
		_, res, err = f.svc.ImportBibTeX(f.ctx, m.ID, f.user.ID, []byte(`@article{new1, title = {Again}}`))
		if err != nil || len(res.Changes) != 0 {
			t.Errorf("a file of known keys: %v, %d changes; want none", err, len(res.Changes))
		}
	})
}

// A section within every limit of its fields can still be too large to
// store: refused whole, nothing written.
func TestSectionTooLarge(t *testing.T) {
	each(t, func(t *testing.T, f *fixture) {
		m := f.newMap(1)
		terms := make([]domain.GlossaryTerm, domain.MaxGlossaryTerms)
		long := strings.Repeat("a", 2100)
		for i := range terms {
			terms[i] = domain.GlossaryTerm{Term: domain.Text{domain.LangEN: "t"}, Definition: domain.Text{domain.LangEN: long}}
		}
		_, _, err := f.svc.PutGlossary(f.ctx, m.ID, f.user.ID, domain.Glossary{Terms: terms})
		wantError(t, err, domain.CodeInvalid, domain.SectionGlossary, domain.ProblemTooLarge)
		if g, _ := f.svc.Glossary(f.ctx, m.ID); len(g.Terms) != 0 || f.mapRow(m.ID).Revision != 0 {
			t.Errorf("a refused glossary stored %d terms", len(g.Terms))
		}
	})
}
