package api_test

import (
	"bytes"
	"encoding/json"
	"fmt"
	"mime/multipart"
	"net/http"
	"strings"
	"testing"

	"github.com/strata-maps/strata/internal/store"
	"github.com/strata-maps/strata/internal/store/storetest"
)

const sampleBibTeX = `Some words before the entries are a comment.
@article{knuth1984,
  author = {Donald E. Knuth},
  title = {Literate Programming},
  journal = {The Computer Journal},
  year = 1984,
  doi = {10.1093/comjnl/27.2.97}
}
@book{lamport1994, author = "Leslie Lamport", title = "{LaTeX}: A Document Preparation System", publisher = {Addison-Wesley}, year = 1994,
  url = {https://example.org/latex}}
@misc{untitled, year = 2020}
@misc{knuth1984, title = {Again}}
`

type bibtexResult struct {
	References struct {
		References []struct {
			Key    string            `json:"key"`
			Source map[string]string `json:"source"`
			Link   string            `json:"link"`
		} `json:"references"`
	} `json:"references"`
	Imported []struct{ Key, Source string } `json:"imported"`
	Skipped  []struct{ Key, Type, Reason string }
	Revision int64 `json:"revision"`
}

func TestBibTeXImport(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, s *store.Store) {
		h := newHarness(t, s)
		sectionsMap(t, h)
		st := h.as(student)
		path := fmt.Sprintf("/api/v1/maps/%d/references/import", h.mapID)
		var got bibtexResult
		st.send("POST", path, sampleBibTeX, http.Header{"Content-Type": {"application/x-bibtex"}}).want(200).decode(&got)
		if len(got.Imported) != 2 || got.Imported[0].Key != "knuth1984" || got.Imported[1].Key != "lamport1994" {
			t.Fatalf("imported %+v", got.Imported)
		}
		if len(got.Skipped) != 2 || got.Skipped[0].Key != "untitled" || !strings.Contains(got.Skipped[0].Reason, "neither title nor author") ||
			got.Skipped[1].Key != "knuth1984" || !strings.Contains(got.Skipped[1].Reason, "exists already") {
			t.Fatalf("skipped %+v", got.Skipped)
		}
		refs := got.References.References
		if len(refs) != 2 || refs[0].Source["en"] != "Donald E. Knuth (1984): Literate Programming. The Computer Journal" ||
			refs[0].Source["de"] != refs[0].Source["en"] || refs[0].Link != "https://doi.org/10.1093/comjnl/27.2.97" ||
			refs[1].Link != "https://example.org/latex" || refs[1].Source["en"] != "Leslie Lamport (1994): LaTeX: A Document Preparation System. Addison-Wesley" {
			t.Fatalf("references %+v", refs)
		}

		// As a form's file; everything known already: nothing changes.
		var form bytes.Buffer
		mw := multipart.NewWriter(&form)
		fw, _ := mw.CreateFormFile("file", "refs.bib")
		fw.Write([]byte(sampleBibTeX))
		mw.Close()
		var again bibtexResult
		st.send("POST", path, form.String(), http.Header{"Content-Type": {mw.FormDataContentType()}}).want(200).decode(&again)
		if len(again.Imported) != 0 || len(again.Skipped) != 4 || again.Revision != got.Revision {
			t.Fatalf("the same file again: %+v", again)
		}

		for _, tc := range []struct {
			body, reason string
		}{
			{"@article{broken, title = {no end}", "parse"},
			{"just some words, no entries", "no entries"},
			{"@article{x, title = {a}} \x00", "NUL"},
		} {
			res := st.send("POST", path, tc.body, http.Header{"Content-Type": {"text/plain"}}).wantError(400, "validation_failed", "file")
			if !strings.Contains(string(res.body), tc.reason) {
				t.Fatalf("%q refused saying %s", tc.body, res.body)
			}
		}
		huge := "@misc{big, title = {" + strings.Repeat("x", 1<<20) + "}}"
		st.send("POST", path, huge, http.Header{"Content-Type": {"text/plain"}}).wantError(413, "too_large")
		h.as(guest).send("POST", path, sampleBibTeX, http.Header{"Content-Type": {"text/plain"}}).wantError(403, "forbidden")
		var after bibtexResult
		var refsNow struct {
			References []any `json:"references"`
		}
		st.do("GET", fmt.Sprintf("/api/v1/maps/%d/references", h.mapID), nil).want(200).decode(&refsNow)
		if len(refsNow.References) != 2 || len(after.Imported) != 0 {
			t.Fatalf("refused files changed the references: %+v", refsNow)
		}
	})
}

