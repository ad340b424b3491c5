package domain

import (
	"slices"
	"strings"
)

// SectionRules are what a section is checked against: the map's languages
// and levels, and the sanitiser of rich text (the one node content goes
// through, which lives with the editing service).
type SectionRules struct {
	Languages []Language
	Levels    int
	Sanitize  func(html string) string
}

// text checks and normalises a text by language: only the map's
// languages, at most max characters each, single-line unless multiline;
// rich texts are sanitised. Empty texts are dropped.
func (r SectionRules) text(v *Validation, field string, t *Text, max int, kind textKind) {
	if *t == nil {
		*t = Text{}
	}
	for lang, s := range *t {
		f := field + "." + string(lang)
		if !slices.Contains(r.Languages, lang) {
			v.Add(f, NotAllowed(r.Languages...).Saying("is not a language of the map"))
			continue
		}
		if kind == singleLine {
			s = strings.TrimSpace(s)
		}
		if len([]rune(s)) > max {
			v.Add(f, TooLong(max))
			continue
		}
		if kind == singleLine && !SingleLine(s) {
			v.Add(f, LineBreak())
			continue
		}
		if kind == rich && r.Sanitize != nil {
			s = strings.TrimSpace(r.Sanitize(s))
		}
		if s == "" {
			delete(*t, lang)
			continue
		}
		(*t)[lang] = s
	}
}

type textKind int

const (
	singleLine textKind = iota
	multiLine
	rich
)

// required checks that a text has something in some language.
func required(v *Validation, field string, t Text) {
	v.Check(len(t) > 0, field, Required())
}

func checkURL(v *Validation, field string, s *string, valid func(string) bool, reason string) {
	*s = strings.TrimSpace(*s)
	if *s != "" && !valid(*s) {
		v.Add(field, Invalid("url").Saying(reason))
	}
}

func checkColour(v *Validation, field string, s string) {
	if s != "" && !ColorPattern.MatchString(s) {
		v.Add(field, Invalid("colour"))
	}
}

// CheckEditorsNote validates and normalises an editor's note.
func (r SectionRules) CheckEditorsNote(n *EditorsNote, v *Validation) {
	r.text(v, "label", &n.Label, MaxLabelLen, singleLine)
	r.text(v, "title", &n.Title, MaxLabelLen, singleLine)
	r.text(v, "text", &n.Text, MaxRichTextLen, rich)
	if n.TeamMembers == nil {
		n.TeamMembers = []TeamMember{}
	}
	v.Check(len(n.TeamMembers) <= MaxTeamMembers, "team_members", TooMany(MaxTeamMembers))
	for i := range n.TeamMembers {
		m := &n.TeamMembers[i]
		m.Name = strings.TrimSpace(m.Name)
		v.Check(m.Name != "", at("team_members", i, "name"), Required())
		v.Check(len([]rune(m.Name)) <= MaxLabelLen, at("team_members", i, "name"), TooLong(MaxLabelLen))
		v.Check(SingleLine(m.Name), at("team_members", i, "name"), LineBreak())
		r.text(v, at("team_members", i, "description"), &m.Description, MaxShortTextLen, multiLine)
	}
}

// CheckGlossary validates and normalises a glossary.
func (r SectionRules) CheckGlossary(g *Glossary, v *Validation) {
	if g.Terms == nil {
		g.Terms = []GlossaryTerm{}
	}
	v.Check(len(g.Terms) <= MaxGlossaryTerms, "terms", TooMany(MaxGlossaryTerms))
	for i := range g.Terms {
		t := &g.Terms[i]
		r.text(v, at("terms", i, "term"), &t.Term, MaxLabelLen, singleLine)
		required(v, at("terms", i, "term"), t.Term)
		r.text(v, at("terms", i, "alternatives"), &t.Alternatives, MaxShortTextLen, singleLine)
		r.text(v, at("terms", i, "synonyms"), &t.Synonyms, MaxShortTextLen, singleLine)
		r.text(v, at("terms", i, "definition"), &t.Definition, MaxShortTextLen*5, rich)
	}
}

