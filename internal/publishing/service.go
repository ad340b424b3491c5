// Package publishing holds the rules of publishing (account-area §8): who
// may publish, the stored versions and the live one, the publication's
// settings and the map's live toggle, who may read a published map, the
// reader's document derived from a live version, the public page and the
// map protocol. The document work itself (snapshots, restores, the change
// log) is editing's: publishing decides and orchestrates.
package publishing

import (
	"context"
	"log/slog"
	"sync"
	"time"

	"github.com/strata-maps/strata/internal/auth"
	"github.com/strata-maps/strata/internal/domain"
	"github.com/strata-maps/strata/internal/editing"
	"github.com/strata-maps/strata/internal/store"
)

// Config is what the service is built from.
type Config struct {
	Store   *store.Store
	Editing *editing.Service
	Log     *slog.Logger
	// NewLimiter makes the limit of readers' quiz answers (nil: none).
	NewLimiter func(name string, max int, window time.Duration) *auth.Limiter
}

// maxQuizAnswersPerHour bounds the quiz answers counted from one address.
const maxQuizAnswersPerHour = 300

// Service applies the publishing rules.
type Service struct {
	store   *store.Store
	editing *editing.Service
	log     *slog.Logger
	answers *auth.Limiter
	// What is derived from live versions, by version id.
	readers  versionCache[readerVersion]
	outlines versionCache[[]byte]
	// Work done after a call returns (see Wait).
	background sync.WaitGroup
}

// New returns the service.
func New(c Config) *Service {
	s := &Service{store: c.Store, editing: c.Editing, log: c.Log}
	if c.NewLimiter != nil {
		s.answers = c.NewLimiter("quiz-answers", maxQuizAnswersPerHour, time.Hour)
	}
	return s
}

// Wait waits for the work the service does after a call returns: call it
// once no more calls come, before the store closes.
func (s *Service) Wait() { s.background.Wait() }

// State is a map's publication as its editors see it: the publication, the
// map's live toggle and the map's revision.
type State struct {
	Publication domain.Publication
	MapLive     bool
	Revision    int64
}

var errPublishRole = domain.Errorf(domain.CodeForbidden, "publishing is for admins and editors; ask an admin to publish this map")

// MayPublish checks the publishing rule for a map the actor may edit:
// admins and editors of its client publish.
func (s *Service) MayPublish(ctx context.Context, a domain.Actor, m domain.Map) error {
	c, err := s.store.ClientByID(ctx, m.ClientID)
	if err != nil {
		return err
	}
	if !domain.CanPublish(a, c.Name) {
		return errPublishRole
	}
	return nil
}
