package api

import (
	"errors"
	"net/http"
	"strconv"
	"strings"
	"time"

	"github.com/strata-maps/strata/internal/auth"
	"github.com/strata-maps/strata/internal/domain"
	"github.com/strata-maps/strata/internal/mapcatalog"
	"github.com/strata-maps/strata/internal/store"
)

// The account area of a client: quotas, testing period, settings and user
// management (spec account-area §2–§9).

func (s *Server) getQuotas(w http.ResponseWriter, r *http.Request, a domain.Actor, cs store.ClientSummary) error {
	qs, err := s.store.Quotas(r.Context(), cs.ID)
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, map[string]any{"quotas": qs})
	return nil
}

// setQuotas sets a client's limits: the licence is the superuser's to set.
func (s *Server) setQuotas(w http.ResponseWriter, r *http.Request, a domain.Actor, cs store.ClientSummary) error {
	if !a.User.IsSuperuser {
		return errSuperuserOnly
	}
	var req map[domain.QuotaKind]*int
	if err := decodeJSON(w, r, &req); err != nil {
		return err
	}
	var v domain.Validation
	for k, max := range req {
		v.Check(k.Valid(), string(k), "is not a quota kind")
		v.Check(max == nil || (*max >= 0 && *max <= 1_000_000), string(k), "must be null (unlimited) or from 0 to 1000000")
	}
	if err := v.Err(); err != nil {
		return err
	}
	if err := s.store.SetQuotas(r.Context(), cs.ID, req); err != nil {
		return err
	}
	return s.getQuotas(w, r, a, cs)
}

type testingPeriodJSON struct {
	EndsAt          *time.Time        `json:"ends_at"`
	Expired         bool              `json:"expired"`
	PaymentInterval string            `json:"payment_interval"`
	BuyURLs         map[string]string `json:"buy_urls"`
}

func newTestingPeriodJSON(t domain.TestingPeriod) testingPeriodJSON {
	buy := t.BuyURLs
	if buy == nil {
		buy = map[string]string{}
	}
	return testingPeriodJSON{EndsAt: t.EndsAt, Expired: t.Expired(time.Now()), PaymentInterval: t.PaymentInterval, BuyURLs: buy}
}

func (s *Server) getTestingPeriod(w http.ResponseWriter, r *http.Request, a domain.Actor, cs store.ClientSummary) error {
	set, err := s.store.ClientSettings(r.Context(), cs.ID)
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, newTestingPeriodJSON(set.Trial))
	return nil
}

func (s *Server) setTestingPeriod(w http.ResponseWriter, r *http.Request, a domain.Actor, cs store.ClientSummary) error {
	if !a.User.IsSuperuser {
		return errSuperuserOnly
	}
	var req struct {
		EndsAt          *time.Time        `json:"ends_at"`
		PaymentInterval string            `json:"payment_interval"`
		BuyURLs         map[string]string `json:"buy_urls"`
	}
	if err := decodeJSON(w, r, &req); err != nil {
		return err
	}
	var v domain.Validation
	v.Check(req.PaymentInterval == "monthly" || req.PaymentInterval == "yearly", "payment_interval", "must be monthly or yearly")
	for interval, u := range req.BuyURLs {
		v.Check(interval == "monthly" || interval == "yearly", "buy_urls", "are keyed by monthly and yearly")
		v.Check(domain.ValidHTTPURL(u), "buy_urls."+interval, "must be an http(s) address")
	}
	if err := v.Err(); err != nil {
		return err
	}
	set, err := s.store.ClientSettings(r.Context(), cs.ID)
	if err != nil {
		return err
	}
	set.Trial = domain.TestingPeriod{EndsAt: req.EndsAt, PaymentInterval: req.PaymentInterval, BuyURLs: req.BuyURLs}
	if err := s.store.UpdateClientSettings(r.Context(), cs.ID, set); err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, newTestingPeriodJSON(set.Trial))
	return nil
}

type clientSettingsJSON struct {
	Title               string `json:"title"`
	CompanyName         string `json:"company_name"`
	LogoURL             string `json:"logo_url"`
	LoginText           string `json:"login_text"`
	CNAMEDomain         string `json:"cname_domain"`
	Subdomain           string `json:"subdomain"`
	AnalyticsPropertyID string `json:"analytics_property_id"`
	APIKey              string `json:"api_key"`
	APIServerAddress    string `json:"api_server_address"`
	SupportAccess       bool   `json:"support_access"`
}

