package accounts_test

import (
	"context"
	"fmt"
	"io"
	"log/slog"
	"testing"
	"time"

	"github.com/strata-maps/strata/internal/accounts"
	"github.com/strata-maps/strata/internal/auth"
	"github.com/strata-maps/strata/internal/domain"
	"github.com/strata-maps/strata/internal/store"
	"github.com/strata-maps/strata/internal/store/storetest"
)

func TestPasswordChangeNeedsTheCurrentPassword(t *testing.T) {
	storetest.Each(t, func(t *testing.T, s *store.Store) {
		f, ctx := newFixture(t, s), context.Background()
		mine, err := f.svc.StartSession(ctx, accounts.NewSession{UserID: f.ann.ID})
		if err != nil {
			t.Fatal(err)
		}
		other, err := f.svc.StartSession(ctx, accounts.NewSession{UserID: f.ann.ID, Remember: true})
		if err != nil {
			t.Fatal(err)
		}
		const newPassword = "a brand new password"
		change := accounts.PasswordChange{CurrentPassword: "not it at all", Password: newPassword, PasswordConfirmation: newPassword,
			KeepSession: auth.HashToken(mine.Token)}
		err = f.svc.ChangePassword(ctx, f.ann, change)
		var de *domain.Error
		if !asError(err, &de) || de.Code != domain.CodeInvalid || de.Details()["current_password"] == "" {
			t.Fatalf("error %v", err)
		}
		change.CurrentPassword = password
		change.PasswordConfirmation = "something else"
		wantCode(t, f.svc.ChangePassword(ctx, f.ann, change), domain.CodeInvalid)
		change.PasswordConfirmation = newPassword
		if err := f.svc.ChangePassword(ctx, f.ann, change); err != nil {
			t.Fatal(err)
		}
		if _, err := s.SessionUser(ctx, auth.HashToken(mine.Token)); err != nil {
			t.Fatalf("the asking session ended: %v", err)
		}
		_, err = s.SessionUser(ctx, auth.HashToken(other.Token))
		wantCode(t, err, domain.CodeNotFound)
		if !f.rechecks.user(f.ann.ID) {
			t.Fatal("the ended sessions' sockets were not rechecked")
		}
		_, err = f.svc.SignIn(ctx, accounts.SignIn{Email: f.ann.Email, Password: password, Address: "192.0.2.1"})
		wantCode(t, err, domain.CodeInvalidCredentials)
		if u, err := f.svc.SignIn(ctx, accounts.SignIn{Email: " ANN@example.org", Password: newPassword, Address: "192.0.2.1"}); err != nil || u.ID != f.ann.ID {
			t.Fatalf("sign in %+v %v", u, err)
		}
	})
}

func TestSignInIsLimitedPerAccountAndAddress(t *testing.T) {
	storetest.Each(t, func(t *testing.T, s *store.Store) {
		f, ctx := newFixture(t, s), context.Background()
		_, err := f.svc.SignIn(ctx, accounts.SignIn{Email: "", Password: ""})
		wantCode(t, err, domain.CodeInvalid)
		_, err = f.svc.SignIn(ctx, accounts.SignIn{Email: "nobody@example.org", Password: password, Address: "192.0.2.1"})
		wantCode(t, err, domain.CodeInvalidCredentials)
		// The fixture allows 3 failures per account from one address in 15 minutes.
		for range 3 {
			_, err = f.svc.SignIn(ctx, accounts.SignIn{Email: f.ann.Email, Password: "wrong", Address: "192.0.2.1"})
			wantCode(t, err, domain.CodeInvalidCredentials)
		}
		_, err = f.svc.SignIn(ctx, accounts.SignIn{Email: f.ann.Email, Password: password, Address: "192.0.2.1"})
		var de *domain.Error
		if !asError(err, &de) || de.Code != domain.CodeRateLimited || de.RetryAfter <= 0 {
			t.Fatalf("the right password got through from the guessing address: %v", err)
		}
		// The owner, from another address, is not locked out by the guesser.
		if u, err := f.svc.SignIn(ctx, accounts.SignIn{Email: f.ann.Email, Password: password, Address: "192.0.2.2"}); err != nil || u.ID != f.ann.ID {
			t.Fatalf("the owner from another address: %+v %v", u, err)
		}
		// And the guesser stays locked out of that account, not of another.
		_, err = f.svc.SignIn(ctx, accounts.SignIn{Email: f.ann.Email, Password: "wrong", Address: "192.0.2.1"})
		wantCode(t, err, domain.CodeRateLimited)
		if _, err := f.svc.SignIn(ctx, accounts.SignIn{Email: f.admin.Email, Password: password, Address: "192.0.2.1"}); err != nil {
			t.Fatal(err)
		}
	})
}

