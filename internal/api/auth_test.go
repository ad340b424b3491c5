package api_test

import (
	"context"
	"fmt"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/strata-maps/strata/internal/auth"
	"github.com/strata-maps/strata/internal/store"
	"github.com/strata-maps/strata/internal/store/storetest"
)

func sessionCookie(t *testing.T, r *response) *http.Cookie {
	t.Helper()
	for _, c := range (&http.Response{Header: r.header}).Cookies() {
		if c.Name == auth.SessionCookie {
			return c
		}
	}
	t.Fatalf("no %s cookie in %v", auth.SessionCookie, r.header)
	return nil
}

func TestLogin(t *testing.T) {
	storetest.Each(t, func(t *testing.T, s *store.Store) {
		h := newHarness(t, s)
		c := h.anonymous()

		res := c.do("POST", "/api/v1/auth/login", map[string]any{"email": " Editor@Example.org ", "password": testPassword})
		res.want(200)
		var u userBody
		res.decode(&u)
		if u.Email != "editor@example.org" || u.ClientRoles["/api/v1/clients/acme"][0] != "/api/v1/roles/editor" || !u.Preferences.RemovalConfirmation {
			t.Fatalf("login answered %+v", u)
		}
		ck := sessionCookie(t, res)
		if !ck.HttpOnly || ck.SameSite != http.SameSiteLaxMode || ck.MaxAge != 0 || ck.Path != "/" {
			t.Fatalf("cookie %+v: want HttpOnly, SameSite=Lax, a browser session", ck)
		}
		c.do("GET", "/api/v1/auth/session", nil).want(200)

		remembered := h.anonymous().do("POST", "/api/v1/auth/login", map[string]any{"email": "editor@example.org", "password": testPassword, "remember_me": true})
		if ck := sessionCookie(t, remembered.want(200)); ck.MaxAge != int((30 * 24 * time.Hour).Seconds()) {
			t.Fatalf("remember me: Max-Age %d, want 30 days", ck.MaxAge)
		}

		// Logout revokes the session on the server, not only the cookie.
		stolen := ck.Value
		c.do("POST", "/api/v1/auth/logout", nil).want(204)
		c.do("GET", "/api/v1/auth/session", nil).wantError(401, "unauthenticated")
		if _, err := s.SessionUser(context.Background(), auth.HashToken(stolen)); err == nil {
			t.Fatal("the session survived logout")
		}
	})
}

func TestLoginRefusals(t *testing.T) {
	storetest.Each(t, func(t *testing.T, s *store.Store) {
		h := newHarness(t, s)
		c := h.anonymous()
		wrong := c.do("POST", "/api/v1/auth/login", map[string]any{"email": "editor@example.org", "password": "nope-nope"}).wantError(401, "invalid_credentials")
		unknown := c.do("POST", "/api/v1/auth/login", map[string]any{"email": "nobody@example.org", "password": "nope-nope"}).wantError(401, "invalid_credentials")
		if string(wrong.body) != string(unknown.body) {
			t.Fatalf("a wrong password and an unknown address must answer alike:\n%s\n%s", wrong.body, unknown.body)
		}
		c.do("POST", "/api/v1/auth/login", map[string]any{"email": "", "password": ""}).wantError(400, "validation_failed", "email", "password")
		c.do("POST", "/api/v1/auth/login", `{"email": "editor@example.org", "password": `).wantError(400, "validation_failed")
		c.do("POST", "/api/v1/auth/login", `{"email": 12, "password": "x"}`).wantError(400, "validation_failed", "email")
		c.do("POST", "/api/v1/auth/login", `{"email": "a@b.c", "password": "x", "admin": true}`).wantError(400, "validation_failed", "admin")
		c.do("POST", "/api/v1/auth/login", `{"email": "a@b.c", "password": "`+strings.Repeat("x", 5<<20)+`"}`).wantError(413, "too_large")

		// Ten failures per account in 15 minutes; the eleventh try is refused
		// even with the right password.
		for i := 1; i < 10; i++ {
			c.do("POST", "/api/v1/auth/login", map[string]any{"email": "student@example.org", "password": "guess"}).wantError(401, "invalid_credentials")
		}
		c.do("POST", "/api/v1/auth/login", map[string]any{"email": "student@example.org", "password": "guess"}).wantError(401, "invalid_credentials")
		c.do("POST", "/api/v1/auth/login", map[string]any{"email": "student@example.org", "password": testPassword}).wantError(429, "rate_limited")
		// Another account is not affected.
		c.do("POST", "/api/v1/auth/login", map[string]any{"email": "guest@example.org", "password": testPassword}).want(200)
	})
}

