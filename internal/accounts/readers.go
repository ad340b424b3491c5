package accounts

import (
	"context"
	"fmt"

	"github.com/strata-maps/strata/internal/domain"
	"github.com/strata-maps/strata/internal/store"
)

// Readers of partial maps (account-area §3, §4): anyone may register as a
// reader of a map's client, which takes one of its active-reader seats and
// lets them read its published partial maps, and nothing else of it. A
// member whose every role is guest takes the same kind of seat, counted
// once (store's quota count).

// CheckReaderSignUp counts one registration from the client address and
// refuses it beyond the hourly limit: each one mails an address or takes
// a seat.
func (s *Service) CheckReaderSignUp(ctx context.Context, address string) error {
	return limit(ctx, s.readerSignUps, "address:"+address, "registrations from this address")
}

// JoinAsReader makes a signed-in user a reader of the client, within its
// active-reader seats.
func (s *Service) JoinAsReader(ctx context.Context, clientID, userID int64) error {
	return s.store.Tx(ctx, func(tx *store.Store) error { return addReader(ctx, tx, clientID, userID) })
}

func addReader(ctx context.Context, tx *store.Store, clientID, userID int64) error {
	if err := tx.RequireQuota(ctx, clientID, domain.QuotaActiveReaders, true); err != nil {
		return err
	}
	return tx.AddReader(ctx, clientID, userID)
}

// RemoveReader ends a reader's seat; their open partial maps close.
func (s *Service) RemoveReader(ctx context.Context, clientID, userID int64) error {
	if err := s.store.RemoveReader(ctx, clientID, userID); err != nil {
		return err
	}
	s.rechecks.Users(ctx, userID)
	return nil
}

// ReadersPage is a page of the client's readers, by e-mail address;
// NextCursor asks for the next one, nil on the last.
type ReadersPage struct {
	Readers    []store.Reader
	NextCursor *string
}

// Readers answers a page of the readers of the client's partial maps.
func (s *Service) Readers(ctx context.Context, clientID int64, q domain.PageQuery) (ReadersPage, error) {
	p, err := q.Read(fmt.Sprintf("readers:%d", clientID))
	if err != nil {
		return ReadersPage{}, err
	}
	list, err := s.store.Readers(ctx, clientID, p)
	if err != nil {
		return ReadersPage{}, err
	}
	list, next := domain.Cut(p, list, func(r store.Reader) domain.Key { return domain.Key{Text: r.User.Email, ID: r.User.ID} })
	return ReadersPage{Readers: list, NextCursor: next}, nil
}
