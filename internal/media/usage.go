package media

import (
	"context"
	"fmt"
)

// CountOldCopies counts the scaled copies of the images stored before
// copies counted against the quota (migration 00014 gave them their file's
// size): each one's stored size becomes what its version's files take in
// the storage. It answers how many it counted; run once at start, it
// finds nothing to do after the first time.
func (s *Service) CountOldCopies(ctx context.Context) (int, error) {
	old, err := s.store.MediaCopiesUncounted(ctx)
	if err != nil {
		return 0, err
	}
	n := 0
	for _, v := range old {
		stored, err := s.storedBytes(ctx, v.Key, v.Version)
		if err != nil {
			return n, fmt.Errorf("count the copies of media %s: %w", v.Key, err)
		}
		// The files were stored before the upgrade: the listing is
		// complete. A replacement since changed the version: no update.
		// Files gone missing are no reason to count less.
		if err := s.store.CountMediaCopies(ctx, v, stored); err != nil {
			return n, err
		}
		n++
	}
	return n, nil
}
