package api_test

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/strata-maps/strata/internal/domain"
	"github.com/strata-maps/strata/internal/editing"
	"github.com/strata-maps/strata/internal/store"
	"github.com/strata-maps/strata/internal/store/storetest"
)

type quotaBody struct {
	Max   *int `json:"max"`
	Count int  `json:"count"`
}

func (h *harness) quotas(c *client) map[string]quotaBody {
	h.t.Helper()
	var body struct{ Quotas map[string]quotaBody }
	c.do("GET", "/api/v1/clients/acme/quotas", nil).want(200).decode(&body)
	return body.Quotas
}

// setQuota sets one of acme's limits as the superuser.
func (h *harness) setQuota(kind string, max any) {
	h.t.Helper()
	h.session(super).do("PATCH", "/api/v1/clients/acme/quotas", map[string]any{kind: max}).want(200)
}

func (h *harness) countMaps(templates bool) int {
	h.t.Helper()
	q, err := h.store.Quota(context.Background(), h.acme.ID, map[bool]domain.QuotaKind{false: domain.QuotaMap, true: domain.QuotaTemplate}[templates])
	if err != nil {
		h.t.Fatal(err)
	}
	return q.Count
}

func newMapBody(name string) map[string]any {
	return map[string]any{"name": name, "measurement": map[string]int{"width": 2000, "height": 1000}, "visibility_levels": 3}
}

// wantQuota checks a refusal by the quota of kind, with the spec's message.
func wantQuota(t *testing.T, res *response, kind, message string) {
	t.Helper()
	res.wantError(409, "quota_exceeded", "quota")
	var env envelope
	res.decode(&env)
	if env.Error.Details["quota"] != kind || !strings.Contains(env.Error.Message, message) {
		t.Fatalf("quota refusal %+v, want kind %s and %q", env.Error, kind, message)
	}
}

func TestQuotasAreReadByMembersAndSetBySuperusers(t *testing.T) {
	storetest.Each(t, func(t *testing.T, s *store.Store) {
		h := newHarness(t, s)
		q := h.quotas(h.session(guest))
		want := map[string]int{"map": 1, "template": 0, "live_map": 0, "user": 4, "editing_user": 3, "active_readers": 1}
		for k, n := range want {
			if q[k].Count != n || q[k].Max != nil {
				t.Errorf("quota %s: %+v, want count %d and no limit", k, q[k], n)
			}
		}
		h.session(admin).do("PATCH", "/api/v1/clients/acme/quotas", map[string]any{"map": 5}).wantError(403, "forbidden")
		h.session(outsider).do("GET", "/api/v1/clients/acme/quotas", nil).wantError(404, "not_found")
		h.session(super).do("PATCH", "/api/v1/clients/acme/quotas", map[string]any{"maps": 5, "user": -1}).wantError(400, "validation_failed", "maps", "user")
		h.setQuota("map", 5)
		if q := h.quotas(h.session(admin)); q["map"].Max == nil || *q["map"].Max != 5 {
			t.Fatalf("map quota %+v", q["map"])
		}
		h.setQuota("map", nil)
		if q := h.quotas(h.session(admin)); q["map"].Max != nil {
			t.Fatalf("map quota not lifted: %+v", q["map"])
		}
	})
}

func TestMapAndTemplateQuotasRefuseCreationAndWriteNothing(t *testing.T) {
	storetest.Each(t, func(t *testing.T, s *store.Store) {
		h := newHarness(t, s)
		ed := h.session(editor)
		h.setQuota("map", 1) // acme has one map
		wantQuota(t, ed.do("POST", "/api/v1/clients/acme/maps", newMapBody("One too many")), "map", "You have reached the maximum number of maps")
		wantQuota(t, ed.do("POST", "/api/v1/clients/acme/maps", map[string]any{"name": "From built-in", "builtin_template": "mind-map"}), "map", "maximum number of maps")
		wantQuota(t, ed.do("POST", fmt.Sprintf("/api/v1/maps/%d/clone", h.mapID), nil), "map", "maximum number of maps")
		if n := h.countMaps(false); n != 1 {
			t.Fatalf("%d maps after refusals", n)
		}
		// Templates have their own quota.
		h.setQuota("template", 0)
		wantQuota(t, ed.do("POST", "/api/v1/clients/acme/maps", map[string]any{"name": "T", "as_template": true, "theme": "basic",
			"measurement": map[string]int{"width": 1000, "height": 1000}, "visibility_levels": 2}), "template", "maximum number of templates")
		wantQuota(t, ed.do("POST", fmt.Sprintf("/api/v1/maps/%d/clone", h.mapID), map[string]any{"as_template": true, "theme": "basic"}), "template", "maximum number of templates")
		if n := h.countMaps(true); n != 0 {
			t.Fatalf("%d templates after refusals", n)
		}
		h.setQuota("template", 1)
		ed.do("POST", fmt.Sprintf("/api/v1/maps/%d/clone", h.mapID), map[string]any{"as_template": true, "theme": "basic"}).want(201)
		h.setQuota("map", 2)
		ed.do("POST", "/api/v1/clients/acme/maps", newMapBody("Second")).want(201)
		if h.countMaps(false) != 2 || h.countMaps(true) != 1 {
			t.Fatalf("counts %d maps, %d templates", h.countMaps(false), h.countMaps(true))
		}
	})
}

