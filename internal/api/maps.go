package api

import (
	"context"
	"encoding/json"
	"net/http"
	"strconv"

	"github.com/strata-maps/strata/internal/access"
	"github.com/strata-maps/strata/internal/domain"
	"github.com/strata-maps/strata/internal/editing"
	"github.com/strata-maps/strata/internal/mapcatalog"
)

// mapHandler is a handler of one map's call, given the map the actor may
// act on as the route needs.
type mapHandler func(w http.ResponseWriter, r *http.Request, a domain.Actor, m domain.Map) error

// onMap asks the access service whether the actor may take the action on
// the path's map (a map out of their reach answers 404, one they may
// only read 403 to a change: access.Decision.Check). The map it hands on
// carries only its id, client, levels, revision, live toggle, template
// flag and author: handlers read the rest when they need it.
func (s *Server) onMap(act access.Action, h mapHandler) http.HandlerFunc {
	return s.signedIn(func(w http.ResponseWriter, r *http.Request, a domain.Actor) error {
		id, err := pathID(r, "id")
		if err != nil {
			return err
		}
		m, err := s.access.MapFor(r.Context(), a, id, act)
		if err != nil {
			return err
		}
		if act == access.Edit || act == access.Publish {
			if r, err = ifMatch(r); err != nil {
				return err
			}
		}
		return h(w, r, a, m)
	})
}

// The map's revision is its entity tag: GET /maps/{id} answers it as ETag
// and 304 to an If-None-Match that names it; a change sent with If-Match
// is made only while the map is still at a revision it names (412
// otherwise, preconditions.go).
func revisionTag(rev int64) string { return `"` + strconv.FormatInt(rev, 10) + `"` }

// writeChange answers a committed change: the revision in the header
// and, with the given status, body (or {"revision": N} when body is nil).
// A body that is an element must carry the revision itself (the answer
// types below), as DESIGN.md §4 wants it in every change answer's body.
func writeChange(w http.ResponseWriter, status int, res editing.Result, body any) {
	w.Header().Set("X-Map-Revision", strconv.FormatInt(res.Revision, 10))
	if body == nil {
		body = revisionAnswer{res.Revision}
	}
	writeJSON(w, status, body)
}

// revisionAnswer is the answer of a change with no other body.
type revisionAnswer struct {
	Revision int64 `json:"revision"`
}

// The answers of calls that create or change one element: the element's
// own fields with the map's revision after the change beside them.
type (
	nodeAnswer struct {
		domain.Node
		Revision int64 `json:"revision"`
	}
	edgeAnswer struct {
		domain.Edge
		Revision int64 `json:"revision"`
	}
	templateAnswer struct {
		domain.ObjectTemplate
		Revision int64 `json:"revision"`
	}
)

func (s *Server) getMap(w http.ResponseWriter, r *http.Request, _ domain.Actor, m domain.Map) error {
	// Kept by the browser only to be revalidated (its ETag, 304), never
	// by a shared cache: not no-store, which would drop the 304 flow.
	w.Header().Set("Cache-Control", "private, no-cache")
	if r.Header.Get("If-None-Match") == revisionTag(m.Revision) {
		w.Header().Set("ETag", revisionTag(m.Revision))
		w.WriteHeader(http.StatusNotModified)
		return nil
	}
	doc, err := s.documents.Get(r.Context(), m)
	if err != nil {
		return err
	}
	h := w.Header()
	h.Set("X-Map-Revision", strconv.FormatInt(doc.Revision, 10))
	h.Set("ETag", revisionTag(doc.Revision))
	h.Set("Content-Type", "application/json; charset=utf-8")
	h.Set("Vary", "Accept-Encoding")
	// The document is kept compressed: it is sent as it is kept (the
	// compressing wrapper passes an answer with a Content-Encoding by).
	if acceptsGzip(r.Header.Values("Accept-Encoding")) {
		h.Set("Content-Encoding", "gzip")
		h.Set("Content-Length", strconv.FormatInt(doc.GzipLength(), 10))
		_ = doc.WriteGzip(w) // a failed write means the client went away
		return nil
	}
	h.Set("Content-Length", strconv.FormatInt(doc.Size(), 10))
	_ = doc.WriteJSON(w)
	return nil
}

