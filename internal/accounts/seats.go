package accounts

import (
	"context"

	"github.com/strata-maps/strata/internal/domain"
	"github.com/strata-maps/strata/internal/store"
)

// Seats. A member holds a user seat and, besides, an editing-user seat when
// they may edit (a role from student up, or a guest raised to edit one map
// by a per-map access) or an active-reader seat when they only read. An open
// invitation (unused, unexpired) holds the seats its invitee will take, so
// that the admin is refused when sending the one past the limit, not its
// invitee when accepting it. Every check runs in the transaction of the
// change, with the client's row locked: two concurrent changes for the last
// seat run one after the other, and the second sees the first.

// seatKind is the seat a member with role (and, for a guest, a per-map
// "edit" on some map of the client) holds besides the user seat.
func seatKind(role domain.Role, editGrant bool) domain.QuotaKind {
	if editGrant {
		return domain.QuotaEditingUser
	}
	return domain.SeatKind(role)
}

// requireFreeSeat refuses one more seat of kind when members and pending
// invitations hold every one. It locks the client for the transaction.
func requireFreeSeat(ctx context.Context, tx *store.Store, clientID int64, kind domain.QuotaKind) error {
	if err := tx.LockClient(ctx, clientID); err != nil {
		return err
	}
	q, err := tx.Quota(ctx, clientID, kind)
	if err != nil || q.Max == nil {
		return err
	}
	pending, err := tx.PendingSeats(ctx, clientID, kind)
	if err != nil {
		return err
	}
	if !q.Allows(pending + 1) {
		return domain.SeatsError(q, pending)
	}
	return nil
}

// requireInvitationSeats is the check of an invitation being sent: the
// seats its invitee would take that no membership or other open invitation
// of the address holds already must be free.
func requireInvitationSeats(ctx context.Context, tx *store.Store, clientID int64, email string, userID int64, role domain.Role) error {
	if err := tx.LockClient(ctx, clientID); err != nil {
		return err
	}
	var held domain.QuotaKind // the kind the address holds as a member, "" for none
	if userID != 0 {
		m, err := tx.ClientMember(ctx, clientID, userID)
		switch {
		case err == nil:
			grant, err := tx.HasEditGrant(ctx, clientID, userID)
			if err != nil {
				return err
			}
			held = seatKind(m.Role, grant)
		case !isNotFound(err):
			return err
		}
	}
	need := []domain.QuotaKind{domain.SeatKind(role)}
	if held == domain.SeatKind(role) {
		need = nil
	}
	if held == "" {
		need = append([]domain.QuotaKind{domain.QuotaUser}, need...)
	}
	for _, kind := range need {
		invited, err := tx.HasOpenInvitation(ctx, clientID, email, kind)
		if err != nil {
			return err
		}
		if invited {
			continue // that invitation holds the seat already
		}
		if err := requireFreeSeat(ctx, tx, clientID, kind); err != nil {
			return err
		}
	}
	return nil
}

// GrantMapAccess sets (or, with "", clears) a member's per-map access to
// one map of the client, in one transaction (the caller's, if st is in
// one). A guest raised to edit their first map takes an editing-user seat,
// which must be free. Whoever calls it rechecks the member's open sockets.
func GrantMapAccess(ctx context.Context, st *store.Store, clientID, mapID, userID int64, acc domain.Access) error {
	return st.Tx(ctx, func(tx *store.Store) error {
		// Locked before anything is counted or changed: a concurrent
		// change waits, and then counts this one.
		if err := tx.LockClient(ctx, clientID); err != nil {
			return err
		}
		before, err := memberSeat(ctx, tx, clientID, userID)
		if err != nil {
			return err
		}
		if err := tx.SetMapAccess(ctx, mapID, userID, acc); err != nil {
			return err
		}
		after, err := memberSeat(ctx, tx, clientID, userID)
		if err != nil || after == before {
			return err
		}
		// The member moved into another kind of seat: the counts now hold
		// them, so the kind must not be past its limit.
		return requireWithin(ctx, tx, clientID, after)
	})
}

// memberSeat is the kind of seat the member holds now.
func memberSeat(ctx context.Context, tx *store.Store, clientID, userID int64) (domain.QuotaKind, error) {
	m, err := tx.ClientMember(ctx, clientID, userID)
	if err != nil {
		return "", err
	}
	grant, err := tx.HasEditGrant(ctx, clientID, userID)
	if err != nil {
		return "", err
	}
	return seatKind(m.Role, grant), nil
}

// requireWithin refuses a change already made in the transaction that left
// more seats of kind taken (members and pending invitations) than the
// limit allows; the caller's transaction then rolls it back. The caller
// locked the client before the change.
func requireWithin(ctx context.Context, tx *store.Store, clientID int64, kind domain.QuotaKind) error {
	q, err := tx.Quota(ctx, clientID, kind)
	if err != nil || q.Max == nil {
		return err
	}
	pending, err := tx.PendingSeats(ctx, clientID, kind)
	if err != nil {
		return err
	}
	if !q.Allows(pending) {
		q.Count-- // the one being added is not told as a member
		return domain.SeatsError(q, pending)
	}
	return nil
}