func TestPasswordReset(t *testing.T) {
	storetest.Each(t, func(t *testing.T, s *store.Store) {
		h := newHarness(t, s)
		anon := h.anonymous()
		signedIn := h.as(editor)

		anon.do("POST", "/api/v1/auth/password_reset/tokens", map[string]any{"email": "nobody@example.org"}).want(202)
		if len(h.mails("nobody@example.org")) != 0 {
			t.Fatal("mail sent to an address without an account")
		}
		anon.do("POST", "/api/v1/auth/password_reset/tokens", map[string]any{"email": "not an address"}).wantError(400, "validation_failed", "email")
		anon.do("POST", "/api/v1/auth/password_reset/tokens", map[string]any{"email": "Editor@example.org"}).want(202)
		link := h.lastLink("editor@example.org", "/reset-password?token=")
		path := "/api/v1/auth/password_reset/tokens/" + tokenOf(link)

		anon.do("POST", path, map[string]any{"password": "short", "password_confirmation": "short"}).wantError(400, "validation_failed", "password")
		anon.do("POST", path, map[string]any{"password": "a new quiet lantern", "password_confirmation": "another one"}).wantError(400, "validation_failed", "password_confirmation")
		anon.do("POST", path, map[string]any{"password": "a new quiet lantern", "password_confirmation": "a new quiet lantern"}).want(204)
		anon.do("POST", path, map[string]any{"password": "a third quiet lantern", "password_confirmation": "a third quiet lantern"}).wantError(410, "token_expired")

		signedIn.do("GET", "/api/v1/auth/session", nil).wantError(401, "unauthenticated") // revoked by the change
		anon.do("POST", "/api/v1/auth/login", map[string]any{"email": "editor@example.org", "password": testPassword}).wantError(401, "invalid_credentials")
		anon.do("POST", "/api/v1/auth/login", map[string]any{"email": "editor@example.org", "password": "a new quiet lantern"}).want(200)

		// An expired token is refused like a used one.
		token, hash := auth.NewToken()
		uid := h.users[student].ID
		if err := s.CreateToken(context.Background(), store.Token{Hash: hash, Kind: store.TokenPasswordReset, UserID: &uid,
			Email: "student@example.org", ExpiresAt: time.Now().Add(-time.Minute)}); err != nil {
			t.Fatal(err)
		}
		anon.do("POST", "/api/v1/auth/password_reset/tokens/"+token, map[string]any{"password": "a new quiet lantern", "password_confirmation": "a new quiet lantern"}).wantError(410, "token_expired")
	})
}