func TestSectionsGoWithVersionsClonesAndRestores(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, s *store.Store) {
		h := newHarness(t, s)
		node := sectionsMap(t, h)
		ed := h.as(editor)
		glossary := fmt.Sprintf("/api/v1/maps/%d/glossary", h.mapID)
		term := func(c *client, path string) string {
			var g struct {
				Terms []struct {
					Term map[string]string `json:"term"`
				} `json:"terms"`
			}
			c.do("GET", path, nil).want(200).decode(&g)
			if len(g.Terms) == 0 {
				return ""
			}
			return g.Terms[0].Term["en"]
		}
		setTerm := func(word string) {
			ed.do("PUT", glossary, map[string]any{"terms": []any{map[string]any{"term": map[string]any{"en": word}}}}).want(200)
		}
		setTerm("First")
		ed.do("PUT", fmt.Sprintf("/api/v1/maps/%d/toc", h.mapID), validSections(node)["toc"]).want(200)
		var quiz struct {
			ID int64 `json:"id"`
		}
		ed.do("POST", fmt.Sprintf("/api/v1/maps/%d/quizzes", h.mapID), map[string]any{"name": map[string]any{"en": "Kept"}}).want(201).decode(&quiz)
		var version struct {
			ID int64 `json:"id"`
		}
		ed.do("POST", fmt.Sprintf("/api/v1/maps/%d/versions", h.mapID), map[string]any{"name": "v1"}).want(201).decode(&version)
		setTerm("Second")
		ed.do("DELETE", fmt.Sprintf("/api/v1/maps/%d/quizzes/%d", h.mapID, quiz.ID), nil).want(200)

		// A clone carries the sections, its table of contents pointing at its own nodes.
		var clone struct {
			ID int64 `json:"id"`
		}
		ed.do("POST", fmt.Sprintf("/api/v1/maps/%d/clone", h.mapID), map[string]any{"name": "Copy"}).want(201).decode(&clone)
		if got := term(ed, fmt.Sprintf("/api/v1/maps/%d/glossary", clone.ID)); got != "Second" {
			t.Fatalf("the clone's glossary says %q", got)
		}
		var toc struct {
			Entries []struct {
				NodeID int64 `json:"node_id"`
			} `json:"entries"`
		}
		ed.do("GET", fmt.Sprintf("/api/v1/maps/%d/toc", clone.ID), nil).want(200).decode(&toc)
		var doc struct {
			Nodes []struct {
				ID int64 `json:"id"`
			} `json:"nodes"`
		}
		ed.do("GET", fmt.Sprintf("/api/v1/maps/%d", clone.ID), nil).want(200).decode(&doc)
		if len(toc.Entries) != 2 || len(doc.Nodes) != 1 || toc.Entries[0].NodeID != doc.Nodes[0].ID || doc.Nodes[0].ID == node {
			t.Fatalf("the clone's contents %+v point at %+v", toc.Entries, doc.Nodes)
		}
		// A map template made of it, and a map made of the template, too.
		var tpl, fromTpl struct {
			ID int64 `json:"id"`
		}
		ed.do("POST", fmt.Sprintf("/api/v1/maps/%d/clone", h.mapID), map[string]any{"name": "Tpl", "as_template": true, "theme": "basic"}).want(201).decode(&tpl)
		ed.do("POST", "/api/v1/clients/acme/maps", map[string]any{"name": "From template", "template_id": tpl.ID}).want(201).decode(&fromTpl)
		if got := term(ed, fmt.Sprintf("/api/v1/maps/%d/glossary", fromTpl.ID)); got != "Second" {
			t.Fatalf("a map from the template has the glossary %q", got)
		}

		// Restoring the version puts its sections back.
		ed.do("POST", fmt.Sprintf("/api/v1/maps/%d/versions/%d/restore", h.mapID, version.ID), nil).want(200)
		if got := term(ed, glossary); got != "First" {
			t.Fatalf("after restoring, the glossary says %q", got)
		}
		var quizzes struct {
			Quizzes []struct {
				ID int64 `json:"id"`
			} `json:"quizzes"`
		}
		ed.do("GET", fmt.Sprintf("/api/v1/maps/%d/quizzes", h.mapID), nil).want(200).decode(&quizzes)
		if len(quizzes.Quizzes) != 1 || quizzes.Quizzes[0].ID != quiz.ID {
			t.Fatalf("after restoring, the quizzes are %+v", quizzes.Quizzes)
		}
		// Ids given after a restore are new ones.
		var next struct {
			ID int64 `json:"id"`
		}
		ed.do("POST", fmt.Sprintf("/api/v1/maps/%d/quizzes", h.mapID), map[string]any{"name": map[string]any{"en": "New"}}).want(201).decode(&next)
		if next.ID <= quiz.ID {
			t.Fatalf("a new quiz got id %d after %d", next.ID, quiz.ID)
		}
	})
}

