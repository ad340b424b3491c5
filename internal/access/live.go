package access

import (
	"context"
	"errors"
	"fmt"
	"strconv"

	"github.com/strata-maps/strata/internal/domain"
	"github.com/strata-maps/strata/internal/live"
	"github.com/strata-maps/strata/internal/store"
)

// The live channel asks its questions through live.Access and live.Grants;
// these answer them by the same rule as the REST calls.

// LiveMember is what the actor may do on the map's live channel, for a
// socket's upgrade and every recheck after it: live.ErrNoAccess when they
// may not open it.
func (s *Service) LiveMember(ctx context.Context, a domain.Actor, session string, mapID int64) (live.Member, error) {
	m, _, d, err := s.Map(ctx, a, mapID)
	if isNotFound(err) {
		return live.Member{}, live.ErrNoAccess
	}
	if err != nil {
		return live.Member{}, err
	}
	if !d.May(OpenLive) {
		return live.Member{}, live.ErrNoAccess
	}
	return MemberOf(a, session, m, d), nil
}

// MemberOf is the live channel's member for an actor the decision lets
// open the map's channel: editing where they may edit, and the channel's
// admin frames (break_lock, invite_users, the requests for editing
// access) where they may break a lock.
func MemberOf(a domain.Actor, session string, m domain.Map, d Decision) live.Member {
	return live.Member{User: a.User, Session: session, ClientID: m.ClientID,
		CanEdit: d.May(Edit), IsAdmin: d.May(BreakLock)}
}

// LiveAccess answers the live channel's questions from the store.
func LiveAccess(s *Service) live.Access { return liveAccess{s} }

type liveAccess struct{ s *Service }

func (l liveAccess) Member(ctx context.Context, session string, mapID int64) (live.Member, error) {
	u, err := l.s.store.SessionUser(ctx, session)
	if isNotFound(err) {
		return live.Member{}, live.ErrSignedOut
	}
	if err != nil {
		return live.Member{}, err
	}
	ms, err := l.s.store.Memberships(ctx, u.ID)
	if err != nil {
		return live.Member{}, err
	}
	return l.s.LiveMember(ctx, domain.NewActor(u, ms), session, mapID)
}

// Exists reports whether the element a lock names is on the map: a lock
// on nothing is refused.
func (l liveAccess) Exists(ctx context.Context, mapID int64, elemType, elemID string) (bool, error) {
	id, err := strconv.ParseInt(elemID, 10, 64)
	if err != nil {
		return false, nil
	}
	st := l.s.store
	switch elemType {
	case "node":
		found, err := st.NodesByID(ctx, mapID, []int64{id})
		return len(found) == 1, err
	case "edge":
		found, err := st.EdgesByID(ctx, mapID, []int64{id})
		return len(found) == 1, err
	case "object_template":
		_, err := st.TemplateByID(ctx, mapID, id)
		if isNotFound(err) {
			return false, nil
		}
		return err == nil, err
	}
	return false, fmt.Errorf("no element type %q", elemType)
}

// GrantFunc sets a member's per-map access within the client's seats:
// accounts.GrantMapAccess, passed by the wiring (accounts keeps the seats).
type GrantFunc func(ctx context.Context, st *store.Store, clientID, mapID, userID int64, acc domain.Access) error

// LiveGrants is the live channel's invite_users: edit access to the map
// goes only to members of its client (as an admin's change of the map's
// permissions), each within the editing-user seats. Who may invite is
// the channel's BreakLock right (live.Member.IsAdmin).
func LiveGrants(s *Service, grant GrantFunc) live.Grants {
	return live.GrantsFunc(func(ctx context.Context, mapID int64, userIDs []int64) ([]int64, error) {
		return s.grantEdit(ctx, grant, mapID, userIDs)
	})
}

func (s *Service) grantEdit(ctx context.Context, grant GrantFunc, mapID int64, userIDs []int64) ([]int64, error) {
	isMember, err := s.Members(ctx, mapID)
	if err != nil {
		return nil, err
	}
	m, err := s.store.MapByID(ctx, mapID)
	if err != nil {
		return nil, err
	}
	var granted []int64
	for _, id := range userIDs {
		if !isMember[id] {
			continue
		}
		if err := grant(ctx, s.store, m.ClientID, mapID, id, domain.AccessEdit); err != nil {
			return granted, fmt.Errorf("grant edit on map %d to user %d: %w", mapID, id, err)
		}
		granted = append(granted, id)
	}
	if len(granted) == 0 {
		return nil, fmt.Errorf("none of these users belongs to the map's organisation")
	}
	return granted, nil
}

func isNotFound(err error) bool {
	var de *domain.Error
	return errors.As(err, &de) && de.Code == domain.CodeNotFound
}
