package api

import (
	"fmt"
	"net/http"
	"strconv"
	"strings"

	"github.com/strata-maps/strata/internal/accounts"
	"github.com/strata-maps/strata/internal/domain"
)

// permissionsPatch is an admin's change of per-map accesses: user path to
// access, or null to clear it so that the role decides again.
type permissionsPatch struct {
	Users map[string]*domain.AccessGrant `json:"users" nullable:"false"`
}

// setMapPermissions is an admin's change (the route checks
// access.SetPermissions); the seats are accounts'.
func (s *Server) setMapPermissions(w http.ResponseWriter, r *http.Request, a domain.Actor, m domain.Map) error {
	c, err := s.store.ClientByID(r.Context(), m.ClientID)
	if err != nil {
		return err
	}
	var req permissionsPatch
	if err := decodeJSON(w, r, &req); err != nil {
		return err
	}
	isMember, err := s.access.Members(r.Context(), m.ID)
	if err != nil {
		return err
	}
	var v domain.Validation
	var grants []accounts.MapGrant
	for path, acc := range req.Users {
		id, err := strconv.ParseInt(strings.TrimPrefix(path, apiPrefix+"/users/"), 10, 64)
		switch {
		case err != nil || !strings.HasPrefix(path, apiPrefix+"/users/"):
			v.Add("users", domain.Invalid("user_path").Saying(fmt.Sprintf("%q is not a user path", path)))
		case !isMember[id]:
			v.Add("users", domain.NotFound(id).Saying(fmt.Sprintf("user %d is not a member of %s", id, c.Title)))
		case acc != nil && !acc.Access().Valid():
			v.Add("users", domain.NotAllowed(domain.AccessNone, domain.AccessRead, domain.AccessEdit).Saying(fmt.Sprintf("access for user %d must be none, read, edit or null", id)))
		default:
			grants = append(grants, accounts.MapGrant{UserID: id, Access: acc.Access()})
		}
	}
	if err := v.Err(); err != nil {
		return err
	}
	if err := s.accounts.SetMapGrants(r.Context(), c, m.ID, grants); err != nil {
		return err
	}
	return s.mapPermissions(w, r, a, m)
}
