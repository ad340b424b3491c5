// Package accounts owns the rules of the account area (issues 15 and 17);
// the handlers in internal/api only translate HTTP. Where each rule is:
//
//   - sessions.go: signing in (limits per account and address, before the
//     hash), sessions, signing out;
//   - passwords.go: the reset by mailed link; users.go: one's settings and
//     the password change;
//   - proofs.go: proving an address (reader sign-up, address change);
//   - clients.go: clients (superusers create, deactivate, delete), the
//     access check of a client's calls, access requests;
//   - members.go: user management, the last admin, seats on role changes;
//   - invitations.go: invitations and accepting them; readers.go: readers
//     of partial maps and their seats;
//   - settings.go: quotas and testing period (superusers), client settings.
//
// The rule under proofs and invitations: an address counts as a user's only once
// a link mailed to it was followed, and a membership exists only once the
// owner of the invited address acted on the invitation.
package accounts

import (
	"cmp"
	"context"
	"fmt"
	"log/slog"
	"strings"
	"time"

	"github.com/strata-maps/strata/internal/auth"
	"github.com/strata-maps/strata/internal/domain"
	"github.com/strata-maps/strata/internal/mail"
	"github.com/strata-maps/strata/internal/store"
)

// ProofTTL is how long a link proving an address works.
const ProofTTL = 24 * time.Hour

// Limits per user. An admin inviting a whole class stays far below the
// first; both stop a stolen session or a script from mailing at will.
const (
	maxInvitationsPerHour   = 50
	maxAccessRequestsPerDay = 10
	maxPasswordChecksPer15m = 10
	maxResetRequestsPerHour = 5
	maxReaderSignUpsPerHour = 20
	// Failed sign-ins per 15 minutes, unless Config says otherwise: at
	// one account from one address, from one address at any accounts, and
	// at one account from anywhere (past which it is slowed, not locked).
	defaultLoginFailuresPerAccount = 10
	defaultLoginFailuresPerAddress = 100
	defaultLoginFailuresCeiling    = 100
	// slowedSignInInterval: past the ceiling, an account takes one sign-in
	// attempt per interval, whoever makes it.
	slowedSignInInterval = 5 * time.Second
)

// Rechecks is told of every change that can narrow someone's rights, so
// that the live channel re-validates the sockets concerned. The service
// knows no live channel: the transport passes one in.
type Rechecks interface {
	Users(ctx context.Context, ids ...int64)
	Sessions(ctx context.Context, tokenHashes ...string)
	Client(ctx context.Context, id int64)
}

type noRechecks struct{}

func (noRechecks) Users(context.Context, ...int64)     {}
func (noRechecks) Sessions(context.Context, ...string) {}
func (noRechecks) Client(context.Context, int64)       {}

// Service is the accounts service over the store.
type Service struct {
	store     *store.Store
	mail      mail.Sender
	log       *slog.Logger
	publicURL string

	invitations    *auth.Limiter
	accessRequests *auth.Limiter
	passwordChecks *auth.Limiter
	// Failed sign-ins per account from one client address, per client
	// address, and per account from anywhere; past that ceiling, the
	// account's attempts are slowed. Reset requests per address; reader
	// sign-ups per client address.
	loginFailures   *auth.Limiter
	addressFailures *auth.Limiter
	accountFailures *auth.Limiter
	slowedSignIns   *auth.Limiter
	resetRequests   *auth.Limiter
	readerSignUps   *auth.Limiter

	rechecks Rechecks
}

// Config is what the service needs.
type Config struct {
	Store *store.Store
	Mail  mail.Sender
	Log   *slog.Logger
	// PublicURL is the web app's address, for the links in mails.
	PublicURL string
	// NewLimiter makes the per-user limits: shared through Redis when
	// several instances run. Nil counts in this process's memory.
	NewLimiter func(name string, max int, window time.Duration) *auth.Limiter
	// LoginFailuresPerAccount (at one account from one address),
	// LoginFailuresPerAddress and LoginFailuresCeiling (at one account from
	// anywhere, past which it is slowed) are the failed sign-ins allowed in
	// 15 minutes; zero keeps the defaults (10, 100, 100).
	LoginFailuresPerAccount, LoginFailuresPerAddress, LoginFailuresCeiling int
	// Rechecks hears of changes to rights; nil tells nobody.
	Rechecks Rechecks
}

