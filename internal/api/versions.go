package api

import (
	"net/http"
	"time"

	"github.com/strata-maps/strata/internal/domain"
	"github.com/strata-maps/strata/internal/editing"
	"github.com/strata-maps/strata/internal/publishing"
)

// A map's versions: publish, keep, publish a kept one, take the live one
// down, restore one or the live one into the working copy. The rules are
// publishing's.

type versionAnswer struct {
	ID          int64              `json:"id"`
	Revision    int64              `json:"revision"`
	Kind        domain.VersionKind `json:"kind"`
	Name        string             `json:"name"`
	Description string             `json:"description"`
	CreatedBy   *userRefJSON       `json:"created_by" required:"true"`
	CreatedAt   time.Time          `json:"created_at"`
}

func newVersionAnswer(v domain.Version) versionAnswer {
	out := versionAnswer{ID: v.ID, Revision: v.Revision, Kind: v.Kind, Name: v.Name, Description: v.Description, CreatedAt: v.CreatedAt}
	if v.CreatedBy != nil {
		out.CreatedBy = &userRefJSON{ID: *v.CreatedBy, Name: v.CreatedByName}
	}
	return out
}

type restoredAnswer struct {
	Revision    int64             `json:"revision"`
	Publication publicationAnswer `json:"publication"`
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

// writePublished answers a change to the live version with the publication.
func writePublished(w http.ResponseWriter, status int, c publishing.Changed) {
	writeChange(w, status, c.Result, newPublicationAnswer(c.State))
}

// writeRestored answers a change to the working copy.
func writeRestored(w http.ResponseWriter, c publishing.Changed) {
	writeChange(w, http.StatusOK, c.Result, restoredAnswer{c.Revision, newPublicationAnswer(c.State)})
}

func (s *Server) publish(w http.ResponseWriter, r *http.Request, a domain.Actor, m domain.Map) error {
	if err := s.publishing.MayPublish(r.Context(), a, m); err != nil {
		return err // before reading the body: refused whatever it says
	}
	note, err := versionNote(w, r)
	if err != nil {
		return err
	}
	c, err := s.publishing.Publish(r.Context(), a, m, note)
	if err != nil {
		return err
	}
	writePublished(w, http.StatusCreated, c)
	return nil
}

func (s *Server) saveVersion(w http.ResponseWriter, r *http.Request, a domain.Actor, m domain.Map) error {
	if err := s.publishing.MayPublish(r.Context(), a, m); err != nil {
		return err // before reading the body: refused whatever it says
	}
	note, err := versionNote(w, r)
	if err != nil {
		return err
	}
	v, err := s.publishing.SaveVersion(r.Context(), a, m, note)
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusCreated, newVersionAnswer(v))
	return nil
}

func (s *Server) publishVersion(w http.ResponseWriter, r *http.Request, a domain.Actor, m domain.Map) error {
	id, err := pathID(r, "versionId")
	if err != nil {
		return err
	}
	c, err := s.publishing.PublishVersion(r.Context(), a, m, id)
	if err != nil {
		return err
	}
	writePublished(w, http.StatusCreated, c)
	return nil
}

func (s *Server) deleteLive(w http.ResponseWriter, r *http.Request, a domain.Actor, m domain.Map) error {
	c, err := s.publishing.TakeDown(r.Context(), a, m)
	if err != nil {
		return err
	}
	writePublished(w, http.StatusOK, c)
	return nil
}

func (s *Server) restoreVersion(w http.ResponseWriter, r *http.Request, a domain.Actor, m domain.Map) error {
	id, err := pathID(r, "versionId")
	if err != nil {
		return err
	}
	c, err := s.publishing.RestoreVersion(r.Context(), a, m, id)
	if err != nil {
		return err
	}
	writeRestored(w, c)
	return nil
}

func (s *Server) resetToLive(w http.ResponseWriter, r *http.Request, a domain.Actor, m domain.Map) error {
	c, err := s.publishing.ResetToLive(r.Context(), a, m)
	if err != nil {
		return err
	}
	writeRestored(w, c)
	return nil
}

// versionsAnswer is a page of a map's versions; next_cursor asks for the
// next one, null on the last.
type versionsAnswer struct {
	Versions   []versionAnswer `json:"versions" nullable:"false"`
	NextCursor *string         `json:"next_cursor" required:"true"`
}

func (s *Server) listVersions(w http.ResponseWriter, r *http.Request, _ domain.Actor, m domain.Map) error {
	q, err := readPage(r)
	if err != nil {
		return err
	}
	page, err := s.publishing.Versions(r.Context(), m, q)
	if err != nil {
		return err
	}
	out := make([]versionAnswer, len(page.Versions))
	for i, v := range page.Versions {
		out[i] = newVersionAnswer(v)
	}
	writeJSON(w, http.StatusOK, versionsAnswer{Versions: out, NextCursor: page.NextCursor})
	return nil
}
