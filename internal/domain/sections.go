package domain

import (
	"net/url"
	"slices"
	"strconv"
)

// A map's content and web settings (account-area §3): editor's note,
// glossary, references, header bar, table of contents, social sharing,
// cookie consent and quizzes. Each is stored whole with the map, replaced
// whole by its PUT, copied with the map and kept with every version. Every
// text is per map language, as node content is.

// Section names: the paths of their calls and their change types.
const (
	SectionEditorsNote   = "editors_note"
	SectionGlossary      = "glossary"
	SectionReferences    = "references"
	SectionHeader        = "header"
	SectionTOC           = "toc"
	SectionSocialSharing = "social_sharing"
	SectionCookieConsent = "cookie_consent"
	SectionQuizzes       = "quizzes"
)

// Sections lists every section, in the order the public map writes them.
var Sections = []string{SectionEditorsNote, SectionGlossary, SectionReferences, SectionHeader, SectionTOC,
	SectionSocialSharing, SectionCookieConsent, SectionQuizzes}

// Text is a text by language (the map's languages only); an empty text is
// left out.
type Text map[Language]string

// EditorsNote is the map's "About this map": who made it and why.
type EditorsNote struct {
	Shown       bool         `json:"shown"`
	Label       Text         `json:"label" nullable:"false"`
	Title       Text         `json:"title" nullable:"false"`
	Text        Text         `json:"text" nullable:"false" description:"Rich text (HTML), sanitised as node content is."`
	TeamMembers []TeamMember `json:"team_members" nullable:"false"`
}

// TeamMember is one author named in the editor's note.
type TeamMember struct {
	Name        string `json:"name" required:"true"`
	Description Text   `json:"description" nullable:"false"`
}

// Glossary is the map's terms with their definitions.
type Glossary struct {
	Terms []GlossaryTerm `json:"terms" nullable:"false"`
}

// GlossaryTerm is one term; alternatives and synonyms are separated by
// semicolons.
type GlossaryTerm struct {
	Term         Text `json:"term" required:"true"`
	Alternatives Text `json:"alternatives" nullable:"false"`
	Synonyms     Text `json:"synonyms" nullable:"false"`
	Definition   Text `json:"definition" nullable:"false" description:"Rich text (HTML), sanitised as node content is."`
}

// References is the map's bibliography.
type References struct {
	References []Reference `json:"references" nullable:"false"`
}

// Reference is one source; node content cites it by its key.
type Reference struct {
	Key    string `json:"key" required:"true" description:"What node content cites it by (#ref-{key}): letters, digits and _ : . - /, at most 100."`
	Source Text   `json:"source" required:"true"`
	Link   string `json:"link,omitempty"`
}

// Header is the bar drawn above the reader's map.
type Header struct {
	Background string `json:"background,omitempty"`
	Height     int    `json:"height,omitempty"`
	LogoURL    string `json:"logo_url,omitempty"`
	// LogoMedia is a media asset's key of the map's client (instead of LogoURL).
	LogoMedia       string       `json:"logo_media,omitempty"`
	LogoHeight      int          `json:"logo_height,omitempty"`
	LogoLink        string       `json:"logo_link,omitempty"`
	FontColor       string       `json:"font_color,omitempty"`
	FloatingLinks   []HeaderLink `json:"floating_links" nullable:"false"`
	AdditionalLinks []HeaderLink `json:"additional_links" nullable:"false"`
}

// LinkTarget is where a header link opens.
type LinkTarget string

// Link targets: a new window, the same window (or the map's own frame when
// embedded: the map is replaced), the map's frame only, the page that
// embeds the map.
const (
	TargetNewWindow       LinkTarget = "new_window"
	TargetSameWindow      LinkTarget = "same_window"
	TargetMapFrame        LinkTarget = "map_frame"
	TargetEmbeddingWindow LinkTarget = "embedding_window"
)

// LinkTargets lists the targets.
var LinkTargets = []LinkTarget{TargetNewWindow, TargetSameWindow, TargetMapFrame, TargetEmbeddingWindow}

// Enum lists the targets for the API's description.
func (LinkTarget) Enum() []any { return enumAny(LinkTargets) }

// HeaderLink is one link of the header bar.
type HeaderLink struct {
	Title  Text       `json:"title" required:"true"`
	URL    string     `json:"url" required:"true" description:"http, https or mailto."`
	Target LinkTarget `json:"target" required:"true"`
}

// TOC is the table of contents: entries in reading order, each at a
// depth of one to four below the one before it at most.
type TOC struct {
	Entries []TOCEntry `json:"entries" nullable:"false"`
}

