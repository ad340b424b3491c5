package api

import (
	"net/http"
	"strconv"
	"time"

	"github.com/strata-maps/strata/internal/domain"
	"github.com/strata-maps/strata/internal/editing"
	"github.com/strata-maps/strata/internal/publishing"
)

type protocolEntry struct {
	Revision  int64                 `json:"revision"`
	Type      string                `json:"type"`
	User      *userRefJSON          `json:"user"`
	CreatedAt time.Time             `json:"created_at"`
	What      editing.ChangeSummary `json:"what"`
	Version   *editing.VersionRef   `json:"version"`
}

// protocol answers a page of the map's change log for admins
// (GET /maps/{id}/protocol?before=&limit=).
func (s *Server) protocol(w http.ResponseWriter, r *http.Request, a domain.Actor, m domain.Map) error {
	q := r.URL.Query()
	var in publishing.ProtocolQuery
	v := &domain.Validation{}
	if b := q.Get("before"); b != "" {
		n, err := strconv.ParseInt(b, 10, 64)
		v.Check(err == nil, "before", publishing.BadBefore)
		in.Before = &n
	}
	if l := q.Get("limit"); l != "" {
		n, err := strconv.Atoi(l)
		v.Check(err == nil, "limit", publishing.BadLimit)
		in.Limit = &n
	}
	if err := v.Err(); err != nil {
		return err
	}
	page, err := s.publishing.Protocol(r.Context(), a, m, in)
	if err != nil {
		return err
	}
	out := make([]protocolEntry, len(page.Entries))
	for i, e := range page.Entries {
		out[i] = protocolEntry{Revision: e.Revision, Type: e.Type, CreatedAt: e.CreatedAt, What: e.What, Version: e.Version}
		if e.UserID != nil {
			out[i].User = &userRefJSON{ID: *e.UserID, Name: e.UserName}
		}
	}
	writeJSON(w, http.StatusOK, map[string]any{"entries": out, "next_before": page.NextBefore})
	return nil
}
