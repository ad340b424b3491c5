package api

import (
	"net/http"

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
	if r.ContentLength > maxBodyBytes {
		// The rest of the body is never read: the connection cannot carry
		// another request.
		w.Header().Set("Connection", "close")
		writeError(w, r, s.log, domain.Errorf(domain.CodeTooLarge, "the body is larger than %d bytes", maxBodyBytes))
		return false
	}
	r.Body = http.MaxBytesReader(raw, r.Body, maxBodyBytes)
	return true
}