func TestLiveMapQuotaHasAdminAndNonAdminMessages(t *testing.T) {
	storetest.Each(t, func(t *testing.T, s *store.Store) {
		h := newHarness(t, s)
		live := fmt.Sprintf("/api/v1/maps/%d/live", h.mapID)
		h.session(student).do("PATCH", live, map[string]any{"live": true}).wantError(403, "forbidden")
		h.session(guest).do("PATCH", live, map[string]any{"live": true}).wantError(403, "forbidden")
		h.session(outsider).do("PATCH", live, map[string]any{"live": true}).wantError(404, "not_found")
		h.session(editor).do("PATCH", live, map[string]any{}).wantError(400, "validation_failed", "live")
		h.setQuota("live_map", 0)
		wantQuota(t, h.session(editor).do("PATCH", live, map[string]any{"live": true}), "live_map", "ask an admin")
		wantQuota(t, h.session(admin).do("PATCH", live, map[string]any{"live": true}), "live_map", "upgrade")
		if q := h.quotas(h.session(admin)); q["live_map"].Count != 0 {
			t.Fatalf("a refused live toggle was written: %+v", q["live_map"])
		}
		h.setQuota("live_map", 1)
		var got struct{ Live bool }
		h.session(editor).do("PATCH", live, map[string]any{"live": true}).want(200).decode(&got)
		if !got.Live {
			t.Fatal("not live")
		}
		// Setting live what is live takes no second seat.
		h.session(editor).do("PATCH", live, map[string]any{"live": true}).want(200)
		var list struct{ Maps []struct{ Live bool } }
		h.session(guest).do("GET", "/api/v1/clients/acme/maps", nil).want(200).decode(&list)
		if len(list.Maps) != 1 || !list.Maps[0].Live {
			t.Fatalf("overview %+v", list.Maps)
		}
		h.session(editor).do("PATCH", live, map[string]any{"live": false}).want(200)
		if q := h.quotas(h.session(admin)); q["live_map"].Count != 0 {
			t.Fatalf("live maps %+v", q["live_map"])
		}
	})
}

func TestUserQuotasRefuseInvitationsRolesAndRegistration(t *testing.T) {
	storetest.Each(t, func(t *testing.T, s *store.Store) {
		h := newHarness(t, s)
		adm := h.session(admin)
		ctx := context.Background()

		h.setQuota("user", 4) // acme has four users
		wantQuota(t, adm.do("POST", "/api/v1/clients/acme/invitations", map[string]any{"email": "new@example.org", "role": "guest"}), "user", "maximum number of users")
		wantQuota(t, adm.do("POST", "/api/v1/clients/acme/invitations", map[string]any{"email": "outsider@example.org", "role": "guest"}), "user", "maximum number of users")
		if len(h.mails("new@example.org")) != 0 || len(h.mails("outsider@example.org")) != 0 {
			t.Fatal("a refused invitation was mailed")
		}
		if ms, _ := s.Memberships(ctx, h.users[outsider].ID); len(ms) != 1 {
			t.Fatalf("outsider's memberships %v", ms)
		}
		h.setQuota("user", nil)

		h.setQuota("editing_user", 3) // student, editor, admin
		wantQuota(t, adm.do("POST", "/api/v1/clients/acme/invitations", map[string]any{"email": "outsider@example.org", "role": "student"}), "editing_user", "maximum number of editing users")
		wantQuota(t, adm.do("PATCH", fmt.Sprintf("/api/v1/clients/acme/users/%d", h.users[guest].ID), map[string]any{"role": "editor"}), "editing_user", "editing users")
		// Moving within the kind takes no new seat.
		adm.do("PATCH", fmt.Sprintf("/api/v1/clients/acme/users/%d", h.users[student].ID), map[string]any{"role": "editor"}).want(200)
		h.setQuota("editing_user", nil)

		h.setQuota("active_readers", 1) // guest
		wantQuota(t, adm.do("POST", "/api/v1/clients/acme/invitations", map[string]any{"email": "reader@example.org", "role": "guest"}), "active_readers", "maximum number of active readers")
		wantQuota(t, adm.do("PATCH", fmt.Sprintf("/api/v1/clients/acme/users/%d", h.users[editor].ID), map[string]any{"role": "guest"}), "active_readers", "active readers")
		var members struct {
			Users []struct {
				ID   int64
				Role string
			}
		}
		adm.do("GET", "/api/v1/clients/acme/users", nil).want(200).decode(&members)
		for _, u := range members.Users {
			if u.ID == h.users[editor].ID && u.Role != "editor" {
				t.Fatalf("refused role change was written: %+v", u)
			}
		}
		h.setQuota("active_readers", nil)

		// An invitation sent while a seat was free is refused on accepting
		// once the seats are gone, and leaves no account behind.
		adm.do("POST", "/api/v1/clients/acme/invitations", map[string]any{"email": "late@example.org", "role": "guest"}).want(201)
		token := tokenOf(h.lastLink("late@example.org", "/register"))
		h.setQuota("user", 4)
		wantQuota(t, h.anonymous().do("POST", "/api/v1/auth/register", map[string]any{"token": token, "password": "a long quiet lantern", "password_confirmation": "a long quiet lantern"}), "user", "maximum number of users")
		if _, err := s.UserByEmail(ctx, "late@example.org"); domain.ErrorCode(err) != domain.CodeNotFound {
			t.Fatalf("refused registration left an account: %v", err)
		}
		h.setQuota("user", 5)
		h.anonymous().do("POST", "/api/v1/auth/register", map[string]any{"token": token, "password": "a long quiet lantern", "password_confirmation": "a long quiet lantern"}).want(200)
	})
}

