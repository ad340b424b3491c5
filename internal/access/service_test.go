package access_test

import (
	"context"
	"errors"
	"slices"
	"testing"
	"time"

	"github.com/strata-maps/strata/internal/access"
	"github.com/strata-maps/strata/internal/accounts"
	"github.com/strata-maps/strata/internal/domain"
	"github.com/strata-maps/strata/internal/live"
	"github.com/strata-maps/strata/internal/store"
	"github.com/strata-maps/strata/internal/store/storetest"
)

// world is a client with a map, a member of each role and an outsider.
type world struct {
	s      *store.Store
	svc    *access.Service
	acme   domain.Client
	mapID  int64
	users  map[string]domain.User
	actors map[string]domain.Actor
}

func newWorld(t *testing.T, s *store.Store) *world {
	t.Helper()
	ctx := context.Background()
	w := &world{s: s, svc: access.New(s), users: map[string]domain.User{}, actors: map[string]domain.Actor{}}
	var err error
	if w.acme, err = s.CreateClient(ctx, "acme", "Acme"); err != nil {
		t.Fatal(err)
	}
	globex, err := s.CreateClient(ctx, "globex", "Globex")
	if err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{"guest", "student", "editor", "admin", "super", "outsider"} {
		u, err := s.CreateUser(ctx, store.NewUser{Email: name + "@example.org", Name: name, IsSuperuser: name == "super"})
		if err != nil {
			t.Fatal(err)
		}
		switch name {
		case "super":
		case "outsider":
			err = s.AddMembership(ctx, u.ID, globex.ID, domain.RoleAdmin)
		default:
			err = s.AddMembership(ctx, u.ID, w.acme.ID, domain.Role(name))
		}
		if err != nil {
			t.Fatal(err)
		}
		ms, err := s.Memberships(ctx, u.ID)
		if err != nil {
			t.Fatal(err)
		}
		w.users[name], w.actors[name] = u, domain.NewActor(u, ms)
	}
	m, err := s.CreateMap(ctx, domain.Map{ClientID: w.acme.ID, Name: "Acme map", Width: 100, Height: 100, VisibilityLevels: 1})
	if err != nil {
		t.Fatal(err)
	}
	w.mapID = m.ID
	return w
}

func code(err error) string {
	var de *domain.Error
	if errors.As(err, &de) {
		return string(de.Code)
	}
	if err == nil {
		return ok
	}
	return err.Error()
}

// The service reads the per-map access from the store and applies the
// rule: per-map none hides the map, a raise to edit lets a guest edit,
// and clearing it (null) gives the role back.
func TestServiceMapFor(t *testing.T) {
	storetest.Each(t, func(t *testing.T, s *store.Store) {
		ctx := context.Background()
		w := newWorld(t, s)
		check := func(who string, act access.Action, want string) {
			t.Helper()
			_, err := w.svc.MapFor(ctx, w.actors[who], w.mapID, act)
			if got := code(err); got != want {
				t.Errorf("%s %s: %s (%v), want %s", who, act, got, err, want)
			}
		}
		check("guest", access.Read, ok)
		check("guest", access.Edit, forbid)
		check("student", access.Publish, ok)
		check("admin", access.SetPermissions, ok)
		check("editor", access.BreakLock, forbid)
		check("outsider", access.Read, notFound)
		check("super", access.SetPermissions, ok)
		if _, err := w.svc.MapFor(ctx, w.actors["super"], w.mapID+1000, access.Read); code(err) != notFound {
			t.Errorf("a map that does not exist: %v, want not_found", err)
		}

		set := func(who string, acc domain.Access) {
			t.Helper()
			if err := s.SetMapAccess(ctx, w.mapID, w.users[who].ID, acc); err != nil {
				t.Fatal(err)
			}
		}
		set("guest", domain.AccessEdit)
		check("guest", access.Edit, ok)
		set("student", domain.AccessNone)
		check("student", access.Read, notFound)
		set("admin", domain.AccessRead)
		check("admin", access.Edit, forbid)
		check("admin", access.SetPermissions, ok)
		set("guest", "") // null: the role decides again
		check("guest", access.Edit, forbid)

		w.acme.Active = false
		if err := s.UpdateClient(ctx, w.acme); err != nil {
			t.Fatal(err)
		}
		check("editor", access.Read, closed)
		check("super", access.Edit, ok)
	})
}