// emptyNotNull makes a nil slice an empty one, so that JSON has [] not null.
func emptyNotNull(p *[]domain.ObjectTemplate) {
	if *p == nil {
		*p = []domain.ObjectTemplate{}
	}
}

// changesAnswer is a page of the change log after a revision (GET
// …/changes?since=N), oldest first; next_cursor asks for the next page,
// null once the pages held every change up to revision.
type changesAnswer struct {
	Revision   int64        `json:"revision"`
	Changes    []changeJSON `json:"changes" nullable:"false"`
	NextCursor *string      `json:"next_cursor" required:"true"`
}

type changesQuery struct {
	Since int64 `query:"since" required:"true" minimum:"0" description:"The revision the client has; the changes after it are answered."`
	pageQuery
}

type changeJSON struct {
	Revision int64           `json:"revision"`
	UserID   *int64          `json:"user_id" required:"true"`
	Type     changeType      `json:"type"`
	Data     json.RawMessage `json:"data"`
	At       string          `json:"at"`
}

func (s *Server) listChanges(w http.ResponseWriter, r *http.Request, _ domain.Actor, m domain.Map) error {
	since, err := strconv.ParseInt(r.URL.Query().Get("since"), 10, 64)
	if err != nil {
		return &domain.Error{Code: domain.CodeInvalid, Message: "since must be a revision number",
			Problems: domain.Problems{"since": editing.BadSince}}
	}
	q, err := readPage(r)
	if err != nil {
		return err
	}
	page, err := s.editing.Changes(r.Context(), m, editing.ChangesQuery{Since: since, Page: q})
	if err != nil {
		return err
	}
	out := make([]changeJSON, len(page.Changes))
	for i, c := range page.Changes {
		out[i] = changeJSON{Revision: c.Revision, UserID: c.UserID, Type: changeType(c.Type), Data: c.Data, At: c.At.Format("2006-01-02T15:04:05.000Z07:00")}
	}
	writeJSON(w, http.StatusOK, changesAnswer{Revision: page.Revision, Changes: out, NextCursor: page.NextCursor})
	return nil
}

// permissionsBody is a map's permissions: user path ("/api/v1/users/12")
// to access.
type permissionsBody struct {
	Users map[string]domain.Access `json:"users" nullable:"false"`
}

func (s *Server) mapPermissions(w http.ResponseWriter, r *http.Request, _ domain.Actor, m domain.Map) error {
	perms, err := s.access.Permissions(r.Context(), m)
	if err != nil {
		return err
	}
	out := make(map[string]domain.Access, len(perms))
	for id, acc := range perms {
		out[userPath(id)] = acc
	}
	writeJSON(w, http.StatusOK, permissionsBody{Users: out})
	return nil
}

func userPath(id int64) string { return apiPrefix + "/users/" + strconv.FormatInt(id, 10) }

func (s *Server) createNode(w http.ResponseWriter, r *http.Request, a domain.Actor, m domain.Map) error {
	var req editing.NewNode
	if err := decodeJSON(w, r, &req); err != nil {
		return err
	}
	n, res, err := s.editing.CreateNode(r.Context(), m.ID, a.User.ID, req)
	if err != nil {
		return err
	}
	writeChange(w, http.StatusCreated, res, nodeAnswer{n, res.Revision})
	return nil
}

// getNode answers one node whole: the map's document carries only a
// summary of each node's content.
func (s *Server) getNode(w http.ResponseWriter, r *http.Request, _ domain.Actor, m domain.Map) error {
	id, err := pathID(r, "nodeId")
	if err != nil {
		return err
	}
	nodes, err := s.store.NodesByID(r.Context(), m.ID, []int64{id})
	if err != nil {
		return err
	}
	n, ok := nodes[id]
	if !ok {
		return domain.Errorf(domain.CodeNotFound, "node %d not found", id)
	}
	writeJSON(w, http.StatusOK, nodeAnswer{n, m.Revision})
	return nil
}

// nodeCloneRequest names the node to clone and where the clone goes
// (30, 30 from it by default).
type nodeCloneRequest struct {
	ID     int64         `json:"id" required:"true"`
	Offset *domain.Point `json:"offset"`
}

