package accounts_test

import (
	"context"
	"errors"
	"io"
	"log/slog"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/strata-maps/strata/internal/accounts"
	"github.com/strata-maps/strata/internal/auth"
	"github.com/strata-maps/strata/internal/auth/authtest"
	"github.com/strata-maps/strata/internal/domain"
	"github.com/strata-maps/strata/internal/mail"
	"github.com/strata-maps/strata/internal/store"
	"github.com/strata-maps/strata/internal/store/storetest"
)

// sent records the mails instead of sending them.
type sent struct {
	mu   sync.Mutex
	msgs []mail.Message
}

func (s *sent) Send(_ context.Context, m mail.Message) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.msgs = append(s.msgs, m)
	return nil
}

// token is the token of the newest mail's link containing part.
func (s *sent) token(t *testing.T, to, part string) string {
	t.Helper()
	s.mu.Lock()
	defer s.mu.Unlock()
	for i := len(s.msgs) - 1; i >= 0; i-- {
		m := s.msgs[i]
		if m.To != to {
			continue
		}
		for _, f := range strings.Fields(m.Text) {
			if strings.Contains(f, part) {
				_, tok, _ := strings.Cut(f, "token=")
				return tok
			}
		}
	}
	t.Fatalf("no mail to %s with %q", to, part)
	return ""
}

func (s *sent) count(to string) int {
	s.mu.Lock()
	defer s.mu.Unlock()
	n := 0
	for _, m := range s.msgs {
		if m.To == to {
			n++
		}
	}
	return n
}

// rechecked records whom the live channel was told to recheck.
type rechecked struct {
	mu       sync.Mutex
	users    []int64
	sessions []string
	clients  []int64
}

func (r *rechecked) Users(_ context.Context, ids ...int64) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.users = append(r.users, ids...)
}

func (r *rechecked) Sessions(_ context.Context, hashes ...string) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.sessions = append(r.sessions, hashes...)
}

func (r *rechecked) Client(_ context.Context, id int64) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.clients = append(r.clients, id)
}

func (r *rechecked) user(id int64) bool {
	r.mu.Lock()
	defer r.mu.Unlock()
	return slices.Contains(r.users, id)
}

type fixture struct {
	s        *store.Store
	svc      *accounts.Service
	mails    *sent
	rechecks *rechecked
	client   domain.Client
	admin    domain.User
	ann      domain.User // an account with a password
}

const password = "correct horse battery"

func newFixture(t *testing.T, s *store.Store) *fixture {
	t.Helper()
	ctx := context.Background()
	f := &fixture{s: s, mails: &sent{}, rechecks: &rechecked{}}
	f.svc = accounts.New(accounts.Config{Store: s, Mail: f.mails, Log: slog.New(slog.NewTextHandler(io.Discard, nil)), PublicURL: "http://strata.test/",
		LoginFailuresPerAccount: 3, Rechecks: f.rechecks})
	var err error
	if f.client, err = s.CreateClient(ctx, "acme", "Acme"); err != nil {
		t.Fatal(err)
	}
	hash := authtest.PasswordHash(password)
	if f.admin, err = s.CreateUser(ctx, store.NewUser{Email: "admin@example.org", Name: "Admin", PasswordHash: hash}); err != nil {
		t.Fatal(err)
	}
	if err := s.AddMembership(ctx, f.admin.ID, f.client.ID, domain.RoleAdmin); err != nil {
		t.Fatal(err)
	}
	if f.ann, err = s.CreateUser(ctx, store.NewUser{Email: "ann@example.org", Name: "Ann", PasswordHash: hash}); err != nil {
		t.Fatal(err)
	}
	return f
}

// actor is the user with the roles they hold now.
func (f *fixture) actor(t *testing.T, u domain.User) domain.Actor {
	t.Helper()
	a, err := f.svc.Actor(context.Background(), u)
	if err != nil {
		t.Fatal(err)
	}
	return a
}

// user creates an account with the password, a member of the fixture's
// client with role unless role is "".
func (f *fixture) user(t *testing.T, email string, role domain.Role) domain.User {
	t.Helper()
	ctx := context.Background()
	u, err := f.s.CreateUser(ctx, store.NewUser{Email: email, Name: email, PasswordHash: authtest.PasswordHash(password)})
	if err != nil {
		t.Fatal(err)
	}
	if role != "" {
		if err := f.s.AddMembership(ctx, u.ID, f.client.ID, role); err != nil {
			t.Fatal(err)
		}
	}
	return u
}

