package api

import (
	"context"
	"fmt"
	"net/http"
	"strconv"
	"strings"
	"time"

	"github.com/strata-maps/strata/internal/document"
	"github.com/strata-maps/strata/internal/domain"
	"github.com/strata-maps/strata/internal/editing"
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
	CreatedBy   *userRefJSON       `json:"created_by"`
	CreatedAt   time.Time          `json:"created_at"`
}

func newVersionAnswer(v domain.Version) versionAnswer {
	out := versionAnswer{ID: v.ID, Revision: v.Revision, Kind: v.Kind, Name: v.Name, Description: v.Description, CreatedAt: v.CreatedAt}
	if v.CreatedBy != nil {
		out.CreatedBy = &userRefJSON{ID: *v.CreatedBy, Name: v.CreatedByName}
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
	Status         domain.LiveStatus `json:"status"`
	Live           *versionAnswer    `json:"live"`
	SyncedRevision int64             `json:"synced_revision"`
	// MapLive is the map overview's live toggle: readers open the live
	// version only while it is on.
	MapLive bool `json:"map_live"`
	// Revision is the map's.
	Revision int64 `json:"revision"`
}

func newPublicationAnswer(p domain.Publication, mapLive bool, mapRevision int64) publicationAnswer {
	out := publicationAnswer{URL: p.URL, AccessMode: p.AccessMode, EmbedOnly: p.EmbedOnly, EmbedDomains: p.EmbedDomains,
		SEOTitle: p.SEOTitle, SEODescription: p.SEODescription, Status: domain.StatusOf(p, mapRevision),
		SyncedRevision: p.SyncedRevision, MapLive: mapLive, Revision: mapRevision}
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

func (s *Server) getPublication(w http.ResponseWriter, r *http.Request, _ domain.Actor, m domain.Map) error {
	p, err := s.store.Publication(r.Context(), m.ID)
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, newPublicationAnswer(p, m.Live, m.Revision))
	return nil
}

type publicationPatch struct {
	URL            *string `json:"url"`
	AccessMode     *string `json:"access_mode"`
	EmbedOnly      *bool   `json:"embed_only"`
	EmbedDomains   *string `json:"embed_domains"`
	SEOTitle       *string `json:"seo_title"`
	SEODescription *string `json:"seo_description"`
}

func (s *Server) patchPublication(w http.ResponseWriter, r *http.Request, a domain.Actor, m domain.Map) error {
	var req publicationPatch
	if err := decodeJSON(w, r, &req); err != nil {
		return err
	}
	ctx := r.Context()
	// The map's address and access are an editor's (account-area §6); its SEO texts anyone's who edits it.
	if req.URL != nil || req.AccessMode != nil || req.EmbedOnly != nil || req.EmbedDomains != nil {
		if err := s.mayPublish(ctx, a, m); err != nil {
			return domain.Errorf(domain.CodeForbidden, "the map's address and access are for admins and editors")
		}
	}
	p, err := s.store.Publication(ctx, m.ID)
	if err != nil {
		return err
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
		return err
	}
	if err := s.store.SavePublication(ctx, p); err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, newPublicationAnswer(p, m.Live, m.Revision))
	return nil
}

// versionNote reads a version's name and description; the body is optional.
func versionNote(w http.ResponseWriter, r *http.Request) (editing.VersionNote, error) {
	var note editing.VersionNote
	if r.ContentLength == 0 {
		return note, nil
	}
	err := decodeJSON(w, r, &note)
	return note, err
}

// publish stores the working copy as a new version and makes it live.
func (s *Server) publish(w http.ResponseWriter, r *http.Request, a domain.Actor, m domain.Map) error {
	if err := s.mayPublish(r.Context(), a, m); err != nil {
		return err
	}
	note, err := versionNote(w, r)
	if err == nil {
		var (
			p   domain.Publication
			res editing.Result
		)
		p, _, res, err = s.editing.StoreVersion(r.Context(), m.ID, a.User.ID, domain.VersionPublished, note, document.Snapshot)
		if err == nil {
			writeChange(w, http.StatusCreated, res, newPublicationAnswer(p, m.Live, res.Revision))
			s.prepareForReaders(p)
			return nil
		}
	}
	return err
}