func newClientSettingsJSON(title string, cs domain.ClientSettings) clientSettingsJSON {
	return clientSettingsJSON{Title: title, CompanyName: cs.CompanyName, LogoURL: cs.LogoURL, LoginText: cs.LoginText,
		CNAMEDomain: cs.CNAMEDomain, Subdomain: cs.Subdomain, AnalyticsPropertyID: cs.AnalyticsPropertyID,
		APIKey: cs.APIKey, APIServerAddress: cs.APIServerAddress, SupportAccess: cs.SupportAccess}
}

// getClientSettings answers the general settings; they hold the API key,
// so they are an admin's.
func (s *Server) getClientSettings(w http.ResponseWriter, r *http.Request, a domain.Actor, cs store.ClientSummary) error {
	set, err := s.store.ClientSettings(r.Context(), cs.ID)
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, newClientSettingsJSON(cs.Title, set))
	return nil
}

func (s *Server) patchClientSettings(w http.ResponseWriter, r *http.Request, a domain.Actor, cs store.ClientSummary) error {
	var req struct {
		CompanyName         *string `json:"company_name"`
		LogoURL             *string `json:"logo_url"`
		LoginText           *string `json:"login_text"`
		CNAMEDomain         *string `json:"cname_domain"`
		Subdomain           *string `json:"subdomain"`
		AnalyticsPropertyID *string `json:"analytics_property_id"`
		APIServerAddress    *string `json:"api_server_address"`
		SupportAccess       *bool   `json:"support_access"`
	}
	if err := decodeJSON(w, r, &req); err != nil {
		return err
	}
	set, err := s.store.ClientSettings(r.Context(), cs.ID)
	if err != nil {
		return err
	}
	for _, f := range []struct {
		src *string
		dst *string
		low bool
	}{
		{req.CompanyName, &set.CompanyName, false}, {req.LogoURL, &set.LogoURL, false}, {req.LoginText, &set.LoginText, false},
		{req.CNAMEDomain, &set.CNAMEDomain, true}, {req.Subdomain, &set.Subdomain, true},
		{req.AnalyticsPropertyID, &set.AnalyticsPropertyID, false}, {req.APIServerAddress, &set.APIServerAddress, false},
	} {
		if f.src != nil {
			*f.dst = strings.TrimSpace(*f.src)
			if f.low {
				*f.dst = strings.ToLower(*f.dst)
			}
		}
	}
	if req.SupportAccess != nil {
		set.SupportAccess = *req.SupportAccess
	}
	if err := set.Validate(); err != nil {
		return err
	}
	if err := s.store.UpdateClientSettings(r.Context(), cs.ID, set); err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, newClientSettingsJSON(cs.Title, set))
	return nil
}

// newAPIKey replaces the client's API key; the old one stops working.
func (s *Server) newAPIKey(w http.ResponseWriter, r *http.Request, a domain.Actor, cs store.ClientSummary) error {
	set, err := s.store.ClientSettings(r.Context(), cs.ID)
	if err != nil {
		return err
	}
	set.APIKey, _ = auth.NewToken()
	if err := s.store.UpdateClientSettings(r.Context(), cs.ID, set); err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, newClientSettingsJSON(cs.Title, set))
	return nil
}

type memberJSON struct {
	ID                   int64                    `json:"id"`
	Email                string                   `json:"email"`
	Name                 string                   `json:"name"`
	Role                 domain.Role              `json:"role"`
	PremiumTemplates     bool                     `json:"premium_templates"`
	SupportAccessConsent bool                     `json:"support_access_consent"`
	MapAccess            map[string]domain.Access `json:"map_access"`
}

func (s *Server) listMembers(w http.ResponseWriter, r *http.Request, a domain.Actor, cs store.ClientSummary) error {
	members, err := s.store.ClientMembers(r.Context(), cs.ID)
	if err != nil {
		return err
	}
	invs, err := s.store.OpenInvitations(r.Context(), cs.ID)
	if err != nil {
		return err
	}
	out := make([]memberJSON, len(members))
	for i, m := range members {
		acc := make(map[string]domain.Access, len(m.MapAccess))
		for id, x := range m.MapAccess {
			acc[strconv.FormatInt(id, 10)] = x
		}
		out[i] = memberJSON{ID: m.User.ID, Email: m.User.Email, Name: m.User.Name, Role: m.Role,
			PremiumTemplates: m.PremiumTemplates, SupportAccessConsent: m.SupportAccessConsent, MapAccess: acc}
	}
	invOut := newOpenInvitationsJSON(invs)
	readers, err := s.store.Readers(r.Context(), cs.ID)
	if err != nil {
		return err
	}
	readersOut := make([]readerJSON, len(readers))
	for i, rd := range readers {
		readersOut[i] = readerJSON{ID: rd.User.ID, Email: rd.User.Email, Name: rd.User.Name, Since: rd.Since}
	}
	writeJSON(w, http.StatusOK, map[string]any{"users": out, "invitations": invOut, "readers": readersOut})
	return nil
}

