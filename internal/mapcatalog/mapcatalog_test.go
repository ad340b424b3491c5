package mapcatalog_test

import (
	"context"
	"testing"

	"github.com/strata-maps/strata/internal/domain"
	"github.com/strata-maps/strata/internal/editing"
	"github.com/strata-maps/strata/internal/mapcatalog"
	"github.com/strata-maps/strata/internal/store"
	"github.com/strata-maps/strata/internal/store/storetest"
)

type fixture struct {
	s                      *store.Store
	svc                    *mapcatalog.Service
	client                 domain.Client
	admin, editor, student domain.Actor
}

func newFixture(t *testing.T, s *store.Store) *fixture {
	t.Helper()
	ctx := context.Background()
	f := &fixture{s: s, svc: mapcatalog.New(s, editing.New(s, nil))}
	var err error
	if f.client, err = s.CreateClient(ctx, "acme", "Acme"); err != nil {
		t.Fatal(err)
	}
	user := func(name string, role domain.Role) domain.Actor {
		u, err := s.CreateUser(ctx, store.NewUser{Email: name + "@example.org", Name: name})
		if err != nil {
			t.Fatal(err)
		}
		if err := s.AddMembership(ctx, u.ID, f.client.ID, role); err != nil {
			t.Fatal(err)
		}
		ms, err := s.Memberships(ctx, u.ID)
		if err != nil {
			t.Fatal(err)
		}
		return domain.NewActor(u, ms)
	}
	f.admin, f.editor, f.student = user("admin", domain.RoleAdmin), user("editor", domain.RoleEditor), user("student", domain.RoleStudent)
	return f
}

func wantCode(t *testing.T, err error, code string) {
	t.Helper()
	if domain.ErrorCode(err) != code {
		t.Fatalf("error %v, want %s", err, code)
	}
}

func TestCreateFollowsTheClientsRules(t *testing.T) {
	storetest.Each(t, func(t *testing.T, s *store.Store) {
		f, ctx := newFixture(t, s), context.Background()
		_, err := f.svc.Create(ctx, f.editor, f.client, editing.NewMap{Name: "Both", FromTemplate: 1, FromBuiltin: "mind-map"})
		wantCode(t, err, domain.CodeInvalid)
		_, err = f.svc.Create(ctx, f.editor, f.client, editing.NewMap{Name: "Premium", FromBuiltin: "business-model"})
		wantCode(t, err, domain.CodeForbidden)
		if m, err := f.svc.Create(ctx, f.admin, f.client, editing.NewMap{Name: "Premium", FromBuiltin: "business-model"}); err != nil || m.Name != "Premium" {
			t.Fatalf("an admin's premium map: %+v %v", m, err)
		}
		one := 1
		if err := s.SetQuotas(ctx, f.client.ID, map[domain.QuotaKind]*int{domain.QuotaMap: &one}); err != nil {
			t.Fatal(err)
		}
		_, err = f.svc.Create(ctx, f.editor, f.client, editing.NewMap{Name: "Past the quota", Width: 100, Height: 100, Levels: 2})
		if err == nil {
			t.Fatal("a map past the quota was created")
		}
		inactive := f.client
		inactive.Active = false
		_, err = f.svc.Create(ctx, f.admin, inactive, editing.NewMap{Name: "Deactivated"})
		wantCode(t, err, domain.CodeConflict)
	})
}

func TestOverviewCloneAndDelete(t *testing.T) {
	storetest.Each(t, func(t *testing.T, s *store.Store) {
		f, ctx := newFixture(t, s), context.Background()
		m, err := f.svc.Create(ctx, f.student, f.client, editing.NewMap{Name: "Plan", Width: 100, Height: 100, Levels: 2})
		if err != nil {
			t.Fatal(err)
		}
		hidden, err := f.svc.Create(ctx, f.admin, f.client, editing.NewMap{Name: "Board only", Width: 100, Height: 100, Levels: 2})
		if err != nil {
			t.Fatal(err)
		}
		if err := s.SetMapAccess(ctx, hidden.ID, f.student.User.ID, domain.AccessNone); err != nil {
			t.Fatal(err)
		}
		page, err := f.svc.Overview(ctx, f.student, f.client, domain.PageQuery{})
		if list := page.Entries; err != nil || len(list) != 1 || list[0].ID != m.ID || list[0].LiveStatus != domain.StatusNotPublished {
			t.Fatalf("the student's overview: %+v %v", page, err)
		}
		if page, _ = f.svc.Overview(ctx, f.admin, f.client, domain.PageQuery{}); len(page.Entries) != 2 {
			t.Fatalf("the admin sees %d maps, want 2", len(page.Entries))
		}

		clone, err := f.svc.Clone(ctx, f.editor, m, mapcatalog.Clone{Name: "Plan B"})
		if err != nil || clone.Name != "Plan B" || clone.ID == m.ID {
			t.Fatalf("clone: %+v %v", clone, err)
		}
		wantCode(t, f.svc.Delete(ctx, f.student, clone), domain.CodeForbidden)
		if err := f.svc.Delete(ctx, f.editor, clone); err != nil {
			t.Fatal(err)
		}
		_, err = s.MapByID(ctx, clone.ID)
		wantCode(t, err, domain.CodeNotFound)
	})
}

func TestTemplatesAreTheirAuthorsAndAdmins(t *testing.T) {
	storetest.Each(t, func(t *testing.T, s *store.Store) {
		f, ctx := newFixture(t, s), context.Background()
		tpl, err := f.svc.Create(ctx, f.student, f.client, editing.NewMap{Name: "Mine", Width: 100, Height: 100, Levels: 2, AsTemplate: true, Theme: "basic"})
		if err != nil {
			t.Fatal(err)
		}
		builtins, own, err := f.svc.Templates(ctx, f.student, f.client)
		if err != nil || len(builtins) == 0 || len(own) != 1 || !own[0].Mine || own[0].ID != tpl.ID {
			t.Fatalf("templates: %d built-in, %+v %v", len(builtins), own, err)
		}
		if _, own, _ = f.svc.Templates(ctx, f.editor, f.client); own[0].Mine {
			t.Fatal("another's template is listed as the editor's")
		}
		name := "Renamed"
		_, err = f.svc.UpdateTemplate(ctx, f.editor, f.client, tpl.ID, editing.TemplateInfo{Name: &name})
		if err != mapcatalog.ErrTemplateAuthor {
			t.Fatalf("an editor changed another's template: %v", err)
		}
		if m, err := f.svc.UpdateTemplate(ctx, f.student, f.client, tpl.ID, editing.TemplateInfo{Name: &name}); err != nil || m.Name != name {
			t.Fatalf("the author's change: %+v %v", m, err)
		}
		plain, err := f.svc.Create(ctx, f.admin, f.client, editing.NewMap{Name: "Not a template", Width: 100, Height: 100, Levels: 2})
		if err != nil {
			t.Fatal(err)
		}
		wantCode(t, f.svc.DeleteTemplate(ctx, f.admin, f.client, plain.ID), domain.CodeNotFound)
		wantCode(t, f.svc.DeleteTemplate(ctx, f.editor, f.client, tpl.ID), domain.CodeForbidden)
		if err := f.svc.DeleteTemplate(ctx, f.admin, f.client, tpl.ID); err != nil {
			t.Fatal(err)
		}
	})
}
