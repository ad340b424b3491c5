package editing

import (
	"context"
	"fmt"

	"github.com/strata-maps/strata/internal/domain"
)

// The change log read forward: an editor that lost its live channel asks
// for the changes after the revision it holds (its catch-up), a page at a
// time.

// ChangesQuery asks for the changes after revision Since; Page's cursor,
// from the previous page, moves the start on.
type ChangesQuery struct {
	Since int64
	Page  domain.PageQuery
}

// ChangesPage is a page of the change log, oldest first. Revision is the
// map's when the page was read: once NextCursor is nil, the pages held
// every change up to it.
type ChangesPage struct {
	Revision   int64
	Changes    []domain.Change
	NextCursor *string
}

// BadSince is what is wrong with a since that is no revision number, also
// where the transport cannot read it as a number.
var BadSince = domain.Invalid("whole_number").Saying("must be a whole number from 0")

// Changes answers a page of the map's changes after q.Since, and gone
// when the log no longer reaches back to where the page starts.
func (s *Service) Changes(ctx context.Context, m domain.Map, q ChangesQuery) (ChangesPage, error) {
	if q.Since < 0 {
		return ChangesPage{}, &domain.Error{Code: domain.CodeInvalid, Message: "since must be a revision number",
			Problems: domain.Problems{"since": BadSince}}
	}
	if q.Since > m.Revision {
		return ChangesPage{}, &domain.Error{Code: domain.CodeInvalid, Message: fmt.Sprintf("the map is at revision %d", m.Revision),
			Problems: domain.Problems{"since": domain.OutOfRange(0, m.Revision).Saying("is ahead of the map")}}
	}
	p, err := q.Page.Read(fmt.Sprintf("changes:%d", m.ID))
	if err != nil {
		return ChangesPage{}, err
	}
	start := q.Since
	if p.After != nil && p.After.ID > start {
		start = p.After.ID
	}
	oldest, err := s.store.OldestChange(ctx, m.ID)
	if err != nil {
		return ChangesPage{}, err
	}
	if start < m.Revision && (oldest == 0 || start < oldest-1) {
		return ChangesPage{}, domain.Errorf(domain.CodeGone, "the change log no longer reaches back to revision %d; load the map again", start)
	}
	rows, err := s.store.ChangesSince(ctx, m.ID, start, p.Fetch())
	if err != nil {
		return ChangesPage{}, err
	}
	rows, next := domain.Cut(p, rows, func(c domain.Change) domain.Key { return domain.Key{ID: c.Revision} })
	return ChangesPage{Revision: m.Revision, Changes: rows, NextCursor: next}, nil
}
