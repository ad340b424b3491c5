// Package editing applies changes to map documents: each call validates its
// input, runs the spec's rules (package domain) inside one transaction,
// raises the map's revision, writes the change log and then tells the
// publisher, so that every editor of the map hears of it.
package editing

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/microcosm-cc/bluemonday"

	"github.com/strata-maps/strata/internal/domain"
	"github.com/strata-maps/strata/internal/store"
)

// Publisher hears of every committed change, in revision order per map.
type Publisher interface {
	Publish(ctx context.Context, mapID int64, changes []domain.Change)
}

// Service edits map documents.
type Service struct {
	store     *store.Store
	publisher Publisher
	html      *bluemonday.Policy
}

// New returns the service; publisher may be nil.
func New(s *store.Store, p Publisher) *Service {
	return &Service{store: s, publisher: p, html: richTextPolicy()}
}

// Delta is the data of a change: the new state of what it touched, so that
// a client applies any change the same way, whatever its type.
type Delta struct {
	Map                *MapSettings              `json:"map,omitempty"`
	Layers             []domain.Layer            `json:"layers,omitempty"`
	GlobalDesign       map[string]map[string]any `json:"global_design,omitempty"`
	Nodes              []domain.Node             `json:"nodes,omitempty"`
	Edges              []domain.Edge             `json:"edges,omitempty"`
	Templates          []domain.ObjectTemplate   `json:"templates,omitempty"`
	RemovedNodeIDs     []int64                   `json:"removed_node_ids,omitempty"`
	RemovedEdgeIDs     []int64                   `json:"removed_edge_ids,omitempty"`
	RemovedTemplateIDs []int64                   `json:"removed_template_ids,omitempty"`
	// Positions are the moved nodes of node_position: only where they are,
	// as dragging sends many.
	Positions []NodePosition `json:"positions,omitempty"`
	// Order lists node ids in their new drawing order (node_order).
	Order []int64 `json:"order,omitempty"`
	// Publication is the live state after map_published, map_reset and
	// state_restored.
	Publication *PublicationState `json:"publication,omitempty"`
	// A section's new value, under its name (its change type).
	EditorsNote    *domain.EditorsNote   `json:"editors_note,omitempty"`
	Glossary       *domain.Glossary      `json:"glossary,omitempty"`
	References     *domain.References    `json:"references,omitempty"`
	Header         *domain.Header        `json:"header,omitempty"`
	TOC            *domain.TOC           `json:"toc,omitempty"`
	SocialSharing  *domain.SocialSharing `json:"social_sharing,omitempty"`
	CookieConsent  *domain.CookieConsent `json:"cookie_consent,omitempty"`
	Quizzes        []domain.Quiz         `json:"quizzes,omitempty"`
	RemovedQuizIDs []int64               `json:"removed_quiz_ids,omitempty"`
}

// Sync types (spec §7 in snake_case), as written to the change log.
const (
	TypeMap            = "map"
	TypeNodePosition   = "node_position"
	TypeNodeRemoved    = "node_removed"
	TypeNodeCloned     = "node_cloned"
	TypeNodeCreated    = "node_created"
	TypeNodeDesign     = "node_design"
	TypeNodeContent    = "node_content"
	TypeNodeVisibility = "node_visibility"
	TypeNodeHidden     = "node_hidden"
	TypeNodeLocked     = "node_locked"
	TypeNodeOrder      = "node_order"
	TypeNodeTemplates  = "node_templates"
	TypeEdgeCreated    = "edge_created"
	TypeEdgeRemoved    = "edge_removed"
	TypeEdgeAllRemoved = "edge_all_removed"
	TypeEdgeDesign     = "edge_design"
	TypeEdgeContent    = "edge_content"
	TypeEdgeVisibility = "edge_visibility"
	TypeEdgeLocked     = "edge_locked"
	TypeEdgeTemplates  = "edge_templates"
	TypeGlobalDesign   = "global_design"
	TypeObjectTemplate = "object_templates"
	TypeLayerRemoved   = "layer_removed"
	TypeLayerHidden    = "layer_hidden"
	TypeLayerLocked    = "layer_locked"
	// TypeElementsRestored puts deleted nodes and edges back (an undo).
	TypeElementsRestored = "elements_restored"
)

