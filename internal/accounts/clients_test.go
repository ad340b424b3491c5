package accounts_test

import (
	"context"
	"strings"
	"testing"

	"github.com/strata-maps/strata/internal/accounts"
	"github.com/strata-maps/strata/internal/domain"
	"github.com/strata-maps/strata/internal/store"
	"github.com/strata-maps/strata/internal/store/storetest"
)

func (f *fixture) summary(t *testing.T) store.ClientSummary {
	t.Helper()
	cs, err := f.s.ClientSummary(context.Background(), f.client.Name, store.MapReach{All: true})
	if err != nil {
		t.Fatal(err)
	}
	return cs
}

func TestClientsAreCreatedAndListedBySuperusers(t *testing.T) {
	storetest.Each(t, func(t *testing.T, s *store.Store) {
		f, ctx := newFixture(t, s), context.Background()
		admin, root := f.actor(t, f.admin), f.superuser(t)
		_, err := f.svc.CreateClient(ctx, admin, accounts.NewClient{Name: "beta", Title: "Beta"})
		wantCode(t, err, domain.CodeForbidden)
		_, err = f.svc.CreateClient(ctx, root, accounts.NewClient{Name: "Not A Slug", Title: " "})
		wantCode(t, err, domain.CodeInvalid)
		c, err := f.svc.CreateClient(ctx, root, accounts.NewClient{Name: "beta", Title: "  Beta  "})
		if err != nil || c.Title != "Beta" || !c.Active {
			t.Fatalf("created %+v %v", c, err)
		}
		mine, err := f.svc.Clients(ctx, admin)
		if err != nil || len(mine) != 1 || mine[0].Name != "acme" {
			t.Fatalf("an admin's clients %+v %v", mine, err)
		}
		all, err := f.svc.Clients(ctx, root)
		if err != nil || len(all) != 2 {
			t.Fatalf("a superuser's clients %+v %v", all, err)
		}
	})
}

func TestDeactivatedClientCannotBeChanged(t *testing.T) {
	storetest.Each(t, func(t *testing.T, s *store.Store) {
		f, ctx := newFixture(t, s), context.Background()
		admin, root := f.actor(t, f.admin), f.superuser(t)
		_, err := f.svc.UpdateClient(ctx, admin, f.summary(t), accounts.ClientChange{Active: ptr(false)})
		wantCode(t, err, domain.CodeForbidden)
		cs, err := f.svc.UpdateClient(ctx, root, f.summary(t), accounts.ClientChange{Active: ptr(false)})
		if err != nil || cs.Active {
			t.Fatalf("deactivated %+v %v", cs, err)
		}
		if len(f.rechecks.clients) != 1 {
			t.Fatalf("rechecks of clients %v", f.rechecks.clients)
		}
		_, err = f.svc.UpdateClient(ctx, root, f.summary(t), accounts.ClientChange{Title: ptr("Renamed")})
		wantCode(t, err, domain.CodeConflict)
		_, err = f.svc.UpdateClientSettings(ctx, f.summary(t).Client, accounts.ClientSettingsChange{CompanyName: ptr("Acme Ltd")})
		wantCode(t, err, domain.CodeConflict)
		ed := f.user(t, "ed@example.org", domain.RoleEditor)
		wantCode(t, f.svc.ChangeMember(ctx, accounts.MemberChange{Client: f.summary(t).Client, UserID: ed.ID, Role: ptr("guest")}), domain.CodeConflict)
		_, err = f.svc.Invite(ctx, accounts.Invite{Client: f.summary(t).Client, Inviter: f.admin, Email: "new@example.org", Role: "guest"})
		wantCode(t, err, domain.CodeConflict)
		if got := f.summary(t); got.Title != "Acme" {
			t.Fatalf("title %q", got.Title)
		}

		// Reactivating, and renaming with it, is allowed.
		cs, err = f.svc.UpdateClient(ctx, root, f.summary(t), accounts.ClientChange{Active: ptr(true), Title: ptr("Acme Two")})
		if err != nil || !cs.Active || cs.Title != "Acme Two" {
			t.Fatalf("reactivated %+v %v", cs, err)
		}
		set, err := f.svc.UpdateClientSettings(ctx, cs.Client, accounts.ClientSettingsChange{CompanyName: ptr(" Acme Ltd "), Subdomain: ptr("ACME")})
		if err != nil || set.CompanyName != "Acme Ltd" || set.Subdomain != "acme" {
			t.Fatalf("settings %+v %v", set, err)
		}
	})
}

