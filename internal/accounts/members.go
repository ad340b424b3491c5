package accounts

import (
	"context"
	"fmt"
	"strconv"

	"github.com/strata-maps/strata/internal/domain"
	"github.com/strata-maps/strata/internal/store"
)

// MembersPage is a page of the client's members, by e-mail address;
// NextCursor asks for the next one, nil on the last. Open invitations
// (Invitations) and readers (Readers) are asked for apart.
type MembersPage struct {
	Users      []store.Member
	NextCursor *string
}

// Members answers a page of the client's members.
func (s *Service) Members(ctx context.Context, clientID int64, q domain.PageQuery) (MembersPage, error) {
	p, err := q.Read(fmt.Sprintf("members:%d", clientID))
	if err != nil {
		return MembersPage{}, err
	}
	users, err := s.store.ClientMembersPage(ctx, clientID, p)
	if err != nil {
		return MembersPage{}, err
	}
	users, next := domain.Cut(p, users, func(m store.Member) domain.Key { return domain.Key{Text: m.User.Email, ID: m.User.ID} })
	return MembersPage{Users: users, NextCursor: next}, nil
}

// Member answers one member of the client (not_found for a user who is
// none), as user management shows them.
func (s *Service) Member(ctx context.Context, clientID, userID int64) (store.Member, error) {
	return s.store.ClientMember(ctx, clientID, userID)
}

// errLastAdmin keeps a client from losing its last admin: nobody could
// then manage it but a superuser.
var errLastAdmin = domain.Errorf(domain.CodeConflict, "a client needs at least one admin; make another user admin first")

// memberIn returns the client's member with the user id, and whether
// another admin remains besides them. It locks the client, so that two
// admins demoting each other at once cannot both succeed.
func memberIn(ctx context.Context, tx *store.Store, clientID, userID int64) (store.Member, bool, error) {
	if err := tx.LockClient(ctx, clientID); err != nil {
		return store.Member{}, false, err
	}
	members, err := tx.ClientMembers(ctx, clientID)
	if err != nil {
		return store.Member{}, false, err
	}
	var m store.Member
	found, otherAdmin := false, false
	for _, x := range members {
		switch {
		case x.User.ID == userID:
			m, found = x, true
		case x.Role == domain.RoleAdmin:
			otherAdmin = true
		}
	}
	if !found {
		return store.Member{}, false, domain.Errorf(domain.CodeNotFound, "user %d not found", userID)
	}
	return m, otherAdmin, nil
}

// MemberChange is an admin's change to one member; nil fields stay.
type MemberChange struct {
	Client               domain.Client `json:"-"`
	UserID               int64         `json:"-"`
	Role                 *string       `json:"role" enum:"admin,editor,student,guest"`
	PremiumTemplates     *bool         `json:"premium_templates"`
	SupportAccessConsent *bool         `json:"support_access_consent"`
	// MapAccess sets explicit accesses to the client's maps, keyed by the
	// map's id as the request names it.
	// null clears one, so that the role decides again ("As the role
	// allows").
	MapAccess map[string]*domain.AccessGrant `json:"map_access,omitempty"`
}

