package accounts_test

import (
	"context"
	"testing"

	"github.com/strata-maps/strata/internal/accounts"
	"github.com/strata-maps/strata/internal/domain"
	"github.com/strata-maps/strata/internal/store"
	"github.com/strata-maps/strata/internal/store/storetest"
)

func TestUsersSeeOnlyThemselves(t *testing.T) {
	storetest.Each(t, func(t *testing.T, s *store.Store) {
		f, ctx := newFixture(t, s), context.Background()
		_, err := f.svc.User(ctx, f.actor(t, f.ann), f.admin.ID)
		wantCode(t, err, domain.CodeNotFound)
		a, err := f.svc.User(ctx, f.superuser(t), f.admin.ID)
		if err != nil || a.User.ID != f.admin.ID || a.RoleIn(f.client.Name) != domain.RoleAdmin {
			t.Fatalf("user %+v %v", a, err)
		}
	})
}

func TestProfileChange(t *testing.T) {
	storetest.Each(t, func(t *testing.T, s *store.Store) {
		f, ctx := newFixture(t, s), context.Background()
		_, err := f.svc.UpdateProfile(ctx, f.ann, f.ann, accounts.ProfileChange{FirstName: ptr("A\nB"), Language: ptr("xx")})
		var de *domain.Error
		if !asError(err, &de) || de.Details()["first_name"] == "" || de.Details()["language"] == "" {
			t.Fatalf("error %v", err)
		}
		p, err := f.svc.UpdateProfile(ctx, f.ann, f.ann, accounts.ProfileChange{FirstName: ptr(" Ann "), Surname: ptr("Lee"), Language: ptr("fr"),
			Preferences: &accounts.Preferences{RemovalConfirmation: ptr(true)}})
		if err != nil || p.User.Name != "Ann Lee" || p.PendingEmail != "" {
			t.Fatalf("profile %+v %v", p, err)
		}
		u, err := s.UserByID(ctx, f.ann.ID)
		if err != nil || u.Name != "Ann Lee" || u.Language == nil || *u.Language != "fr" || !u.Preferences.RemovalConfirmation {
			t.Fatalf("stored %+v %v", u, err)
		}
		// A new address needs the password, and a wrong one changes nothing.
		_, err = f.svc.UpdateProfile(ctx, u, u, accounts.ProfileChange{Name: ptr("Nope"), Email: ptr("ann2@example.org"), CurrentPassword: "wrong"})
		wantCode(t, err, domain.CodeInvalid)
		if u, _ := s.UserByID(ctx, f.ann.ID); u.Name != "Ann Lee" {
			t.Fatalf("name %q after a refused change", u.Name)
		}
		p, err = f.svc.UpdateProfile(ctx, u, u, accounts.ProfileChange{Email: ptr("ann2@example.org"), CurrentPassword: password})
		if err != nil || p.PendingEmail != "ann2@example.org" || p.User.Email != f.ann.Email {
			t.Fatalf("profile %+v %v", p, err)
		}
	})
}
