package media

import (
	"context"
	"encoding/json"
	"strings"
	"unicode/utf8"

	"github.com/strata-maps/strata/internal/domain"
	"github.com/strata-maps/strata/internal/store"
)

// ListQuery asks for a page of the library.
type ListQuery struct {
	Q         string
	Type      domain.MediaType
	Container domain.MediaContainer
	Page      domain.PageQuery
}

// List answers a page of the client's assets, newest first.
func (s *Service) List(ctx context.Context, clientID int64, q ListQuery) ([]domain.MediaAsset, *string, error) {
	v := &domain.Validation{}
	v.Check(q.Type == "" || q.Type.Valid(), "type", domain.NotAllowed(domain.MediaTypes...))
	v.Check(q.Container == "" || containerValid(q.Container), "container", domain.NotAllowed(domain.MediaContainers...))
	v.Check(utf8.RuneCountInString(q.Q) <= 200, "q", domain.TooLong(200))
	if err := v.Err(); err != nil {
		return nil, nil, err
	}
	page, err := q.Page.Read("media:" + itoa(clientID))
	if err != nil {
		return nil, nil, err
	}
	words := strings.Fields(strings.ToLower(q.Q))
	if len(words) > 10 {
		words = words[:10]
	}
	rows, err := s.store.ListMedia(ctx, clientID, store.MediaFilter{Words: words, Type: q.Type, Container: q.Container}, page)
	if err != nil {
		return nil, nil, err
	}
	rows, next := domain.Cut(page, rows, func(a domain.MediaAsset) domain.Key { return domain.Key{ID: a.ID} })
	return rows, next, nil
}

func containerValid(c domain.MediaContainer) bool {
	for _, x := range domain.MediaContainers {
		if x == c {
			return true
		}
	}
	return false
}

// Get reads an asset of the client.
func (s *Service) Get(ctx context.Context, clientID int64, key string) (domain.MediaAsset, error) {
	if !ValidKey(key) {
		return domain.MediaAsset{}, domain.Errorf(domain.CodeNotFound, "media asset not found")
	}
	return s.store.Media(ctx, clientID, key)
}

// PatchMetadata applies raw (a JSON MediaMetadataPatch) to an asset's metadata.
func (s *Service) PatchMetadata(ctx context.Context, clientID int64, key string, raw json.RawMessage) (domain.MediaAsset, error) {
	a, err := s.Get(ctx, clientID, key)
	if err != nil {
		return a, err
	}
	if a.Metadata, err = domain.ApplyMediaMetadata(a.Metadata, raw); err != nil {
		return a, err
	}
	if err := s.store.UpdateMediaMetadata(ctx, rowOf(a)); err != nil {
		return a, err
	}
	return s.store.Media(ctx, clientID, key)
}

// Uses lists where the client's maps use an asset, so that a deletion can
// be refused before it is asked for (Delete checks again).
func (s *Service) Uses(ctx context.Context, clientID int64, key string) ([]domain.MediaUse, error) {
	if _, err := s.Get(ctx, clientID, key); err != nil {
		return nil, err
	}
	return s.store.MediaUses(ctx, clientID, key)
}

// Delete removes an asset no map uses; while one does, the error lists
// where (media_in_use).
func (s *Service) Delete(ctx context.Context, clientID int64, key string) error {
	a, err := s.Get(ctx, clientID, key)
	if err != nil {
		return err
	}
	err = s.store.Tx(ctx, func(tx *store.Store) error {
		if err := tx.LockClient(ctx, clientID); err != nil {
			return err
		}
		uses, err := tx.MediaUses(ctx, clientID, key)
		if err != nil {
			return err
		}
		if len(uses) > 0 {
			return &domain.Error{Code: domain.CodeMediaInUse, Message: "maps use this media: remove it from them first", Uses: uses}
		}
		return tx.DeleteMedia(ctx, clientID, key)
	})
	if err != nil {
		return err
	}
	s.removeFiles(ctx, key, a.Version, a.Widths)
	return nil
}

// Stats is the client's use of media storage.
func (s *Service) Stats(ctx context.Context, clientID int64) (domain.MediaStats, error) {
	types, err := s.store.MediaStats(ctx, clientID)
	if err != nil {
		return domain.MediaStats{}, err
	}
	q, err := s.store.Quota(ctx, clientID, domain.QuotaMediaStorage)
	if err != nil {
		return domain.MediaStats{}, err
	}
	out := domain.MediaStats{Types: types, UsedBytes: int64(q.Count), Limits: map[domain.MediaType]int64{}}
	if q.Max != nil {
		m := int64(*q.Max)
		out.QuotaBytes = &m
	}
	for _, t := range domain.MediaTypes {
		out.Limits[t] = s.limits[t]
	}
	return out, nil
}

// Templates lists the client's media templates.
func (s *Service) Templates(ctx context.Context, clientID int64) ([]domain.MediaTemplate, error) {
	return s.store.MediaTemplates(ctx, clientID)
}

func checkTemplateName(name string) error {
	v := &domain.Validation{}
	name = strings.TrimSpace(name)
	v.Check(name != "", "name", domain.Required())
	v.Check(utf8.RuneCountInString(name) <= domain.MaxMediaTemplateName, "name", domain.TooLong(domain.MaxMediaTemplateName))
	v.Check(!strings.ContainsAny(name, "\r\n"), "name", domain.LineBreak())
	v.Check(strings.IndexFunc(name, func(r rune) bool { return r < 0x20 || r == 0x7f }) < 0, "name", domain.ControlCharacter())
	return v.Err()
}

// CreateTemplate saves a media template; metadata (JSON, partial) is
// applied to empty metadata.
func (s *Service) CreateTemplate(ctx context.Context, clientID int64, name string, metadata json.RawMessage) (domain.MediaTemplate, error) {
	if err := checkTemplateName(name); err != nil {
		return domain.MediaTemplate{}, err
	}
	md, err := domain.ApplyMediaMetadata(domain.MediaMetadata{}.Normal(), metadata)
	if err != nil {
		return domain.MediaTemplate{}, err
	}
	return s.store.SaveMediaTemplate(ctx, clientID, domain.MediaTemplate{Name: strings.TrimSpace(name), Metadata: md})
}

// PatchTemplate renames a template (name non-nil) and applies metadata to its metadata.
func (s *Service) PatchTemplate(ctx context.Context, clientID, id int64, name *string, metadata json.RawMessage) (domain.MediaTemplate, error) {
	t, err := s.store.MediaTemplate(ctx, clientID, id)
	if err != nil {
		return t, err
	}
	if name != nil {
		if err := checkTemplateName(*name); err != nil {
			return t, err
		}
		t.Name = strings.TrimSpace(*name)
	}
	if t.Metadata, err = domain.ApplyMediaMetadata(t.Metadata, metadata); err != nil {
		return t, err
	}
	return s.store.SaveMediaTemplate(ctx, clientID, t)
}

// DeleteTemplate removes a media template.
func (s *Service) DeleteTemplate(ctx context.Context, clientID, id int64) error {
	return s.store.DeleteMediaTemplate(ctx, clientID, id)
}

func itoa(n int64) string {
	b, _ := json.Marshal(n)
	return string(b)
}
