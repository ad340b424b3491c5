// Package apikeys owns the keys with which scripts call /api/v1 for a
// client: creating one (shown once, stored hashed), listing and revoking
// them, and turning a presented key into the actor it acts as.
//
// A key acts as a user of its own, made with the key, named like it, with
// no password and no membership (domain.NewKeyActor gives it its scope's
// role in its client only). So the change log names the key that made each
// change, whoever created it and whatever becomes of that admin; the
// creating admin is kept as created_by.
package apikeys

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"fmt"
	"strconv"
	"strings"
	"time"
	"unicode"

	"github.com/strata-maps/strata/internal/auth"
	"github.com/strata-maps/strata/internal/domain"
	"github.com/strata-maps/strata/internal/store"
)

// Prefix starts every key, so that a key is recognisable where it leaks
// (a log, a repository) and a secret scanner can find it.
const Prefix = "strata_"

const (
	// keyBytes of crypto/rand make a key: guessing one is hopeless, which
	// is why one round of SHA-256 is enough to store it (argon2 is for
	// passwords people choose).
	keyBytes = 32
	// MaxPerClient bounds the keys a client holds at once (revoked ones
	// do not count).
	MaxPerClient = 50
	// MaxNameLength bounds a key's name, in characters.
	MaxNameLength = 100
	// DefaultRequestsPerMinute is each key's rate limit unless configured.
	DefaultRequestsPerMinute = 600
	// touchEvery is how stale last_used_at may get: recording every use
	// would make every read a write.
	touchEvery = time.Minute
)

// Service is the API keys service over the store.
type Service struct {
	store    *store.Store
	requests *auth.Limiter
	now      func() time.Time
}

// Config is what the service needs.
type Config struct {
	Store *store.Store
	// NewLimiter makes the per-key rate limit: shared through Redis when
	// several instances run. Nil counts in this process's memory.
	NewLimiter func(name string, max int, window time.Duration) *auth.Limiter
	// RequestsPerMinute each key may make; 0 is DefaultRequestsPerMinute.
	RequestsPerMinute int
	// Now is the clock; nil is time.Now.
	Now func() time.Time
}

// New returns the service.
func New(c Config) *Service {
	newLimiter := c.NewLimiter
	if newLimiter == nil {
		newLimiter = func(_ string, max int, window time.Duration) *auth.Limiter { return auth.NewLimiter(max, window, nil) }
	}
	perMinute := c.RequestsPerMinute
	if perMinute <= 0 {
		perMinute = DefaultRequestsPerMinute
	}
	now := c.Now
	if now == nil {
		now = time.Now
	}
	return &Service{store: c.Store, requests: newLimiter("api-key", perMinute, time.Minute), now: now}
}

// NewKey is what creating a key takes.
type NewKey struct {
	Client  domain.Client
	Creator domain.User
	Name    string
	Scope   domain.Access
}

// Created is a new key: its record, and the key itself, which exists
// nowhere else and is never shown again.
type Created struct {
	domain.APIKey
	Key string
}

