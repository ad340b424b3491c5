// Package document writes a map's document (GET /maps/{id}, and the
// snapshot a stored version keeps) as JSON, straight from the stored rows.
package document

import (
	"context"
	"encoding/json"
	"fmt"
	"strconv"
	"sync"
	"unicode/utf8"

	"github.com/strata-maps/strata/internal/domain"
	"github.com/strata-maps/strata/internal/editing"
	"github.com/strata-maps/strata/internal/store"
)

// The document of a large map is read whole by every editor who opens it.
// Its nodes and edges are streamed from the rows into JSON without decoding
// their stored design and content, which the server validated on the way
// in: for 10,000 nodes that is several times faster than decoding and
// encoding them. The shape is exactly that of domain.Node and domain.Edge's
// JSON (internal/api/document_test.go checks it).

// Append writes the whole document of a map to b, read from st, and
// answers the revision it read.
// Nodes and edges are read at once on two connections, unless st is a
// transaction (concurrent: false), which has one.
func Append(ctx context.Context, st *store.Store, b []byte, mapID int64, concurrent bool) ([]byte, int64, error) {
	head, rev, err := AppendHead(ctx, st, nil, mapID)
	if err != nil {
		return nil, 0, err
	}
	// The read is bound by the database's transfer: on two connections,
	// nodes and edges overlap.
	var (
		wg      sync.WaitGroup
		edges   = make([]byte, 0, len(b)/4)
		edgeErr error
	)
	readEdges := func() {
		first := true
		edgeErr = st.EachRawEdge(ctx, mapID, func(e *store.RawEdge) error {
			if !first {
				edges = append(edges, ',')
			}
			first = false
			edges = AppendEdge(edges, e)
			return nil
		})
	}
	if concurrent {
		wg.Add(1)
		go func() {
			defer wg.Done()
			readEdges()
		}()
	} else {
		readEdges()
	}
	b = append(b, head...)
	first := true
	err = st.EachRawNode(ctx, mapID, func(n *store.RawNode) error {
		if !first {
			b = append(b, ',')
		}
		first = false
		b = AppendNode(b, n)
		return nil
	})
	wg.Wait()
	if err == nil {
		err = edgeErr
	}
	if err != nil {
		return nil, 0, err
	}
	b = append(b, Between...)
	b = append(b, edges...)
	return append(b, End...), rev, nil
}

// Snapshot is a map's document as a stored version keeps it, read in the
// transaction that stores it.
func Snapshot(ctx context.Context, tx *store.Store, mapID int64) ([]byte, error) {
	doc, _, err := Append(ctx, tx, nil, mapID, false)
	return doc, err
}

// AppendHead writes the document's opening to b, up to where its nodes
// begin: the map's settings, templates, global design, layers and
// revision, read from st. It answers the revision it read.
func AppendHead(ctx context.Context, st *store.Store, b []byte, mapID int64) ([]byte, int64, error) {
	m, err := st.MapByID(ctx, mapID)
	if err != nil {
		return nil, 0, err
	}
	templates, err := st.TemplatesOfMap(ctx, mapID)
	if err != nil {
		return nil, 0, err
	}
	if templates == nil {
		templates = []domain.ObjectTemplate{} // [] in JSON, not null
	}
	head, err := json.Marshal(struct {
		Map             editing.MapSettings `json:"map"`
		ObjectTemplates any                 `json:"object_templates"`
		GlobalDesign    any                 `json:"global_design"`
		Layers          any                 `json:"layers"`
		Revision        int64               `json:"revision"`
	}{editing.NewMapSettings(m), templates, m.GlobalDesign, m.Layers, m.Revision})
	if err != nil {
		return nil, 0, fmt.Errorf("encode the head of map %d: %w", mapID, err)
	}
	b = append(b, head[:len(head)-1]...) // the object stays open for the elements
	return append(b, `,"nodes":[`...), m.Revision, nil
}