func TestInvitations(t *testing.T) {
	storetest.Each(t, func(t *testing.T, s *store.Store) {
		h := newHarness(t, s)
		adm := h.as(admin)
		adm.do("POST", "/api/v1/clients/acme/invitations", map[string]any{"email": "bad", "role": "owner"}).wantError(400, "validation_failed", "email", "role")

		adm.do("POST", "/api/v1/clients/acme/invitations", map[string]any{"email": "New.Person@example.org", "role": "editor"}).want(201)
		link := h.lastLink("new.person@example.org", "/register?token=")
		token := tokenOf(link)
		if !strings.Contains(h.lastLink("new.person@example.org", "/decline?token="), token) {
			t.Fatal("the decline link must carry the same token")
		}
		newcomer := h.anonymous()
		var inv struct {
			Email       string `json:"email"`
			ClientName  string `json:"client_name"`
			ClientTitle string `json:"client_title"`
			Role        string `json:"role"`
			HasAccount  bool   `json:"has_account"`
		}
		newcomer.do("GET", "/api/v1/auth/invitations/"+token, nil).want(200).decode(&inv)
		if inv.Email != "new.person@example.org" || inv.Role != "editor" || inv.HasAccount || inv.ClientName != "acme" || inv.ClientTitle != "Acme Ltd" {
			t.Fatalf("invitation %+v", inv)
		}
		newcomer.do("POST", "/api/v1/auth/register", map[string]any{"token": token, "password": "short", "password_confirmation": "short"}).wantError(400, "validation_failed", "password")
		res := newcomer.do("POST", "/api/v1/auth/register", map[string]any{"token": token, "password": "my own quiet lantern", "password_confirmation": "my own quiet lantern"}).want(200)
		var u userBody
		res.decode(&u)
		if u.ClientRoles["/api/v1/clients/acme"][0] != "/api/v1/roles/editor" {
			t.Fatalf("registered user %+v lacks the editor role in acme", u)
		}
		newcomer.do("GET", "/api/v1/auth/session", nil).want(200) // signed in
		h.anonymous().do("POST", "/api/v1/auth/register", map[string]any{"token": token, "password": "my own quiet lantern", "password_confirmation": "my own quiet lantern"}).wantError(410, "token_expired")

		// An address with an account is invited too; its owner accepts while signed in.
		adm.do("POST", "/api/v1/clients/acme/invitations", map[string]any{"email": "outsider@example.org", "role": "student"}).want(201)
		var clients struct {
			Clients []struct{ Name string } `json:"clients"`
		}
		h.as(outsider).do("GET", "/api/v1/clients", nil).want(200).decode(&clients)
		if len(clients.Clients) != 1 {
			t.Fatalf("outsider's clients before accepting: %+v", clients)
		}
		token = tokenOf(h.lastLink("outsider@example.org", "/register?token="))
		h.as(outsider).do("POST", "/api/v1/auth/accept", map[string]any{"token": token}).want(200)
		h.as(outsider).do("GET", "/api/v1/clients", nil).want(200).decode(&clients)
		if len(clients.Clients) != 2 {
			t.Fatalf("outsider's clients after accepting: %+v", clients)
		}

		// Declining uses the token up.
		adm.do("POST", "/api/v1/clients/acme/invitations", map[string]any{"email": "declines@example.org", "role": "guest"}).want(201)
		token = tokenOf(h.lastLink("declines@example.org", "/decline?token="))
		h.anonymous().do("POST", "/api/v1/auth/decline", map[string]any{"token": token}).want(204)
		h.anonymous().do("POST", "/api/v1/auth/decline", map[string]any{"token": token}).wantError(410, "token_expired")
		h.anonymous().do("POST", "/api/v1/auth/register", map[string]any{"token": token, "password": "my own quiet lantern", "password_confirmation": "my own quiet lantern"}).wantError(410, "token_expired")
		if _, err := s.UserByEmail(context.Background(), "declines@example.org"); err == nil {
			t.Fatal("declining created an account")
		}
	})
}

func TestUserSettings(t *testing.T) {
	storetest.Each(t, func(t *testing.T, s *store.Store) {
		h := newHarness(t, s)
		c := h.as(guest)
		path := fmt.Sprintf("/api/v1/users/%d", h.users[guest].ID)
		var u userBody
		c.do("PATCH", path, map[string]any{"language": "de", "preferences": map[string]any{"removalConfirmation": false}}).want(200).decode(&u)
		if u.Language == nil || *u.Language != "de" || u.Preferences.RemovalConfirmation {
			t.Fatalf("patched user %+v", u)
		}
		c.do("GET", path, nil).want(200).decode(&u)
		if u.Language == nil || *u.Language != "de" {
			t.Fatal("language not kept")
		}
		c.do("PATCH", path, map[string]any{"language": "es"}).wantError(400, "validation_failed", "language")
		c.do("PATCH", path, map[string]any{"name": strings.Repeat("n", 201)}).wantError(400, "validation_failed", "name")
		c.do("GET", "/api/v1/users/abc", nil).wantError(404, "not_found")
	})
}

type userBody struct {
	ID          int64               `json:"id"`
	Email       string              `json:"email"`
	ClientRoles map[string][]string `json:"client_roles"`
	Language    *string             `json:"language"`
	Preferences struct {
		RemovalConfirmation bool `json:"removalConfirmation"`
	} `json:"preferences"`
}
