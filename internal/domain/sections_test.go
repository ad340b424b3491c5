package domain

import (
	"strings"
	"testing"
)

var testRules = SectionRules{Languages: []Language{LangEN, LangDE}, Levels: 4,
	Sanitize: func(s string) string { return strings.ReplaceAll(s, "<script>", "") }}

func problemsOf(v *Validation) Problems {
	if err := v.Err(); err != nil {
		return err.(*Error).Problems
	}
	return nil
}

func TestSectionTextsAreThoseOfTheMapLanguages(t *testing.T) {
	n := EditorsNote{Title: Text{"en": "  About  ", "de": "", "fr": "À propos"}, Text: Text{"en": "<script>x"}}
	var v Validation
	testRules.CheckEditorsNote(&n, &v)
	p := problemsOf(&v)
	if len(p) != 1 || p["title.fr"].Code != ProblemNotAllowed {
		t.Fatalf("problems %v", p)
	}
	if n.Title["en"] != "About" || len(n.Title) != 2 || n.Text["en"] != "x" {
		t.Fatalf("normalised to %+v: trimmed, the empty text dropped, rich text sanitised", n)
	}
}

func TestTOCDepthAndLevels(t *testing.T) {
	entry := func(depth, level int) TOCEntry { return TOCEntry{Depth: depth, NodeID: 1, ZoomLevel: level} }
	for _, tc := range []struct {
		name    string
		entries []TOCEntry
		field   string
	}{
		{"four levels", []TOCEntry{entry(1, 1), entry(2, 1), entry(3, 1), entry(4, 4), entry(1, 2)}, ""},
		{"five levels", []TOCEntry{entry(1, 1), entry(2, 1), entry(3, 1), entry(4, 1), entry(5, 1)}, "entries[4].depth"},
		{"a level skipped", []TOCEntry{entry(1, 1), entry(3, 1)}, "entries[1].depth"},
		{"starting below the top", []TOCEntry{entry(2, 1)}, "entries[0].depth"},
		{"a zoom level the map lacks", []TOCEntry{entry(1, 5)}, "entries[0].zoom_level"},
		{"no node", []TOCEntry{{Depth: 1, ZoomLevel: 1}}, "entries[0].node_id"},
	} {
		var v Validation
		toc := TOC{Entries: tc.entries}
		testRules.CheckTOC(&toc, &v)
		p := problemsOf(&v)
		if tc.field == "" && p != nil || tc.field != "" && (len(p) != 1 || p[tc.field].Code == "") {
			t.Errorf("%s: problems %v, want %q", tc.name, p, tc.field)
		}
	}
}

func TestLinkURLs(t *testing.T) {
	for s, ok := range map[string]bool{
		"https://example.org/x": true, "http://example.org": true, "mailto:info@example.org": true,
		"javascript:alert(1)": false, "/relative": false, "ftp://example.org": false, "mailto:": false, "https://": false,
		"data:text/html,x": false, "https://example.org/" + strings.Repeat("x", 3000): false,
	} {
		if ValidLinkURL(s) != ok {
			t.Errorf("ValidLinkURL(%.40q) = %v", s, !ok)
		}
	}
}

func TestHeaderLinks(t *testing.T) {
	h := Header{FloatingLinks: []HeaderLink{{Title: Text{"en": "Home"}, URL: "https://example.org", Target: TargetEmbeddingWindow},
		{Title: Text{}, URL: "", Target: "popup"}}}
	var v Validation
	testRules.CheckHeader(&h, &v)
	p := problemsOf(&v)
	for _, f := range []string{"floating_links[1].title", "floating_links[1].url", "floating_links[1].target"} {
		if _, ok := p[f]; !ok {
			t.Errorf("no problem with %s: %v", f, p)
		}
	}
	if len(p) != 3 || h.AdditionalLinks == nil {
		t.Errorf("problems %v; additional links %v", p, h.AdditionalLinks)
	}
}

func TestQuizRules(t *testing.T) {
	answers := func(correct ...bool) []QuizAnswer {
		var out []QuizAnswer
		for _, c := range correct {
			out = append(out, QuizAnswer{Text: Text{"en": "a"}, Correct: c})
		}
		return out
	}
	for _, tc := range []struct {
		name     string
		question QuizQuestion
		bad      bool
	}{
		{"one correct", QuizQuestion{Text: Text{"en": "?"}, Answers: answers(true, false)}, false},
		{"none correct", QuizQuestion{Text: Text{"en": "?"}, Answers: answers(false, false)}, true},
		{"two correct, one allowed", QuizQuestion{Text: Text{"en": "?"}, Answers: answers(true, true)}, true},
		{"two correct, several allowed", QuizQuestion{Text: Text{"en": "?"}, MultipleAnswers: true, Answers: answers(true, true)}, false},
		{"one answer", QuizQuestion{Text: Text{"en": "?"}, Answers: answers(true)}, true},
		{"no text", QuizQuestion{Answers: answers(true, false)}, true},
	} {
		q := Quiz{Name: Text{"en": "Quiz"}, Questions: []QuizQuestion{tc.question}}
		var v Validation
		testRules.CheckQuiz(&q, &v)
		if bad := v.Err() != nil; bad != tc.bad {
			t.Errorf("%s: refused %v, want %v (%v)", tc.name, bad, tc.bad, v.Err())
		}
	}
}

func TestReferenceKeysAndSocialNetworks(t *testing.T) {
	refs := References{References: []Reference{{Key: "a:b/c-1.2_x", Source: Text{"en": "A"}}, {Key: "a:b/c-1.2_x", Source: Text{"en": "B"}},
		{Key: "with space", Source: Text{"en": "C"}}, {Key: "ok", Source: Text{"en": "D"}, Link: "mailto:x@example.org"}}}
	var v Validation
	testRules.CheckReferences(&refs, &v)
	p := problemsOf(&v)
	if len(p) != 3 || p["references[1].key"].Code != ProblemDuplicate || p["references[2].key"].Code != ProblemInvalid ||
		p["references[3].link"].Code != ProblemInvalid {
		t.Fatalf("problems %v", p)
	}
	s := SocialSharing{Networks: []SocialNetwork{"x", "x", "myspace"}}
	v = Validation{}
	testRules.CheckSocialSharing(&s, &v)
	p = problemsOf(&v)
	if len(p) != 2 || p["networks[1]"].Code != ProblemDuplicate || p["networks[2]"].Code != ProblemNotAllowed {
		t.Fatalf("problems %v", p)
	}
}