// Between closes the nodes' list and opens the edges'; End closes the
// edges' list and the document. The elements in each list are separated
// by commas.
const (
	Between = `],"edges":[`
	End     = `]}`
)

// AppendNode writes one node as the document has it.
func AppendNode(b []byte, n *store.RawNode) []byte {
	b = append(b, `{"id":`...)
	b = strconv.AppendInt(b, n.ID, 10)
	b = append(b, `,"template":`...)
	b = appendString(b, n.Template)
	b = append(b, `,"design":`...)
	b = append(b, n.Design...)
	b = append(b, `,"geometry":{"shape":`...)
	b = appendString(b, n.Shape)
	b = append(b, `,"center":{"x":`...)
	b = strconv.AppendFloat(b, n.X, 'g', -1, 64)
	b = append(b, `,"y":`...)
	b = strconv.AppendFloat(b, n.Y, 'g', -1, 64)
	b = append(b, `}},"visibility":`...)
	b = appendVisibility(b, n.MinLevel, n.MaxLevel, n.Hidden)
	b = append(b, `,"content":`...)
	b = append(b, n.Content...)
	b = append(b, `,"next_id":`...)
	b = appendNullInt(b, n.NextID.Int64, n.NextID.Valid)
	b = append(b, `,"previous_id":`...)
	b = appendNullInt(b, n.PreviousID.Int64, n.PreviousID.Valid)
	b = append(b, `,"popup_type":`...)
	b = appendString(b, n.Popup)
	b = append(b, `,"editing":{"locked":`...)
	b = strconv.AppendBool(b, n.Locked)
	b = append(b, `},"order":`...)
	b = strconv.AppendInt(b, n.Order, 10)
	return append(b, '}')
}

// AppendEdge writes one edge as the document has it.
func AppendEdge(b []byte, e *store.RawEdge) []byte {
	b = append(b, `{"id":`...)
	b = strconv.AppendInt(b, e.ID, 10)
	b = append(b, `,"node":{"from_id":`...)
	b = strconv.AppendInt(b, e.FromID, 10)
	b = append(b, `,"to_id":`...)
	b = strconv.AppendInt(b, e.ToID, 10)
	b = append(b, `},"name":`...)
	b = appendString(b, e.Name)
	b = append(b, `,"type":`...)
	b = appendString(b, e.Type)
	b = append(b, `,"template":`...)
	b = appendString(b, e.Template)
	b = append(b, `,"design":`...)
	b = append(b, e.Design...)
	b = append(b, `,"content":`...)
	b = append(b, e.Content...)
	b = append(b, `,"visibility":`...)
	b = appendVisibility(b, e.MinLevel, e.MaxLevel, e.Hidden)
	b = append(b, `,"locked":`...)
	b = strconv.AppendBool(b, e.Locked)
	return append(b, '}')
}

func appendVisibility(b []byte, minL, maxL int, hidden bool) []byte {
	b = append(b, `{"min_level":`...)
	b = strconv.AppendInt(b, int64(minL), 10)
	b = append(b, `,"max_level":`...)
	b = strconv.AppendInt(b, int64(maxL), 10)
	b = append(b, `,"hidden":`...)
	b = strconv.AppendBool(b, hidden)
	return append(b, '}')
}

func appendNullInt(b []byte, v int64, valid bool) []byte {
	if !valid {
		return append(b, "null"...)
	}
	return strconv.AppendInt(b, v, 10)
}

// appendString quotes s as a JSON string; plain text (ids, enumerations,
// names) is copied, anything needing escapes goes through encoding/json.
func appendString(b []byte, s []byte) []byte {
	for _, c := range s {
		if c < 0x20 || c == '"' || c == '\\' || c >= utf8.RuneSelf || c == '<' || c == '>' || c == '&' {
			q, _ := json.Marshal(string(s)) // a string always marshals
			return append(b, q...)
		}
	}
	b = append(b, '"')
	b = append(b, s...)
	return append(b, '"')
}
