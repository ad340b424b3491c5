package store

import (
	"context"
	"fmt"

	"github.com/strata-maps/strata/internal/domain"
)

// Member is a user of a client as user management shows them.
type Member struct {
	User                 domain.User
	Role                 domain.Role
	PremiumTemplates     bool
	SupportAccessConsent bool
	// MapAccess holds the explicit per-map accesses, by map id.
	MapAccess map[int64]domain.Access
}

// ClientMembers lists all of the client's users with their highest role,
// their settings and their explicit per-map accesses, by e-mail address.
func (s *Store) ClientMembers(ctx context.Context, clientID int64) ([]Member, error) {
	return s.members(ctx, clientID, "")
}

// ClientMembersPage is a page of ClientMembers: the members after p.After
// (by e-mail address, then id), up to p.Fetch() of them.
func (s *Store) ClientMembersPage(ctx context.Context, clientID int64, p domain.Page) ([]Member, error) {
	var after domain.Key
	if p.After != nil {
		after = *p.After
	}
	// The page is chosen among users, not membership rows, of which a
	// user may have one per role.
	return s.members(ctx, clientID,
		`AND m.user_id IN (SELECT pu.id FROM users pu
		     WHERE pu.id IN (SELECT pm.user_id FROM memberships pm WHERE pm.client_id = $1)
		     AND (pu.email > $2 OR (pu.email = $2 AND pu.id > $3))
		     ORDER BY pu.email, pu.id LIMIT $4)`, after.Text, after.ID, p.Fetch())
}

// ClientMember is one member of the client; not_found when the user is
// none.
func (s *Store) ClientMember(ctx context.Context, clientID, userID int64) (Member, error) {
	ms, err := s.members(ctx, clientID, `AND m.user_id = $2`, userID)
	if err != nil {
		return Member{}, err
	}
	if len(ms) == 0 {
		return Member{}, domain.Errorf(domain.CodeNotFound, "user %d is no member of this client", userID)
	}
	return ms[0], nil
}

// members lists the client's members the condition which (on the
// memberships m, with args from $2) keeps.
func (s *Store) members(ctx context.Context, clientID int64, which string, args ...any) ([]Member, error) {
	rows, err := s.q.QueryContext(ctx,
		`SELECT `+userColumns+`, m.role, COALESCE(ms.premium_templates, FALSE), COALESCE(ms.support_access_consent, FALSE)
		 FROM memberships m JOIN users u ON u.id = m.user_id
		 LEFT JOIN member_settings ms ON ms.client_id = m.client_id AND ms.user_id = m.user_id
		 WHERE m.client_id = $1 `+which+` ORDER BY u.email, u.id, m.role`, append([]any{clientID}, args...)...)
	if err != nil {
		return nil, fmt.Errorf("members of client %d: %w", clientID, err)
	}
	defer rows.Close()
	var out []*Member
	byID := map[int64]*Member{}
	for rows.Next() {
		var (
			m    Member
			role string
		)
		var scanErr error
		m.User, scanErr = scanUser(rowScanner(func(dst ...any) error {
			return rows.Scan(append(dst, &role, &m.PremiumTemplates, &m.SupportAccessConsent)...)
		}))
		if scanErr != nil {
			return nil, fmt.Errorf("scan member: %w", scanErr)
		}
		if prev, ok := byID[m.User.ID]; ok {
			prev.Role = domain.HighestRole([]domain.Role{prev.Role, domain.Role(role)})
			continue
		}
		m.Role, m.MapAccess = domain.Role(role), map[int64]domain.Access{}
		byID[m.User.ID] = &m
		out = append(out, &m)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("members of client %d: %w", clientID, err)
	}
	ids := make([]int64, len(out))
	for i, m := range out {
		ids[i] = m.User.ID
	}
	err = inChunks(ids, func(chunk []int64) error {
		return s.memberMapAccess(ctx, clientID, chunk, byID)
	})
	if err != nil {
		return nil, err
	}
	res := make([]Member, len(out))
	for i, m := range out {
		res[i] = *m
	}
	return res, nil
}

// memberMapAccess fills the explicit map accesses of the members userIDs.
func (s *Store) memberMapAccess(ctx context.Context, clientID int64, userIDs []int64, byID map[int64]*Member) error {
	rows, err := s.q.QueryContext(ctx,
		`SELECT mp.user_id, mp.map_id, mp.access FROM map_permissions mp JOIN maps mm ON mm.id = mp.map_id
		 WHERE mm.client_id = $1 AND mp.user_id IN (`+placeholders(2, len(userIDs))+`)`, idArgs(clientID, userIDs)...)
	if err != nil {
		return fmt.Errorf("map accesses of client %d: %w", clientID, err)
	}
	defer rows.Close()
	for rows.Next() {
		var (
			userID, mapID int64
			acc           string
		)
		if err := rows.Scan(&userID, &mapID, &acc); err != nil {
			return fmt.Errorf("scan map access: %w", err)
		}
		if m, ok := byID[userID]; ok {
			m.MapAccess[mapID] = domain.Access(acc)
		}
	}
	return rows.Err()
}