func TestPublicMapCarriesTheLiveSectionsAndCountsQuizAnswers(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, s *store.Store) {
		h := newHarness(t, s)
		node := sectionsMap(t, h)
		ed := h.as(editor)
		for name, body := range validSections(node) {
			ed.do("PUT", fmt.Sprintf("/api/v1/maps/%d/%s", h.mapID, name), body).want(200)
		}
		var quiz struct {
			ID        int64 `json:"id"`
			Questions []struct {
				ID      int64 `json:"id"`
				Answers []struct {
					ID int64 `json:"id"`
				} `json:"answers"`
			} `json:"questions"`
		}
		ed.do("POST", fmt.Sprintf("/api/v1/maps/%d/quizzes", h.mapID), map[string]any{"name": map[string]any{"en": "Check"}, "questions": []any{
			map[string]any{"text": map[string]any{"en": "One?"}, "answers": []any{
				map[string]any{"text": map[string]any{"en": "yes"}, "correct": true}, map[string]any{"text": map[string]any{"en": "no"}}}},
			map[string]any{"text": map[string]any{"en": "Many?"}, "multiple_answers": true, "answers": []any{
				map[string]any{"text": map[string]any{"en": "a"}, "correct": true}, map[string]any{"text": map[string]any{"en": "b"}, "correct": true},
				map[string]any{"text": map[string]any{"en": "c"}}}},
		}}).want(201).decode(&quiz)
		pub := fmt.Sprintf("/api/v1/maps/%d/publication", h.mapID)
		ed.do("PATCH", pub, map[string]any{"url": "acme-sections", "access_mode": "accessible"}).want(200)
		ed.do("PATCH", fmt.Sprintf("/api/v1/maps/%d/live", h.mapID), map[string]any{"live": true}).want(200)
		ed.do("POST", fmt.Sprintf("/api/v1/maps/%d/publish", h.mapID), nil).want(201)
		// The working copy moves on: readers keep the live version's.
		ed.do("PUT", fmt.Sprintf("/api/v1/maps/%d/glossary", h.mapID), map[string]any{"terms": []any{map[string]any{"term": map[string]any{"en": "Draft"}}}}).want(200)
		ed.do("PUT", fmt.Sprintf("/api/v1/maps/%d/editors_note", h.mapID), map[string]any{"shown": false, "title": map[string]any{"en": "Hidden"}}).want(200)

		public := "/api/v1/public/maps/acme-sections"
		reader := h.as(anon)
		res := reader.do("GET", public, nil).want(200)
		var doc map[string]json.RawMessage
		res.decode(&doc)
		for _, name := range []string{"editors_note", "glossary", "references", "header", "toc", "social_sharing", "cookie_consent", "quizzes"} {
			if len(doc[name]) == 0 || string(doc[name]) == "null" {
				t.Fatalf("the public map has no %s: %s", name, res.body)
			}
		}
		if !strings.Contains(string(doc["glossary"]), `"Node"`) || strings.Contains(string(doc["glossary"]), "Draft") {
			t.Fatalf("the public glossary is not the live version's: %s", doc["glossary"])
		}
		if !strings.Contains(string(doc["editors_note"]), "About this map") {
			t.Fatalf("the public note is not the live version's: %s", doc["editors_note"])
		}
		if strings.Contains(string(doc["quizzes"]), "correct") {
			t.Fatalf("readers are sent the correct answers: %s", doc["quizzes"])
		}

		answers := fmt.Sprintf("%s/quizzes/%d/answers", public, quiz.ID)
		q1, q2 := quiz.Questions[0], quiz.Questions[1]
		var result struct {
			Results []struct {
				QuestionID       int64   `json:"question_id"`
				Right            bool    `json:"right"`
				CorrectAnswerIDs []int64 `json:"correct_answer_ids"`
			} `json:"results"`
			Right int `json:"right"`
		}
		reader.do("POST", answers, map[string]any{"answers": []any{
			map[string]any{"question_id": q1.ID, "answer_ids": []int64{q1.Answers[0].ID}},
			map[string]any{"question_id": q2.ID, "answer_ids": []int64{q2.Answers[0].ID, q2.Answers[2].ID}},
		}}).want(200).decode(&result)
		if result.Right != 1 || len(result.Results) != 2 || !result.Results[0].Right || result.Results[1].Right ||
			fmt.Sprint(result.Results[1].CorrectAnswerIDs) != fmt.Sprint([]int64{q2.Answers[0].ID, q2.Answers[1].ID}) {
			t.Fatalf("result %+v", result)
		}
		reader.do("POST", answers, map[string]any{"answers": []any{map[string]any{"question_id": q1.ID, "answer_ids": []int64{q1.Answers[0].ID}}}}).want(200)
		// Bad answers: counted not at all.
		reader.do("POST", answers, map[string]any{"answers": []any{map[string]any{"question_id": q1.ID, "answer_ids": []int64{q1.Answers[0].ID, q1.Answers[1].ID}}}}).
			wantError(400, "validation_failed", "answers[0].answer_ids")
		reader.do("POST", answers, map[string]any{"answers": []any{map[string]any{"question_id": q1.ID, "answer_ids": []int64{q2.Answers[0].ID}}}}).
			wantError(400, "validation_failed", "answers[0].answer_ids[0]")
		reader.do("POST", answers, map[string]any{"answers": []any{map[string]any{"question_id": 999999, "answer_ids": []int64{1}}}}).
			wantError(400, "validation_failed", "answers[0].question_id")
		reader.do("POST", fmt.Sprintf("%s/quizzes/%d/answers", public, quiz.ID+1000), map[string]any{"answers": []any{}}).wantError(404, "not_found")
		reader.do("POST", "/api/v1/public/maps/no-such-map/quizzes/1/answers", map[string]any{"answers": []any{}}).wantError(404, "not_found")

		var counted struct {
			Counts []struct {
				QuestionID int64 `json:"question_id"`
				AnswerID   int64 `json:"answer_id"`
				Count      int64 `json:"count"`
			} `json:"counts"`
		}
		h.as(student).do("GET", fmt.Sprintf("/api/v1/maps/%d/quizzes/%d", h.mapID, quiz.ID), nil).want(200).decode(&counted)
		want := fmt.Sprint([]any{[]int64{q1.ID, q1.Answers[0].ID, 2}, []int64{q2.ID, q2.Answers[0].ID, 1}, []int64{q2.ID, q2.Answers[2].ID, 1}})
		var gotCounts []any
		for _, c := range counted.Counts {
			gotCounts = append(gotCounts, []int64{c.QuestionID, c.AnswerID, c.Count})
		}
		if fmt.Sprint(gotCounts) != want {
			t.Fatalf("counts %v, want %v", gotCounts, want)
		}

		// The public page's share tags come from the live version's social sharing.
		status, _, body := page(t, h.as(anon), "/m/acme-sections", "document")
		for _, tag := range []string{`<meta property="og:title" content="Our strategy" />`, `<meta property="og:description" content="See the plan" />`,
			`<meta property="og:image" content="https://example.org/share.png" />`, `<meta name="twitter:card" content="summary_large_image" />`} {
			if status != 200 || !strings.Contains(body, tag) {
				t.Fatalf("the public page (%d) lacks %s: %.2000s", status, tag, body)
			}
		}
	})
}

