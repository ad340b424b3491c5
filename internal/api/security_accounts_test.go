package api_test

import (
	"context"
	"fmt"
	"strconv"
	"strings"
	"testing"

	"github.com/strata-maps/strata/internal/domain"
	"github.com/strata-maps/strata/internal/store"
	"github.com/strata-maps/strata/internal/store/storetest"
)

// Attacks on accounts and invitations (issue 15, High): an outsider must
// never end up with the role an invitation meant for someone else.

const attackerPassword = "the attacker's own password"

// partialMap publishes the harness's map as a partial map at /m/acme-readers.
func partialMap(t *testing.T, h *harness) (public, readers string) {
	t.Helper()
	ed := h.as(editor)
	ed.do("PATCH", fmt.Sprintf("/api/v1/maps/%d/publication", h.mapID), map[string]any{"url": "acme-readers", "access_mode": "partial"}).want(200)
	ed.do("POST", fmt.Sprintf("/api/v1/maps/%d/publish", h.mapID), nil).want(201)
	if err := h.store.SetMapLive(context.Background(), h.mapID, true); err != nil {
		t.Fatal(err)
	}
	return "/api/v1/public/maps/acme-readers", "/api/v1/public/maps/acme-readers/readers"
}

// clientsOf is the names of the clients the client's user belongs to (nil
// when not signed in).
func clientsOf(c *client) []string {
	var body struct {
		Clients []struct{ Name string } `json:"clients"`
	}
	res := c.do("GET", "/api/v1/clients", nil)
	if res.status != 200 {
		return nil
	}
	res.decode(&body)
	var out []string
	for _, cl := range body.Clients {
		out = append(out, cl.Name)
	}
	return out
}

