package domain

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"time"
	"unicode/utf8"
)

// A client's media library (spec account-area §3, §8): uploaded files
// ("assets") with their metadata, and metadata presets (media templates).

// MediaType is what kind of file an asset is, decided from its bytes.
type MediaType string

const (
	MediaImage  MediaType = "image"
	MediaVector MediaType = "vector"
	MediaVideo  MediaType = "video"
	MediaAudio  MediaType = "audio"
	MediaOther  MediaType = "other"
)

// MediaTypes lists every type.
var MediaTypes = []MediaType{MediaImage, MediaVector, MediaVideo, MediaAudio, MediaOther}

// Enum lists the types for the API's description.
func (MediaType) Enum() []any { return enumOf(MediaTypes) }

// Valid reports whether t is one of the types.
func (t MediaType) Valid() bool { return contains(MediaTypes, t) }

// MediaContainer is where an asset is meant to be shown.
type MediaContainer string

// MediaContainers lists the containers of the metadata.
var MediaContainers = []MediaContainer{"narrow_panel", "wide_panel", "detached_box", "map_icon", "background_image"}

// Enum lists the containers for the API's description.
func (MediaContainer) Enum() []any { return enumOf(MediaContainers) }

// MediaKind is what an asset shows (the metadata's "type" in the spec).
type MediaKind string

// MediaKinds lists the kinds of the metadata.
var MediaKinds = []MediaKind{"photo", "portrait", "infographic", "drawing", "illustration", "animation", "film", "voice", "music"}

// Enum lists the kinds for the API's description.
func (MediaKind) Enum() []any { return enumOf(MediaKinds) }

// MediaPlace is where a map uses an asset.
type MediaPlace string

const (
	PlaceNode           MediaPlace = "node"
	PlaceMapBackground  MediaPlace = "map_background"
	PlaceHeaderLogo     MediaPlace = "header_logo"
	PlaceObjectTemplate MediaPlace = "object_template"
	// PlaceNodeDefaults: the map's global design gives nodes the asset.
	PlaceNodeDefaults MediaPlace = "node_defaults"
	// PlacePublishedVersion: the map's live version, which readers see
	// whatever the working copy holds now.
	PlacePublishedVersion MediaPlace = "published_version"
)

// Enum lists the places for the API's description.
func (MediaPlace) Enum() []any {
	return enumOf([]MediaPlace{PlaceNode, PlaceMapBackground, PlaceHeaderLogo, PlaceObjectTemplate,
		PlaceNodeDefaults, PlacePublishedVersion})
}

// MediaDateLayout is how the metadata's dates are written.
const MediaDateLayout = "2006-01-02 15:04:05"

// The bounds of the metadata's texts and lists.
const (
	MaxMediaShortText = 300  // author, title, contact, copyright, source
	MaxMediaLongText  = 5000 // author text, summary
	MaxMediaListItems = 50   // keywords, search terms, categories
	MaxMediaListItem  = 100  // one keyword, search term or category
	MaxMediaName      = 255  // the file's name
)

// MediaMetadata describes an asset (spec account-area §8).
type MediaMetadata struct {
	Containers      []MediaContainer `json:"containers" nullable:"false"`
	Kind            *MediaKind       `json:"kind"`
	Author          string           `json:"author"`
	Title           string           `json:"title"`
	Contact         string           `json:"contact"`
	Copyright       string           `json:"copyright"`
	DateCreation    *string          `json:"date_creation" description:"YYYY-MM-DD HH:MM:SS"`
	DatePublication *string          `json:"date_publication" description:"YYYY-MM-DD HH:MM:SS"`
	AuthorText      string           `json:"author_text"`
	Summary         string           `json:"summary"`
	Source          string           `json:"source"`
	Keywords        []string         `json:"keywords" nullable:"false"`
	SearchTerms     []string         `json:"search_terms" nullable:"false"`
	Categories      []string         `json:"categories" nullable:"false"`
}

