package api

import (
	"context"
	"net/http"
	"strconv"
	"strings"
	"time"

	"github.com/strata-maps/strata/internal/domain"
	"github.com/strata-maps/strata/internal/store"
)

// Publishing (account-area §8): a map's live version is a stored snapshot of
// its document; the public map at /m/{url} serves it to the readers its
// access mode admits.

type versionAnswer struct {
	ID          int64              `json:"id"`
	Revision    int64              `json:"revision"`
	Kind        domain.VersionKind `json:"kind"`
	Name        string             `json:"name"`
	Description string             `json:"description"`
	CreatedBy   *string            `json:"created_by"`
	CreatedAt   time.Time          `json:"created_at"`
}

func newVersionAnswer(v domain.Version) versionAnswer {
	out := versionAnswer{ID: v.ID, Revision: v.Revision, Kind: v.Kind, Name: v.Name, Description: v.Description, CreatedAt: v.CreatedAt}
	if v.CreatedBy != nil {
		p := userPath(*v.CreatedBy)
		out.CreatedBy = &p
	}
	return out
}

type publicationAnswer struct {
	URL            string            `json:"url"`
	AccessMode     domain.AccessMode `json:"access_mode"`
	EmbedOnly      bool              `json:"embed_only"`
	EmbedDomains   []string          `json:"embed_domains"`
	SEOTitle       string            `json:"seo_title"`
	SEODescription string            `json:"seo_description"`
	// Status compares the live version with the working copy.
	Status domain.LiveStatus `json:"status"`
	Live   *versionAnswer    `json:"live"`
}

func newPublicationAnswer(p domain.Publication, mapRevision int64) publicationAnswer {
	out := publicationAnswer{URL: p.URL, AccessMode: p.AccessMode, EmbedOnly: p.EmbedOnly, EmbedDomains: p.EmbedDomains,
		SEOTitle: p.SEOTitle, SEODescription: p.SEODescription, Status: domain.StatusOf(p, mapRevision)}
	if p.Live != nil {
		v := newVersionAnswer(*p.Live)
		out.Live = &v
	}
	return out
}

// clientOf answers the client a map belongs to.
func (s *Server) clientOf(ctx context.Context, m domain.Map) (domain.Client, error) {
	return s.store.ClientByID(ctx, m.ClientID)
}

var errPublishRole = domain.Errorf(domain.CodeForbidden, "publishing is for admins and editors; ask an admin to publish this map")

// mayPublish checks the publishing rule for a map the actor may edit.
func (s *Server) mayPublish(ctx context.Context, a domain.Actor, m domain.Map) error {
	c, err := s.clientOf(ctx, m)
	if err != nil {
		return err
	}
	if !domain.CanPublish(a, c.Name) {
		return errPublishRole
	}
	return nil
}

func (s *Server) getPublication(w http.ResponseWriter, r *http.Request, _ domain.Actor, m domain.Map) {
	p, err := s.store.Publication(r.Context(), m.ID)
	if err != nil {
		writeError(w, r, s.log, err)
		return
	}
	writeJSON(w, http.StatusOK, newPublicationAnswer(p, m.Revision))
}

type publicationPatch struct {
	URL            *string `json:"url"`
	AccessMode     *string `json:"access_mode"`
	EmbedOnly      *bool   `json:"embed_only"`
	EmbedDomains   *string `json:"embed_domains"`
	SEOTitle       *string `json:"seo_title"`
	SEODescription *string `json:"seo_description"`
}