type settingsBody struct {
	CompanyName   string `json:"company_name"`
	LogoURL       string `json:"logo_url"`
	LoginText     string `json:"login_text"`
	CNAMEDomain   string `json:"cname_domain"`
	Subdomain     string `json:"subdomain"`
	Analytics     string `json:"analytics_property_id"`
	APIServer     string `json:"api_server_address"`
	SupportAccess bool   `json:"support_access"`
}

func TestClientSettings(t *testing.T) {
	storetest.Each(t, func(t *testing.T, s *store.Store) {
		h := newHarness(t, s)
		adm := h.session(admin)
		for _, who := range []string{guest, student, editor} {
			h.session(who).do("GET", "/api/v1/clients/acme/settings", nil).wantError(403, "forbidden")
			h.session(who).do("PATCH", "/api/v1/clients/acme/settings", map[string]any{"company_name": "X"}).wantError(403, "forbidden")
		}
		h.session(outsider).do("GET", "/api/v1/clients/acme/settings", nil).wantError(404, "not_found")
		h.anonymous().do("GET", "/api/v1/clients/acme/settings", nil).wantError(401, "unauthenticated")

		var got settingsBody
		adm.do("PATCH", "/api/v1/clients/acme/settings", map[string]any{"company_name": "Acme Ltd.", "login_text": "Welcome",
			"cname_domain": "Maps.Acme.example", "analytics_property_id": "G-123", "api_server_address": "https://api.acme.example",
			"support_access": true, "logo_url": "data:image/png;base64,iVBORw0KGgo="}).want(200).decode(&got)
		if got.CompanyName != "Acme Ltd." || got.CNAMEDomain != "maps.acme.example" || !got.SupportAccess || got.Analytics != "G-123" {
			t.Fatalf("settings %+v", got)
		}
		// CNAME domain and subdomain together are refused, naming both, and nothing is written.
		adm.do("PATCH", "/api/v1/clients/acme/settings", map[string]any{"subdomain": "acme", "company_name": "Changed"}).
			wantError(400, "validation_failed", "cname_domain", "subdomain")
		h.session(super).do("GET", "/api/v1/clients/acme/settings", nil).want(200).decode(&got)
		if got.Subdomain != "" || got.CompanyName != "Acme Ltd." {
			t.Fatalf("a refused change was written: %+v", got)
		}
		adm.do("PATCH", "/api/v1/clients/acme/settings", map[string]any{"cname_domain": "", "subdomain": "acme"}).want(200).decode(&got)
		if got.Subdomain != "acme" || got.CNAMEDomain != "" {
			t.Fatalf("switch to subdomain: %+v", got)
		}
		adm.do("PATCH", "/api/v1/clients/acme/settings", map[string]any{"subdomain": "Not a label!", "logo_url": "javascript:alert(1)",
			"api_server_address": "ftp://x"}).wantError(400, "validation_failed", "subdomain", "logo_url", "api_server_address")
		h.session(outsider).do("PATCH", "/api/v1/clients/globex/settings", map[string]any{"subdomain": "acme"}).wantError(409, "conflict", "subdomain")

		// The single key of the settings is replaced by the client's API keys.
		var raw map[string]any
		adm.do("GET", "/api/v1/clients/acme/settings", nil).want(200).decode(&raw)
		if _, ok := raw["api_key"]; ok {
			t.Fatalf("the settings still hold an API key: %v", raw)
		}
		adm.do("POST", "/api/v1/clients/acme/settings/api_key", nil).wantError(404, "not_found")
	})
}