// memberFor returns the member named by the path's user id, 404 for a user
// who is not a member of the client.
func (s *Server) memberFor(r *http.Request, clientID int64) (store.Member, []store.Member, error) {
	id, err := pathID(r, "userId")
	if err != nil {
		return store.Member{}, nil, err
	}
	members, err := s.store.ClientMembers(r.Context(), clientID)
	if err != nil {
		return store.Member{}, nil, err
	}
	for _, m := range members {
		if m.User.ID == id {
			return m, members, nil
		}
	}
	return store.Member{}, nil, domain.Errorf(domain.CodeNotFound, "user %d not found", id)
}

// errLastAdmin keeps a client from losing its last admin.
var errLastAdmin = domain.Errorf(domain.CodeConflict, "a client needs at least one admin; make another user admin first")

func otherAdmins(members []store.Member, userID int64) bool {
	for _, m := range members {
		if m.User.ID != userID && m.Role == domain.RoleAdmin {
			return true
		}
	}
	return false
}

// patchMember changes a member's role, settings and per-map accesses in one
// transaction; a role taking a new kind of seat is checked against its quota.
func (s *Server) patchMember(w http.ResponseWriter, r *http.Request, a domain.Actor, cs store.ClientSummary) error {
	m, members, err := s.memberFor(r, cs.ID)
	if err != nil {
		return err
	}
	var req struct {
		Role                 *string                  `json:"role"`
		PremiumTemplates     *bool                    `json:"premium_templates"`
		SupportAccessConsent *bool                    `json:"support_access_consent"`
		MapAccess            map[string]domain.Access `json:"map_access"`
	}
	if err := decodeJSON(w, r, &req); err != nil {
		return err
	}
	var v domain.Validation
	if req.Role != nil {
		v.Check(domain.Role(*req.Role).Valid(), "role", "must be guest, student, editor or admin")
	}
	maps, err := s.store.MapsOfClient(r.Context(), cs.ID)
	if err != nil {
		return err
	}
	ofClient := map[int64]bool{}
	for _, mp := range maps {
		ofClient[mp.ID] = true
	}
	grants := map[int64]domain.Access{}
	for key, acc := range req.MapAccess {
		id, err := strconv.ParseInt(key, 10, 64)
		switch {
		case err != nil || !ofClient[id]:
			v.Add("map_access."+key, "is not a map of this client")
		case !acc.Valid():
			v.Add("map_access."+key, "must be none, read or edit")
		default:
			grants[id] = acc
		}
	}
	if err := v.Err(); err != nil {
		return err
	}
	if req.Role != nil && domain.Role(*req.Role) != domain.RoleAdmin && m.Role == domain.RoleAdmin && !otherAdmins(members, m.User.ID) {
		return errLastAdmin
	}
	err = s.store.Tx(r.Context(), func(tx *store.Store) error {
		if req.Role != nil && domain.Role(*req.Role) != m.Role {
			role := domain.Role(*req.Role)
			if err := tx.RequireSeat(r.Context(), cs.ID, m.User.ID, role); err != nil {
				return err
			}
			if err := tx.SetMemberRole(r.Context(), cs.ID, m.User.ID, role); err != nil {
				return err
			}
		}
		if req.PremiumTemplates != nil || req.SupportAccessConsent != nil {
			premium, consent := m.PremiumTemplates, m.SupportAccessConsent
			if req.PremiumTemplates != nil {
				premium = *req.PremiumTemplates
			}
			if req.SupportAccessConsent != nil {
				consent = *req.SupportAccessConsent
			}
			if err := tx.SetMemberSettings(r.Context(), cs.ID, m.User.ID, premium, consent); err != nil {
				return err
			}
		}
		for id, acc := range grants {
			if err := tx.SetMapAccess(r.Context(), id, m.User.ID, acc); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		return err
	}
	s.recheckUsers(r.Context(), m.User.ID)
	return s.listMembers(w, r, a, cs)
}

func (s *Server) removeMember(w http.ResponseWriter, r *http.Request, a domain.Actor, cs store.ClientSummary) error {
	m, members, err := s.memberFor(r, cs.ID)
	if err != nil {
		return err
	}
	if m.Role == domain.RoleAdmin && !otherAdmins(members, m.User.ID) {
		return errLastAdmin
	}
	if err := s.store.RemoveMember(r.Context(), cs.ID, m.User.ID); err != nil {
		return err
	}
	s.recheckUsers(r.Context(), m.User.ID)
	w.WriteHeader(http.StatusNoContent)
	return nil
}

type accessRequestJSON struct {
	ID        int64     `json:"id"`
	UserID    int64     `json:"user_id"`
	UserName  string    `json:"user_name"`
	UserEmail string    `json:"user_email"`
	MapID     *int64    `json:"map_id"`
	Message   string    `json:"message"`
	CreatedAt time.Time `json:"created_at"`
}

func (s *Server) listAccessRequests(w http.ResponseWriter, r *http.Request, a domain.Actor, cs store.ClientSummary) error {
	list, err := s.store.AccessRequests(r.Context(), cs.ID)
	if err != nil {
		return err
	}
	out := make([]accessRequestJSON, len(list))
	for i, ar := range list {
		out[i] = accessRequestJSON{ID: ar.ID, UserID: ar.UserID, UserName: ar.UserName, UserEmail: ar.UserEmail,
			MapID: ar.MapID, Message: ar.Message, CreatedAt: ar.CreatedAt}
	}
	writeJSON(w, http.StatusOK, map[string]any{"access_requests": out})
	return nil
}

// templateJSON is a map template as the chooser lists it: a built-in one
// (id 0, key set) or one of the client's own (id set).
type templateJSON struct {
	ID               int64   `json:"id"`
	Key              string  `json:"key"`
	Builtin          bool    `json:"builtin"`
	Premium          bool    `json:"premium"`
	Name             string  `json:"name"`
	Description      string  `json:"description"`
	Theme            string  `json:"theme"`
	Section          string  `json:"section"`
	Palette          string  `json:"palette"`
	Width            int     `json:"width"`
	Height           int     `json:"height"`
	VisibilityLevels int     `json:"visibility_levels"`
	CreatedBy        *int64  `json:"created_by"`
	Mine             bool    `json:"mine"`
	Preview          preview `json:"preview"`
}

var errTemplateAuthor = mapcatalog.ErrTemplateAuthor

// changePassword sets a new password after checking the current one, and
// signs every other session of the user out.
func (s *Server) changePassword(w http.ResponseWriter, r *http.Request, a domain.Actor) error {
	id, err := pathID(r, "id")
	if err != nil {
		return err
	}
	if id != a.User.ID {
		return domain.Errorf(domain.CodeNotFound, "user %d not found", id)
	}
	var req struct {
		CurrentPassword string `json:"current_password"`
		newPasswordRequest
	}
	if err := decodeJSON(w, r, &req); err != nil {
		return err
	}
	if err := auth.ValidatePassword(req.Password, req.PasswordConfirmation); err != nil {
		return err
	}
	// The current password is checked like a sign-in, with its rate limit.
	// Counted before the hash runs, like a sign-in; a success takes it back.
	key := "account:" + a.User.Email
	taken, retry, err := s.loginFailures.Take(r.Context(), key)
	if err != nil {
		return err
	}
	if !taken {
		return tooManyAttempts(retry)
	}
	hash, err := s.store.PasswordHash(r.Context(), a.User.ID)
	var ok bool
	if err == nil {
		ok, err = auth.CheckPassword(req.CurrentPassword, hash)
	}
	if err == nil && ok && hash != "" {
		err = s.loginFailures.Undo(r.Context(), key)
	} else if err != nil {
		err = errors.Join(err, s.loginFailures.Undo(r.Context(), key))
	}
	if err != nil {
		return err
	}
	if !ok || hash == "" {
		return &domain.Error{Code: domain.CodeInvalid, Message: "the current password is wrong",
			Details: map[string]string{"current_password": "is wrong"}}
	}
	newHash, err := auth.HashPassword(req.Password)
	if err != nil {
		return err
	}
	keep := ""
	if c, err := r.Cookie(auth.SessionCookie); err == nil {
		keep = auth.HashToken(c.Value)
	}
	err = s.store.Tx(r.Context(), func(tx *store.Store) error {
		if err := tx.SetPasswordHash(r.Context(), a.User.ID, newHash); err != nil {
			return err
		}
		return tx.DeleteSessionsOfUser(r.Context(), a.User.ID, keep)
	})
	if err != nil {
		return err
	}
	s.recheckUsers(r.Context(), a.User.ID)
	w.WriteHeader(http.StatusNoContent)
	return nil
}