// Guesses spread over many addresses meet the account's ceiling: past it
// the account is slowed to one attempt per few seconds, not locked, so the
// owner waits seconds at worst.
func TestSignInPastTheCeilingIsSlowedNotLocked(t *testing.T) {
	storetest.Each(t, func(t *testing.T, s *store.Store) {
		ctx := context.Background()
		f := newFixture(t, s)
		svc := accounts.New(accounts.Config{Store: s, Mail: f.mails, Log: slog.New(slog.NewTextHandler(io.Discard, nil)), PublicURL: "http://strata.test/",
			LoginFailuresPerAccount: 3, LoginFailuresCeiling: 6})
		for i := range 6 { // from six addresses, each within its own limit
			_, err := svc.SignIn(ctx, accounts.SignIn{Email: f.ann.Email, Password: "wrong", Address: fmt.Sprintf("198.51.100.%d", i)})
			wantCode(t, err, domain.CodeInvalidCredentials)
		}
		// Past the ceiling: one attempt goes through (and fails), the next waits a few seconds.
		_, err := svc.SignIn(ctx, accounts.SignIn{Email: f.ann.Email, Password: "wrong", Address: "198.51.100.10"})
		wantCode(t, err, domain.CodeInvalidCredentials)
		_, err = svc.SignIn(ctx, accounts.SignIn{Email: f.ann.Email, Password: password, Address: "203.0.113.1"})
		var de *domain.Error
		if !asError(err, &de) || de.Code != domain.CodeRateLimited || de.RetryAfter <= 0 || de.RetryAfter > 5*time.Second {
			t.Fatalf("past the ceiling, at once: %#v, want rate_limited for a few seconds", err)
		}
		time.Sleep(de.RetryAfter + 50*time.Millisecond)
		if u, err := svc.SignIn(ctx, accounts.SignIn{Email: f.ann.Email, Password: password, Address: "203.0.113.1"}); err != nil || u.ID != f.ann.ID {
			t.Fatalf("the owner after the wait: %+v %v", u, err)
		}
	})
}

func TestSignOutEndsTheSessions(t *testing.T) {
	storetest.Each(t, func(t *testing.T, s *store.Store) {
		f, ctx := newFixture(t, s), context.Background()
		ss, err := f.svc.StartSession(ctx, accounts.NewSession{UserID: f.ann.ID, Remember: true})
		if err != nil || ss.TTL != auth.RememberedSessionTTL || time.Until(ss.ExpiresAt) <= auth.BrowserSessionTTL {
			t.Fatalf("session %+v %v", ss, err)
		}
		hash := auth.HashToken(ss.Token)
		if err := f.svc.SignOut(ctx, hash); err != nil {
			t.Fatal(err)
		}
		_, err = s.SessionUser(ctx, hash)
		wantCode(t, err, domain.CodeNotFound)
		if len(f.rechecks.sessions) != 1 || f.rechecks.sessions[0] != hash {
			t.Fatalf("rechecked sessions %v", f.rechecks.sessions)
		}
	})
}

func TestPasswordResetEndsEverySession(t *testing.T) {
	storetest.Each(t, func(t *testing.T, s *store.Store) {
		f, ctx := newFixture(t, s), context.Background()
		wantCode(t, f.svc.RequestPasswordReset(ctx, "not an address"), domain.CodeInvalid)
		if err := f.svc.RequestPasswordReset(ctx, "nobody@example.org"); err != nil {
			t.Fatal(err) // an unknown address is not told apart
		}
		if f.mails.count("nobody@example.org") != 0 {
			t.Fatal("an address without an account was mailed")
		}
		ss, err := f.svc.StartSession(ctx, accounts.NewSession{UserID: f.ann.ID})
		if err != nil {
			t.Fatal(err)
		}
		if err := f.svc.RequestPasswordReset(ctx, "Ann@example.org"); err != nil {
			t.Fatal(err)
		}
		token := f.mails.token(t, f.ann.Email, "/reset-password?token=")
		const newPassword = "a brand new password"
		wantCode(t, f.svc.ResetPassword(ctx, accounts.PasswordReset{Token: token, Password: "short", PasswordConfirmation: "short"}), domain.CodeInvalid)
		if err := f.svc.ResetPassword(ctx, accounts.PasswordReset{Token: token, Password: newPassword, PasswordConfirmation: newPassword}); err != nil {
			t.Fatal(err)
		}
		_, err = s.SessionUser(ctx, auth.HashToken(ss.Token))
		wantCode(t, err, domain.CodeNotFound)
		wantCode(t, f.svc.ResetPassword(ctx, accounts.PasswordReset{Token: token, Password: newPassword, PasswordConfirmation: newPassword}), domain.CodeTokenExpired)
		if _, err := f.svc.SignIn(ctx, accounts.SignIn{Email: f.ann.Email, Password: newPassword, Address: "192.0.2.1"}); err != nil {
			t.Fatal(err)
		}
	})
}
