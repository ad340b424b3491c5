package api

import (
	"net/http"

	"github.com/strata-maps/strata/internal/domain"
	"github.com/strata-maps/strata/internal/publishing"
)

// The publication of a map (GET/PATCH /maps/{id}/publication) and the map
// overview's live toggle (PATCH /maps/{id}/live); the rules are
// publishing's.

type publicationAnswer struct {
	URL            string            `json:"url"`
	AccessMode     domain.AccessMode `json:"access_mode"`
	EmbedOnly      bool              `json:"embed_only"`
	EmbedDomains   []string          `json:"embed_domains"`
	SEOTitle       string            `json:"seo_title"`
	SEODescription string            `json:"seo_description"`
	// Status compares the live version with the working copy.
	Status         domain.LiveStatus `json:"status"`
	Live           *versionAnswer    `json:"live" required:"true"`
	SyncedRevision int64             `json:"synced_revision"`
	// MapLive is the map overview's live toggle: readers open the live
	// version only while it is on.
	MapLive bool `json:"map_live"`
	// Revision is the map's.
	Revision int64 `json:"revision"`
}

func newPublicationAnswer(st publishing.State) publicationAnswer {
	p := st.Publication
	out := publicationAnswer{URL: p.URL, AccessMode: p.AccessMode, EmbedOnly: p.EmbedOnly, EmbedDomains: p.EmbedDomains,
		SEOTitle: p.SEOTitle, SEODescription: p.SEODescription, Status: domain.StatusOf(p, st.Revision),
		SyncedRevision: p.SyncedRevision, MapLive: st.MapLive, Revision: st.Revision}
	if p.Live != nil {
		v := newVersionAnswer(*p.Live)
		out.Live = &v
	}
	return out
}

func (s *Server) getPublication(w http.ResponseWriter, r *http.Request, _ domain.Actor, m domain.Map) error {
	st, err := s.publishing.Publication(r.Context(), m)
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, newPublicationAnswer(st))
	return nil
}

// publicationRequest changes a map's publication settings; absent fields
// stay as they are.
type publicationRequest struct {
	URL            *string `json:"url"`
	AccessMode     *string `json:"access_mode"`
	EmbedOnly      *bool   `json:"embed_only"`
	EmbedDomains   *string `json:"embed_domains"`
	SEOTitle       *string `json:"seo_title"`
	SEODescription *string `json:"seo_description"`
}

func (s *Server) patchPublication(w http.ResponseWriter, r *http.Request, a domain.Actor, m domain.Map) error {
	var req publicationRequest
	if err := decodeJSON(w, r, &req); err != nil {
		return err
	}
	st, err := s.publishing.ChangeSettings(r.Context(), a, m, publishing.Settings(req))
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, newPublicationAnswer(st))
	return nil
}

type liveRequest struct {
	Live *bool `json:"live" required:"true"`
}

// liveAnswer is a map's live toggle after it was set.
type liveAnswer struct {
	ID   int64 `json:"id"`
	Live bool  `json:"live"`
}

// setLive sets the overview's live toggle.
func (s *Server) setLive(w http.ResponseWriter, r *http.Request, a domain.Actor, m domain.Map) error {
	var req liveRequest
	if err := decodeJSON(w, r, &req); err != nil {
		return err
	}
	if req.Live == nil {
		return &domain.Error{Code: domain.CodeInvalid, Message: "live is required", Problems: domain.Problems{"live": domain.Required()}}
	}
	got, err := s.publishing.SetLive(r.Context(), a, m, *req.Live)
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, liveAnswer{ID: got.ID, Live: got.Live})
	return nil
}