func TestDeletingAClientNeedsDeactivation(t *testing.T) {
	storetest.Each(t, func(t *testing.T, s *store.Store) {
		f, ctx := newFixture(t, s), context.Background()
		admin, root := f.actor(t, f.admin), f.superuser(t)
		wantCode(t, f.svc.DeleteClient(ctx, root, f.client), domain.CodeConflict)
		cs, err := f.svc.UpdateClient(ctx, root, f.summary(t), accounts.ClientChange{Active: ptr(false)})
		if err != nil {
			t.Fatal(err)
		}
		wantCode(t, f.svc.DeleteClient(ctx, admin, cs.Client), domain.CodeForbidden)
		if err := f.svc.DeleteClient(ctx, root, cs.Client); err != nil {
			t.Fatal(err)
		}
		_, err = s.ClientByID(ctx, f.client.ID)
		wantCode(t, err, domain.CodeNotFound)
	})
}

func TestAccessRequestsReachTheAdmins(t *testing.T) {
	storetest.Each(t, func(t *testing.T, s *store.Store) {
		f, ctx := newFixture(t, s), context.Background()
		guest := f.user(t, "guest@example.org", domain.RoleGuest)
		a := f.actor(t, guest)
		err := f.svc.RequestAccess(ctx, a, accounts.AccessRequest{Client: f.client, Message: strings.Repeat("x", 2001)})
		wantCode(t, err, domain.CodeInvalid)
		err = f.svc.RequestAccess(ctx, a, accounts.AccessRequest{Client: f.client, Message: "hi", MapID: ptr(int64(12345))})
		wantCode(t, err, domain.CodeNotFound)
		if err := f.svc.RequestAccess(ctx, a, accounts.AccessRequest{Client: f.client, Message: " please "}); err != nil {
			t.Fatal(err)
		}
		if f.mails.count(f.admin.Email) != 1 {
			t.Fatal("the admin was not mailed")
		}
		page, err := f.svc.AccessRequests(ctx, f.client.ID, domain.PageQuery{})
		if list := page.Requests; err != nil || len(list) != 1 || list[0].Message != "please" || list[0].UserID != guest.ID || page.NextCursor != nil {
			t.Fatalf("requests %+v %v", page, err)
		}
		for err == nil {
			err = f.svc.RequestAccess(ctx, a, accounts.AccessRequest{Client: f.client})
		}
		wantCode(t, err, domain.CodeRateLimited)
	})
}

func TestClientsOfOthersDoNotExist(t *testing.T) {
	storetest.Each(t, func(t *testing.T, s *store.Store) {
		f, ctx := newFixture(t, s), context.Background()
		_, err := f.svc.ClientFor(ctx, f.actor(t, f.ann), "acme", domain.RoleGuest)
		wantCode(t, err, domain.CodeNotFound)
		guest := f.actor(t, f.user(t, "guest@example.org", domain.RoleGuest))
		_, err = f.svc.ClientFor(ctx, guest, "acme", domain.RoleAdmin)
		wantCode(t, err, domain.CodeForbidden)
		cs, err := f.svc.ClientFor(ctx, guest, "acme", domain.RoleGuest)
		if err != nil || cs.ID != f.client.ID || cs.UsersCount != 2 {
			t.Fatalf("client %+v %v", cs, err)
		}
		if _, err := f.svc.ClientFor(ctx, f.superuser(t), "acme", domain.RoleAdmin); err != nil {
			t.Fatal(err)
		}
	})
}
