package editing

import (
	"context"
	"strconv"
	"strings"

	"github.com/strata-maps/strata/internal/domain"
	"github.com/strata-maps/strata/internal/store"
)

// CreateMap creates an empty map of a client.
func (s *Service) CreateMap(ctx context.Context, clientID int64, name, description string, width, height, levels int) (domain.Map, error) {
	name = strings.TrimSpace(name)
	if err := ValidateNewMap(name, description, width, height, levels); err != nil {
		return domain.Map{}, err
	}
	return s.store.CreateMap(ctx, domain.NewMap(clientID, name, description, width, height, levels))
}

// CloneMap copies a map with everything on it into a new map of the same
// client, at revision 0; ids are new, links between them kept.
func (s *Service) CloneMap(ctx context.Context, mapID int64, name string) (domain.Map, error) {
	var clone domain.Map
	err := s.store.Tx(ctx, func(tx *store.Store) error {
		m, err := tx.MapForUpdate(ctx, mapID)
		if err != nil {
			return err
		}
		if name = strings.TrimSpace(name); name == "" {
			name = m.Name + " (copy)"
		}
		if err := ValidateNewMap(name, m.Description, m.Width, m.Height, m.VisibilityLevels); err != nil {
			return err
		}
		c := m
		c.Name = name
		if clone, err = tx.CreateMap(ctx, c); err != nil {
			return err
		}
		return copyDocument(ctx, tx, m.ID, clone.ID)
	})
	return clone, err
}

// copyDocument copies templates, nodes and edges from one map to another,
// renumbering every reference.
func copyDocument(ctx context.Context, tx *store.Store, from, to int64) error {
	templates, err := tx.TemplatesOfMap(ctx, from)
	if err != nil {
		return err
	}
	templateIDs := map[string]string{domain.NoTemplate: domain.NoTemplate}
	for _, t := range templates {
		old := strconv.FormatInt(t.ID, 10)
		if t, err = tx.InsertTemplate(ctx, to, t); err != nil {
			return err
		}
		templateIDs[old] = strconv.FormatInt(t.ID, 10)
	}
	retemplate := func(ref string, d domain.Design) string {
		ref, ok := templateIDs[ref]
		if !ok {
			ref = domain.NoTemplate
		}
		d["object_template"] = ref
		return ref
	}
	nodes, err := tx.NodesOfMap(ctx, from)
	if err != nil {
		return err
	}
	nodeIDs := map[int64]int64{}
	inserted := make([]domain.Node, len(nodes))
	for i, n := range nodes {
		old := n.ID
		n.Template = retemplate(n.Template, n.Design)
		next, prev := n.NextID, n.PreviousID
		n.NextID, n.PreviousID = nil, nil
		if n, err = tx.InsertNode(ctx, to, n); err != nil {
			return err
		}
		n.NextID, n.PreviousID = next, prev
		nodeIDs[old] = n.ID
		inserted[i] = n
	}
	for _, n := range inserted { // navigation, now that every id is known
		if n.NextID == nil && n.PreviousID == nil {
			continue
		}
		n.NextID, n.PreviousID = remap(n.NextID, nodeIDs), remap(n.PreviousID, nodeIDs)
		if err := tx.UpdateNode(ctx, to, n); err != nil {
			return err
		}
	}
	edges, err := tx.EdgesOfMap(ctx, from)
	if err != nil {
		return err
	}
	for _, e := range edges {
		e.Node = domain.EdgeEnds{FromID: nodeIDs[e.Node.FromID], ToID: nodeIDs[e.Node.ToID]}
		e.Template = retemplate(e.Template, e.Design)
		if _, err := tx.InsertEdge(ctx, to, e); err != nil {
			return err
		}
	}
	return nil
}

func remap(id *int64, ids map[int64]int64) *int64 {
	if id == nil {
		return nil
	}
	if n, ok := ids[*id]; ok {
		return &n
	}
	return nil
}

// DeleteMap removes a map and everything on it.
func (s *Service) DeleteMap(ctx context.Context, mapID int64) error {
	return s.store.DeleteMap(ctx, mapID)
}