// MediaMetadataPatch is metadata sent in part: the fields present replace
// the asset's; null clears the kind or a date.
type MediaMetadataPatch struct {
	Containers      *[]MediaContainer `json:"containers,omitempty"`
	Kind            *MediaKind        `json:"kind,omitempty" nullable:"true"`
	Author          *string           `json:"author,omitempty"`
	Title           *string           `json:"title,omitempty"`
	Contact         *string           `json:"contact,omitempty"`
	Copyright       *string           `json:"copyright,omitempty"`
	DateCreation    *string           `json:"date_creation,omitempty" nullable:"true" description:"YYYY-MM-DD HH:MM:SS"`
	DatePublication *string           `json:"date_publication,omitempty" nullable:"true" description:"YYYY-MM-DD HH:MM:SS"`
	AuthorText      *string           `json:"author_text,omitempty"`
	Summary         *string           `json:"summary,omitempty"`
	Source          *string           `json:"source,omitempty"`
	Keywords        *[]string         `json:"keywords,omitempty"`
	SearchTerms     *[]string         `json:"search_terms,omitempty"`
	Categories      *[]string         `json:"categories,omitempty"`
}

// ApplyMediaMetadata applies raw, a JSON MediaMetadataPatch, to m: only
// the fields raw names change. The patch is read strictly (unknown fields
// and wrong types are refused) and the result checked.
func ApplyMediaMetadata(m MediaMetadata, raw []byte) (MediaMetadata, error) {
	if len(bytes.TrimSpace(raw)) == 0 {
		return m, nil
	}
	bad := func(reason string) error {
		return &Error{Code: CodeInvalid, Message: "the metadata is not valid",
			Problems: Problems{"metadata": Invalid("object").Saying(reason)}}
	}
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.DisallowUnknownFields()
	var p MediaMetadataPatch
	if err := dec.Decode(&p); err != nil {
		return m, bad("must be a JSON object of the metadata's fields: " + err.Error())
	}
	if dec.More() {
		return m, bad("must be a single JSON object")
	}
	// Decoding onto a copy changes exactly the fields raw names; the
	// copy's lists are fresh so that m's are not shared.
	out := m
	out.Containers, out.Keywords = append([]MediaContainer(nil), m.Containers...), append([]string(nil), m.Keywords...)
	out.SearchTerms, out.Categories = append([]string(nil), m.SearchTerms...), append([]string(nil), m.Categories...)
	if err := json.Unmarshal(raw, &out); err != nil {
		return m, bad(err.Error())
	}
	out = out.Normal()
	if err := out.Check(); err != nil {
		return m, err
	}
	return out, nil
}

// Normal gives m's lists as empty lists rather than null.
func (m MediaMetadata) Normal() MediaMetadata {
	if m.Containers == nil {
		m.Containers = []MediaContainer{}
	}
	for _, l := range []*[]string{&m.Keywords, &m.SearchTerms, &m.Categories} {
		if *l == nil {
			*l = []string{}
		}
	}
	return m
}

// Check validates m's fields: lengths, enumerations and dates.
func (m MediaMetadata) Check() error {
	v := &Validation{}
	for i, c := range m.Containers {
		v.Check(contains(MediaContainers, c), fmt.Sprintf("metadata.containers[%d]", i), NotAllowed(MediaContainers...))
	}
	v.Check(len(m.Containers) <= len(MediaContainers), "metadata.containers", TooMany(len(MediaContainers)))
	if m.Kind != nil {
		v.Check(contains(MediaKinds, *m.Kind), "metadata.kind", NotAllowed(MediaKinds...))
	}
	for field, s := range map[string]string{"author": m.Author, "title": m.Title, "contact": m.Contact, "copyright": m.Copyright, "source": m.Source} {
		checkMediaText(v, "metadata."+field, s, MaxMediaShortText, true)
	}
	for field, s := range map[string]string{"author_text": m.AuthorText, "summary": m.Summary} {
		checkMediaText(v, "metadata."+field, s, MaxMediaLongText, false)
	}
	for field, d := range map[string]*string{"date_creation": m.DateCreation, "date_publication": m.DatePublication} {
		if d != nil {
			_, err := time.Parse(MediaDateLayout, *d)
			v.Check(err == nil, "metadata."+field, Invalid("date").Saying("must be a date as YYYY-MM-DD HH:MM:SS"))
		}
	}
	for field, l := range map[string][]string{"keywords": m.Keywords, "search_terms": m.SearchTerms, "categories": m.Categories} {
		v.Check(len(l) <= MaxMediaListItems, "metadata."+field, TooMany(MaxMediaListItems))
		for i, s := range l {
			checkMediaText(v, fmt.Sprintf("metadata.%s[%d]", field, i), s, MaxMediaListItem, true)
			v.Check(s != "", fmt.Sprintf("metadata.%s[%d]", field, i), Required())
		}
	}
	return v.Err()
}