// CheckReferences validates and normalises the references.
func (r SectionRules) CheckReferences(refs *References, v *Validation) {
	if refs.References == nil {
		refs.References = []Reference{}
	}
	v.Check(len(refs.References) <= MaxReferences, "references", TooMany(MaxReferences))
	keys := map[string]bool{}
	for i := range refs.References {
		ref := &refs.References[i]
		ref.Key = strings.TrimSpace(ref.Key)
		switch {
		case !ValidReferenceKey(ref.Key):
			v.Add(at("references", i, "key"), Invalid("text").Saying("must be letters, digits and _ : . - /, at most 100"))
		case keys[ref.Key]:
			v.Add(at("references", i, "key"), Duplicate(0).Saying("is the key of another reference"))
		}
		keys[ref.Key] = true
		r.text(v, at("references", i, "source"), &ref.Source, MaxShortTextLen, multiLine)
		required(v, at("references", i, "source"), ref.Source)
		checkURL(v, at("references", i, "link"), &ref.Link, ValidHTTPURL, "must be an http(s) address")
	}
}

// CheckHeader validates and normalises the header bar.
func (r SectionRules) CheckHeader(h *Header, v *Validation) {
	checkColour(v, "background", h.Background)
	checkColour(v, "font_color", h.FontColor)
	v.Check(h.Height == 0 || h.Height >= MinHeaderHeight && h.Height <= MaxHeaderHeight, "height", OutOfRange(MinHeaderHeight, MaxHeaderHeight))
	v.Check(h.LogoHeight == 0 || h.LogoHeight >= 8 && h.LogoHeight <= MaxHeaderHeight, "logo_height", OutOfRange(8, MaxHeaderHeight))
	checkURL(v, "logo_url", &h.LogoURL, ValidURL, "must be an http(s) address or a path")
	checkURL(v, "logo_link", &h.LogoLink, ValidLinkURL, "must be an http(s) or mailto: address")
	for _, list := range []struct {
		name  string
		links *[]HeaderLink
	}{{"floating_links", &h.FloatingLinks}, {"additional_links", &h.AdditionalLinks}} {
		if *list.links == nil {
			*list.links = []HeaderLink{}
		}
		v.Check(len(*list.links) <= MaxHeaderLinks, list.name, TooMany(MaxHeaderLinks))
		for i := range *list.links {
			l := &(*list.links)[i]
			r.text(v, at(list.name, i, "title"), &l.Title, MaxLabelLen, singleLine)
			required(v, at(list.name, i, "title"), l.Title)
			l.URL = strings.TrimSpace(l.URL)
			v.Check(l.URL != "", at(list.name, i, "url"), Required())
			checkURL(v, at(list.name, i, "url"), &l.URL, ValidLinkURL, "must be an http(s) or mailto: address")
			v.Check(slices.Contains(LinkTargets, l.Target), at(list.name, i, "target"), NotAllowed(LinkTargets...))
		}
	}
}

// CheckTOC validates the table of contents' form; that each node is on
// the map is the editing service's to check.
func (r SectionRules) CheckTOC(t *TOC, v *Validation) {
	if t.Entries == nil {
		t.Entries = []TOCEntry{}
	}
	v.Check(len(t.Entries) <= MaxTOCEntries, "entries", TooMany(MaxTOCEntries))
	prev := 0
	for i := range t.Entries {
		e := &t.Entries[i]
		r.text(v, at("entries", i, "title"), &e.Title, MaxLabelLen, singleLine)
		switch {
		case e.Depth < 1 || e.Depth > MaxTOCDepth:
			v.Add(at("entries", i, "depth"), OutOfRange(1, MaxTOCDepth).Saying("the table of contents has at most four levels"))
		case e.Depth > prev+1:
			v.Add(at("entries", i, "depth"), OutOfRange(1, prev+1).Saying("must be at most one level below the entry before it"))
		}
		prev = e.Depth
		v.Check(e.NodeID > 0, at("entries", i, "node_id"), Invalid("id"))
		v.Check(e.ZoomLevel >= 1 && e.ZoomLevel <= r.Levels, at("entries", i, "zoom_level"), OutOfRange(1, r.Levels))
	}
}