func has(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// The attacker signs up as a reader with the address an admin is about to
// invite, then the admin invites it: the attacker gets nothing, the owner
// of the address gets the role.
func TestSecuritySelfRegisteredAddressGetsNoInvitation(t *testing.T) {
	storetest.Each(t, func(t *testing.T, s *store.Store) {
		h := newHarness(t, s)
		public, readers := partialMap(t, h)
		attacker := h.anonymous()
		attacker.do("POST", readers, map[string]any{"name": "Victim", "email": "victim@example.org",
			"password": attackerPassword, "password_confirmation": attackerPassword}).want(202)
		signUpToken := tokenOf(h.lastLink("victim@example.org", "/verify-email?token="))
		// A pending sign-up: no session, no account, no seat.
		attacker.do("GET", public, nil).wantError(401, "unauthenticated")
		attacker.do("GET", "/api/v1/auth/session", nil).wantError(401, "unauthenticated")
		if _, err := s.UserByEmail(context.Background(), "victim@example.org"); domain.ErrorCode(err) != domain.CodeNotFound {
			t.Fatalf("an unproven sign-up made an account: %v", err)
		}

		var inv struct {
			HasAccount bool `json:"has_account"`
		}
		h.as(admin).do("POST", "/api/v1/clients/acme/invitations", map[string]any{"email": "victim@example.org", "role": "admin"}).want(201).decode(&inv)
		if inv.HasAccount {
			t.Fatal("the pending sign-up counts as an account")
		}
		if has(clientsOf(attacker), "acme") {
			t.Fatal("the attacker's browser got the invitation's role")
		}
		h.anonymous().do("POST", "/api/v1/auth/login", map[string]any{"email": "victim@example.org", "password": attackerPassword}).
			wantError(401, "invalid_credentials")

		// The owner of the mailbox accepts; the sign-up link, followed late,
		// does not hand the attacker's password the account.
		victim := h.anonymous()
		victim.do("POST", "/api/v1/auth/register", map[string]any{"token": tokenOf(h.lastLink("victim@example.org", "/register?token=")),
			"password": "the victim's quiet lantern", "password_confirmation": "the victim's quiet lantern"}).want(200)
		if !has(clientsOf(victim), "acme") {
			t.Fatal("the invited user is no member")
		}
		h.anonymous().do("POST", "/api/v1/auth/email_verifications", map[string]any{"token": signUpToken}).wantError(409, "conflict", "email")
		h.anonymous().do("POST", "/api/v1/auth/login", map[string]any{"email": "victim@example.org", "password": attackerPassword}).
			wantError(401, "invalid_credentials")
	})
}

// The attacker changes the address of their own account to the invitee's:
// nothing changes until the link mailed to the new address is followed, so
// the invitation finds no account and the attacker gets nothing.
func TestSecurityAddressChangeNeedsPasswordAndProof(t *testing.T) {
	storetest.Each(t, func(t *testing.T, s *store.Store) {
		h := newHarness(t, s)
		attacker := h.as(outsider)
		me := fmt.Sprintf("/api/v1/users/%d", h.users[outsider].ID)
		attacker.do("PATCH", me, map[string]any{"email": "invitee@example.org"}).wantError(400, "validation_failed", "current_password")
		attacker.do("PATCH", me, map[string]any{"email": "invitee@example.org", "current_password": "a guess at it"}).
			wantError(400, "validation_failed", "current_password")
		var u struct {
			Email        string  `json:"email"`
			PendingEmail *string `json:"pending_email"`
		}
		attacker.do("PATCH", me, map[string]any{"email": "invitee@example.org", "current_password": testPassword}).want(200).decode(&u)
		if u.Email != "outsider@example.org" || u.PendingEmail == nil || *u.PendingEmail != "invitee@example.org" {
			t.Fatalf("after asking: %+v", u)
		}
		if len(h.mails("outsider@example.org")) != 1 {
			t.Fatal("the old address was not told")
		}

		var inv struct {
			HasAccount bool `json:"has_account"`
		}
		h.as(admin).do("POST", "/api/v1/clients/acme/invitations", map[string]any{"email": "invitee@example.org", "role": "admin"}).want(201).decode(&inv)
		if inv.HasAccount || has(clientsOf(attacker), "acme") {
			t.Fatalf("an unproven address took the invitation (has_account %v)", inv.HasAccount)
		}
		// Even holding the invitation's link, the attacker's account is not the invited address.
		attacker.do("POST", "/api/v1/auth/accept", map[string]any{"token": tokenOf(h.lastLink("invitee@example.org", "/register?token="))}).
			wantError(403, "forbidden")
		if has(clientsOf(attacker), "acme") {
			t.Fatal("the attacker joined")
		}
	})
}

// An invitation to an address with an account adds nothing until its owner
// accepts, signed in as that account; declining ends it.
func TestSecurityInvitationOfAnAccountNeedsAcceptance(t *testing.T) {
	storetest.Each(t, func(t *testing.T, s *store.Store) {
		h := newHarness(t, s)
		adm := h.as(admin)
		adm.do("POST", "/api/v1/clients/acme/invitations", map[string]any{"email": "outsider@example.org", "role": "editor"}).want(201)
		owner := h.as(outsider)
		if has(clientsOf(owner), "acme") {
			t.Fatal("an invitation added an existing account silently")
		}
		token := tokenOf(h.lastLink("outsider@example.org", "/register?token="))
		h.anonymous().do("POST", "/api/v1/auth/accept", map[string]any{"token": token}).wantError(401, "unauthenticated")
		h.as(guest).do("POST", "/api/v1/auth/accept", map[string]any{"token": token}).wantError(403, "forbidden")
		owner.do("POST", "/api/v1/auth/accept", map[string]any{"token": token}).want(200)
		if !has(clientsOf(owner), "acme") {
			t.Fatal("accepting did not add the membership")
		}
		owner.do("POST", "/api/v1/auth/accept", map[string]any{"token": token}).wantError(410, "token_expired")

		// Declined: no membership, the link is spent.
		adm.do("POST", "/api/v1/clients/acme/invitations", map[string]any{"email": "superuser@example.org", "role": "admin"}).want(201)
		token = tokenOf(h.lastLink("superuser@example.org", "/decline?token="))
		h.anonymous().do("POST", "/api/v1/auth/decline", map[string]any{"token": token}).want(204)
		h.as(super).do("POST", "/api/v1/auth/accept", map[string]any{"token": token}).wantError(410, "token_expired")
		if members := memberEmails(t, adm); has(members, "superuser@example.org") {
			t.Fatalf("a declined invitation made a member: %v", members)
		}
	})
}

func memberEmails(t *testing.T, adm *client) []string {
	t.Helper()
	var body struct {
		Users []struct{ Email string } `json:"users"`
	}
	adm.do("GET", "/api/v1/clients/acme/users", nil).want(200).decode(&body)
	var out []string
	for _, u := range body.Users {
		out = append(out, u.Email)
	}
	return out
}

// An account someone else signed in to before (an address registered
// without proof before this fix) is invited; its owner registers with the
// token: every earlier session ends, so the role reaches only the owner.
func TestSecurityRegisterWithTokenRevokesOtherSessions(t *testing.T) {
	storetest.Each(t, func(t *testing.T, s *store.Store) {
		h := newHarness(t, s)
		if _, err := s.CreateUser(context.Background(), store.NewUser{Email: "victim@example.org", Name: "Victim", PasswordHash: testPasswordHash}); err != nil {
			t.Fatal(err)
		}
		attacker := h.anonymous()
		attacker.do("POST", "/api/v1/auth/login", map[string]any{"email": "victim@example.org", "password": testPassword}).want(200)
		h.as(admin).do("POST", "/api/v1/clients/acme/invitations", map[string]any{"email": "victim@example.org", "role": "admin"}).want(201)
		victim := h.anonymous()
		victim.do("POST", "/api/v1/auth/register", map[string]any{"token": tokenOf(h.lastLink("victim@example.org", "/register?token=")),
			"password": "the victim's quiet lantern", "password_confirmation": "the victim's quiet lantern"}).want(200)
		attacker.do("GET", "/api/v1/auth/session", nil).wantError(401, "unauthenticated")
		attacker.do("GET", "/api/v1/clients/acme/users", nil).wantError(401, "unauthenticated")
		victim.do("GET", "/api/v1/clients/acme/users", nil).want(200)
	})
}

// Admins list the open invitations and revoke one: its link stops working.
func TestSecurityInvitationsListedAndRevoked(t *testing.T) {
	storetest.Each(t, func(t *testing.T, s *store.Store) {
		h := newHarness(t, s)
		adm := h.as(admin)
		adm.do("POST", "/api/v1/clients/acme/invitations", map[string]any{"email": "new@example.org", "role": "admin"}).want(201)
		token := tokenOf(h.lastLink("new@example.org", "/register?token="))
		var list struct {
			Invitations []struct {
				ID, Email, Role string
			} `json:"invitations"`
		}
		adm.do("GET", "/api/v1/clients/acme/invitations", nil).want(200).decode(&list)
		if len(list.Invitations) != 1 || list.Invitations[0].Email != "new@example.org" || list.Invitations[0].Role != "admin" || list.Invitations[0].ID == "" {
			t.Fatalf("invitations %+v", list)
		}
		if strings.Contains(token, list.Invitations[0].ID) {
			t.Fatal("the invitation's id is part of its token")
		}
		id := list.Invitations[0].ID
		h.as(editor).do("GET", "/api/v1/clients/acme/invitations", nil).wantError(403, "forbidden")
		h.as(editor).do("DELETE", "/api/v1/clients/acme/invitations/"+id, nil).wantError(403, "forbidden")
		h.as(outsider).do("DELETE", "/api/v1/clients/acme/invitations/"+id, nil).wantError(404, "not_found")
		h.as(outsider).do("DELETE", "/api/v1/clients/globex/invitations/"+id, nil).wantError(404, "not_found") // another client's id

		adm.do("DELETE", "/api/v1/clients/acme/invitations/"+id, nil).want(204)
		adm.do("DELETE", "/api/v1/clients/acme/invitations/"+id, nil).wantError(404, "not_found")
		h.anonymous().do("GET", "/api/v1/auth/invitations/"+token, nil).wantError(410, "token_expired")
		h.anonymous().do("POST", "/api/v1/auth/register", map[string]any{"token": token, "password": "my own quiet lantern", "password_confirmation": "my own quiet lantern"}).
			wantError(410, "token_expired")
		adm.do("GET", "/api/v1/clients/acme/invitations", nil).want(200).decode(&list)
		if len(list.Invitations) != 0 {
			t.Fatalf("a revoked invitation is listed: %+v", list)
		}
	})
}

// Names and titles that can reach a mail refuse line breaks, naming the
// field; nothing changes.
func TestSecurityLineBreaksInNamesRefused(t *testing.T) {
	storetest.Each(t, func(t *testing.T, s *store.Store) {
		h := newHarness(t, s)
		adm := h.as(admin)
		evil := "Eve\r\nBcc: victim@example.org"
		me := fmt.Sprintf("/api/v1/users/%d", h.users[admin].ID)
		adm.do("PATCH", me, map[string]any{"name": evil}).wantError(400, "validation_failed", "name")
		adm.do("PATCH", me, map[string]any{"first_name": evil, "surname": "Line\nbreak"}).wantError(400, "validation_failed", "first_name", "surname")
		adm.do("PATCH", "/api/v1/clients/acme", map[string]any{"title": "Acme\nBcc: x@example.org"}).wantError(400, "validation_failed", "title")
		h.as(super).do("POST", "/api/v1/clients", map[string]any{"name": "evil", "title": evil}).wantError(400, "validation_failed", "title")
		adm.do("POST", "/api/v1/clients/acme/maps", newMapBody("Plans\r\nBcc: x@example.org")).wantError(400, "validation_failed", "name")
		adm.do("PATCH", fmt.Sprintf("/api/v1/maps/%d", h.mapID), map[string]any{"name": "Plans\nX"}).wantError(400, "validation_failed", "name")
		_, readers := partialMap(t, h)
		h.anonymous().do("POST", readers, map[string]any{"name": evil, "email": "r@example.org", "password": "a long enough password",
			"password_confirmation": "a long enough password"}).wantError(400, "validation_failed", "name")

		u, err := s.UserByID(context.Background(), h.users[admin].ID)
		if err != nil || u.Name != "Test admin" {
			t.Fatalf("the name changed: %q %v", u.Name, err)
		}
		c, err := s.ClientByID(context.Background(), h.acme.ID)
		if err != nil || c.Title != "Acme Ltd" {
			t.Fatalf("the title changed: %q %v", c.Title, err)
		}
	})
}

// New passwords: at least 10 characters, not a common one, wherever set.
func TestSecurityWeakPasswordsRefused(t *testing.T) {
	storetest.Each(t, func(t *testing.T, s *store.Store) {
		h := newHarness(t, s)
		_, readers := partialMap(t, h)
		h.as(admin).do("POST", "/api/v1/clients/acme/invitations", map[string]any{"email": "new@example.org", "role": "guest"}).want(201)
		token := tokenOf(h.lastLink("new@example.org", "/register?token="))
		me := fmt.Sprintf("/api/v1/users/%d/password", h.users[editor].ID)
		for _, pw := range []string{"ninechars", "1234567890", "password123", "qwertyuiop", "Password2024!"} {
			body := map[string]any{"password": pw, "password_confirmation": pw}
			h.anonymous().do("POST", "/api/v1/auth/register", map[string]any{"token": token, "password": pw, "password_confirmation": pw}).
				wantError(400, "validation_failed", "password")
			h.anonymous().do("POST", readers, map[string]any{"name": "R", "email": "r@example.org", "password": pw, "password_confirmation": pw}).
				wantError(400, "validation_failed", "password")
			body["current_password"] = testPassword
			h.as(editor).do("POST", me, body).wantError(400, "validation_failed", "password")
		}
		h.anonymous().do("POST", "/api/v1/auth/register", map[string]any{"token": token, "password": "a long enough password", "password_confirmation": "a long enough password"}).want(200)
	})
}

// Invitations and access requests are limited per user: 429 with Retry-After.
func TestSecurityInvitationsAndAccessRequestsRateLimited(t *testing.T) {
	storetest.Each(t, func(t *testing.T, s *store.Store) {
		h := newHarness(t, s)
		adm := h.as(admin)
		for i := 0; i < 50; i++ {
			adm.do("POST", "/api/v1/clients/acme/invitations", map[string]any{"email": fmt.Sprintf("n%d@example.org", i), "role": "guest"}).want(201)
		}
		res := adm.do("POST", "/api/v1/clients/acme/invitations", map[string]any{"email": "one-more@example.org", "role": "guest"}).wantError(429, "rate_limited")
		if s, err := strconv.Atoi(res.header.Get("Retry-After")); err != nil || s <= 0 {
			t.Fatalf("Retry-After %q", res.header.Get("Retry-After"))
		}
		if len(h.mails("one-more@example.org")) != 0 {
			t.Fatal("a refused invitation was mailed")
		}
		// Another admin is not held back by the first.
		h.as(super).do("POST", "/api/v1/clients/acme/invitations", map[string]any{"email": "one-more@example.org", "role": "guest"}).want(201)

		g := h.as(guest)
		for i := 0; i < 10; i++ {
			g.do("POST", "/api/v1/clients/acme/access_requests", map[string]any{"message": "please"}).want(202)
		}
		res = g.do("POST", "/api/v1/clients/acme/access_requests", map[string]any{"message": "please"}).wantError(429, "rate_limited")
		if res.header.Get("Retry-After") == "" {
			t.Fatal("no Retry-After")
		}
	})
}