func checkMediaText(v *Validation, field, s string, max int, singleLine bool) {
	v.Check(utf8.ValidString(s), field, Invalid("text"))
	v.Check(utf8.RuneCountInString(s) <= max, field, TooLong(max))
	for _, r := range s {
		if r == '\n' || r == '\r' {
			v.Check(!singleLine, field, LineBreak())
			continue
		}
		if r < 0x20 && r != '\t' || r == 0x7f {
			v.Add(field, ControlCharacter())
			break
		}
	}
}

// MediaVariant is an image asset's copy scaled to a width.
type MediaVariant struct {
	Width int    `json:"width"`
	URL   string `json:"url"`
}

// MediaVariantWidths are the widths images are scaled to, where smaller
// than the original.
var MediaVariantWidths = []int{256, 1024, 2048}

// MediaAsset is an uploaded file of a client with its metadata.
type MediaAsset struct {
	ID          int64     `json:"-"`
	ClientID    int64     `json:"-"`
	Key         string    `json:"key"`
	Type        MediaType `json:"type"`
	ContentType string    `json:"content_type" description:"Decided from the file's bytes, never its name."`
	Name        string    `json:"name" description:"The uploaded file's base name, made safe."`
	Size        int64     `json:"size"`
	Width       *int      `json:"width,omitempty"`
	Height      *int      `json:"height,omitempty"`
	Duration    *float64  `json:"duration,omitempty" description:"Seconds, for video and audio when known."`
	// Version is raised when the file is replaced; the URLs name it.
	Version   int            `json:"version"`
	URL       string         `json:"url"`
	Variants  []MediaVariant `json:"variants" nullable:"false" description:"Images only: the copies narrower than the original."`
	Metadata  MediaMetadata  `json:"metadata"`
	CreatedBy *int64         `json:"created_by"`
	CreatedAt time.Time      `json:"created_at"`
	UpdatedAt time.Time      `json:"updated_at"`
	// Widths are the variants' widths kept for the asset.
	Widths []int `json:"-"`
}

// MediaUse is a place where a map uses an asset.
type MediaUse struct {
	MapID   int64      `json:"map_id"`
	MapName string     `json:"map_name"`
	Place   MediaPlace `json:"place"`
	NodeID  *int64     `json:"node_id,omitempty"`
	// NodeTitles is the node's title in each language it has one in, so
	// that people read which node, not its number.
	NodeTitles map[Language]string `json:"node_titles,omitempty"`
}

// CodeMediaInUse refuses to delete an asset that a map uses; the error's
// Uses say where.
const CodeMediaInUse = "media_in_use"

// The codes of an upload refused for its bytes.
const (
	CodeFileMissing          = "file_missing"
	CodeUnsupportedMediaType = "unsupported_media_type"
	CodeInvalidImage         = "invalid_image"
	CodeFileTooLarge         = "file_too_large"
	CodeImageTooLarge        = "image_too_large"
	CodeUnsafeSVG            = "unsafe_svg"
	// CodeUnknownMedia: a design names a key that is no asset of the
	// map's client (a 400 problem on the field).
	CodeUnknownMedia = "unknown_media"
)

// MediaTypeStats is what one type of asset takes.
type MediaTypeStats struct {
	Count int64 `json:"count"`
	Bytes int64 `json:"bytes"`
}

// MediaStats is a client's use of media storage.
type MediaStats struct {
	Types      map[MediaType]MediaTypeStats `json:"types"`
	UsedBytes  int64                        `json:"used_bytes"`
	QuotaBytes *int64                       `json:"quota_bytes"`
	Limits     map[MediaType]int64          `json:"limits" description:"The largest file of each type, in bytes."`
}

// MediaTemplate is a saved set of metadata applied to new uploads.
type MediaTemplate struct {
	ID       int64         `json:"id"`
	Name     string        `json:"name"`
	Metadata MediaMetadata `json:"metadata"`
}

// MaxMediaTemplateName bounds a media template's name.
const MaxMediaTemplateName = 100

// ErrMediaMissing is the store's answer for an asset that is not there.
var ErrMediaMissing = errors.New("media asset not found")

func enumOf[T any](values []T) []any {
	out := make([]any, len(values))
	for i, v := range values {
		out[i] = v
	}
	return out
}

func contains[T comparable](values []T, v T) bool {
	for _, x := range values {
		if x == v {
			return true
		}
	}
	return false
}