// New returns the service.
func New(c Config) *Service {
	newLimiter := c.NewLimiter
	if newLimiter == nil {
		newLimiter = func(_ string, max int, window time.Duration) *auth.Limiter { return auth.NewLimiter(max, window, nil) }
	}
	rechecks := c.Rechecks
	if rechecks == nil {
		rechecks = noRechecks{}
	}
	return &Service{store: c.Store, mail: c.Mail, log: c.Log, publicURL: strings.TrimRight(c.PublicURL, "/"), rechecks: rechecks,
		invitations:     newLimiter("invitations", maxInvitationsPerHour, time.Hour),
		accessRequests:  newLimiter("access-requests", maxAccessRequestsPerDay, 24*time.Hour),
		passwordChecks:  newLimiter("password-checks", maxPasswordChecksPer15m, 15*time.Minute),
		loginFailures:   newLimiter("login-account", cmp.Or(c.LoginFailuresPerAccount, defaultLoginFailuresPerAccount), 15*time.Minute),
		addressFailures: newLimiter("login-address", cmp.Or(c.LoginFailuresPerAddress, defaultLoginFailuresPerAddress), 15*time.Minute),
		accountFailures: newLimiter("login-ceiling", cmp.Or(c.LoginFailuresCeiling, defaultLoginFailuresCeiling), 15*time.Minute),
		slowedSignIns:   newLimiter("login-slowed", 1, slowedSignInInterval),
		resetRequests:   newLimiter("reset", maxResetRequestsPerHour, time.Hour),
		readerSignUps:   newLimiter("reader-registration", maxReaderSignUpsPerHour, time.Hour),
	}
}

// limit counts one use of key and refuses it beyond the limiter's budget,
// saying when to come back.
func limit(ctx context.Context, l *auth.Limiter, key, what string) error {
	ok, wait, err := l.Take(ctx, key)
	if err != nil {
		return fmt.Errorf("%s: %w", what, err)
	}
	if !ok {
		return &domain.Error{Code: domain.CodeRateLimited, Message: fmt.Sprintf("too many %s; try again later", what), RetryAfter: wait}
	}
	return nil
}

func (s *Service) link(path string) string { return s.publicURL + path }

func languageOf(u domain.User) string {
	if u.Language != nil {
		return string(*u.Language)
	}
	return string(domain.LangEN)
}

// DisplayName is how a user is named to others (in mails too).
func DisplayName(u domain.User) string {
	if u.Name != "" {
		return u.Name
	}
	return u.Email
}

// Name rules shared by every name that can reach a mail.
const maxReaderNameLen = 100

func checkName(v *domain.Validation, field, name string, max int) {
	v.Check(name != "", field, domain.Required())
	v.Check(len([]rune(name)) <= max, field, domain.TooLong(max))
	v.Check(domain.SingleLine(name), field, domain.LineBreak())
	v.Check(!domain.HasBidiControl(name), field, domain.BidiControl())
}

// checkPassword verifies the current password of the user, within a limit
// so that a stolen session cannot guess it at will.
func (s *Service) checkPassword(ctx context.Context, u domain.User, password string) error {
	if err := limit(ctx, s.passwordChecks, fmt.Sprint(u.ID), "password checks"); err != nil {
		return err
	}
	hash, err := s.store.PasswordHash(ctx, u.ID)
	if err != nil {
		return err
	}
	ok := false
	if hash != "" && password != "" {
		if ok, err = auth.CheckPassword(password, hash); err != nil {
			return err
		}
	}
	if !ok {
		return errWrongPassword
	}
	return nil
}

// errSuperuserOnly refuses what only a superuser may do: the licence
// (quotas, testing period) and the life of clients.
var errSuperuserOnly = domain.Errorf(domain.CodeForbidden, "only a superuser may do this")

// requireActive refuses changes to a deactivated client: it is frozen
// until a superuser reactivates it.
func requireActive(c domain.Client) error {
	if !c.Active {
		return domain.Errorf(domain.CodeConflict, "%s is deactivated", c.Title)
	}
	return nil
}

func isNotFound(err error) bool { return domain.ErrorCode(err) == domain.CodeNotFound }

// errAccountExists: an address with an account signs in instead of signing up.
var errAccountExists = &domain.Error{Code: domain.CodeConflict, Message: "an account with this e-mail address exists: sign in instead",
	Problems: domain.Problems{"email": domain.Taken().Saying("has an account")}}

// sendOrLog sends a notice whose failure must not undo what it reports.
func (s *Service) sendOrLog(ctx context.Context, m mail.Message) {
	if err := s.mail.Send(ctx, m); err != nil {
		s.log.ErrorContext(ctx, "mail", "to", m.To, "subject", m.Subject, "err", err)
	}
}