// ChangeMember changes a member's role, settings and per-map accesses in
// one transaction. The last admin keeps the role; a change that moves the
// member into another kind of seat (a role, or a guest's first per-map
// "edit") needs a free one.
func (s *Service) ChangeMember(ctx context.Context, in MemberChange) error {
	if err := requireActive(in.Client); err != nil {
		return err
	}
	var v domain.Validation
	var role domain.Role
	if in.Role != nil {
		role = domain.Role(*in.Role)
		v.Check(role.Valid(), "role", domain.NotAllowed(domain.Roles...))
	}
	maps, err := s.store.MapsOfClient(ctx, in.Client.ID)
	if err != nil {
		return err
	}
	ofClient := map[int64]bool{}
	for _, mp := range maps {
		ofClient[mp.ID] = true
	}
	grants := map[int64]domain.Access{}
	for key, acc := range in.MapAccess {
		id, err := strconv.ParseInt(key, 10, 64)
		switch {
		case err != nil || !ofClient[id]:
			v.Add("map_access."+key, domain.NotFound(0).Saying("is not a map of this client"))
		case acc != nil && !acc.Access().Valid():
			v.Add("map_access."+key, domain.NotAllowed(domain.AccessNone, domain.AccessRead, domain.AccessEdit))
		default:
			grants[id] = acc.Access()
		}
	}
	if err := v.Err(); err != nil {
		return err
	}
	err = s.store.Tx(ctx, func(tx *store.Store) error {
		m, otherAdmin, err := memberIn(ctx, tx, in.Client.ID, in.UserID)
		if err != nil {
			return err
		}
		before, err := memberSeat(ctx, tx, in.Client.ID, m.User.ID)
		if err != nil {
			return err
		}
		if in.Role != nil && role != m.Role {
			if m.Role == domain.RoleAdmin && !otherAdmin {
				return errLastAdmin
			}
			if err := tx.SetMemberRole(ctx, in.Client.ID, m.User.ID, role); err != nil {
				return err
			}
		}
		if in.PremiumTemplates != nil || in.SupportAccessConsent != nil {
			premium, consent := m.PremiumTemplates, m.SupportAccessConsent
			if in.PremiumTemplates != nil {
				premium = *in.PremiumTemplates
			}
			if in.SupportAccessConsent != nil {
				consent = *in.SupportAccessConsent
			}
			if err := tx.SetMemberSettings(ctx, in.Client.ID, m.User.ID, premium, consent); err != nil {
				return err
			}
		}
		for id, acc := range grants {
			if err := tx.SetMapAccess(ctx, id, m.User.ID, acc); err != nil {
				return err
			}
		}
		// The role and the per-map accesses together decide the seat the
		// member holds now; one of another kind must be within its limit.
		after, err := memberSeat(ctx, tx, in.Client.ID, m.User.ID)
		if err != nil || after == before {
			return err
		}
		return requireWithin(ctx, tx, in.Client.ID, after)
	})
	if err != nil {
		return err
	}
	s.rechecks.Users(ctx, in.UserID) // a lower role or access reaches their open maps
	return nil
}

// RemoveMember takes the user out of the client, unless they are its last
// admin; their open maps of the client close.
func (s *Service) RemoveMember(ctx context.Context, client domain.Client, userID int64) error {
	err := s.store.Tx(ctx, func(tx *store.Store) error {
		m, otherAdmin, err := memberIn(ctx, tx, client.ID, userID)
		if err != nil {
			return err
		}
		if m.Role == domain.RoleAdmin && !otherAdmin {
			return errLastAdmin
		}
		return tx.RemoveMember(ctx, client.ID, userID)
	})
	if err != nil {
		return err
	}
	s.rechecks.Users(ctx, userID)
	return nil
}

// MapGrant is an admin's per-map access for one member of the map's
// client; "" clears it, so that the role decides again.
type MapGrant struct {
	UserID int64
	Access domain.Access
}

// SetMapGrants sets per-map accesses to one map of the client in one
// transaction, each within the seats (a guest raised to edit takes an
// editing-user seat); the members' open editors learn their new rights.
func (s *Service) SetMapGrants(ctx context.Context, client domain.Client, mapID int64, grants []MapGrant) error {
	err := s.store.Tx(ctx, func(tx *store.Store) error {
		for _, g := range grants {
			if g.Access != "" && !g.Access.Valid() {
				return domain.Errorf(domain.CodeInvalid, "access must be none, read or edit")
			}
			if err := GrantMapAccess(ctx, tx, client.ID, mapID, g.UserID, g.Access); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		return err
	}
	ids := make([]int64, len(grants))
	for i, g := range grants {
		ids[i] = g.UserID
	}
	s.rechecks.Users(ctx, ids...) // a raise and a lowering reach open sockets alike
	return nil
}