func (s *Server) cloneNode(w http.ResponseWriter, r *http.Request, a domain.Actor, m domain.Map) error {
	var req nodeCloneRequest
	if err := decodeJSON(w, r, &req); err != nil {
		return err
	}
	n, res, err := s.editing.CloneNode(r.Context(), m.ID, a.User.ID, req.ID, req.Offset)
	if err != nil {
		return err
	}
	writeChange(w, http.StatusCreated, res, nodeAnswer{n, res.Revision})
	return nil
}

// restorationAnswer is the restoration's change: what came back.
type restorationAnswer struct {
	Revision int64         `json:"revision"`
	Data     editing.Delta `json:"data"`
}

// restoreElements puts deleted nodes, edges, object templates and a level
// back (the editor's undo of a deletion), as one change.
func (s *Server) restoreElements(w http.ResponseWriter, r *http.Request, a domain.Actor, m domain.Map) error {
	var req editing.Restoration
	if err := decodeJSON(w, r, &req); err != nil {
		return err
	}
	if err := s.unlocked(r, a, m, restorationKeys(req)); err != nil {
		return err
	}
	d, res, err := s.editing.RestoreElements(r.Context(), m.ID, a.User.ID, req)
	if err != nil {
		return err
	}
	writeChange(w, http.StatusOK, res, restorationAnswer{res.Revision, d})
	return nil
}

func (s *Server) createEdge(w http.ResponseWriter, r *http.Request, a domain.Actor, m domain.Map) error {
	var req editing.NewEdge
	if err := decodeJSON(w, r, &req); err != nil {
		return err
	}
	e, res, err := s.editing.CreateEdge(r.Context(), m.ID, a.User.ID, req)
	if err != nil {
		return err
	}
	writeChange(w, http.StatusCreated, res, edgeAnswer{e, res.Revision})
	return nil
}

func (s *Server) patchElements(w http.ResponseWriter, r *http.Request, a domain.Actor, m domain.Map) error {
	var req editing.ElementsPatch
	if err := decodeJSON(w, r, &req); err != nil {
		return err
	}
	if err := s.unlocked(r, a, m, elementKeys(req, m.ID)); err != nil {
		return err
	}
	res, err := s.editing.PatchElements(r.Context(), m.ID, a.User.ID, req)
	if err != nil {
		return err
	}
	writeChange(w, http.StatusOK, res, nil)
	return nil
}

func (s *Server) patchMapSettings(w http.ResponseWriter, r *http.Request, a domain.Actor, m domain.Map) error {
	var req editing.MapPatch
	r, err := decodeRevised(w, r, &req)
	if err != nil {
		return err
	}
	if err := s.unlocked(r, a, m, map[string]string{sectionKey("map", m.ID): "map"}); err != nil {
		return err
	}
	res, err := s.editing.PatchMap(r.Context(), m.ID, a.User.ID, req)
	if err != nil {
		return err
	}
	writeChange(w, http.StatusOK, res, nil)
	return nil
}

func (s *Server) patchGlobalDesign(w http.ResponseWriter, r *http.Request, a domain.Actor, m domain.Map) error {
	var req map[string]json.RawMessage
	if err := decodeJSON(w, r, &req); err != nil {
		return err
	}
	if err := s.unlocked(r, a, m, map[string]string{sectionKey("global_design", m.ID): "global_design"}); err != nil {
		return err
	}
	res, err := s.editing.PatchGlobalDesign(r.Context(), m.ID, a.User.ID, req)
	if err != nil {
		return err
	}
	writeChange(w, http.StatusOK, res, nil)
	return nil
}

type objectTemplatesAnswer struct {
	ObjectTemplates []domain.ObjectTemplate `json:"object_templates" nullable:"false"`
}

func (s *Server) listTemplates(w http.ResponseWriter, r *http.Request, _ domain.Actor, m domain.Map) error {
	ts, err := s.store.TemplatesOfMap(r.Context(), m.ID)
	if err != nil {
		return err
	}
	emptyNotNull(&ts)
	writeJSON(w, http.StatusOK, objectTemplatesAnswer{ObjectTemplates: ts})
	return nil
}