// saveVersion keeps the working copy as a version without publishing it.
func (s *Server) saveVersion(w http.ResponseWriter, r *http.Request, a domain.Actor, m domain.Map) error {
	if err := s.mayPublish(r.Context(), a, m); err != nil {
		return err
	}
	note, err := versionNote(w, r)
	if err == nil {
		var v domain.Version
		if _, v, _, err = s.editing.StoreVersion(r.Context(), m.ID, a.User.ID, domain.VersionSaved, note, document.Snapshot); err == nil {
			writeJSON(w, http.StatusCreated, newVersionAnswer(v))
			return nil
		}
	}
	return err
}

// publishVersion makes a stored version live.
func (s *Server) publishVersion(w http.ResponseWriter, r *http.Request, a domain.Actor, m domain.Map) error {
	if err := s.mayPublish(r.Context(), a, m); err != nil {
		return err
	}
	id, err := pathID(r, "versionId")
	if err == nil {
		var (
			p   domain.Publication
			res editing.Result
		)
		if p, res, err = s.editing.PublishVersion(r.Context(), m.ID, a.User.ID, id); err == nil {
			writeChange(w, http.StatusCreated, res, newPublicationAnswer(p, m.Live, res.Revision))
			s.prepareForReaders(p)
			return nil
		}
	}
	return err
}

// deleteLive takes the live version down; the working copy stays.
func (s *Server) deleteLive(w http.ResponseWriter, r *http.Request, a domain.Actor, m domain.Map) error {
	if err := s.mayPublish(r.Context(), a, m); err != nil {
		return err
	}
	p, res, err := s.editing.TakeDown(r.Context(), m.ID, a.User.ID)
	if err != nil {
		return err
	}
	writeChange(w, http.StatusOK, res, newPublicationAnswer(p, m.Live, res.Revision))
	return nil
}

type restoredAnswer struct {
	Revision    int64             `json:"revision"`
	Publication publicationAnswer `json:"publication"`
}

// restoreVersion puts a stored version in place of the working copy.
func (s *Server) restoreVersion(w http.ResponseWriter, r *http.Request, a domain.Actor, m domain.Map) error {
	if err := s.mayPublish(r.Context(), a, m); err != nil {
		return err
	}
	id, err := pathID(r, "versionId")
	if err == nil {
		var res editing.Restored
		if res, err = s.editing.RestoreVersion(r.Context(), m.ID, a.User.ID, id); err == nil {
			writeChange(w, http.StatusOK, res.Result, restoredAnswer{res.Revision, newPublicationAnswer(res.Publication, m.Live, res.Revision)})
			return nil
		}
	}
	return err
}

// resetToLive puts the live version in place of the working copy.
func (s *Server) resetToLive(w http.ResponseWriter, r *http.Request, a domain.Actor, m domain.Map) error {
	if err := s.mayPublish(r.Context(), a, m); err != nil {
		return err
	}
	res, err := s.editing.ResetToLive(r.Context(), m.ID, a.User.ID)
	if err != nil {
		return err
	}
	writeChange(w, http.StatusOK, res.Result, restoredAnswer{res.Revision, newPublicationAnswer(res.Publication, m.Live, res.Revision)})
	return nil
}

func (s *Server) listVersions(w http.ResponseWriter, r *http.Request, _ domain.Actor, m domain.Map) error {
	vs, err := s.store.Versions(r.Context(), m.ID)
	if err != nil {
		return err
	}
	out := make([]versionAnswer, len(vs))
	for i, v := range vs {
		out[i] = newVersionAnswer(v)
	}
	writeJSON(w, http.StatusOK, map[string]any{"versions": out})
	return nil
}

// publishedFor finds the publication at an address and checks that the
// reader may read it: 404 for what they may not know exists, 401 where
// signing in would let them, 403 reader_required where registering as a
// reader would.
func (s *Server) publishedFor(r *http.Request, url string) (domain.Publication, error) {
	p, access, _, err := s.publicAccess(r, url)
	if err != nil {
		return domain.Publication{}, err
	}
	if access != domain.PublicDenied && p.EmbedOnly && !fromEmbed(r, false) {
		return domain.Publication{}, errEmbedOnly
	}
	switch access {
	case domain.PublicRead:
		return p, nil
	case domain.PublicSignIn:
		if p.AccessMode == domain.AccessPartial {
			// The page offers registering besides signing in.
			return domain.Publication{}, &domain.Error{Code: domain.CodeUnauthenticated,
				Message: "sign in, or register as a reader, to read this map", Details: map[string]string{"readers": "may register"}}
		}
		return domain.Publication{}, errUnauthenticated
	case domain.PublicRegister:
		return domain.Publication{}, domain.Errorf(domain.CodeReaderRequired, "register as a reader of this map to read it")
	}
	return domain.Publication{}, errMapNotFound
}

