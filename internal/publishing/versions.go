package publishing

import (
	"context"
	"fmt"

	"github.com/strata-maps/strata/internal/document"
	"github.com/strata-maps/strata/internal/domain"
	"github.com/strata-maps/strata/internal/editing"
)

// Versions: publishing stores a snapshot of the working copy and makes it
// live; a stored version can be made live later, or put back in place of
// the working copy. Each is for those who may publish (MayPublish), and
// is done by editing, in the map's transaction and change log.

// Changed is the answer of a publishing call that changed the map: the
// publication after it and the change's result (the new revision).
type Changed struct {
	State
	Result editing.Result
}

// Publish stores the working copy as a new version and makes it live.
func (s *Service) Publish(ctx context.Context, a domain.Actor, m domain.Map, note editing.VersionNote) (Changed, error) {
	if err := s.MayPublish(ctx, a, m); err != nil {
		return Changed{}, err
	}
	p, _, res, err := s.editing.StoreVersion(ctx, m.ID, a.User.ID, domain.VersionPublished, note, document.Snapshot)
	if err != nil {
		return Changed{}, err
	}
	s.prepareForReaders(p)
	return Changed{State{p, m.Live, res.Revision}, res}, nil
}

// SaveVersion keeps the working copy as a version without publishing it.
func (s *Service) SaveVersion(ctx context.Context, a domain.Actor, m domain.Map, note editing.VersionNote) (domain.Version, error) {
	if err := s.MayPublish(ctx, a, m); err != nil {
		return domain.Version{}, err
	}
	_, v, _, err := s.editing.StoreVersion(ctx, m.ID, a.User.ID, domain.VersionSaved, note, document.Snapshot)
	return v, err
}

// PublishVersion makes a stored version live.
func (s *Service) PublishVersion(ctx context.Context, a domain.Actor, m domain.Map, versionID int64) (Changed, error) {
	if err := s.MayPublish(ctx, a, m); err != nil {
		return Changed{}, err
	}
	p, res, err := s.editing.PublishVersion(ctx, m.ID, a.User.ID, versionID)
	if err != nil {
		return Changed{}, err
	}
	s.prepareForReaders(p)
	return Changed{State{p, m.Live, res.Revision}, res}, nil
}

// TakeDown takes the live version down; the working copy and the versions
// stay.
func (s *Service) TakeDown(ctx context.Context, a domain.Actor, m domain.Map) (Changed, error) {
	if err := s.MayPublish(ctx, a, m); err != nil {
		return Changed{}, err
	}
	p, res, err := s.editing.TakeDown(ctx, m.ID, a.User.ID)
	if err != nil {
		return Changed{}, err
	}
	return Changed{State{p, m.Live, res.Revision}, res}, nil
}

// RestoreVersion puts a stored version in place of the working copy.
func (s *Service) RestoreVersion(ctx context.Context, a domain.Actor, m domain.Map, versionID int64) (Changed, error) {
	if err := s.MayPublish(ctx, a, m); err != nil {
		return Changed{}, err
	}
	res, err := s.editing.RestoreVersion(ctx, m.ID, a.User.ID, versionID)
	if err != nil {
		return Changed{}, err
	}
	return Changed{State{res.Publication, m.Live, res.Revision}, res.Result}, nil
}

// ResetToLive puts the live version in place of the working copy.
func (s *Service) ResetToLive(ctx context.Context, a domain.Actor, m domain.Map) (Changed, error) {
	if err := s.MayPublish(ctx, a, m); err != nil {
		return Changed{}, err
	}
	res, err := s.editing.ResetToLive(ctx, m.ID, a.User.ID)
	if err != nil {
		return Changed{}, err
	}
	return Changed{State{res.Publication, m.Live, res.Revision}, res.Result}, nil
}

// VersionsPage is a page of a map's versions, newest first (by revision,
// then id); NextCursor asks for the next one, nil on the last.
type VersionsPage struct {
	Versions   []domain.Version
	NextCursor *string
}

// Versions answers a page of the map's stored versions; anyone who may
// read the map may see them.
func (s *Service) Versions(ctx context.Context, m domain.Map, q domain.PageQuery) (VersionsPage, error) {
	p, err := q.Read(fmt.Sprintf("versions:%d", m.ID))
	if err != nil {
		return VersionsPage{}, err
	}
	vs, err := s.store.Versions(ctx, m.ID, p)
	if err != nil {
		return VersionsPage{}, err
	}
	vs, next := domain.Cut(p, vs, func(v domain.Version) domain.Key { return domain.Key{Num: v.Revision, ID: v.ID} })
	return VersionsPage{Versions: vs, NextCursor: next}, nil
}
