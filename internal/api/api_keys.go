package api

import (
	"context"
	"net/http"
	"strings"
	"time"

	"github.com/strata-maps/strata/internal/access"
	"github.com/strata-maps/strata/internal/apikeys"
	"github.com/strata-maps/strata/internal/domain"
	"github.com/strata-maps/strata/internal/store"
)

// Scripts call /api/v1 with "Authorization: Bearer <key>", a key of one
// client (package apikeys). The route table marks the calls a key may
// make with byKey and the scope they need; every other call refuses a
// request that carries a key (403), even with a session cookie beside
// it: a request is either a script's or a browser's, never both.

// keyScopeKey holds, in a request's context, the scope its route grants
// keys; absent, the route takes no keys.
type keyScopeKey struct{}

// byKey lets keys with at least scope make the route's call, as the
// actor domain.NewKeyActor makes of them.
func byKey(scope domain.Access, h http.HandlerFunc) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		h(w, r.WithContext(context.WithValue(r.Context(), keyScopeKey{}, scope)))
	}
}

// bearerKey is the key of the Authorization header; ok is whether the
// request has the header at all, well-formed or not.
func bearerKey(r *http.Request) (key string, ok bool) {
	v := r.Header.Get("Authorization")
	if v == "" {
		return "", false
	}
	scheme, key, _ := strings.Cut(v, " ")
	if !strings.EqualFold(scheme, "Bearer") {
		return "", true
	}
	return strings.TrimSpace(key), true
}

// keyActor authenticates the request's key, then holds it to its route.
func (s *Server) keyActor(r *http.Request, key string) (domain.Actor, error) {
	if key == "" {
		return domain.Actor{}, domain.Errorf(domain.CodeUnauthenticated, `send an API key as "Authorization: Bearer <key>"`)
	}
	a, err := s.apiKeys.Authenticate(r.Context(), key)
	if err != nil {
		return domain.Actor{}, err
	}
	scope, _ := r.Context().Value(keyScopeKey{}).(domain.Access) // "" where the route takes no keys
	if err := access.CheckKeyScope(*a.Key, scope); err != nil {
		return domain.Actor{}, err
	}
	return a, nil
}

type apiKeyJSON struct {
	ID         int64         `json:"id"`
	Name       string        `json:"name"`
	Scope      domain.Access `json:"scope" enum:"read,edit"`
	UserID     int64         `json:"user_id"`
	CreatedAt  time.Time     `json:"created_at"`
	LastUsedAt *time.Time    `json:"last_used_at" required:"true"`
	CreatedBy  *userRefJSON  `json:"created_by" required:"true"`
}

type apiKeyRequest struct {
	Name  string        `json:"name" required:"true"`
	Scope domain.Access `json:"scope" enum:"read,edit" required:"true"`
}

// createdAPIKeyJSON is a new key with the key itself, shown this once.
type createdAPIKeyJSON struct {
	apiKeyJSON
	Key string `json:"key"`
}

type apiKeysAnswer struct {
	APIKeys []apiKeyJSON `json:"api_keys" nullable:"false"`
}

func newAPIKeyJSON(k domain.APIKey) apiKeyJSON {
	j := apiKeyJSON{ID: k.ID, Name: k.Name, Scope: k.Scope, UserID: k.UserID, CreatedAt: k.CreatedAt, LastUsedAt: k.LastUsedAt}
	if k.CreatedBy != nil {
		j.CreatedBy = &userRefJSON{ID: *k.CreatedBy, Name: k.CreatedByName}
	}
	return j
}

// createAPIKey makes a key (admins); the answer is the only time the key
// is shown.
func (s *Server) createAPIKey(w http.ResponseWriter, r *http.Request, a domain.Actor, cs store.ClientSummary) error {
	var req apiKeyRequest
	if err := decodeJSON(w, r, &req); err != nil {
		return err
	}
	k, err := s.apiKeys.Create(r.Context(), apikeys.NewKey{Client: cs.Client, Creator: a.User, Name: req.Name, Scope: req.Scope})
	if err != nil {
		return err
	}
	w.Header().Set("Cache-Control", "no-store")
	writeJSON(w, http.StatusCreated, createdAPIKeyJSON{newAPIKeyJSON(k.APIKey), k.Key})
	return nil
}

// listAPIKeys lists the client's keys (admins), never the keys themselves.
func (s *Server) listAPIKeys(w http.ResponseWriter, r *http.Request, a domain.Actor, cs store.ClientSummary) error {
	keys, err := s.apiKeys.List(r.Context(), cs.ID)
	if err != nil {
		return err
	}
	out := make([]apiKeyJSON, len(keys))
	for i, k := range keys {
		out[i] = newAPIKeyJSON(k)
	}
	writeJSON(w, http.StatusOK, apiKeysAnswer{APIKeys: out})
	return nil
}

// revokeAPIKey revokes a key of the client (admins): it stops at once.
func (s *Server) revokeAPIKey(w http.ResponseWriter, r *http.Request, a domain.Actor, cs store.ClientSummary) error {
	id, err := pathID(r, "id")
	if err != nil {
		return err
	}
	if err := s.apiKeys.Revoke(r.Context(), cs.ID, id); err != nil {
		return err
	}
	w.WriteHeader(http.StatusNoContent)
	return nil
}