// Result is what a committed edit answers: the map's new revision and the
// changes written.
type Result struct {
	Revision int64
	Changes  []domain.Change
}

// edit is one transaction on one map: it collects changes, each of which
// raises the revision by one.
type edit struct {
	ctx     context.Context
	tx      *store.Store
	m       domain.Map
	loaded  bool // m holds every field, not only what LockMap reads
	userID  int64
	changes []domain.Change
}

// full reads the whole map (settings, layers, global design) for the
// changes that need it; run only takes the row with what every change needs.
func (e *edit) full() error {
	if e.loaded {
		return nil
	}
	m, err := e.tx.MapByID(e.ctx, e.m.ID)
	if err != nil {
		return err
	}
	m.Revision = e.m.Revision
	e.m, e.loaded = m, true
	return nil
}

// saveMap stores the map's settings, layers and global design, which must
// have been read whole first.
func (e *edit) saveMap() error {
	if !e.loaded {
		return fmt.Errorf("map %d: settings saved without being read", e.m.ID)
	}
	return e.tx.UpdateMapSettings(e.ctx, e.m)
}

// record appends a change to the log now, inside the transaction.
func (e *edit) record(typ string, d Delta) error {
	data, err := json.Marshal(d)
	if err != nil {
		return fmt.Errorf("encode %s change: %w", typ, err)
	}
	uid := e.userID
	rev, err := e.tx.AppendChange(e.ctx, e.m.ID, &uid, typ, data)
	if err != nil {
		return err
	}
	e.m.Revision = rev
	e.changes = append(e.changes, domain.Change{MapID: e.m.ID, Revision: rev, UserID: &uid, Type: typ, Data: data})
	return nil
}

// run executes fn in a transaction holding the map's row, and publishes
// the changes once they are committed. An edit that records nothing leaves
// the revision as it was.
type expectedRevisionKey struct{}

// AtRevision makes the changes run with the context happen only while the
// map is at revision rev (a script's If-Match); at any other they are
// refused with precondition_failed and change nothing.
func AtRevision(ctx context.Context, rev int64) context.Context {
	return AtAnyRevision(ctx, []int64{rev})
}

// AtAnyRevision is AtRevision for a list (If-Match with several entity
// tags): the changes happen while the map is at any of revs. An empty
// list matches no revision: every change is refused.
func AtAnyRevision(ctx context.Context, revs []int64) context.Context {
	return context.WithValue(ctx, expectedRevisionKey{}, slices.Clone(revs))
}

// AlsoAtRevision adds a second precondition to the context's (the
// revision a body carries, beside If-Match): both must hold, so the
// changes happen only while the map is at rev and, if the context had a
// list already, rev is in it.
func AlsoAtRevision(ctx context.Context, rev int64) context.Context {
	if revs, ok := ctx.Value(expectedRevisionKey{}).([]int64); ok && !slices.Contains(revs, rev) {
		return AtAnyRevision(ctx, []int64{})
	}
	return AtRevision(ctx, rev)
}

func (s *Service) run(ctx context.Context, mapID, userID int64, fn func(e *edit) error) (Result, error) {
	return s.runLocked(ctx, mapID, userID, true, fn)
}

// runLocked is run, with the map's row locked from the start (lock true),
// or only from the first change written: enough for a change whose rules
// read nothing that a concurrent change could alter, such as moving nodes.
// Many editors drag at once, and each holds the map for less time.
func (s *Service) runLocked(ctx context.Context, mapID, userID int64, lock bool, fn func(e *edit) error) (Result, error) {
	var e *edit
	want, expected := ctx.Value(expectedRevisionKey{}).([]int64)
	err := s.store.Tx(ctx, func(tx *store.Store) error {
		// A change made only at one revision is checked against the locked
		// row, so that no other change can come between.
		m, err := tx.LockMap(ctx, mapID, lock || expected)
		if err != nil {
			return err
		}
		if expected && !slices.Contains(want, m.Revision) {
			return &domain.Error{Code: domain.CodePreconditionFailed, Message: notAt(m.Revision, want)}
		}
		e = &edit{ctx: ctx, tx: tx, m: m, userID: userID}
		return fn(e)
	})
	if err != nil {
		return Result{}, err
	}
	if s.publisher != nil && len(e.changes) > 0 {
		s.publisher.Publish(ctx, mapID, e.changes)
	}
	return Result{Revision: e.m.Revision, Changes: e.changes}, nil
}

