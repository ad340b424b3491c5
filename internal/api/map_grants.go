package api

import (
	"context"
	"fmt"

	"github.com/strata-maps/strata/internal/domain"
	"github.com/strata-maps/strata/internal/live"
	"github.com/strata-maps/strata/internal/store"
)

// Grants is the live channel's invite_users, by the map permissions' rule
// (setMapPermissions): edit access to the map goes only to members of its
// client.
func Grants(st *store.Store) live.Grants { return mapGrants{st} }

type mapGrants struct{ st *store.Store }

// GrantEdit gives edit access to the map to those of userIDs who are
// members of its client, and answers them.
func (g mapGrants) GrantEdit(ctx context.Context, mapID int64, userIDs []int64) ([]int64, error) {
	members, err := g.st.MapUsers(ctx, mapID)
	if err != nil {
		return nil, err
	}
	isMember := map[int64]bool{}
	for _, u := range members {
		isMember[u.UserID] = true
	}
	var granted []int64
	for _, id := range userIDs {
		if !isMember[id] {
			continue
		}
		if err := g.st.SetMapAccess(ctx, mapID, id, domain.AccessEdit); err != nil {
			return granted, fmt.Errorf("grant edit on map %d to user %d: %w", mapID, id, err)
		}
		granted = append(granted, id)
	}
	if len(granted) == 0 {
		return nil, fmt.Errorf("none of these users belongs to the map's organisation")
	}
	return granted, nil
}