type memberBody struct {
	ID                   int64             `json:"id"`
	Email                string            `json:"email"`
	Role                 string            `json:"role"`
	PremiumTemplates     bool              `json:"premium_templates"`
	SupportAccessConsent bool              `json:"support_access_consent"`
	MapAccess            map[string]string `json:"map_access"`
}

type membersBody struct {
	Users      []memberBody
	NextCursor *string `json:"next_cursor"`
}

func (b membersBody) find(t *testing.T, id int64) memberBody {
	t.Helper()
	for _, u := range b.Users {
		if u.ID == id {
			return u
		}
	}
	t.Fatalf("user %d not in %+v", id, b.Users)
	return memberBody{}
}

func TestUserManagement(t *testing.T) {
	storetest.Each(t, func(t *testing.T, s *store.Store) {
		h := newHarness(t, s)
		adm := h.session(admin)
		for _, who := range []string{guest, student, editor} {
			h.session(who).do("GET", "/api/v1/clients/acme/users", nil).wantError(403, "forbidden")
		}
		h.session(outsider).do("GET", "/api/v1/clients/acme/users", nil).wantError(404, "not_found")
		h.session(editor).do("PATCH", fmt.Sprintf("/api/v1/clients/acme/users/%d", h.users[guest].ID), map[string]any{"role": "admin"}).wantError(403, "forbidden")

		adm.do("POST", "/api/v1/clients/acme/invitations", map[string]any{"email": "new@example.org", "role": "student"}).want(201)
		var list membersBody
		adm.do("GET", "/api/v1/clients/acme/users", nil).want(200).decode(&list)
		if len(list.Users) != 4 || list.NextCursor != nil {
			t.Fatalf("users %+v", list)
		}
		var invitations struct {
			Invitations []struct{ Email, Role string }
		}
		adm.do("GET", "/api/v1/clients/acme/invitations", nil).want(200).decode(&invitations)
		if len(invitations.Invitations) != 1 || invitations.Invitations[0].Email != "new@example.org" {
			t.Fatalf("invitations %+v", invitations)
		}

		userPath := fmt.Sprintf("/api/v1/clients/acme/users/%d", h.users[student].ID)
		mapKey := fmt.Sprint(h.mapID)
		var patched memberBody
		adm.do("PATCH", userPath, map[string]any{"role": "editor", "premium_templates": true, "support_access_consent": true,
			"map_access": map[string]string{mapKey: "read"}}).want(200).decode(&patched)
		if u := patched; u.ID != h.users[student].ID || u.Role != "editor" || !u.PremiumTemplates || !u.SupportAccessConsent || u.MapAccess[mapKey] != "read" {
			t.Fatalf("patched member %+v", u)
		}
		// Per-map read access: the map opens, but changes are refused.
		mapPath := fmt.Sprintf("/api/v1/maps/%d", h.mapID)
		st := h.session(student)
		st.do("GET", mapPath, nil).want(200)
		st.do("PATCH", mapPath, map[string]any{"name": "Mine"}).wantError(403, "forbidden")
		var overview struct{ Maps []struct{ Access string } }
		st.do("GET", "/api/v1/clients/acme/maps", nil).want(200).decode(&overview)
		if len(overview.Maps) != 1 || overview.Maps[0].Access != "read" {
			t.Fatalf("student's overview %+v", overview.Maps)
		}
		adm.do("PATCH", userPath, map[string]any{"map_access": map[string]string{mapKey: "none"}}).want(200)
		st.do("GET", mapPath, nil).wantError(404, "not_found")
		st.do("GET", "/api/v1/clients/acme/maps", nil).want(200).decode(&overview)
		if len(overview.Maps) != 0 {
			t.Fatalf("a map with access none is listed: %+v", overview.Maps)
		}

		// Bad input names the field and writes nothing, the valid parts included.
		adm.do("PATCH", userPath, map[string]any{"role": "boss", "map_access": map[string]string{mapKey: "all", "999999": "read"}}).
			wantError(400, "validation_failed", "role", "map_access."+mapKey, "map_access.999999")
		adm.do("PATCH", userPath, map[string]any{"role": "guest", "map_access": map[string]string{mapKey: "all"}}).wantError(400, "validation_failed")
		adm.do("GET", "/api/v1/clients/acme/users", nil).want(200).decode(&list)
		if u := list.find(t, h.users[student].ID); u.Role != "editor" || u.MapAccess[mapKey] != "none" {
			t.Fatalf("a refused change was written: %+v", u)
		}
		adm.do("PATCH", fmt.Sprintf("/api/v1/clients/acme/users/%d", h.users[outsider].ID), map[string]any{"role": "guest"}).wantError(404, "not_found")

		// The last admin can be neither demoted nor removed.
		self := fmt.Sprintf("/api/v1/clients/acme/users/%d", h.users[admin].ID)
		adm.do("PATCH", self, map[string]any{"role": "editor"}).wantError(409, "conflict")
		adm.do("DELETE", self, nil).wantError(409, "conflict")

		adm.do("DELETE", userPath, nil).want(204)
		st.do("GET", "/api/v1/clients/acme/maps", nil).wantError(404, "not_found")
		adm.do("DELETE", userPath, nil).wantError(404, "not_found")
	})
}

