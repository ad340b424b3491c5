package publishing

import (
	"encoding/json"
	"fmt"
	"strconv"

	"github.com/strata-maps/strata/internal/domain"
)

// A version keeps the whole working copy, hidden elements included, so
// that restoring it loses nothing. Readers of the live version get only
// what the map shows them (domain.ShownToReaders): a hidden node's title
// and text never leave the server.

// readerVersion is a live version as its readers get it.
type readerVersion struct {
	// document is the version's document less what readers are not shown.
	document []byte
	// shown holds the nodes readers are shown, whose content they may read.
	shown map[int64]bool
	// The map's name, description and languages as published, for the
	// public page (the working copy's may have changed since).
	name, description string
	languages         []domain.Language
	// social is the version's social sharing settings (nil: none), for
	// the page's Open Graph and Twitter card tags.
	social *domain.SocialSharing
}

// readerDocument filters a version's document for its readers. Nodes and
// edges are copied as stored; only a node whose previous or next link leads
// to a node left out is written again, with that link cut.
func readerDocument(doc []byte) (readerVersion, error) {
	var d struct {
		Map             json.RawMessage   `json:"map"`
		ObjectTemplates json.RawMessage   `json:"object_templates"`
		GlobalDesign    json.RawMessage   `json:"global_design"`
		Layers          []domain.Layer    `json:"layers"`
		Revision        int64             `json:"revision"`
		Nodes           []json.RawMessage `json:"nodes"`
		Edges           []json.RawMessage `json:"edges"`
	}
	if err := json.Unmarshal(doc, &d); err != nil {
		return readerVersion{}, fmt.Errorf("stored version document: %w", err)
	}
	var settings struct {
		Name             string            `json:"name"`
		Description      string            `json:"description"`
		Languages        []domain.Language `json:"languages"`
		VisibilityLevels int               `json:"visibility_levels"`
	}
	if err := json.Unmarshal(d.Map, &settings); err != nil {
		return readerVersion{}, fmt.Errorf("stored version document's map: %w", err)
	}

	type nodeHead struct {
		ID         int64             `json:"id"`
		Visibility domain.Visibility `json:"visibility"`
		NextID     *int64            `json:"next_id"`
		PreviousID *int64            `json:"previous_id"`
	}
	heads := make([]nodeHead, len(d.Nodes))
	shown := make(map[int64]bool, len(d.Nodes))
	for i, raw := range d.Nodes {
		if err := json.Unmarshal(raw, &heads[i]); err != nil {
			return readerVersion{}, fmt.Errorf("stored version node: %w", err)
		}
		if domain.ShownToReaders(heads[i].Visibility, settings.VisibilityLevels, d.Layers) {
			shown[heads[i].ID] = true
		}
	}
	// cut: a previous or next link to a node left out.
	cut := func(id *int64) bool { return id != nil && !shown[*id] }
	nodes := make([]json.RawMessage, 0, len(shown))
	for i, raw := range d.Nodes {
		h := heads[i]
		if !shown[h.ID] {
			continue
		}
		if cut(h.NextID) || cut(h.PreviousID) {
			var n domain.Node
			if err := json.Unmarshal(raw, &n); err != nil {
				return readerVersion{}, fmt.Errorf("stored version node %d: %w", h.ID, err)
			}
			if cut(n.NextID) {
				n.NextID = nil
			}
			if cut(n.PreviousID) {
				n.PreviousID = nil
			}
			var err error
			if raw, err = json.Marshal(n); err != nil {
				return readerVersion{}, fmt.Errorf("node %d for readers: %w", h.ID, err)
			}
		}
		nodes = append(nodes, raw)
	}
	edges := make([]json.RawMessage, 0, len(d.Edges))
	for _, raw := range d.Edges {
		var e struct {
			Node       domain.EdgeEnds   `json:"node"`
			Visibility domain.Visibility `json:"visibility"`
		}
		if err := json.Unmarshal(raw, &e); err != nil {
			return readerVersion{}, fmt.Errorf("stored version edge: %w", err)
		}
		if domain.EdgeShownToReaders(e.Visibility, shown[e.Node.FromID], shown[e.Node.ToID]) {
			edges = append(edges, raw)
		}
	}
	// Written out piece by piece: each piece is already valid JSON, and
	// json.Marshal would check and compact all of them once more.
	out := make([]byte, 0, len(doc))
	out = append(out, `{"map":`...)
	out = append(out, d.Map...)
	out = append(out, `,"object_templates":`...)
	out = append(out, d.ObjectTemplates...)
	out = append(out, `,"global_design":`...)
	out = append(out, d.GlobalDesign...)
	layers, err := json.Marshal(d.Layers)
	if err != nil {
		return readerVersion{}, fmt.Errorf("layers for readers: %w", err)
	}
	out = append(out, `,"layers":`...)
	out = append(out, layers...)
	out = append(out, `,"revision":`...)
	out = strconv.AppendInt(out, d.Revision, 10)
	out = appendRawList(append(out, `,"nodes":`...), nodes)
	out = appendRawList(append(out, `,"edges":`...), edges)
	return readerVersion{document: append(out, '}'), shown: shown,
		name: settings.Name, description: settings.Description, languages: settings.Languages}, nil
}

// appendRawList writes a JSON array of the given values.
func appendRawList(b []byte, list []json.RawMessage) []byte {
	b = append(b, '[')
	for i, v := range list {
		if i > 0 {
			b = append(b, ',')
		}
		b = append(b, v...)
	}
	return append(b, ']')
}