func (s *Server) createTemplate(w http.ResponseWriter, r *http.Request, a domain.Actor, m domain.Map) error {
	var req editing.NewTemplate
	if err := decodeJSON(w, r, &req); err != nil {
		return err
	}
	t, res, err := s.editing.CreateTemplate(r.Context(), m.ID, a.User.ID, req)
	if err != nil {
		return err
	}
	writeChange(w, http.StatusCreated, res, templateAnswer{t, res.Revision})
	return nil
}

func (s *Server) patchTemplate(w http.ResponseWriter, r *http.Request, a domain.Actor, m domain.Map) error {
	id, err := pathID(r, "templateId")
	if err != nil {
		return err
	}
	var req editing.TemplatePatch
	if err := decodeJSON(w, r, &req); err != nil {
		return err
	}
	if err := s.unlocked(r, a, m, map[string]string{templateKey(id): "id"}); err != nil {
		return err
	}
	t, res, err := s.editing.UpdateTemplate(r.Context(), m.ID, a.User.ID, id, req)
	if err != nil {
		return err
	}
	writeChange(w, http.StatusOK, res, templateAnswer{t, res.Revision})
	return nil
}

// mapCloneRequest names the copy of a map, and whether it is a map template.
type mapCloneRequest struct {
	Name       string `json:"name,omitempty"`
	AsTemplate bool   `json:"as_template,omitempty"`
	Theme      string `json:"theme,omitempty"`
	Section    string `json:"section,omitempty"`
}

// cloneMap copies a map, as a map or as a map template, within the
// client's quota.
func (s *Server) cloneMap(w http.ResponseWriter, r *http.Request, a domain.Actor, m domain.Map) error {
	var req mapCloneRequest
	if r.ContentLength != 0 {
		if err := decodeJSON(w, r, &req); err != nil {
			return err
		}
	}
	c, err := s.catalog.Clone(r.Context(), a, m, mapcatalog.Clone(req))
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusCreated, newMapJSON(c))
	return nil
}

func (s *Server) deleteMap(w http.ResponseWriter, r *http.Request, a domain.Actor, m domain.Map) error {
	if err := s.catalog.Delete(r.Context(), a, m); err != nil {
		return err
	}
	s.recheckMap(r.Context(), m.ID)
	w.WriteHeader(http.StatusNoContent)
	return nil
}

// elementChange is a change to one element named in the path: its lock is
// checked first, then change makes it. design is the body's {design} for
// the calls that take one, nil for deletions.
type elementChange func(ctx context.Context, mapID, userID, id int64, design map[string]json.RawMessage) (editing.Result, error)

// onElement makes the handler of such a call: param is the path wildcard
// of the element's id, key its lock key, withDesign whether a body is read.
// designPatchRequest changes a node's or an edge's design, field by field;
// revision is the one GET answered with the node (decodeRevised).
type designPatchRequest struct {
	Design map[string]json.RawMessage `json:"design"`
	bodyRevision
}

func (s *Server) onElement(param string, key func(int64) string, withDesign bool, change elementChange) mapHandler {
	return func(w http.ResponseWriter, r *http.Request, a domain.Actor, m domain.Map) error {
		id, err := pathID(r, param)
		if err != nil {
			return err
		}
		var req designPatchRequest
		if withDesign {
			if r, err = decodeRevised(w, r, &req); err != nil {
				return err
			}
		}
		if err := s.unlocked(r, a, m, map[string]string{key(id): "id"}); err != nil {
			return err
		}
		res, err := change(r.Context(), m.ID, a.User.ID, id, req.Design)
		if err != nil {
			return err
		}
		writeChange(w, http.StatusOK, res, nil)
		return nil
	}
}

func templateKey(id int64) string { return sectionKey("object_template", id) }

// withoutDesign adapts a deletion to elementChange.
func withoutDesign(del func(ctx context.Context, mapID, userID, id int64) (editing.Result, error)) elementChange {
	return func(ctx context.Context, mapID, userID, id int64, _ map[string]json.RawMessage) (editing.Result, error) {
		return del(ctx, mapID, userID, id)
	}
}