func TestUserProfileAndPasswordChange(t *testing.T) {
	storetest.Each(t, func(t *testing.T, s *store.Store) {
		h := newHarness(t, s)
		ed := h.as(editor)
		other := h.session(editor)
		me := fmt.Sprintf("/api/v1/users/%d", h.users[editor].ID)
		var u struct {
			Name, Email  string
			FirstNameJ   string  `json:"first_name"`
			AvatarURL    *string `json:"avatar_url"`
			PendingEmail *string `json:"pending_email"`
		}
		ed.do("PATCH", me, map[string]any{"first_name": " Ada ", "surname": "Lovelace", "email": "Ada@Example.org", "current_password": testPassword,
			"avatar_url": "https://pics.example.org/ada.png"}).want(200).decode(&u)
		if u.Name != "Ada Lovelace" || u.FirstNameJ != "Ada" || u.Email != "editor@example.org" || u.AvatarURL == nil ||
			u.PendingEmail == nil || *u.PendingEmail != "ada@example.org" {
			t.Fatalf("profile %+v", u)
		}
		// The new address counts once its link is followed.
		h.anonymous().do("POST", "/api/v1/auth/email_verifications", map[string]any{"token": tokenOf(h.lastLink("ada@example.org", "/verify-email?token="))}).want(200)
		ed.do("GET", me, nil).want(200).decode(&u)
		if u.Email != "ada@example.org" || u.PendingEmail != nil {
			t.Fatalf("after the proof: %+v", u)
		}
		ed.do("PATCH", me, map[string]any{"email": "admin@example.org", "current_password": testPassword}).wantError(409, "conflict", "email")
		ed.do("PATCH", me, map[string]any{"email": "no", "avatar_url": "javascript:x", "first_name": strings.Repeat("x", 101)}).
			wantError(400, "validation_failed", "email", "avatar_url", "first_name")
		h.session(guest).do("PATCH", me, map[string]any{"first_name": "X"}).wantError(404, "not_found")

		pw := me + "/password"
		ed.do("POST", pw, map[string]any{"current_password": "wrong", "password": "a new quiet lantern", "password_confirmation": "a new quiet lantern"}).
			wantError(400, "validation_failed", "current_password")
		ed.do("POST", pw, map[string]any{"current_password": testPassword, "password": "short", "password_confirmation": "other"}).
			wantError(400, "validation_failed", "password", "password_confirmation")
		h.session(guest).do("POST", pw, map[string]any{"current_password": testPassword, "password": "a new quiet lantern", "password_confirmation": "a new quiet lantern"}).
			wantError(404, "not_found")
		ed.do("POST", pw, map[string]any{"current_password": testPassword, "password": "a new quiet lantern", "password_confirmation": "a new quiet lantern"}).want(204)
		ed.do("GET", "/api/v1/auth/session", nil).want(200)
		other.do("GET", "/api/v1/auth/session", nil).wantError(401, "unauthenticated")
		h.anonymous().do("POST", "/api/v1/auth/login", map[string]any{"email": "ada@example.org", "password": "a new quiet lantern"}).want(200)
		h.anonymous().do("POST", "/api/v1/auth/login", map[string]any{"email": "ada@example.org", "password": testPassword}).wantError(401, "invalid_credentials")
	})
}

type templateBody struct {
	ID               int64  `json:"id"`
	Key              string `json:"key"`
	Builtin          bool   `json:"builtin"`
	Premium          bool   `json:"premium"`
	Name             string `json:"name"`
	Theme            string `json:"theme"`
	Section          string `json:"section"`
	Mine             bool   `json:"mine"`
	VisibilityLevels int    `json:"visibility_levels"`
	Preview          struct {
		Points []domain.PreviewPoint `json:"points"`
	} `json:"preview"`
}

func (h *harness) templates(c *client) []templateBody {
	h.t.Helper()
	var body struct{ Templates []templateBody }
	c.do("GET", "/api/v1/clients/acme/templates", nil).want(200).decode(&body)
	return body.Templates
}

