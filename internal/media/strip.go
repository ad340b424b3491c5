package media

import (
	"context"
	"errors"
	"fmt"

	"github.com/strata-maps/strata/internal/domain"
	"github.com/strata-maps/strata/internal/store"
)

// StripOldMetadata stores again the images stored before uploads were
// stripped of their metadata (migration 00016 marked them), so that no
// file served keeps a GPS position: each becomes its next version, as a
// replacement would make it, the original without metadata and its
// scaled copies upright. Run at start; it answers how many it stored
// again. An image that cannot be read again keeps its mark and is tried
// at the next start.
func (s *Service) StripOldMetadata(ctx context.Context) (int, error) {
	old, err := s.store.MediaUnstripped(ctx)
	if err != nil {
		return 0, err
	}
	n := 0
	for _, a := range old {
		if err := s.storeStripped(ctx, a); err != nil {
			if ctx.Err() != nil {
				return n, ctx.Err()
			}
			s.log.WarnContext(ctx, "storing an old image without its metadata", "key", a.Key, "err", err)
			continue
		}
		n++
	}
	return n, nil
}

var errReplacedMeanwhile = errors.New("replaced meanwhile")

// storeStripped makes old's next version from its file without metadata.
func (s *Service) storeStripped(ctx context.Context, old domain.MediaAsset) error {
	version := old.Version + 1
	up := upload{name: old.Name, contentType: old.ContentType, typ: old.Type}
	err := s.copyWithoutMetadata(ctx, old, version)
	if err == nil {
		err = s.makeVariants(ctx, old.Key, version, &up)
	}
	var stored int64
	if err == nil {
		stored, err = s.storedBytes(ctx, old.Key, version)
	}
	if err == nil {
		next := old
		next.Size, next.Width, next.Height, next.Widths, next.Version = up.size, up.width, up.height, up.widths, version
		err = s.store.Tx(ctx, func(tx *store.Store) error {
			cur, err := tx.Media(ctx, old.ClientID, old.Key)
			if err != nil {
				return err
			}
			if cur.Version != old.Version {
				return errReplacedMeanwhile
			}
			row := rowOf(next)
			row.Stored = stored
			return tx.ReplaceMediaFile(ctx, row)
		})
	}
	if err != nil {
		s.removeFiles(ctx, old.Key, version, up.widths)
		if errors.Is(err, errReplacedMeanwhile) || domain.ErrorCode(err) == domain.CodeNotFound {
			return nil // replaced or deleted: what is stored now was stripped as it came
		}
		return err
	}
	s.removeFiles(ctx, old.Key, old.Version, old.Widths)
	return nil
}

func (s *Service) copyWithoutMetadata(ctx context.Context, old domain.MediaAsset, version int) error {
	f, err := s.files.Open(ctx, objectName(old.Key, old.Version, 0))
	if err != nil {
		return fmt.Errorf("open the stored file: %w", err)
	}
	defer f.Close()
	return s.files.Put(ctx, objectName(old.Key, version, 0), withoutMetadata(f, old.ContentType), old.ContentType)
}
