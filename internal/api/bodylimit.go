package api

import (
	"net/http"
	"strings"

	"github.com/strata-maps/strata/internal/domain"
)

// limitBody bounds the request body on every route, whether its handler
// reads a body or not. A body announced larger than maxBodyBytes is
// answered 413 at once, unread, before any handler runs; a body whose
// length is not announced (chunked) is cut at maxBodyBytes for whoever
// reads it. It reports whether the request may go on. raw is the
// connection's own writer, which MaxBytesReader tells to close the
// connection once the limit is hit; w answers.
func (s *Server) limitBody(raw, w http.ResponseWriter, r *http.Request) bool {
	limit := int64(maxBodyBytes)
	if s.uploadLimit > 0 && isMediaUpload(r) {
		limit = s.uploadLimit // the service counts each type's limit as it reads
	}
	if r.ContentLength > limit {
		// The rest of the body is never read: the connection cannot carry
		// another request.
		w.Header().Set("Connection", "close")
		writeError(w, r, s.log, domain.Errorf(domain.CodeTooLarge, "the body is larger than %d bytes", limit))
		return false
	}
	r.Body = http.MaxBytesReader(raw, r.Body, limit)
	return true
}

// isMediaUpload reports whether r uploads a media file: POST
// /api/v1/clients/{name}/media or PUT …/media/{key}/file.
func isMediaUpload(r *http.Request) bool {
	parts := strings.Split(strings.Trim(r.URL.Path, "/"), "/")
	if len(parts) < 5 || parts[0] != "api" || parts[1] != "v1" || parts[2] != "clients" || parts[4] != "media" {
		return false
	}
	return r.Method == http.MethodPost && len(parts) == 5 ||
		r.Method == http.MethodPut && len(parts) == 7 && parts[6] == "file"
}