var (
	errMapNotFound = domain.Errorf(domain.CodeNotFound, "map not found")
	errEmbedOnly   = &domain.Error{Code: domain.CodeForbidden, Message: "this map can be read only where it is embedded",
		Details: map[string]string{"embed_only": "read it in the page that embeds it"}}
)

// fromEmbed is the embed_only rule: a map callable only when embedded
// answers only a Strata page shown in a frame, and that page's own calls.
// Browsers say so in the Fetch Metadata headers, which no page's script can
// set: the page is requested with Sec-Fetch-Dest iframe (and shows only in
// its embed domains' frames, by its frame-ancestors); its calls are fetches
// (Sec-Fetch-Dest empty) from Strata's origin (Sec-Fetch-Site same-origin),
// as the page refused outside a frame makes none. A request opened
// directly, made by another site, or without those headers is refused.
func fromEmbed(r *http.Request, page bool) bool {
	if page {
		return r.Header.Get("Sec-Fetch-Dest") == "iframe"
	}
	return r.Header.Get("Sec-Fetch-Site") == "same-origin" && r.Header.Get("Sec-Fetch-Dest") == "empty"
}

// publicAccess answers the publication at an address, what the request's
// reader may do with it, and the map's client.
func (s *Server) publicAccess(r *http.Request, url string) (domain.Publication, domain.PublicAccess, domain.Client, error) {
	ctx := r.Context()
	p, err := s.store.PublicationByURL(ctx, url)
	if err != nil {
		return p, domain.PublicDenied, domain.Client{}, err
	}
	a, err := s.readerActor(r)
	if err != nil && domain.ErrorCode(err) != domain.CodeUnauthenticated {
		return p, domain.PublicDenied, domain.Client{}, err
	}
	// The head carries the reader's own per-map access (none hides the
	// published map too).
	m, c, explicit, err := s.store.MapHead(ctx, p.MapID, a.User.ID)
	if err != nil {
		return p, domain.PublicDenied, domain.Client{}, err
	}
	reader := false
	if a.User.ID != 0 && p.AccessMode == domain.AccessPartial && !a.IsMember(c.Name) {
		if reader, err = s.store.IsReader(ctx, c.ID, a.User.ID); err != nil {
			return p, domain.PublicDenied, domain.Client{}, err
		}
	}
	return p, domain.ReadPublished(p, m.Live && c.Active, a, c.Name, explicit, reader), c, nil
}

// readerVersion answers a publication's live version as its readers get it.
func (s *Server) readerVersion(ctx context.Context, p domain.Publication) (readerVersion, error) {
	if rv, ok := s.readers.get(p.Live.ID); ok {
		return rv, nil
	}
	doc, err := s.store.LiveDocument(ctx, p)
	if err != nil {
		return readerVersion{}, err
	}
	rv, err := readerDocument(doc)
	if err != nil {
		return readerVersion{}, fmt.Errorf("live version %d of map %d: %w", p.Live.ID, p.MapID, err)
	}
	s.readers.put(p.Live.ID, rv, len(rv.document))
	return rv, nil
}

// prepareForReaders derives a new live version's readers' document after
// the publishing call is answered, so that its first reader does not wait
// for it. A failure only costs that reader the wait: their own request
// derives it again and reports what goes wrong.
func (s *Server) prepareForReaders(p domain.Publication) {
	if p.Live == nil {
		return
	}
	s.background.Add(1)
	go func() {
		defer s.background.Done()
		if _, err := s.readerVersion(context.Background(), p); err != nil {
			s.log.Debug("readers' document not prepared", "map", p.MapID, "version", p.Live.ID, "err", err)
		}
	}()
}