// Create makes a key of the client, within MaxPerClient.
func (s *Service) Create(ctx context.Context, nk NewKey) (Created, error) {
	name := strings.TrimSpace(nk.Name)
	var v domain.Validation
	v.Check(name != "", "name", domain.Required())
	v.Check(len([]rune(name)) <= MaxNameLength, "name", domain.TooLong(MaxNameLength))
	v.Check(domain.SingleLine(name), "name", domain.LineBreak())
	v.Check(!strings.ContainsFunc(name, unicode.IsControl), "name", domain.ControlCharacter())
	v.Check(!domain.HasBidiControl(name), "name", domain.BidiControl())
	v.Check(domain.ValidKeyScope(nk.Scope), "scope", domain.NotAllowed(domain.AccessRead, domain.AccessEdit))
	if err := v.Err(); err != nil {
		return Created{}, err
	}
	if !nk.Client.Active {
		return Created{}, domain.Errorf(domain.CodeConflict, "%s is deactivated", nk.Client.Title)
	}
	key, err := newKey()
	if err != nil {
		return Created{}, err
	}
	// The key's user is addressed nowhere: .invalid never receives mail
	// (RFC 2606), and the random part keeps the address unique.
	mailbox, err := randomHex(12)
	if err != nil {
		return Created{}, err
	}
	var k domain.APIKey
	err = s.store.Tx(ctx, func(tx *store.Store) error {
		// Creations in parallel count one after the other.
		if err := tx.LockClient(ctx, nk.Client.ID); err != nil {
			return err
		}
		n, err := tx.CountAPIKeys(ctx, nk.Client.ID)
		if err != nil {
			return err
		}
		if n >= MaxPerClient {
			return &domain.Error{Code: domain.CodeQuotaExceeded, Message: fmt.Sprintf("a client holds at most %d API keys; revoke one first", MaxPerClient),
				Problems: domain.Problems{"name": domain.TooMany(MaxPerClient).Saying(fmt.Sprintf("at most %d keys", MaxPerClient))}}
		}
		u, err := tx.CreateUser(ctx, store.NewUser{Email: "api-key-" + mailbox + "@keys.strata.invalid", Name: name})
		if err != nil {
			return err
		}
		k, err = tx.CreateAPIKey(ctx, store.NewAPIKey{ClientID: nk.Client.ID, UserID: u.ID, Name: name, Scope: nk.Scope,
			KeyHash: Hash(key), CreatedBy: nk.Creator.ID})
		return err
	})
	if err != nil {
		return Created{}, fmt.Errorf("create API key: %w", err)
	}
	return Created{APIKey: k, Key: key}, nil
}

// List lists the client's keys that work, oldest first.
func (s *Service) List(ctx context.Context, clientID int64) ([]domain.APIKey, error) {
	return s.store.APIKeys(ctx, clientID)
}

// Revoke stops a key of the client at once; another client's key is not
// found.
func (s *Service) Revoke(ctx context.Context, clientID, id int64) error {
	return s.store.RevokeAPIKey(ctx, clientID, id)
}

var errBadKey = domain.Errorf(domain.CodeUnauthenticated, "the API key is unknown or revoked")

// Authenticate is the actor of a request presenting key: unknown and
// revoked keys, and keys of a deactivated client, are refused (401); each
// key's requests are rate-limited (429 with when to retry).
func (s *Service) Authenticate(ctx context.Context, key string) (domain.Actor, error) {
	if !strings.HasPrefix(key, Prefix) {
		return domain.Actor{}, errBadKey
	}
	h, err := s.store.APIKeyByHash(ctx, Hash(key))
	if domain.ErrorCode(err) == domain.CodeNotFound {
		return domain.Actor{}, errBadKey
	}
	if err != nil {
		return domain.Actor{}, err
	}
	if h.Key.Revoked || !h.Client.Active {
		return domain.Actor{}, errBadKey
	}
	ok, wait, err := s.requests.Take(ctx, strconv.FormatInt(h.Key.ID, 10))
	if err != nil {
		return domain.Actor{}, fmt.Errorf("API key %d: %w", h.Key.ID, err)
	}
	if !ok {
		return domain.Actor{}, &domain.Error{Code: domain.CodeRateLimited,
			Message: "too many requests with this API key; try again later", RetryAfter: wait}
	}
	if now := s.now(); h.Key.LastUsedAt == nil || now.Sub(*h.Key.LastUsedAt) >= touchEvery {
		if err := s.store.TouchAPIKey(ctx, h.Key.ID, now); err != nil {
			return domain.Actor{}, err
		}
		h.Key.LastUsedAt = &now
	}
	return domain.NewKeyActor(h.Key, h.User, h.Client.Name), nil
}

// Hash is what the store keeps of a key.
func Hash(key string) string {
	sum := sha256.Sum256([]byte(key))
	return hex.EncodeToString(sum[:])
}

func newKey() (string, error) {
	b := make([]byte, keyBytes)
	if _, err := rand.Read(b); err != nil {
		return "", fmt.Errorf("new API key: %w", err)
	}
	return Prefix + base64.RawURLEncoding.EncodeToString(b), nil
}

func randomHex(n int) (string, error) {
	b := make([]byte, n)
	if _, err := rand.Read(b); err != nil {
		return "", fmt.Errorf("random: %w", err)
	}
	return hex.EncodeToString(b), nil
}