func TestPublicTOCLeavesOutNodesReadersAreNotShown(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, s *store.Store) {
		h := newHarness(t, s)
		node := sectionsMap(t, h)
		ed := h.as(editor)
		var hidden struct {
			ID int64 `json:"id"`
		}
		ed.do("POST", fmt.Sprintf("/api/v1/maps/%d/nodes", h.mapID), map[string]any{
			"design": map[string]any{"shape": "circle"}, "geometry": map[string]any{"center": map[string]any{"x": 300, "y": 100}},
			"visibility": map[string]any{"min_level": 1, "max_level": 4, "hidden": true},
		}).want(201).decode(&hidden)
		ed.do("PUT", fmt.Sprintf("/api/v1/maps/%d/toc", h.mapID), map[string]any{"entries": []any{
			map[string]any{"title": map[string]any{"en": "Shown"}, "depth": 1, "node_id": node, "zoom_level": 1},
			map[string]any{"title": map[string]any{"en": "Secret"}, "depth": 2, "node_id": hidden.ID, "zoom_level": 1},
		}}).want(200)
		ed.do("PATCH", fmt.Sprintf("/api/v1/maps/%d/publication", h.mapID), map[string]any{"url": "acme-toc", "access_mode": "accessible"}).want(200)
		ed.do("PATCH", fmt.Sprintf("/api/v1/maps/%d/live", h.mapID), map[string]any{"live": true}).want(200)
		ed.do("POST", fmt.Sprintf("/api/v1/maps/%d/publish", h.mapID), nil).want(201)
		res := h.as(anon).do("GET", "/api/v1/public/maps/acme-toc", nil).want(200)
		if !strings.Contains(string(res.body), `"Shown"`) || strings.Contains(string(res.body), "Secret") {
			t.Fatalf("the public contents: %s", res.body)
		}
	})
}