// Wait waits for the work the server does after answering a call: call it
// once the HTTP server has shut down, before the store closes.
func (s *Server) Wait() { s.background.Wait() }

// publicMap answers a published map's live document (GET /api/v1/public/maps/{url}).
func (s *Server) publicMap(w http.ResponseWriter, r *http.Request) error {
	p, err := s.publishedFor(r, r.PathValue("url"))
	if err != nil {
		return err
	}
	// A version never changes: its id is its entity tag ("r": as readers get it).
	etag := `"r` + strconv.FormatInt(p.Live.ID, 10) + `"`
	w.Header().Set("ETag", etag)
	w.Header().Set("Cache-Control", "private, no-cache")
	if r.Header.Get("If-None-Match") == etag {
		w.WriteHeader(http.StatusNotModified)
		return nil
	}
	rv, err := s.readerVersion(r.Context(), p)
	if err != nil {
		return err
	}
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(http.StatusOK)
	_, _ = w.Write(rv.document)
	return nil
}

// publicNode answers a node's whole content as the live version holds it;
// a node readers are not shown is not there for them.
func (s *Server) publicNode(w http.ResponseWriter, r *http.Request) error {
	p, err := s.publishedFor(r, r.PathValue("url"))
	if err != nil {
		return err
	}
	id, err := pathID(r, "nodeId")
	if err != nil {
		return err
	}
	rv, err := s.readerVersion(r.Context(), p)
	if err != nil {
		return err
	}
	if !rv.shown[id] {
		return domain.Errorf(domain.CodeNotFound, "node not found")
	}
	content, err := s.store.VersionNodeContent(r.Context(), p.Live.ID, id)
	if err != nil {
		return err
	}
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(http.StatusOK)
	_, _ = w.Write([]byte(`{"id":` + strconv.FormatInt(id, 10) + `,"content":`))
	_, _ = w.Write(content)
	_, _ = w.Write([]byte("}"))
	return nil
}

type protocolEntry struct {
	Revision  int64                 `json:"revision"`
	Type      string                `json:"type"`
	User      *userRefJSON          `json:"user"`
	CreatedAt time.Time             `json:"created_at"`
	What      editing.ChangeSummary `json:"what"`
	Version   *editing.VersionRef   `json:"version"`
}

// protocol answers the map's change log for admins, newest first, a page
// at a time.
func (s *Server) protocol(w http.ResponseWriter, r *http.Request, a domain.Actor, m domain.Map) error {
	ctx := r.Context()
	c, err := s.clientOf(ctx, m)
	if err != nil {
		return err
	}
	if !a.Can(c.Name, domain.RoleAdmin) {
		return domain.Errorf(domain.CodeForbidden, "the map protocol is for admins")
	}
	q := r.URL.Query()
	v := &domain.Validation{}
	before, limit := int64(0), 50
	if b := q.Get("before"); b != "" {
		n, err := strconv.ParseInt(b, 10, 64)
		v.Check(err == nil && n > 0, "before", "must be a revision number")
		before = n
	}
	if l := q.Get("limit"); l != "" {
		n, err := strconv.Atoi(l)
		v.Check(err == nil && n >= 1 && n <= 200, "limit", "must be from 1 to 200")
		limit = n
	}
	if err := v.Err(); err != nil {
		return err
	}
	// One more than asked tells whether a next page exists.
	rows, err := s.store.Protocol(ctx, m.ID, before, limit+1)
	if err != nil {
		return err
	}
	var next *int64
	if len(rows) > limit {
		rows = rows[:limit]
		next = &rows[limit-1].Revision
	}
	lang := domain.Language("")
	if len(m.Languages) > 0 {
		lang = m.Languages[0]
	}
	out := make([]protocolEntry, len(rows))
	for i, row := range rows {
		what, version, err := editing.Summarize(row.Data, lang)
		if err != nil {
			return fmt.Errorf("protocol of map %d, revision %d: %w", m.ID, row.Revision, err)
		}
		out[i] = protocolEntry{Revision: row.Revision, Type: row.Type, CreatedAt: row.At, What: what, Version: version}
		if row.UserID != nil {
			out[i].User = &userRefJSON{ID: *row.UserID, Name: row.UserName}
		}
	}
	writeJSON(w, http.StatusOK, map[string]any{"entries": out, "next_before": next})
	return nil
}