// TOCEntry points at a node of the map and the zoom level to show it at.
type TOCEntry struct {
	Title     Text  `json:"title" nullable:"false"`
	Depth     int   `json:"depth" required:"true" description:"1 to 4; at most one deeper than the entry before it."`
	NodeID    int64 `json:"node_id" required:"true"`
	ZoomLevel int   `json:"zoom_level" required:"true"`
}

// SocialNetwork is a network the reader's map offers sharing on.
type SocialNetwork string

// SocialNetworks lists the networks offered.
var SocialNetworks = []SocialNetwork{"facebook", "x", "linkedin", "xing", "whatsapp", "telegram", "mastodon", "bluesky", "reddit", "email"}

// Enum lists the networks for the API's description.
func (SocialNetwork) Enum() []any { return enumAny(SocialNetworks) }

// SocialSharing is which networks to offer and the texts shared.
type SocialSharing struct {
	Networks    []SocialNetwork `json:"networks" nullable:"false"`
	Title       Text            `json:"title" nullable:"false"`
	Description Text            `json:"description" nullable:"false"`
	Hashtags    string          `json:"hashtags,omitempty" description:"Separated by spaces or commas, without #."`
	Image       string          `json:"image,omitempty" description:"The picture shared (og:image), an http(s) address."`
}

// CookieConsent asks readers before anything but necessary storage.
type CookieConsent struct {
	Enabled          bool           `json:"enabled"`
	Title            Text           `json:"title" nullable:"false"`
	Text             Text           `json:"text" nullable:"false"`
	Necessary        CookieCategory `json:"necessary"`
	External         CookieCategory `json:"external"`
	Statistics       CookieCategory `json:"statistics"`
	ImprintURL       string         `json:"imprint_url,omitempty"`
	PrivacyPolicyURL string         `json:"privacy_policy_url,omitempty"`
}

// CookieCategory is one kind of storage the reader allows or refuses.
type CookieCategory struct {
	Label       Text `json:"label" nullable:"false"`
	Description Text `json:"description" nullable:"false"`
}

// Quiz is a set of questions readers answer in the reader's map.
type Quiz struct {
	ID           int64          `json:"id"`
	Name         Text           `json:"name" required:"true"`
	Description  Text           `json:"description" nullable:"false"`
	TitlePicture string         `json:"title_picture,omitempty"`
	Expandable   bool           `json:"expandable"`
	Questions    []QuizQuestion `json:"questions" nullable:"false"`
}

// QuizQuestion is one question; ids are given by the server (send those of
// existing questions and answers back to keep their counts).
type QuizQuestion struct {
	ID              int64        `json:"id"`
	Text            Text         `json:"text" required:"true"`
	MultipleAnswers bool         `json:"multiple_answers"`
	Answers         []QuizAnswer `json:"answers" nullable:"false"`
}

// QuizAnswer is one answer offered.
type QuizAnswer struct {
	ID      int64 `json:"id"`
	Text    Text  `json:"text" required:"true"`
	Correct bool  `json:"correct"`
}

// Section limits.
const (
	MaxLabelLen        = 200
	MaxShortTextLen    = 2000
	MaxRichTextLen     = 50000
	MaxTeamMembers     = 50
	MaxGlossaryTerms   = 2000
	MaxReferences      = 2000
	MaxReferenceKeyLen = 100
	MaxHeaderLinks     = 20
	MinHeaderHeight    = 20
	MaxHeaderHeight    = 300
	MaxTOCEntries      = 1000
	MaxTOCDepth        = 4
	MaxQuizzes         = 100
	MaxQuizQuestions   = 100
	MaxQuizAnswers     = 20
	MaxHashtagsLen     = 500
)

func enumAny[T any](list []T) []any {
	out := make([]any, len(list))
	for i, v := range list {
		out[i] = v
	}
	return out
}

// ValidLinkURL reports whether s is an absolute http(s) or mailto address.
func ValidLinkURL(s string) bool {
	if len(s) > 2048 {
		return false
	}
	u, err := url.Parse(s)
	if err != nil {
		return false
	}
	switch u.Scheme {
	case "http", "https":
		return u.Host != ""
	case "mailto":
		return u.Opaque != ""
	}
	return false
}

// ValidReferenceKey reports whether k can be cited as #ref-{k}.
func ValidReferenceKey(k string) bool {
	if k == "" || len(k) > MaxReferenceKeyLen {
		return false
	}
	for _, r := range k {
		ok := r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || slices.Contains([]rune("_:.-/"), r)
		if !ok {
			return false
		}
	}
	return true
}

// at names a list item's field: at("terms", 3, "term") is terms[3].term.
func at(list string, i int, field string) string {
	return list + "[" + strconv.Itoa(i) + "]." + field
}

func itoa(i int) string { return strconv.Itoa(i) }
