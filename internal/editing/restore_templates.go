package editing

import (
	"encoding/json"
	"fmt"
	"strconv"
	"time"

	"github.com/strata-maps/strata/internal/domain"
	"github.com/strata-maps/strata/internal/store"
)

// removedTemplate is what is kept of a deleted object template: itself and
// the objects that followed it, which deleting it set to no template.
type removedTemplate struct {
	Template domain.ObjectTemplate `json:"template"`
	Nodes    []int64               `json:"nodes,omitempty"`
	Edges    []int64               `json:"edges,omitempty"`
}

// keepRemovedTemplate records the template the change just written deleted,
// so that RestoreElements can undo it.
func (e *edit) keepRemovedTemplate(r removedTemplate) error {
	data, err := json.Marshal(r)
	if err != nil {
		return fmt.Errorf("keep removed template %d: %w", r.Template.ID, err)
	}
	if err := e.tx.PruneRemoved(e.ctx, time.Now().Add(-keepRemovedFor)); err != nil {
		return err
	}
	return e.tx.KeepRemoved(e.ctx, e.m.ID, []store.Removed{{Kind: store.RemovedTemplate, ID: r.Template.ID, Revision: e.m.Revision, Data: data}})
}

// restoreTemplates writes deleted templates back under their ids. Their
// followers are pointed at them again by refollow, once the nodes and edges
// of the restoration are back too.
func (e *edit) restoreTemplates(ids []int64, kept map[int64]store.Removed, set *restoredSet) ([]removedTemplate, error) {
	if len(ids) == 0 {
		return nil, nil
	}
	out := make([]removedTemplate, 0, len(ids))
	templates := make([]domain.ObjectTemplate, 0, len(ids))
	for _, id := range ids {
		var r removedTemplate
		if err := json.Unmarshal(kept[id].Data, &r); err != nil {
			return nil, fmt.Errorf("removed template %d of map %d: %w", id, e.m.ID, err)
		}
		if r.Template.ID != id {
			return nil, fmt.Errorf("removed template %d of map %d is kept as %d", id, e.m.ID, r.Template.ID)
		}
		// Another way back (a version restored since) took the id already.
		_, err := e.tx.TemplateByID(e.ctx, e.m.ID, id)
		switch {
		case err == nil:
			return nil, conflict("templates", "template %d exists already", id)
		case domain.ErrorCode(err) != domain.CodeNotFound:
			return nil, err
		}
		out = append(out, r)
		templates = append(templates, r.Template)
	}
	if err := e.tx.InsertTemplatesWithIDs(e.ctx, e.m.ID, templates); err != nil {
		return nil, err
	}
	if err := e.tx.ForgetRemoved(e.ctx, e.m.ID, store.RemovedTemplate, ids); err != nil {
		return nil, err
	}
	set.d.Templates = templates
	return out, nil
}

// refollow points the objects that followed a restored template at it
// again, where they still exist and still follow none: one another editor
// gave another template since keeps it.
func (e *edit) refollow(templates []removedTemplate, set *restoredSet) error {
	for _, r := range templates {
		ref := strconv.FormatInt(r.Template.ID, 10)
		nodes, err := e.tx.NodesByID(e.ctx, e.m.ID, r.Nodes)
		if err != nil {
			return err
		}
		for _, id := range r.Nodes {
			n, ok := nodes[id]
			if !ok || n.Template != domain.NoTemplate {
				continue
			}
			n.Template = ref
			domain.FollowTemplateAgain(n.Design, ref)
			if err := e.tx.UpdateNode(e.ctx, e.m.ID, n); err != nil {
				return err
			}
			set.node(n)
		}
		edges, err := e.tx.EdgesByID(e.ctx, e.m.ID, r.Edges)
		if err != nil {
			return err
		}
		for _, id := range r.Edges {
			ed, ok := edges[id]
			if !ok || ed.Template != domain.NoTemplate {
				continue
			}
			ed.Template = ref
			domain.FollowTemplateAgain(ed.Design, ref)
			if err := e.tx.UpdateEdge(e.ctx, e.m.ID, ed); err != nil {
				return err
			}
			set.edge(ed)
		}
	}
	return nil
}