func (s *Server) patchPublication(w http.ResponseWriter, r *http.Request, a domain.Actor, m domain.Map) {
	var req publicationPatch
	if err := decodeJSON(w, r, &req); err != nil {
		writeError(w, r, s.log, err)
		return
	}
	ctx := r.Context()
	// The map's address and access are an editor's (account-area §6); its SEO texts anyone's who edits it.
	if req.URL != nil || req.AccessMode != nil || req.EmbedOnly != nil || req.EmbedDomains != nil {
		if err := s.mayPublish(ctx, a, m); err != nil {
			writeError(w, r, s.log, domain.Errorf(domain.CodeForbidden, "the map's address and access are for admins and editors"))
			return
		}
	}
	p, err := s.store.Publication(ctx, m.ID)
	if err != nil {
		writeError(w, r, s.log, err)
		return
	}
	v := &domain.Validation{}
	if req.URL != nil {
		p.URL = strings.TrimSpace(*req.URL)
		if p.URL != "" {
			domain.ValidateMapURL(v, "url", p.URL)
		}
	}
	if req.AccessMode != nil {
		p.AccessMode = domain.AccessMode(*req.AccessMode)
		v.Check(p.AccessMode.Valid(), "access_mode", "must be limited, partial or accessible")
	}
	if req.EmbedOnly != nil {
		p.EmbedOnly = *req.EmbedOnly
	}
	if req.EmbedDomains != nil {
		p.EmbedDomains = domain.ParseEmbedDomains(v, "embed_domains", *req.EmbedDomains)
	}
	if req.SEOTitle != nil {
		p.SEOTitle = strings.TrimSpace(*req.SEOTitle)
		v.Check(len([]rune(p.SEOTitle)) <= domain.SEOTitleMaxLen, "seo_title", "at most 120 characters")
	}
	if req.SEODescription != nil {
		p.SEODescription = strings.TrimSpace(*req.SEODescription)
		v.Check(len([]rune(p.SEODescription)) <= domain.SEODescriptionMaxLen, "seo_description", "at most 300 characters")
	}
	if err := v.Err(); err != nil {
		writeError(w, r, s.log, err)
		return
	}
	if err := s.store.SavePublication(ctx, p); err != nil {
		writeError(w, r, s.log, err)
		return
	}
	writeJSON(w, http.StatusOK, newPublicationAnswer(p, m.Revision))
}

type versionRequest struct {
	Name        string `json:"name"`
	Description string `json:"description"`
}

// publish stores the working copy as a new version and makes it live.
func (s *Server) publish(w http.ResponseWriter, r *http.Request, a domain.Actor, m domain.Map) {
	s.storeVersion(w, r, a, m, domain.VersionPublished)
}

// saveVersion keeps the working copy as a version without publishing it.
func (s *Server) saveVersion(w http.ResponseWriter, r *http.Request, a domain.Actor, m domain.Map) {
	s.storeVersion(w, r, a, m, domain.VersionSaved)
}

func (s *Server) storeVersion(w http.ResponseWriter, r *http.Request, a domain.Actor, m domain.Map, kind domain.VersionKind) {
	ctx := r.Context()
	if err := s.mayPublish(ctx, a, m); err != nil {
		writeError(w, r, s.log, err)
		return
	}
	var req versionRequest
	if r.ContentLength != 0 {
		if err := decodeJSON(w, r, &req); err != nil {
			writeError(w, r, s.log, err)
			return
		}
	}
	v := &domain.Validation{}
	v.Check(len([]rune(req.Name)) <= 200, "name", "at most 200 characters")
	v.Check(len([]rune(req.Description)) <= 2000, "description", "at most 2000 characters")
	if err := v.Err(); err != nil {
		writeError(w, r, s.log, err)
		return
	}
	// The snapshot is the document as GET /maps/{id} answers it; its revision
	// is the one read first, so a change landing meanwhile shows as "changed".
	doc, revision, err := s.appendDocument(r, nil, m.ID)
	if err != nil {
		writeError(w, r, s.log, err)
		return
	}
	var p domain.Publication
	err = s.store.Tx(ctx, func(tx *store.Store) error {
		ver, err := tx.InsertVersion(ctx, domain.Version{MapID: m.ID, Revision: revision, Kind: kind,
			Name: strings.TrimSpace(req.Name), Description: strings.TrimSpace(req.Description), CreatedBy: &a.User.ID}, doc)
		if err != nil {
			return err
		}
		if err := tx.CopyVersionContents(ctx, m.ID, ver.ID); err != nil {
			return err
		}
		if p, err = tx.Publication(ctx, m.ID); err != nil {
			return err
		}
		if kind != domain.VersionPublished {
			return nil
		}
		p.Live = &ver
		return tx.SavePublication(ctx, p)
	})
	if err != nil {
		writeError(w, r, s.log, err)
		return
	}
	m.Revision = revision
	writeJSON(w, http.StatusCreated, newPublicationAnswer(p, m.Revision))
}