// CheckSocialSharing validates and normalises the social sharing settings.
func (r SectionRules) CheckSocialSharing(s *SocialSharing, v *Validation) {
	if s.Networks == nil {
		s.Networks = []SocialNetwork{}
	}
	seen := map[SocialNetwork]bool{}
	for i, n := range s.Networks {
		f := "networks[" + itoa(i) + "]"
		v.Check(slices.Contains(SocialNetworks, n), f, NotAllowed(SocialNetworks...))
		v.Check(!seen[n], f, Duplicate(0))
		seen[n] = true
	}
	r.text(v, "title", &s.Title, MaxLabelLen, singleLine)
	r.text(v, "description", &s.Description, MaxShortTextLen, multiLine)
	s.Hashtags = strings.TrimSpace(s.Hashtags)
	v.Check(len([]rune(s.Hashtags)) <= MaxHashtagsLen, "hashtags", TooLong(MaxHashtagsLen))
	v.Check(SingleLine(s.Hashtags), "hashtags", LineBreak())
	checkURL(v, "image", &s.Image, ValidHTTPURL, "must be an http(s) address")
}

// CheckCookieConsent validates and normalises the cookie consent.
func (r SectionRules) CheckCookieConsent(c *CookieConsent, v *Validation) {
	r.text(v, "title", &c.Title, MaxLabelLen, singleLine)
	r.text(v, "text", &c.Text, MaxShortTextLen, multiLine)
	for _, cat := range []struct {
		name string
		c    *CookieCategory
	}{{"necessary", &c.Necessary}, {"external", &c.External}, {"statistics", &c.Statistics}} {
		r.text(v, cat.name+".label", &cat.c.Label, MaxLabelLen, singleLine)
		r.text(v, cat.name+".description", &cat.c.Description, MaxShortTextLen, multiLine)
	}
	checkURL(v, "imprint_url", &c.ImprintURL, ValidHTTPURL, "must be an http(s) address")
	checkURL(v, "privacy_policy_url", &c.PrivacyPolicyURL, ValidHTTPURL, "must be an http(s) address")
}

// CheckQuiz validates and normalises a quiz (its ids are the service's).
func (r SectionRules) CheckQuiz(q *Quiz, v *Validation) {
	r.text(v, "name", &q.Name, MaxLabelLen, singleLine)
	required(v, "name", q.Name)
	r.text(v, "description", &q.Description, MaxShortTextLen, multiLine)
	checkURL(v, "title_picture", &q.TitlePicture, ValidURL, "must be an http(s) address or a path")
	if q.Questions == nil {
		q.Questions = []QuizQuestion{}
	}
	v.Check(len(q.Questions) <= MaxQuizQuestions, "questions", TooMany(MaxQuizQuestions))
	for i := range q.Questions {
		qq := &q.Questions[i]
		r.text(v, at("questions", i, "text"), &qq.Text, MaxShortTextLen, multiLine)
		required(v, at("questions", i, "text"), qq.Text)
		if qq.Answers == nil {
			qq.Answers = []QuizAnswer{}
		}
		f := at("questions", i, "answers")
		v.Check(len(qq.Answers) >= 2, f, Required().Saying("a question needs at least two answers"))
		v.Check(len(qq.Answers) <= MaxQuizAnswers, f, TooMany(MaxQuizAnswers))
		correct := 0
		for j := range qq.Answers {
			a := &qq.Answers[j]
			r.text(v, f+"["+itoa(j)+"].text", &a.Text, MaxShortTextLen, multiLine)
			required(v, f+"["+itoa(j)+"].text", a.Text)
			if a.Correct {
				correct++
			}
		}
		v.Check(correct >= 1 || len(qq.Answers) == 0, f, Rule("mark at least one answer correct"))
		v.Check(correct <= 1 || qq.MultipleAnswers, f, Rule("only a question with multiple answers may have more than one correct answer"))
	}
}
