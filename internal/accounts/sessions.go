package accounts

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/strata-maps/strata/internal/auth"
	"github.com/strata-maps/strata/internal/domain"
	"github.com/strata-maps/strata/internal/store"
)

var errInvalidCredentials = domain.Errorf(domain.CodeInvalidCredentials, "the e-mail address or the password is wrong")

const tooManySignIns = "too many failed sign-ins; wait a few minutes and try again"

func tooManyAttempts(retry time.Duration) error {
	return &domain.Error{Code: domain.CodeRateLimited, Message: tooManySignIns, RetryAfter: retry}
}

// dummyHash is compared against when the address is unknown, so that an
// unknown address takes as long to refuse as a wrong password. It is a
// constant (of "not anyone's password", with the parameters of
// auth.HashPassword) so that no hash runs outside the hash gate.
const dummyHash = "$argon2id$v=19$m=65536,t=1,p=2$FC7FvSBs51TpyX/epEK+jw$zn+JvOKKNFQkHIiQjvOzJII3Egx1UkqcJS9hdNGX+04"

// SignIn is an attempt to sign in.
type SignIn struct {
	Email    string
	Password string
	// Address is the client's IP address, for the limit per address.
	Address string
}

// SignIn checks a password within the limits on failed attempts: at the
// account from the client's address (locked past it), from the address at
// any account, and at the account from anywhere (past that ceiling the
// account is slowed, not locked). So an attacker's guesses lock the
// attacker's address out of the account, never the owner signing in from
// elsewhere, and guesses spread over many addresses are bounded still.
//
// Each attempt is counted before its hash runs, so that parallel guesses
// cannot outrun the limit; a success takes its counts back. An address
// locked out of an account is refused without counting against the
// address, so that guessing at one account does not lock out everyone
// behind the same proxy. The caller starts the session.
func (s *Service) SignIn(ctx context.Context, in SignIn) (domain.User, error) {
	email := domain.NormalizeEmail(in.Email)
	var v domain.Validation
	v.Check(email != "", "email", domain.Required())
	v.Check(in.Password != "", "password", domain.Required())
	if err := v.Err(); err != nil {
		return domain.User{}, err
	}
	sourceKey, addressKey, accountKey := "account:"+email+"|address:"+in.Address, "address:"+in.Address, "account:"+email
	var taken []*auth.Limiter // and their keys, to take back
	var keys []string
	undo := func() error {
		var errs []error
		for i, l := range taken {
			errs = append(errs, l.Undo(ctx, keys[i]))
		}
		return errors.Join(errs...)
	}
	take := func(l *auth.Limiter, key string) (bool, time.Duration, error) {
		ok, retry, err := l.Take(ctx, key)
		if ok && err == nil {
			taken, keys = append(taken, l), append(keys, key)
		}
		return ok, retry, err
	}
	refuse := func(retry time.Duration, err error) (domain.User, error) {
		if uerr := undo(); uerr != nil || err != nil {
			return domain.User{}, errors.Join(err, uerr)
		}
		return domain.User{}, tooManyAttempts(retry)
	}
	if ok, retry, err := take(s.loginFailures, sourceKey); err != nil || !ok {
		return refuse(retry, err)
	}
	if ok, retry, err := take(s.addressFailures, addressKey); err != nil || !ok {
		return refuse(retry, err)
	}
	if ok, _, err := take(s.accountFailures, accountKey); err != nil {
		return refuse(0, err)
	} else if !ok {
		// Past the account's ceiling: one attempt per interval, from anyone.
		if ok, retry, err := s.slowedSignIns.Take(ctx, accountKey); err != nil || !ok {
			return refuse(retry, err)
		}
	}
	u, err := s.checkCredentials(ctx, email, in.Password)
	switch {
	case err == nil:
		// The address's guesses at the account are forgotten; the others
		// take back this attempt only.
		if err := errors.Join(undo(), s.loginFailures.Forget(ctx, sourceKey)); err != nil {
			return domain.User{}, err
		}
		return u, nil
	case errors.Is(err, errInvalidCredentials):
		return domain.User{}, err // the counts stay
	default: // busy or broken: not the client's failure
		return domain.User{}, errors.Join(err, undo())
	}
}

func (s *Service) checkCredentials(ctx context.Context, email, password string) (domain.User, error) {
	u, err := s.store.UserByEmail(ctx, email)
	hash := ""
	switch {
	case err == nil:
		if hash, err = s.store.PasswordHash(ctx, u.ID); err != nil {
			return domain.User{}, err
		}
	case !isNotFound(err):
		return domain.User{}, err
	}
	if hash == "" { // no such account, or one still waiting for its invitation
		if _, err := auth.CheckPassword(password, dummyHash); err != nil {
			return domain.User{}, err // busy: as a known address would be
		}
		return domain.User{}, errInvalidCredentials
	}
	ok, err := auth.CheckPassword(password, hash)
	if err != nil {
		return domain.User{}, err
	}
	if !ok {
		return domain.User{}, errInvalidCredentials
	}
	return u, nil
}

// NewSession is a session to start for a signed-in user.
type NewSession struct {
	UserID int64
	// Remember keeps the session beyond the browser's.
	Remember bool
	// Embedded: inside an embedded public map, where the reader cookie
	// carries the session.
	Embedded bool
}

// Session is a started session: its token goes into the cookie.
type Session struct {
	Token     string
	ExpiresAt time.Time
	TTL       time.Duration
}

// StartSession stores a new session of the user.
func (s *Service) StartSession(ctx context.Context, in NewSession) (Session, error) {
	token, hash := auth.NewToken()
	if in.Embedded {
		hash = auth.HashReaderToken(token)
	}
	ttl := auth.BrowserSessionTTL
	if in.Remember {
		ttl = auth.RememberedSessionTTL
	}
	expires := time.Now().Add(ttl)
	if err := s.store.CreateSession(ctx, store.Session{TokenHash: hash, UserID: in.UserID, Persistent: in.Remember, ExpiresAt: expires}); err != nil {
		return Session{}, err
	}
	return Session{Token: token, ExpiresAt: expires, TTL: ttl}, nil
}

// SignOut ends the sessions of the token hashes; their live sockets close.
func (s *Service) SignOut(ctx context.Context, tokenHashes ...string) error {
	for _, hash := range tokenHashes {
		if err := s.store.DeleteSession(ctx, hash); err != nil {
			return fmt.Errorf("sign out: %w", err)
		}
	}
	s.rechecks.Sessions(ctx, tokenHashes...)
	return nil
}