// deleteLive takes the live version down; the working copy stays.
func (s *Server) deleteLive(w http.ResponseWriter, r *http.Request, a domain.Actor, m domain.Map) {
	ctx := r.Context()
	if err := s.mayPublish(ctx, a, m); err != nil {
		writeError(w, r, s.log, err)
		return
	}
	p, err := s.store.Publication(ctx, m.ID)
	if err != nil {
		writeError(w, r, s.log, err)
		return
	}
	p.Live = nil
	if err := s.store.SavePublication(ctx, p); err != nil {
		writeError(w, r, s.log, err)
		return
	}
	writeJSON(w, http.StatusOK, newPublicationAnswer(p, m.Revision))
}

func (s *Server) listVersions(w http.ResponseWriter, r *http.Request, _ domain.Actor, m domain.Map) {
	vs, err := s.store.Versions(r.Context(), m.ID)
	if err != nil {
		writeError(w, r, s.log, err)
		return
	}
	out := make([]versionAnswer, len(vs))
	for i, v := range vs {
		out[i] = newVersionAnswer(v)
	}
	writeJSON(w, http.StatusOK, map[string]any{"versions": out})
}

// publishedFor finds the publication at an address and checks that the
// reader may read it: 404 for what they may not know exists, 401 where
// signing in would let them.
func (s *Server) publishedFor(r *http.Request, url string) (domain.Publication, error) {
	ctx := r.Context()
	p, err := s.store.PublicationByURL(ctx, url)
	if err != nil {
		return domain.Publication{}, err
	}
	a, err := s.actor(r)
	if err != nil && domain.ErrorCode(err) != domain.CodeUnauthenticated {
		return domain.Publication{}, err
	}
	m, err := s.store.MapByID(ctx, p.MapID)
	if err != nil {
		return domain.Publication{}, err
	}
	c, err := s.clientOf(ctx, m)
	if err != nil {
		return domain.Publication{}, err
	}
	switch domain.ReadPublished(p, m.Live && c.Active, a, c.Name) {
	case domain.PublicRead:
		return p, nil
	case domain.PublicSignIn:
		return domain.Publication{}, errUnauthenticated
	}
	return domain.Publication{}, domain.Errorf(domain.CodeNotFound, "map not found")
}

// publicMap answers a published map's live document (GET /api/v1/public/maps/{url}).
func (s *Server) publicMap(w http.ResponseWriter, r *http.Request) {
	p, err := s.publishedFor(r, r.PathValue("url"))
	if err != nil {
		writeError(w, r, s.log, err)
		return
	}
	// A version never changes: its id is its entity tag.
	etag := `"v` + strconv.FormatInt(p.Live.ID, 10) + `"`
	w.Header().Set("ETag", etag)
	w.Header().Set("Cache-Control", "private, no-cache")
	if r.Header.Get("If-None-Match") == etag {
		w.WriteHeader(http.StatusNotModified)
		return
	}
	doc, err := s.store.LiveDocument(r.Context(), p)
	if err != nil {
		writeError(w, r, s.log, err)
		return
	}
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(http.StatusOK)
	_, _ = w.Write(doc)
}

// publicNode answers a node's whole content as the live version holds it.
func (s *Server) publicNode(w http.ResponseWriter, r *http.Request) {
	p, err := s.publishedFor(r, r.PathValue("url"))
	if err != nil {
		writeError(w, r, s.log, err)
		return
	}
	id, err := pathID(r, "nodeId")
	if err != nil {
		writeError(w, r, s.log, err)
		return
	}
	content, err := s.store.VersionNodeContent(r.Context(), p.Live.ID, id)
	if err != nil {
		writeError(w, r, s.log, err)
		return
	}
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(http.StatusOK)
	_, _ = w.Write([]byte(`{"id":` + strconv.FormatInt(id, 10) + `,"content":`))
	_, _ = w.Write(content)
	_, _ = w.Write([]byte("}"))
}
