package access

import (
	"context"

	"github.com/strata-maps/strata/internal/domain"
	"github.com/strata-maps/strata/internal/store"
)

// Service answers the access questions that need the store: it reads the
// map's head and the actor's per-map access, then applies Decide.
type Service struct {
	store *store.Store
}

// New returns the service.
func New(st *store.Store) *Service { return &Service{store: st} }

// Map reads the map the actor asks for and decides what they may do
// with it. A map that does not exist is not_found, as one out of reach.
// The map carries only its id, client, levels, revision, live toggle,
// template flag and author (store.MapHead).
func (s *Service) Map(ctx context.Context, a domain.Actor, mapID int64) (domain.Map, domain.Client, Decision, error) {
	m, c, explicit, err := s.store.MapHead(ctx, mapID, a.User.ID)
	if err != nil {
		return domain.Map{}, domain.Client{}, Decision{}, err
	}
	return m, c, Decide(a, c, m, explicit), nil
}

// MapFor is the one check of a map's calls: the map, when the actor may
// take the action on it, else why not (Decision.Check).
func (s *Service) MapFor(ctx context.Context, a domain.Actor, mapID int64, act Action) (domain.Map, error) {
	m, _, d, err := s.Map(ctx, a, mapID)
	if err != nil {
		return domain.Map{}, err
	}
	if err := d.Check(act); err != nil {
		return domain.Map{}, err
	}
	return m, nil
}

// Permissions is each member's access to the map, by user id, as the
// map's permissions list shows it (Decision.Access).
func (s *Service) Permissions(ctx context.Context, m domain.Map) (map[int64]domain.Access, error) {
	c, err := s.store.ClientByID(ctx, m.ClientID)
	if err != nil {
		return nil, err
	}
	users, err := s.store.MapUsers(ctx, m.ID)
	if err != nil {
		return nil, err
	}
	out := make(map[int64]domain.Access, len(users))
	for _, u := range users {
		actor := domain.Actor{User: domain.User{ID: u.UserID}, Roles: map[string][]domain.Role{c.Name: u.Roles}}
		out[u.UserID] = Decide(actor, c, m, u.Access).Access()
	}
	return out, nil
}

// Members are the user ids of the members of the map's client: those an
// admin may give a per-map access to.
func (s *Service) Members(ctx context.Context, mapID int64) (map[int64]bool, error) {
	users, err := s.store.MapUsers(ctx, mapID)
	if err != nil {
		return nil, err
	}
	out := make(map[int64]bool, len(users))
	for _, u := range users {
		out[u.UserID] = true
	}
	return out, nil
}

// Reach is which maps of a client the actor may read, as the store's
// lists and counts filter them: every map for a superuser, else those
// no per-map access of "none" closes (the client's membership, or a
// key's client, the caller has checked).
func Reach(a domain.Actor) store.MapReach {
	if a.User.IsSuperuser && a.Key == nil {
		return store.MapReach{All: true}
	}
	return store.MapReach{UserID: a.User.ID}
}