func TestMapTemplates(t *testing.T) {
	storetest.Each(t, func(t *testing.T, s *store.Store) {
		h := newHarness(t, s)
		st, ed, adm := h.session(student), h.session(editor), h.session(admin)
		ts := h.templates(h.session(guest))
		themes := map[string]bool{}
		for _, tp := range ts {
			if !tp.Builtin || len(tp.Preview.Points) == 0 {
				t.Fatalf("template %+v", tp)
			}
			themes[tp.Theme] = true
		}
		if len(themes) != 6 {
			t.Fatalf("built-in themes %v", themes)
		}
		h.session(outsider).do("GET", "/api/v1/clients/acme/templates", nil).wantError(404, "not_found")
		h.session(guest).do("POST", "/api/v1/clients/acme/maps", map[string]any{"name": "G", "builtin_template": "mind-map"}).wantError(403, "forbidden")

		// A map from a built-in template has its nodes and edges.
		var m struct {
			ID               int64
			VisibilityLevels int `json:"visibility_levels"`
			Palette          string
		}
		st.do("POST", "/api/v1/clients/acme/maps", map[string]any{"name": "Plan", "builtin_template": "process-flow"}).want(201).decode(&m)
		doc := h.doc(st, m.ID)
		if len(doc.Nodes) != 6 || len(doc.Edges) != 5 || m.VisibilityLevels != 2 || m.Palette != "ocean" {
			t.Fatalf("map from process-flow: %d nodes, %d edges, %+v", len(doc.Nodes), len(doc.Edges), m)
		}
		st.do("POST", "/api/v1/clients/acme/maps", map[string]any{"name": "X", "builtin_template": "nope"}).wantError(404, "not_found", "builtin_template")
		st.do("POST", "/api/v1/clients/acme/maps", map[string]any{"name": "X", "builtin_template": "swot", "template_id": 1}).wantError(400, "validation_failed", "template_id")
		st.do("POST", "/api/v1/clients/acme/maps", map[string]any{"name": "X", "builtin_template": "mind-map", "visibility_levels": 1}).wantError(400, "validation_failed", "visibility_levels")
		// Premium templates need the flag (admins have them).
		st.do("POST", "/api/v1/clients/acme/maps", map[string]any{"name": "BM", "builtin_template": "business-model"}).wantError(403, "forbidden")
		adm.do("POST", "/api/v1/clients/acme/maps", map[string]any{"name": "BM", "builtin_template": "business-model"}).want(201)
		adm.do("PATCH", fmt.Sprintf("/api/v1/clients/acme/users/%d", h.users[student].ID), map[string]any{"premium_templates": true}).want(200)
		st.do("POST", "/api/v1/clients/acme/maps", map[string]any{"name": "BM", "builtin_template": "business-model"}).want(201)

		// Clone as template, then a map from it copies its whole document.
		var tpl struct {
			ID         int64
			IsTemplate bool `json:"is_template"`
			Theme      string
		}
		st.do("POST", fmt.Sprintf("/api/v1/maps/%d/clone", m.ID), map[string]any{"as_template": true, "theme": "nonsense"}).wantError(400, "validation_failed", "theme")
		st.do("POST", fmt.Sprintf("/api/v1/maps/%d/clone", m.ID), map[string]any{"name": "Our flow", "as_template": true, "theme": "process", "section": "Ops"}).
			want(201).decode(&tpl)
		if !tpl.IsTemplate || tpl.Theme != "process" {
			t.Fatalf("template %+v", tpl)
		}
		var fromTpl struct{ ID int64 }
		ed.do("POST", "/api/v1/clients/acme/maps", map[string]any{"name": "From ours", "template_id": tpl.ID}).want(201).decode(&fromTpl)
		copied := h.doc(ed, fromTpl.ID)
		if len(copied.Nodes) != len(doc.Nodes) || len(copied.Edges) != len(doc.Edges) || copied.Nodes[0].Content["de"].Title == "" {
			t.Fatalf("copy of template: %d nodes, %d edges", len(copied.Nodes), len(copied.Edges))
		}
		ed.do("POST", "/api/v1/clients/acme/maps", map[string]any{"name": "Not a template", "template_id": h.mapID}).wantError(404, "not_found", "template_id")
		h.session(outsider).do("POST", "/api/v1/clients/globex/maps", map[string]any{"name": "Steal", "template_id": tpl.ID}).wantError(404, "not_found", "template_id")

		// The chooser lists it as the student's own; the overview does not list templates.
		var mine *templateBody
		for _, tp := range h.templates(st) {
			if tp.ID == tpl.ID {
				mine = &tp
			}
		}
		if mine == nil || !mine.Mine || mine.Section != "Ops" {
			t.Fatalf("own template in chooser: %+v", mine)
		}
		for _, tp := range h.templates(ed) {
			if tp.ID == tpl.ID && tp.Mine {
				t.Fatal("another's template listed as mine")
			}
		}
		var overview struct{ Maps []struct{ ID int64 } }
		st.do("GET", "/api/v1/clients/acme/maps", nil).want(200).decode(&overview)
		for _, om := range overview.Maps {
			if om.ID == tpl.ID {
				t.Fatal("the overview lists a template")
			}
		}

		// Only its author or an admin changes or deletes it.
		tplPath := fmt.Sprintf("/api/v1/clients/acme/templates/%d", tpl.ID)
		ed.do("PATCH", tplPath, map[string]any{"name": "Hijacked"}).wantError(403, "forbidden")
		ed.do("DELETE", tplPath, nil).wantError(403, "forbidden")
		st.do("PATCH", tplPath, map[string]any{"theme": "bogus", "name": ""}).wantError(400, "validation_failed", "theme", "name")
		st.do("PATCH", tplPath, map[string]any{"name": "Our process", "theme": "business", "palette": "forest"}).want(200).decode(&tpl)
		if tpl.Theme != "business" {
			t.Fatalf("patched template %+v", tpl)
		}
		h.session(guest).do("DELETE", tplPath, nil).wantError(403, "forbidden")
		h.session(outsider).do("DELETE", tplPath, nil).wantError(404, "not_found")
		adm.do("DELETE", tplPath, nil).want(204)
		st.do("DELETE", tplPath, nil).wantError(404, "not_found")
		st.do("PATCH", fmt.Sprintf("/api/v1/maps/%d/live", fromTpl.ID), map[string]any{"live": true}).wantError(403, "forbidden")

		// A blank template of one's own.
		st.do("POST", "/api/v1/clients/acme/maps", map[string]any{"name": "Blank", "as_template": true, "theme": "personal",
			"measurement": map[string]int{"width": 1000, "height": 800}, "visibility_levels": 3, "palette": "mono"}).want(201).decode(&tpl)
		adm.do("PATCH", fmt.Sprintf("/api/v1/maps/%d/live", tpl.ID), map[string]any{"live": true}).wantError(400, "validation_failed", "live")
	})
}