func (f *fixture) superuser(t *testing.T) domain.Actor {
	t.Helper()
	u, err := f.s.CreateUser(context.Background(), store.NewUser{Email: "root@example.org", Name: "Root", IsSuperuser: true})
	if err != nil {
		t.Fatal(err)
	}
	return f.actor(t, u)
}

func asError(err error, target **domain.Error) bool { return errors.As(err, target) }

func wantCode(t *testing.T, err error, code string) {
	t.Helper()
	if domain.ErrorCode(err) != code {
		t.Fatalf("error %v, want %s", err, code)
	}
}

func roleIn(t *testing.T, s *store.Store, userID int64, client string) domain.Role {
	t.Helper()
	ms, err := s.Memberships(context.Background(), userID)
	if err != nil {
		t.Fatal(err)
	}
	for _, m := range ms {
		if m.ClientName == client {
			return m.Role
		}
	}
	return ""
}

func TestReaderSignUpWaitsForItsProof(t *testing.T) {
	storetest.Each(t, func(t *testing.T, s *store.Store) {
		f, ctx := newFixture(t, s), context.Background()
		in := accounts.ReaderSignUp{ClientID: f.client.ID, ClientTitle: "Acme", MapURL: "/m/x", Name: "Rita", Email: " Rita@Example.org ",
			Password: "a long enough password", PasswordConfirmation: "a long enough password", Language: "de"}
		email, err := f.svc.SignUpReader(ctx, in)
		if err != nil || email != "rita@example.org" {
			t.Fatalf("sign-up: %q %v", email, err)
		}
		if _, err := s.UserByEmail(ctx, email); domain.ErrorCode(err) != domain.CodeNotFound {
			t.Fatalf("an account exists before the proof: %v", err)
		}
		token := f.mails.token(t, email, "/verify-email?token=")
		v, err := f.svc.VerifyEmail(ctx, token)
		if err != nil || v.Kind != store.ProofReaderSignUp || v.MapURL != "/m/x" || v.User.Email != email || v.User.Language == nil || *v.User.Language != "de" {
			t.Fatalf("verified %+v %v", v, err)
		}
		if ok, err := s.IsReader(ctx, f.client.ID, v.User.ID); !ok || err != nil {
			t.Fatalf("not a reader: %v", err)
		}
		_, err = f.svc.VerifyEmail(ctx, token)
		wantCode(t, err, domain.CodeTokenExpired)

		in.Email = "ann@example.org"
		_, err = f.svc.SignUpReader(ctx, in)
		wantCode(t, err, domain.CodeConflict)
		in.Email, in.Name = "x@example.org", "A\nB"
		_, err = f.svc.SignUpReader(ctx, in)
		wantCode(t, err, domain.CodeInvalid)
	})
}

func TestEmailChangeNeedsPasswordAndProof(t *testing.T) {
	storetest.Each(t, func(t *testing.T, s *store.Store) {
		f, ctx := newFixture(t, s), context.Background()
		change := accounts.EmailChange{Asker: f.ann, Target: f.ann, Email: "new@example.org", CurrentPassword: "not it at all"}
		_, err := f.svc.RequestEmailChange(ctx, change)
		wantCode(t, err, domain.CodeInvalid)
		change.CurrentPassword = password
		change.Email = "admin@example.org"
		_, err = f.svc.RequestEmailChange(ctx, change)
		wantCode(t, err, domain.CodeConflict)
		change.Email = "new@example.org"
		if _, err := f.svc.RequestEmailChange(ctx, change); err != nil {
			t.Fatal(err)
		}
		if u, _ := s.UserByID(ctx, f.ann.ID); u.Email != "ann@example.org" {
			t.Fatalf("the address changed before its proof: %s", u.Email)
		}
		if pending, err := f.svc.PendingEmail(ctx, f.ann.ID); pending != "new@example.org" || err != nil {
			t.Fatalf("pending %q %v", pending, err)
		}
		if f.mails.count("ann@example.org") != 1 {
			t.Fatal("the old address was not told")
		}
		// A second request replaces the first: the first link no longer works.
		first := f.mails.token(t, "new@example.org", "/verify-email?token=")
		change.Email = "newer@example.org"
		if _, err := f.svc.RequestEmailChange(ctx, change); err != nil {
			t.Fatal(err)
		}
		_, err = f.svc.VerifyEmail(ctx, first)
		wantCode(t, err, domain.CodeTokenExpired)
		v, err := f.svc.VerifyEmail(ctx, f.mails.token(t, "newer@example.org", "/verify-email?token="))
		if err != nil || v.Kind != store.ProofEmailChange || v.User.Email != "newer@example.org" {
			t.Fatalf("verified %+v %v", v, err)
		}
	})
}

