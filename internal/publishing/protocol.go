package publishing

import (
	"context"
	"fmt"
	"time"

	"github.com/strata-maps/strata/internal/domain"
	"github.com/strata-maps/strata/internal/editing"
)

// The map protocol is the map's change log as admins read it: who changed
// what, newest first, a page at a time.

// ProtocolQuery asks for a page of the protocol: up to Limit changes (1 to
// 200; nil for 50) before revision Before (nil for the newest).
type ProtocolQuery struct {
	Before *int64
	Limit  *int
}

// What is wrong with a query's before and limit, also where the transport
// cannot read them as numbers.
var (
	BadBefore = domain.Invalid("revision").Saying("must be a revision number")
	BadLimit  = domain.BadPageLimit
)

// ProtocolEntry is one change as the protocol shows it.
type ProtocolEntry struct {
	Revision  int64
	Type      string
	UserID    *int64 // nil for a change without an author
	UserName  string
	CreatedAt time.Time
	What      editing.ChangeSummary
	Version   *editing.VersionRef
}

// ProtocolPage is a page of the protocol; NextBefore asks for the next
// one, nil on the last.
type ProtocolPage struct {
	Entries    []ProtocolEntry
	NextBefore *int64
}

// Protocol answers a page of the map's protocol, for the client's admins.
func (s *Service) Protocol(ctx context.Context, a domain.Actor, m domain.Map, q ProtocolQuery) (ProtocolPage, error) {
	c, err := s.store.ClientByID(ctx, m.ClientID)
	if err != nil {
		return ProtocolPage{}, err
	}
	if !a.Can(c.Name, domain.RoleAdmin) {
		return ProtocolPage{}, domain.Errorf(domain.CodeForbidden, "the map protocol is for admins")
	}
	before, limit := int64(0), 50
	v := &domain.Validation{}
	if q.Before != nil {
		before = *q.Before
		v.Check(before > 0, "before", BadBefore)
	}
	if q.Limit != nil {
		limit = *q.Limit
		v.Check(limit >= 1 && limit <= 200, "limit", BadLimit)
	}
	if err := v.Err(); err != nil {
		return ProtocolPage{}, err
	}
	// One more than asked tells whether a next page exists.
	rows, err := s.store.Protocol(ctx, m.ID, before, limit+1)
	if err != nil {
		return ProtocolPage{}, err
	}
	var page ProtocolPage
	if len(rows) > limit {
		rows = rows[:limit]
		page.NextBefore = &rows[limit-1].Revision
	}
	lang := domain.Language("")
	if len(m.Languages) > 0 {
		lang = m.Languages[0]
	}
	page.Entries = make([]ProtocolEntry, len(rows))
	for i, row := range rows {
		what, version, err := editing.Summarize(row.Data, lang)
		if err != nil {
			return ProtocolPage{}, fmt.Errorf("protocol of map %d, revision %d: %w", m.ID, row.Revision, err)
		}
		page.Entries[i] = ProtocolEntry{Revision: row.Revision, Type: row.Type, UserID: row.UserID, UserName: row.UserName,
			CreatedAt: row.At, What: what, Version: version}
	}
	return page, nil
}
