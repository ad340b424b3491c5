package api

import (
	"net/http"

	"github.com/strata-maps/strata/internal/accounts"
	"github.com/strata-maps/strata/internal/domain"
	"github.com/strata-maps/strata/internal/store"
)

// A client's general settings (accounts.ClientSettings,
// UpdateClientSettings); API keys have calls of their own (api_keys.go).

// getClientSettings answers the general settings (admins).
func (s *Server) getClientSettings(w http.ResponseWriter, r *http.Request, a domain.Actor, cs store.ClientSummary) error {
	set, err := s.accounts.ClientSettings(r.Context(), cs.ID)
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, newClientSettingsJSON(cs.Title, set))
	return nil
}

func (s *Server) patchClientSettings(w http.ResponseWriter, r *http.Request, a domain.Actor, cs store.ClientSummary) error {
	var req accounts.ClientSettingsChange
	if err := decodeJSON(w, r, &req); err != nil {
		return err
	}
	set, err := s.accounts.UpdateClientSettings(r.Context(), cs.Client, req)
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, newClientSettingsJSON(cs.Title, set))
	return nil
}