func (h *harness) doc(c *client, id int64) mapDoc {
	h.t.Helper()
	var d mapDoc
	c.do("GET", fmt.Sprintf("/api/v1/maps/%d", id), nil).want(200).decode(&d)
	return d
}

func TestMapOverviewShowsAccessEditorAndPreview(t *testing.T) {
	storetest.Each(t, func(t *testing.T, s *store.Store) {
		h := newHarness(t, s)
		ed := h.session(editor)
		m := &testMap{t: t, c: ed, id: h.mapID, userID: h.users[editor].ID}
		m.node(1, 2)
		type overviewMap struct {
			ID        int64
			Access    string
			UpdatedBy *struct {
				ID   int64
				Name string
			} `json:"updated_by"`
			UpdatedAt time.Time `json:"updated_at"`
			Preview   struct {
				Width  int
				Points []domain.PreviewPoint
			}
		}
		for who, access := range map[string]string{guest: "read", student: "edit", editor: "edit", admin: "edit", super: "edit"} {
			var list struct{ Maps []overviewMap }
			h.session(who).do("GET", "/api/v1/clients/acme/maps", nil).want(200).decode(&list)
			if len(list.Maps) != 1 {
				t.Fatalf("%s sees %+v", who, list.Maps)
			}
			om := list.Maps[0]
			if om.Access != access || om.UpdatedBy == nil || om.UpdatedBy.Name != "Test editor" || om.Preview.Width != 2000 ||
				len(om.Preview.Points) != 1 || om.Preview.Points[0].X != 100 {
				t.Fatalf("%s's overview map %+v", who, om)
			}
		}
		h.session(outsider).do("GET", "/api/v1/clients/acme/maps", nil).wantError(404, "not_found")
		h.anonymous().do("GET", "/api/v1/clients/acme/maps", nil).wantError(401, "unauthenticated")
	})
}

func TestAskAdminForEditingAccess(t *testing.T) {
	storetest.Each(t, func(t *testing.T, s *store.Store) {
		h := newHarness(t, s)
		g := h.session(guest)
		g.do("POST", "/api/v1/clients/acme/access_requests", map[string]any{"message": "Please let me edit", "map_id": h.mapID}).want(202)
		g.do("POST", "/api/v1/clients/acme/access_requests", map[string]any{"message": "x", "map_id": 999999}).wantError(404, "not_found", "map_id")
		globex, err := s.ClientByName(context.Background(), "globex")
		if err != nil {
			t.Fatal(err)
		}
		other, err := s.CreateMap(context.Background(), domain.Map{ClientID: globex.ID, Name: "x", Width: 1000, Height: 1000, VisibilityLevels: 1})
		if err != nil {
			t.Fatal(err)
		}
		g.do("POST", "/api/v1/clients/acme/access_requests", map[string]any{"message": "x", "map_id": other.ID}).wantError(404, "not_found", "map_id")
		if ms := h.mails("admin@example.org"); len(ms) != 1 || !strings.Contains(ms[0], "Please let me edit") {
			t.Fatalf("admin's mails %v", ms)
		}
		for _, who := range []string{guest, editor} {
			h.session(who).do("GET", "/api/v1/clients/acme/access_requests", nil).wantError(403, "forbidden")
		}
		var list struct {
			AccessRequests []struct {
				UserEmail string `json:"user_email"`
				MapID     *int64 `json:"map_id"`
				Message   string
			} `json:"access_requests"`
		}
		h.session(admin).do("GET", "/api/v1/clients/acme/access_requests", nil).want(200).decode(&list)
		if len(list.AccessRequests) != 1 || list.AccessRequests[0].UserEmail != "guest@example.org" ||
			list.AccessRequests[0].MapID == nil || *list.AccessRequests[0].MapID != h.mapID {
			t.Fatalf("requests %+v", list.AccessRequests)
		}
	})
}