func TestInvitationWaitsForItsOwner(t *testing.T) {
	storetest.Each(t, func(t *testing.T, s *store.Store) {
		f, ctx := newFixture(t, s), context.Background()
		inv, err := f.svc.Invite(ctx, accounts.Invite{Client: f.client, Inviter: f.admin, Email: "Ann@example.org", Role: "editor"})
		if err != nil || !inv.HasAccount || inv.Email != "ann@example.org" {
			t.Fatalf("invite %+v %v", inv, err)
		}
		if r := roleIn(t, s, f.ann.ID, f.client.Name); r != "" {
			t.Fatalf("ann is %s before accepting", r)
		}
		token := f.mails.token(t, "ann@example.org", "/register?token=")
		wantCode(t, f.svc.Accept(ctx, f.admin, token), domain.CodeForbidden)
		if err := f.svc.Accept(ctx, f.ann, token); err != nil {
			t.Fatal(err)
		}
		if r := roleIn(t, s, f.ann.ID, f.client.Name); r != domain.RoleEditor {
			t.Fatalf("ann is %q after accepting", r)
		}
		list, err := f.svc.Invitations(ctx, f.client.ID)
		if err != nil || len(list) != 0 {
			t.Fatalf("open invitations %+v %v", list, err)
		}

		if _, err := f.svc.Invite(ctx, accounts.Invite{Client: f.client, Inviter: f.admin, Email: "bo@example.org", Role: "guest"}); err != nil {
			t.Fatal(err)
		}
		list, _ = f.svc.Invitations(ctx, f.client.ID)
		if len(list) != 1 {
			t.Fatalf("open invitations %+v", list)
		}
		if err := f.svc.RevokeInvitation(ctx, f.client.ID, list[0].ID); err != nil {
			t.Fatal(err)
		}
		_, err = f.svc.Register(ctx, f.mails.token(t, "bo@example.org", "/register?token="), "a long enough password", "a long enough password")
		wantCode(t, err, domain.CodeTokenExpired)
	})
}

func TestRegisterEndsEverySessionOfTheAccount(t *testing.T) {
	storetest.Each(t, func(t *testing.T, s *store.Store) {
		f, ctx := newFixture(t, s), context.Background()
		_, hash := auth.NewToken()
		if err := s.CreateSession(ctx, store.Session{TokenHash: hash, UserID: f.ann.ID, ExpiresAt: time.Now().Add(time.Hour)}); err != nil {
			t.Fatal(err)
		}
		if _, err := f.svc.Invite(ctx, accounts.Invite{Client: f.client, Inviter: f.admin, Email: "ann@example.org", Role: "admin"}); err != nil {
			t.Fatal(err)
		}
		u, err := f.svc.Register(ctx, f.mails.token(t, "ann@example.org", "/register?token="), "a brand new password", "a brand new password")
		if err != nil || u.ID != f.ann.ID {
			t.Fatalf("register %+v %v", u, err)
		}
		if _, err := s.SessionUser(ctx, hash); domain.ErrorCode(err) != domain.CodeNotFound {
			t.Fatalf("an earlier session survived: %v", err)
		}
	})
}

func TestInvitationsAreLimitedPerInviter(t *testing.T) {
	storetest.Each(t, func(t *testing.T, s *store.Store) {
		f, ctx := newFixture(t, s), context.Background()
		var err error
		for i := 0; err == nil && i < 100; i++ {
			_, err = f.svc.Invite(ctx, accounts.Invite{Client: f.client, Inviter: f.admin, Email: "n" + strings.Repeat("x", i) + "@example.org", Role: "guest"})
		}
		var de *domain.Error
		if !errors.As(err, &de) || de.RetryAfter <= 0 {
			t.Fatalf("no limit: %v", err)
		}
		wantCode(t, err, domain.CodeRateLimited)
	})
}
