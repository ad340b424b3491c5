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
	Type      changeType            `json:"type"`
	User      *userRefJSON          `json:"user" required:"true"`
	CreatedAt time.Time             `json:"created_at"`
	What      editing.ChangeSummary `json:"what"`
	Version   *editing.VersionRef   `json:"version" required:"true"`
}

// protocolAnswer is a page of the change log, newest first; next_before is
// where the next page starts, null at the end.
type protocolAnswer struct {
	Entries    []protocolEntry `json:"entries" nullable:"false"`
	NextBefore *int64          `json:"next_before" required:"true"`
}

// protocolQuery documents the page's query (protocol reads it by hand, to
// name what is wrong with it).
type protocolQuery struct {
	Before int64 `query:"before" minimum:"1" description:"The page ends before this revision; absent: the newest."`
	Limit  int   `query:"limit" minimum:"1" maximum:"200" default:"50" description:"How many entries."`
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
		out[i] = protocolEntry{Revision: e.Revision, Type: changeType(e.Type), CreatedAt: e.CreatedAt, What: e.What, Version: e.Version}
		if e.UserID != nil {
			out[i].User = &userRefJSON{ID: *e.UserID, Name: e.UserName}
		}
	}
	writeJSON(w, http.StatusOK, protocolAnswer{Entries: out, NextBefore: page.NextBefore})
	return nil
}