func TestTestingPeriod(t *testing.T) {
	storetest.Each(t, func(t *testing.T, s *store.Store) {
		h := newHarness(t, s)
		var tp struct {
			EndsAt          *time.Time        `json:"ends_at"`
			Expired         bool              `json:"expired"`
			PaymentInterval string            `json:"payment_interval"`
			BuyURLs         map[string]string `json:"buy_urls"`
		}
		h.session(guest).do("GET", "/api/v1/clients/acme/testing_period", nil).want(200).decode(&tp)
		if tp.EndsAt != nil || tp.Expired || tp.PaymentInterval != "monthly" {
			t.Fatalf("default testing period %+v", tp)
		}
		body := map[string]any{"ends_at": time.Now().Add(-time.Hour).UTC().Format(time.RFC3339), "payment_interval": "yearly",
			"buy_urls": map[string]string{"monthly": "https://shop.example.org/m", "yearly": "https://shop.example.org/y"}}
		h.session(admin).do("PATCH", "/api/v1/clients/acme/testing_period", body).wantError(403, "forbidden")
		h.session(super).do("PATCH", "/api/v1/clients/acme/testing_period", map[string]any{"payment_interval": "weekly",
			"buy_urls": map[string]string{"monthly": "nope"}}).wantError(400, "validation_failed", "payment_interval", "buy_urls.monthly")
		h.session(super).do("PATCH", "/api/v1/clients/acme/testing_period", body).want(200)
		h.session(editor).do("GET", "/api/v1/clients/acme/testing_period", nil).want(200).decode(&tp)
		if !tp.Expired || tp.PaymentInterval != "yearly" || tp.BuyURLs["yearly"] != "https://shop.example.org/y" {
			t.Fatalf("expired testing period %+v", tp)
		}
		h.session(outsider).do("GET", "/api/v1/clients/acme/testing_period", nil).wantError(404, "not_found")
	})
}

func TestEveryBuiltinTemplateMakesAValidMap(t *testing.T) {
	storetest.Each(t, func(t *testing.T, s *store.Store) {
		h := newHarness(t, s)
		adm := h.session(admin)
		for _, b := range editing.BuiltinTemplates {
			var m struct{ ID int64 }
			adm.do("POST", "/api/v1/clients/acme/maps", map[string]any{"name": b.Key, "builtin_template": b.Key}).want(201).decode(&m)
			d := h.doc(adm, m.ID)
			if len(d.Nodes) != len(b.Nodes) || len(d.Edges) != len(b.Edges) {
				t.Fatalf("%s: %d nodes, %d edges", b.Key, len(d.Nodes), len(d.Edges))
			}
			for _, n := range d.Nodes {
				c := n.Geometry.Center
				if c.X < 0 || c.Y < 0 || c.X > float64(b.Width) || c.Y > float64(b.Height) || n.Content["fr"].Title == "" {
					t.Fatalf("%s: node %+v", b.Key, n)
				}
			}
		}
	})
}

// Concurrent creations at the limit: the client's row is locked in each
// creating transaction, so exactly the free seats are taken.
func TestConcurrentCreationsTakeOnlyTheFreeSeats(t *testing.T) {
	storetest.Each(t, func(t *testing.T, s *store.Store) {
		h := newHarness(t, s)
		h.setQuota("map", 2) // one map exists: one seat is free
		ed := h.session(editor)
		const n = 4
		statuses := make(chan int, n)
		for i := range n {
			// Plain requests: the harness's do may call t.Fatal, which only the test's goroutine may.
			body, err := json.Marshal(newMapBody(fmt.Sprintf("Race %d", i)))
			if err != nil {
				t.Fatal(err)
			}
			req, err := http.NewRequest("POST", h.srv.URL+"/api/v1/clients/acme/maps", bytes.NewReader(body))
			if err != nil {
				t.Fatal(err)
			}
			req.Header.Set("Content-Type", "application/json")
			req.Header.Set("Sec-Fetch-Site", "same-origin")
			req.Header.Set("Origin", h.srv.URL)
			go func() {
				res, err := ed.http.Do(req)
				if err != nil {
					statuses <- 0
					return
				}
				res.Body.Close()
				statuses <- res.StatusCode
			}()
		}
		created, refused := 0, 0
		for range n {
			switch <-statuses {
			case 201:
				created++
			case 409:
				refused++
			}
		}
		if created != 1 || refused != n-1 || h.countMaps(false) != 2 {
			t.Fatalf("%d created, %d refused, %d maps", created, refused, h.countMaps(false))
		}
	})
}
