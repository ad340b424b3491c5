package api

import (
	"net/http"
	"strconv"

	"github.com/strata-maps/strata/internal/domain"
	"github.com/strata-maps/strata/internal/editing"
	"github.com/strata-maps/strata/internal/live"
)

// unlocked refuses a change to an element or section that another user is
// editing (holds the live channel's lock on): 409 element_locked. keys map
// each lock key to the request field that names it.
func (s *Server) unlocked(r *http.Request, a domain.Actor, m domain.Map, keys map[string]string) error {
	if s.live == nil || len(keys) == 0 {
		return nil
	}
	list := make([]string, 0, len(keys))
	for k := range keys {
		list = append(list, k)
	}
	l, err := s.live.LockedByOther(r.Context(), m.ID, a.User.ID, list)
	if err != nil || l == nil {
		return err
	}
	return &domain.Error{Code: domain.CodeElementLocked, Message: "another editor is working on this " + string(l.ElemType) + "; wait until they are done",
		Problems: domain.Problems{keys[l.Key()]: domain.Locked(l.UserID)}}
}

// elementKeys are the locks a PATCH /elements touches.
func elementKeys(p editing.ElementsPatch, mapID int64) map[string]string {
	keys := map[string]string{}
	for i, n := range p.Nodes {
		keys[live.NodeKey(n.ID)] = "nodes[" + strconv.Itoa(i) + "].id"
	}
	for i, e := range p.Edges {
		keys[live.EdgeKey(e.ID)] = "edges[" + strconv.Itoa(i) + "].id"
	}
	if p.Map != nil {
		keys[sectionKey("map", mapID)] = "map"
	}
	return keys
}

// restorationKeys are the locks a restoration touches: the elements whose
// ranges a restored level sets (the restored elements were deleted, and
// nobody holds those).
func restorationKeys(req editing.Restoration) map[string]string {
	keys := map[string]string{}
	if req.Level == nil {
		return keys
	}
	for i, n := range req.Level.Nodes {
		keys[live.NodeKey(n.ID)] = "level.nodes[" + strconv.Itoa(i) + "].id"
	}
	for i, e := range req.Level.Edges {
		keys[live.EdgeKey(e.ID)] = "level.edges[" + strconv.Itoa(i) + "].id"
	}
	return keys
}

func sectionKey(section string, id int64) string { return section + ":" + strconv.FormatInt(id, 10) }
