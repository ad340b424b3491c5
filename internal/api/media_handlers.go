package api

import (
	"net/http"

	"github.com/strata-maps/strata/internal/domain"
	"github.com/strata-maps/strata/internal/store"
)

// errMediaNotReady answers the media calls until the service is wired.
var errMediaNotReady = domain.Errorf(domain.CodeUnavailable, "media storage is not set up")

func (s *Server) listMedia(w http.ResponseWriter, r *http.Request, a domain.Actor, cs store.ClientSummary) error {
	return errMediaNotReady
}
func (s *Server) uploadMedia(w http.ResponseWriter, r *http.Request, a domain.Actor, cs store.ClientSummary) error {
	return errMediaNotReady
}
func (s *Server) mediaStats(w http.ResponseWriter, r *http.Request, a domain.Actor, cs store.ClientSummary) error {
	return errMediaNotReady
}
func (s *Server) listMediaTemplates(w http.ResponseWriter, r *http.Request, a domain.Actor, cs store.ClientSummary) error {
	return errMediaNotReady
}
func (s *Server) createMediaTemplate(w http.ResponseWriter, r *http.Request, a domain.Actor, cs store.ClientSummary) error {
	return errMediaNotReady
}
func (s *Server) patchMediaTemplate(w http.ResponseWriter, r *http.Request, a domain.Actor, cs store.ClientSummary) error {
	return errMediaNotReady
}
func (s *Server) deleteMediaTemplate(w http.ResponseWriter, r *http.Request, a domain.Actor, cs store.ClientSummary) error {
	return errMediaNotReady
}
func (s *Server) getMedia(w http.ResponseWriter, r *http.Request, a domain.Actor, cs store.ClientSummary) error {
	return errMediaNotReady
}
func (s *Server) patchMedia(w http.ResponseWriter, r *http.Request, a domain.Actor, cs store.ClientSummary) error {
	return errMediaNotReady
}
func (s *Server) deleteMedia(w http.ResponseWriter, r *http.Request, a domain.Actor, cs store.ClientSummary) error {
	return errMediaNotReady
}
func (s *Server) replaceMediaFile(w http.ResponseWriter, r *http.Request, a domain.Actor, cs store.ClientSummary) error {
	return errMediaNotReady
}
func (s *Server) clientMediaFile(w http.ResponseWriter, r *http.Request, a domain.Actor, cs store.ClientSummary) error {
	return errMediaNotReady
}
func (s *Server) mapMediaFile(w http.ResponseWriter, r *http.Request, a domain.Actor, m domain.Map) error {
	return errMediaNotReady
}
func (s *Server) publicMediaFile(w http.ResponseWriter, r *http.Request) error {
	return errMediaNotReady
}
