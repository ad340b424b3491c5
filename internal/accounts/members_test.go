package accounts_test

import (
	"context"
	"testing"

	"github.com/strata-maps/strata/internal/accounts"
	"github.com/strata-maps/strata/internal/domain"
	"github.com/strata-maps/strata/internal/store"
	"github.com/strata-maps/strata/internal/store/storetest"
)

func ptr[T any](v T) *T { return &v }

func TestLastAdminCannotBeRemovedOrDemoted(t *testing.T) {
	storetest.Each(t, func(t *testing.T, s *store.Store) {
		f, ctx := newFixture(t, s), context.Background()
		demote := accounts.MemberChange{Client: f.client, UserID: f.admin.ID, Role: ptr("editor")}
		wantCode(t, f.svc.ChangeMember(ctx, demote), domain.CodeConflict)
		wantCode(t, f.svc.RemoveMember(ctx, f.client, f.admin.ID), domain.CodeConflict)
		if r := roleIn(t, s, f.admin.ID, f.client.Name); r != domain.RoleAdmin {
			t.Fatalf("the last admin is %q", r)
		}
		// Settings of the last admin may change; only the role is kept.
		if err := f.svc.ChangeMember(ctx, accounts.MemberChange{Client: f.client, UserID: f.admin.ID, Role: ptr("admin"), PremiumTemplates: ptr(true)}); err != nil {
			t.Fatal(err)
		}

		other := f.user(t, "other@example.org", domain.RoleAdmin)
		if err := f.svc.ChangeMember(ctx, demote); err != nil {
			t.Fatal(err)
		}
		if r := roleIn(t, s, f.admin.ID, f.client.Name); r != domain.RoleEditor {
			t.Fatalf("demoted to %q", r)
		}
		wantCode(t, f.svc.RemoveMember(ctx, f.client, other.ID), domain.CodeConflict)
	})
}

func TestRemovedMemberLosesAccess(t *testing.T) {
	storetest.Each(t, func(t *testing.T, s *store.Store) {
		f, ctx := newFixture(t, s), context.Background()
		ed := f.user(t, "ed@example.org", domain.RoleEditor)
		if !f.actor(t, ed).IsMember(f.client.Name) {
			t.Fatal("not a member to begin with")
		}
		if err := f.svc.RemoveMember(ctx, f.client, ed.ID); err != nil {
			t.Fatal(err)
		}
		if f.actor(t, ed).IsMember(f.client.Name) {
			t.Fatal("still a member")
		}
		if !f.rechecks.user(ed.ID) {
			t.Fatal("the live channel was not told to recheck the removed user")
		}
		wantCode(t, f.svc.RemoveMember(ctx, f.client, ed.ID), domain.CodeNotFound)
		wantCode(t, f.svc.RemoveMember(ctx, f.client, f.ann.ID), domain.CodeNotFound)
	})
}

func TestMemberChangeIsValidatedAsAWhole(t *testing.T) {
	storetest.Each(t, func(t *testing.T, s *store.Store) {
		f, ctx := newFixture(t, s), context.Background()
		ed := f.user(t, "ed@example.org", domain.RoleEditor)
		err := f.svc.ChangeMember(ctx, accounts.MemberChange{Client: f.client, UserID: ed.ID, Role: ptr("boss"),
			MapAccess: map[string]*domain.AccessGrant{"999": ptr(domain.AccessGrant(domain.AccessEdit))}})
		var de *domain.Error
		if domain.ErrorCode(err) != domain.CodeInvalid || !asError(err, &de) || de.Details()["role"] == "" || de.Details()["map_access.999"] == "" {
			t.Fatalf("error %v", err)
		}
		if r := roleIn(t, s, ed.ID, f.client.Name); r != domain.RoleEditor {
			t.Fatalf("changed to %q by an invalid change", r)
		}
	})
}

func TestSeatsCountGuestsAndReadersOnce(t *testing.T) {
	storetest.Each(t, func(t *testing.T, s *store.Store) {
		f, ctx := newFixture(t, s), context.Background()
		root := f.superuser(t)
		if _, err := f.svc.SetQuotas(ctx, root, f.client.ID, map[domain.QuotaKind]*int{domain.QuotaActiveReaders: ptr(2)}); err != nil {
			t.Fatal(err)
		}
		readers := func() int {
			t.Helper()
			qs, err := f.svc.Quotas(ctx, f.client.ID)
			if err != nil {
				t.Fatal(err)
			}
			return qs[domain.QuotaActiveReaders].Count
		}
		guest := f.user(t, "guest@example.org", domain.RoleGuest)
		if err := f.svc.JoinAsReader(ctx, f.client.ID, guest.ID); err != nil {
			t.Fatal(err)
		}
		if n := readers(); n != 1 {
			t.Fatalf("a guest who is also a reader takes %d seats", n)
		}
		if err := f.svc.JoinAsReader(ctx, f.client.ID, f.ann.ID); err != nil {
			t.Fatal(err)
		}
		if n := readers(); n != 2 {
			t.Fatalf("%d seats taken, want 2", n)
		}
		rita := f.user(t, "rita@example.org", "")
		wantCode(t, f.svc.JoinAsReader(ctx, f.client.ID, rita.ID), domain.CodeQuotaExceeded)
		// An editor made guest would take a third seat.
		ed := f.user(t, "ed@example.org", domain.RoleEditor)
		wantCode(t, f.svc.ChangeMember(ctx, accounts.MemberChange{Client: f.client, UserID: ed.ID, Role: ptr("guest")}), domain.CodeQuotaExceeded)
		// Removing a reader frees their seat, and closes their maps.
		if err := f.svc.RemoveReader(ctx, f.client.ID, f.ann.ID); err != nil {
			t.Fatal(err)
		}
		if !f.rechecks.user(f.ann.ID) {
			t.Fatal("the removed reader's maps were not rechecked")
		}
		if err := f.svc.JoinAsReader(ctx, f.client.ID, rita.ID); err != nil {
			t.Fatal(err)
		}
		wantCode(t, f.svc.RemoveReader(ctx, f.client.ID, f.ann.ID), domain.CodeNotFound)
	})
}