// ownFields renames the fields an error names for a call on one element
// that goes through the elements patch: there they are list[0].…, while
// the call's own body has them at the top (and the element's id in its
// path, named id).
func ownFields(err error, list string) error {
	var de *domain.Error
	if !errors.As(err, &de) || len(de.Problems) == 0 {
		return err
	}
	out := *de
	out.Problems = make(domain.Problems, len(de.Problems))
	for f, p := range de.Problems {
		out.Problems[strings.TrimPrefix(f, list+"[0].")] = p
	}
	return &out
}

// idField names the request field that holds the i-th of a call's ids.
type idField func(i int) string

// named is a field holding every id of the call (there is mostly one).
func named(f string) idField { return func(int) string { return f } }

// listed names the id of the i-th item of a list, as list[i].id.
func listed(list string) idField {
	return func(i int) string { return fmt.Sprintf("%s[%d].id", list, i) }
}

// nodes loads the map's nodes with the ids, answering not_found naming the
// field of the first that is missing (or belongs to another map).
func (e *edit) nodes(ids []int64, field idField) (map[int64]domain.Node, error) {
	got, err := e.tx.NodesByID(e.ctx, e.m.ID, ids)
	if err != nil {
		return nil, err
	}
	for i, id := range ids {
		if _, ok := got[id]; !ok {
			return nil, &domain.Error{Code: domain.CodeNotFound, Message: fmt.Sprintf("node %d is not on this map", id),
				Problems: domain.Problems{field(i): domain.NotFound(id).Saying(fmt.Sprintf("node %d not found", id))}}
		}
	}
	return got, nil
}

func (e *edit) edges(ids []int64, field idField) (map[int64]domain.Edge, error) {
	got, err := e.tx.EdgesByID(e.ctx, e.m.ID, ids)
	if err != nil {
		return nil, err
	}
	for i, id := range ids {
		if _, ok := got[id]; !ok {
			return nil, &domain.Error{Code: domain.CodeNotFound, Message: fmt.Sprintf("edge %d is not on this map", id),
				Problems: domain.Problems{field(i): domain.NotFound(id).Saying(fmt.Sprintf("edge %d not found", id))}}
		}
	}
	return got, nil
}

// template returns the map's template named by a design's object_template,
// nil for none. A template of the other kind is a validation error.
func (e *edit) template(ref string, kind, field string) (*domain.ObjectTemplate, error) {
	if ref == "" || ref == domain.NoTemplate {
		return nil, nil
	}
	var id int64
	if _, err := fmt.Sscan(ref, &id); err != nil {
		return nil, &domain.Error{Code: domain.CodeInvalid, Message: "bad template id", Problems: domain.Problems{field: domain.Invalid("template_id").Saying("is not a template id")}}
	}
	t, err := e.tx.TemplateByID(e.ctx, e.m.ID, id)
	if err != nil {
		if domain.ErrorCode(err) == domain.CodeNotFound {
			return nil, &domain.Error{Code: domain.CodeNotFound, Message: fmt.Sprintf("template %s is not on this map", ref),
				Problems: domain.Problems{field: domain.NotFound(0).Saying("template not found")}}
		}
		return nil, err
	}
	if t.Type != kind {
		return nil, &domain.Error{Code: domain.CodeInvalid, Message: fmt.Sprintf("template %s is for %ss", ref, t.Type),
			Problems: domain.Problems{field: domain.WrongKind().Saying("is a template of the other kind")}}
	}
	return &t, nil
}

// NodePosition is a node's new place.
type NodePosition struct {
	ID     int64        `json:"id"`
	Center domain.Point `json:"center"`
}

// notAt says why a change made only at the revisions want was refused.
func notAt(rev int64, want []int64) string {
	switch len(want) {
	case 0:
		return fmt.Sprintf("the map is at revision %d, which the precondition does not name: read it again", rev)
	case 1:
		return fmt.Sprintf("the map is at revision %d, not %d: read it again", rev, want[0])
	}
	names := make([]string, len(want))
	for i, w := range want {
		names[i] = strconv.FormatInt(w, 10)
	}
	return fmt.Sprintf("the map is at revision %d, none of %s: read it again", rev, strings.Join(names, ", "))
}