func TestServicePermissionsAndReach(t *testing.T) {
	storetest.Each(t, func(t *testing.T, s *store.Store) {
		ctx := context.Background()
		w := newWorld(t, s)
		if err := s.SetMapAccess(ctx, w.mapID, w.users["student"].ID, domain.AccessNone); err != nil {
			t.Fatal(err)
		}
		if err := s.SetMapAccess(ctx, w.mapID, w.users["guest"].ID, domain.AccessEdit); err != nil {
			t.Fatal(err)
		}
		m, err := s.MapByID(ctx, w.mapID)
		if err != nil {
			t.Fatal(err)
		}
		perms, err := w.svc.Permissions(ctx, m)
		if err != nil {
			t.Fatal(err)
		}
		want := map[int64]domain.Access{w.users["guest"].ID: "edit", w.users["student"].ID: "none",
			w.users["editor"].ID: "edit", w.users["admin"].ID: "edit"}
		if len(perms) != len(want) {
			t.Errorf("permissions %v, want %v", perms, want)
		}
		for id, acc := range want {
			if perms[id] != acc {
				t.Errorf("user %d: %q, want %q", id, perms[id], acc)
			}
		}

		// The clients' counts hold only the maps each may read.
		counts := func(who string) int {
			t.Helper()
			list, err := s.ClientSummaries(ctx, access.Reach(w.actors[who]))
			if err != nil {
				t.Fatal(err)
			}
			for _, cs := range list {
				if cs.ID == w.acme.ID {
					return cs.MapsCount
				}
			}
			return -1
		}
		if n := counts("student"); n != 0 {
			t.Errorf("student closed out of the map counts %d maps, want 0", n)
		}
		if n := counts("guest"); n != 1 {
			t.Errorf("guest counts %d maps, want 1", n)
		}
		if n := counts("super"); n != 1 {
			t.Errorf("superuser counts %d maps, want 1", n)
		}
		if n := counts("outsider"); n != -1 {
			t.Errorf("outsider sees acme with %d maps", n)
		}
	})
}

func TestLiveAnswers(t *testing.T) {
	storetest.Each(t, func(t *testing.T, s *store.Store) {
		ctx := context.Background()
		w := newWorld(t, s)
		for who, want := range map[string]live.Member{
			"guest":   {CanEdit: false, IsAdmin: false},
			"student": {CanEdit: true, IsAdmin: false},
			"admin":   {CanEdit: true, IsAdmin: true},
			"super":   {CanEdit: true, IsAdmin: true},
		} {
			got, err := w.svc.LiveMember(ctx, w.actors[who], "session", w.mapID)
			if err != nil || got.CanEdit != want.CanEdit || got.IsAdmin != want.IsAdmin || got.ClientID != w.acme.ID || got.User.ID != w.users[who].ID {
				t.Errorf("%s: %+v, %v; want can_edit %v, is_admin %v", who, got, err, want.CanEdit, want.IsAdmin)
			}
		}
		if _, err := w.svc.LiveMember(ctx, w.actors["outsider"], "s", w.mapID); !errors.Is(err, live.ErrNoAccess) {
			t.Errorf("outsider: %v, want ErrNoAccess", err)
		}
		if _, err := w.svc.LiveMember(ctx, w.actors["super"], "s", w.mapID+1000); !errors.Is(err, live.ErrNoAccess) {
			t.Errorf("no such map: %v, want ErrNoAccess", err)
		}

		la := access.LiveAccess(w.svc)
		if _, err := la.Member(ctx, "no such session", w.mapID); !errors.Is(err, live.ErrSignedOut) {
			t.Errorf("ended session: %v, want ErrSignedOut", err)
		}
		if err := s.CreateSession(ctx, store.Session{TokenHash: "h", UserID: w.users["editor"].ID, ExpiresAt: time.Now().Add(time.Hour)}); err != nil {
			t.Fatal(err)
		}
		if m, err := la.Member(ctx, "h", w.mapID); err != nil || !m.CanEdit || m.Session != "h" {
			t.Errorf("editor's session: %+v, %v", m, err)
		}
		if err := s.SetMapAccess(ctx, w.mapID, w.users["editor"].ID, domain.AccessNone); err != nil {
			t.Fatal(err)
		}
		if _, err := la.Member(ctx, "h", w.mapID); !errors.Is(err, live.ErrNoAccess) {
			t.Errorf("editor closed out by none: %v, want ErrNoAccess", err)
		}
		if found, err := la.Exists(ctx, w.mapID, "node", "12345"); err != nil || found {
			t.Errorf("a node that is not there: %v, %v", found, err)
		}
		if found, err := la.Exists(ctx, w.mapID, "node", "x"); err != nil || found {
			t.Errorf("a node id that is no number: %v, %v", found, err)
		}

		// invite_users raises members of the client only.
		grants := access.LiveGrants(w.svc, accounts.GrantMapAccess)
		got, err := grants.GrantEdit(ctx, w.mapID, []int64{w.users["guest"].ID, w.users["outsider"].ID})
		if err != nil || !slices.Equal(got, []int64{w.users["guest"].ID}) {
			t.Errorf("granted %v, %v; want only the guest", got, err)
		}
		if _, err := w.svc.MapFor(ctx, w.actors["guest"], w.mapID, access.Edit); err != nil {
			t.Errorf("the invited guest may not edit: %v", err)
		}
		if _, err := grants.GrantEdit(ctx, w.mapID, []int64{w.users["outsider"].ID}); err == nil {
			t.Error("an outsider was granted edit access")
		}
	})
}
