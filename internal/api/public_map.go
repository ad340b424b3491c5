package api

import (
	"net/http"
	"strconv"

	"github.com/strata-maps/strata/internal/domain"
	"github.com/strata-maps/strata/internal/publishing"
)

// The public map's calls (GET /public/maps/{url}, .../nodes/{nodeId}): who
// may read a publication is publishing's rule; here the request's reader
// and embedding are read from the request.

var errMapNotFound = publishing.ErrMapNotFound

// publicReader is the reader of a public map call: the zero actor when
// signed out.
func (s *Server) publicReader(r *http.Request) (domain.Actor, error) {
	a, err := s.readerActor(r)
	if err != nil && domain.ErrorCode(err) != domain.CodeUnauthenticated {
		return domain.Actor{}, err
	}
	return a, nil
}

// publicAccess answers the publication at an address, what the request's
// reader may do with it, and the map's client.
func (s *Server) publicAccess(r *http.Request, url string) (domain.Publication, domain.PublicAccess, domain.Client, error) {
	a, err := s.publicReader(r)
	if err != nil {
		return domain.Publication{}, domain.PublicDenied, domain.Client{}, err
	}
	reach, err := s.publishing.Reach(r.Context(), url, a)
	return reach.Publication, reach.Access, reach.Client, err
}

// publishedFor finds the publication at an address that the request's
// reader may read.
func (s *Server) publishedFor(r *http.Request, url string) (domain.Publication, error) {
	a, err := s.publicReader(r)
	if err != nil {
		return domain.Publication{}, err
	}
	return s.publishing.Published(r.Context(), url, a, fromEmbed(r, false))
}

// fromEmbed tells the embed_only rule where a request comes from: a map
// callable only when embedded answers only a Strata page shown in a frame,
// and that page's own calls. Browsers say so in the Fetch Metadata
// headers, which no page's script can set: the page is requested with
// Sec-Fetch-Dest iframe (and shows only in its embed domains' frames, by
// its frame-ancestors); its calls are fetches (Sec-Fetch-Dest empty) from
// Strata's origin (Sec-Fetch-Site same-origin), as the page refused
// outside a frame makes none. A request opened directly, made by another
// site, or without those headers is refused.
func fromEmbed(r *http.Request, page bool) bool {
	if page {
		return r.Header.Get("Sec-Fetch-Dest") == "iframe"
	}
	return r.Header.Get("Sec-Fetch-Site") == "same-origin" && r.Header.Get("Sec-Fetch-Dest") == "empty"
}

// publicMap answers a published map's live document as its readers get it.
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
	doc, err := s.publishing.ReaderDocument(r.Context(), p)
	if err != nil {
		return err
	}
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(http.StatusOK)
	_, _ = w.Write(doc)
	return nil
}

// publicNodeAnswer is a published node's whole content.
type publicNodeAnswer struct {
	ID      int64                                  `json:"id"`
	Content map[domain.Language]domain.NodeContent `json:"content"`
}

// publicNode answers a published node's whole content.
func (s *Server) publicNode(w http.ResponseWriter, r *http.Request) error {
	p, err := s.publishedFor(r, r.PathValue("url"))
	if err != nil {
		return err
	}
	id, err := pathID(r, "nodeId")
	if err != nil {
		return err
	}
	content, err := s.publishing.NodeContent(r.Context(), p, id)
	if err != nil {
		return err
	}
	// The content is stored JSON, written as it is (publicNodeAnswer's shape).
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(http.StatusOK)
	_, _ = w.Write([]byte(`{"id":` + strconv.FormatInt(id, 10) + `,"content":`))
	_, _ = w.Write(content)
	_, _ = w.Write([]byte("}"))
	return nil
}
