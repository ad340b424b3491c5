package editing

import (
	"encoding/json"
	"fmt"
	"maps"
	"slices"

	"github.com/strata-maps/strata/internal/domain"
)

// The map protocol (account-area §4): the change log as admins read it,
// each change told by what it touched rather than by its whole data.

// ChangeSummary counts what a change touched; absent (zero) means nothing.
type ChangeSummary struct {
	Nodes            int  `json:"nodes,omitempty"`
	Edges            int  `json:"edges,omitempty"`
	Templates        int  `json:"templates,omitempty"`
	RemovedNodes     int  `json:"removed_nodes,omitempty"`
	RemovedEdges     int  `json:"removed_edges,omitempty"`
	RemovedTemplates int  `json:"removed_templates,omitempty"`
	Positions        int  `json:"positions,omitempty"`
	Map              bool `json:"map,omitempty"`
	Layers           bool `json:"layers,omitempty"`
	GlobalDesign     bool `json:"global_design,omitempty"`
	// Titles are up to three of the touched nodes' titles, as the change wrote them.
	Titles []string `json:"titles,omitempty"`
	// NodeIDs are the nodes Titles names, in the same order: a reader shows
	// a node's current title in its own language when the node still exists.
	NodeIDs []int64 `json:"node_ids,omitempty"`
}

// summarised is a change's data as far as the protocol reads it.
type summarised struct {
	Map          json.RawMessage `json:"map"`
	Layers       json.RawMessage `json:"layers"`
	GlobalDesign json.RawMessage `json:"global_design"`
	Nodes        []struct {
		ID      int64 `json:"id"`
		Content map[domain.Language]struct {
			Title string `json:"title"`
		} `json:"content"`
	} `json:"nodes"`
	Edges              []json.RawMessage `json:"edges"`
	Templates          []json.RawMessage `json:"templates"`
	RemovedNodeIDs     []int64           `json:"removed_node_ids"`
	RemovedEdgeIDs     []int64           `json:"removed_edge_ids"`
	RemovedTemplateIDs []int64           `json:"removed_template_ids"`
	Positions          []json.RawMessage `json:"positions"`
	Publication        *PublicationState `json:"publication"`
}

// maxTitles is how many node titles a protocol entry names.
const maxTitles = 3

// Summarize tells what a change's data touched, naming nodes by their
// title in lang (else in any language they have one), and the version a
// publishing change concerns.
func Summarize(data []byte, lang domain.Language) (ChangeSummary, *VersionRef, error) {
	var d summarised
	if err := json.Unmarshal(data, &d); err != nil {
		return ChangeSummary{}, nil, fmt.Errorf("read a change's data: %w", err)
	}
	s := ChangeSummary{Nodes: len(d.Nodes), Edges: len(d.Edges), Templates: len(d.Templates),
		RemovedNodes: len(d.RemovedNodeIDs), RemovedEdges: len(d.RemovedEdgeIDs), RemovedTemplates: len(d.RemovedTemplateIDs),
		Positions: len(d.Positions), Map: len(d.Map) > 0, Layers: len(d.Layers) > 0, GlobalDesign: len(d.GlobalDesign) > 0}
	for _, n := range d.Nodes {
		if len(s.Titles) == maxTitles {
			break
		}
		title := n.Content[lang].Title
		for _, l := range slices.Sorted(maps.Keys(n.Content)) {
			if title != "" {
				break
			}
			title = n.Content[l].Title
		}
		if title != "" {
			s.Titles = append(s.Titles, title)
			s.NodeIDs = append(s.NodeIDs, n.ID)
		}
	}
	var v *VersionRef
	if d.Publication != nil {
		v = d.Publication.Version
	}
	return s, v, nil
}
