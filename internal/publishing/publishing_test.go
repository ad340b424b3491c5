package publishing_test

import (
	"context"
	"io"
	"log/slog"
	"strings"
	"testing"

	"github.com/strata-maps/strata/internal/domain"
	"github.com/strata-maps/strata/internal/editing"
	"github.com/strata-maps/strata/internal/publishing"
	"github.com/strata-maps/strata/internal/store"
	"github.com/strata-maps/strata/internal/store/storetest"
)

type fixture struct {
	t      *testing.T
	s      *store.Store
	svc    *publishing.Service
	client domain.Client
	// Actors by role in acme; outsider belongs to no client, reader is a
	// registered reader of acme.
	admin, editor, student, outsider, reader domain.Actor
	mapID                                    int64
}

func newFixture(t *testing.T, s *store.Store) *fixture {
	t.Helper()
	ctx := context.Background()
	f := &fixture{t: t, s: s}
	f.svc = publishing.New(publishing.Config{Store: s, Editing: editing.New(s, nil), Log: slog.New(slog.NewTextHandler(io.Discard, nil))})
	t.Cleanup(f.svc.Wait)
	var err error
	if f.client, err = s.CreateClient(ctx, "acme", "Acme"); err != nil {
		t.Fatal(err)
	}
	user := func(name string, role domain.Role) domain.Actor {
		u, err := s.CreateUser(ctx, store.NewUser{Email: name + "@example.org", Name: name})
		if err != nil {
			t.Fatal(err)
		}
		if role != "" {
			if err := s.AddMembership(ctx, u.ID, f.client.ID, role); err != nil {
				t.Fatal(err)
			}
		}
		ms, err := s.Memberships(ctx, u.ID)
		if err != nil {
			t.Fatal(err)
		}
		return domain.NewActor(u, ms)
	}
	f.admin, f.editor, f.student = user("admin", domain.RoleAdmin), user("editor", domain.RoleEditor), user("student", domain.RoleStudent)
	f.outsider, f.reader = user("outsider", ""), user("reader", "")
	if err := s.AddReader(ctx, f.client.ID, f.reader.User.ID); err != nil {
		t.Fatal(err)
	}
	m, err := s.CreateMap(ctx, domain.Map{ClientID: f.client.ID, Name: "Acme plan", Description: "Where Acme goes", Width: 2000, Height: 1000, VisibilityLevels: 4})
	if err != nil {
		t.Fatal(err)
	}
	f.mapID = m.ID
	return f
}

// theMap is the map as it is stored now.
func (f *fixture) theMap() domain.Map {
	f.t.Helper()
	m, err := f.s.MapByID(context.Background(), f.mapID)
	if err != nil {
		f.t.Fatal(err)
	}
	return m
}

// node adds a node with a German title.
func (f *fixture) node(title string, hidden bool) int64 {
	f.t.Helper()
	n, err := f.s.InsertNode(context.Background(), f.mapID, domain.Node{Template: "0", Design: domain.Design{"shape": "circle"},
		Visibility: domain.Visibility{MinLevel: 1, MaxLevel: 4, Hidden: hidden},
		Content:    map[domain.Language]domain.NodeContent{domain.LangDE: {Title: title, SEODescription: title + " for search"}}})
	if err != nil {
		f.t.Fatal(err)
	}
	return n.ID
}

// published publishes the map at url with the access mode and sets it live.
func (f *fixture) published(url string, mode domain.AccessMode) {
	f.t.Helper()
	ctx := context.Background()
	m := string(mode)
	if _, err := f.svc.ChangeSettings(ctx, f.admin, f.theMap(), publishing.Settings{URL: &url, AccessMode: &m}); err != nil {
		f.t.Fatal(err)
	}
	if _, err := f.svc.Publish(ctx, f.admin, f.theMap(), editing.VersionNote{Name: "first"}); err != nil {
		f.t.Fatal(err)
	}
	if _, err := f.svc.SetLive(ctx, f.admin, f.theMap(), true); err != nil {
		f.t.Fatal(err)
	}
}

func wantCode(t *testing.T, err error, code string) {
	t.Helper()
	if domain.ErrorCode(err) != code {
		t.Fatalf("error %v, want %s", err, code)
	}
}

func TestOnlyAdminsAndEditorsPublish(t *testing.T) {
	storetest.Each(t, func(t *testing.T, s *store.Store) {
		f, ctx := newFixture(t, s), context.Background()
		_, err := f.svc.Publish(ctx, f.student, f.theMap(), editing.VersionNote{})
		wantCode(t, err, domain.CodeForbidden)
		_, err = f.svc.SaveVersion(ctx, f.student, f.theMap(), editing.VersionNote{})
		wantCode(t, err, domain.CodeForbidden)
		vs, err := f.svc.Versions(ctx, f.theMap(), domain.PageQuery{})
		if err != nil || len(vs.Versions) != 0 {
			t.Fatalf("a refused publish stored %d versions (%v)", len(vs.Versions), err)
		}

		c, err := f.svc.Publish(ctx, f.editor, f.theMap(), editing.VersionNote{Name: " v1 "})
		if err != nil || c.Publication.Live == nil || c.Publication.Live.Name != "v1" || c.Revision != f.theMap().Revision {
			t.Fatalf("published %+v %v", c, err)
		}
		saved, err := f.svc.SaveVersion(ctx, f.admin, f.theMap(), editing.VersionNote{Name: "kept"})
		if err != nil || saved.Kind != domain.VersionSaved {
			t.Fatalf("saved %+v %v", saved, err)
		}
		_, err = f.svc.PublishVersion(ctx, f.student, f.theMap(), saved.ID)
		wantCode(t, err, domain.CodeForbidden)
		if c, err = f.svc.PublishVersion(ctx, f.admin, f.theMap(), saved.ID); err != nil || c.Publication.Live.ID != saved.ID {
			t.Fatalf("published the kept version: %+v %v", c, err)
		}
		_, err = f.svc.TakeDown(ctx, f.student, f.theMap())
		wantCode(t, err, domain.CodeForbidden)
		if c, err = f.svc.TakeDown(ctx, f.editor, f.theMap()); err != nil || c.Publication.Live != nil {
			t.Fatalf("taken down: %+v %v", c, err)
		}
		if vs, _ = f.svc.Versions(ctx, f.theMap(), domain.PageQuery{}); len(vs.Versions) != 2 {
			t.Fatalf("%d versions, want 2 kept after taking down", len(vs.Versions))
		}
	})
}

func TestRestoreAndResetReplaceTheWorkingCopy(t *testing.T) {
	storetest.Each(t, func(t *testing.T, s *store.Store) {
		f, ctx := newFixture(t, s), context.Background()
		kept := f.node("Kept", false)
		first, err := f.svc.SaveVersion(ctx, f.admin, f.theMap(), editing.VersionNote{Name: "one node"})
		if err != nil {
			t.Fatal(err)
		}
		if _, err := f.svc.Publish(ctx, f.admin, f.theMap(), editing.VersionNote{}); err != nil {
			t.Fatal(err)
		}
		f.node("Added later", false)
		nodes := func() []int64 {
			ns, err := s.NodesOfMap(ctx, f.mapID)
			if err != nil {
				t.Fatal(err)
			}
			ids := []int64{}
			for _, n := range ns {
				ids = append(ids, n.ID)
			}
			return ids
		}

		_, err = f.svc.ResetToLive(ctx, f.student, f.theMap())
		wantCode(t, err, domain.CodeForbidden)
		if len(nodes()) != 2 {
			t.Fatal("a refused reset changed the working copy")
		}
		before := f.theMap().Revision
		c, err := f.svc.ResetToLive(ctx, f.editor, f.theMap())
		if err != nil || c.Revision <= before || c.Revision != f.theMap().Revision {
			t.Fatalf("reset: %+v %v", c, err)
		}
		if ids := nodes(); len(ids) != 1 || ids[0] != kept {
			t.Fatalf("after the reset the working copy has %v, want only %d", ids, kept)
		}

		f.node("Added again", false)
		_, err = f.svc.RestoreVersion(ctx, f.student, f.theMap(), first.ID)
		wantCode(t, err, domain.CodeForbidden)
		if _, err := f.svc.RestoreVersion(ctx, f.admin, f.theMap(), first.ID); err != nil {
			t.Fatal(err)
		}
		if ids := nodes(); len(ids) != 1 || ids[0] != kept {
			t.Fatalf("after the restore the working copy has %v, want only %d", ids, kept)
		}
	})
}

func TestSettingsAreValidatedAndAddressIsForPublishers(t *testing.T) {
	storetest.Each(t, func(t *testing.T, s *store.Store) {
		f, ctx := newFixture(t, s), context.Background()
		url, title := "acme-plan", "  Acme's plan  "
		_, err := f.svc.ChangeSettings(ctx, f.student, f.theMap(), publishing.Settings{URL: &url})
		wantCode(t, err, domain.CodeForbidden)
		st, err := f.svc.ChangeSettings(ctx, f.student, f.theMap(), publishing.Settings{SEOTitle: &title})
		if err != nil || st.Publication.SEOTitle != "Acme's plan" {
			t.Fatalf("a student's SEO title: %+v %v", st, err)
		}
		bad, long := "everyone", strings.Repeat("x", domain.SEOTitleMaxLen+1)
		_, err = f.svc.ChangeSettings(ctx, f.admin, f.theMap(), publishing.Settings{AccessMode: &bad, SEOTitle: &long})
		wantCode(t, err, domain.CodeInvalid)
		if err.(*domain.Error).Details()["access_mode"] == "" || err.(*domain.Error).Details()["seo_title"] == "" {
			t.Fatalf("details %v name both fields", err.(*domain.Error).Details())
		}
		domains, embed := "partner.example.org", true
		if _, err := f.svc.ChangeSettings(ctx, f.admin, f.theMap(), publishing.Settings{URL: &url, EmbedDomains: &domains, EmbedOnly: &embed}); err != nil {
			t.Fatal(err)
		}
		st, err = f.svc.Publication(ctx, f.theMap())
		if err != nil || st.Publication.URL != url || !st.Publication.EmbedOnly || len(st.Publication.EmbedDomains) != 1 || st.Publication.SEOTitle != "Acme's plan" {
			t.Fatalf("stored %+v %v", st.Publication, err)
		}
	})
}

func TestLiveToggleTakesASeat(t *testing.T) {
	storetest.Each(t, func(t *testing.T, s *store.Store) {
		f, ctx := newFixture(t, s), context.Background()
		one := 1
		if err := s.SetQuotas(ctx, f.client.ID, map[domain.QuotaKind]*int{domain.QuotaLiveMap: &one}); err != nil {
			t.Fatal(err)
		}
		_, err := f.svc.SetLive(ctx, f.student, f.theMap(), true)
		wantCode(t, err, domain.CodeForbidden)
		if m, err := f.svc.SetLive(ctx, f.editor, f.theMap(), true); err != nil || !m.Live {
			t.Fatalf("set live: %+v %v", m, err)
		}
		// Again: the map has its seat already.
		if _, err := f.svc.SetLive(ctx, f.editor, f.theMap(), true); err != nil {
			t.Fatal(err)
		}
		other, err := s.CreateMap(ctx, domain.Map{ClientID: f.client.ID, Name: "Other", Width: 100, Height: 100, VisibilityLevels: 2})
		if err != nil {
			t.Fatal(err)
		}
		if _, err := f.svc.SetLive(ctx, f.admin, other, true); err == nil || !strings.Contains(err.Error(), "live-map seats") {
			t.Fatalf("a second live map past the quota: %v", err)
		}
		if got, _ := s.MapByID(ctx, other.ID); got.Live {
			t.Fatal("the refused map is live")
		}
		if _, err := f.svc.SetLive(ctx, f.admin, f.theMap(), false); err != nil {
			t.Fatal(err)
		}
		if m, err := f.svc.SetLive(ctx, f.admin, other, true); err != nil || !m.Live {
			t.Fatalf("the freed seat: %+v %v", m, err)
		}
	})
}

func TestAccessModes(t *testing.T) {
	var nobody domain.Actor
	cases := []struct {
		mode domain.AccessMode
		// What nobody, the outsider, the registered reader and a student get.
		want [4]string
	}{
		{domain.AccessLimited, [4]string{domain.CodeUnauthenticated, domain.CodeNotFound, domain.CodeNotFound, ""}},
		{domain.AccessPartial, [4]string{domain.CodeUnauthenticated, domain.CodeReaderRequired, "", ""}},
		{domain.AccessAccessible, [4]string{"", "", "", ""}},
	}
	storetest.Each(t, func(t *testing.T, s *store.Store) {
		f, ctx := newFixture(t, s), context.Background()
		f.published("acme-plan", domain.AccessLimited)
		for _, c := range cases {
			mode := string(c.mode)
			if _, err := f.svc.ChangeSettings(ctx, f.admin, f.theMap(), publishing.Settings{AccessMode: &mode}); err != nil {
				t.Fatal(err)
			}
			for i, a := range []domain.Actor{nobody, f.outsider, f.reader, f.student} {
				p, err := f.svc.Published(ctx, "acme-plan", a, false)
				if domain.ErrorCode(err) != c.want[i] && !(c.want[i] == "" && err == nil) {
					t.Errorf("%s, reader %d: %v, want %q", c.mode, i, err, c.want[i])
				}
				if err == nil && p.MapID != f.mapID {
					t.Errorf("%s, reader %d: publication of map %d", c.mode, i, p.MapID)
				}
			}
		}
		// Off the overview's live toggle, nobody reads it, members included.
		if _, err := f.svc.SetLive(ctx, f.admin, f.theMap(), false); err != nil {
			t.Fatal(err)
		}
		_, err := f.svc.Published(ctx, "acme-plan", f.admin, false)
		wantCode(t, err, domain.CodeNotFound)
		_, err = f.svc.Published(ctx, "no-such-map", f.admin, false)
		wantCode(t, err, domain.CodeNotFound)
	})
}

func TestEmbedOnlyIsReadOnlyWhereEmbedded(t *testing.T) {
	storetest.Each(t, func(t *testing.T, s *store.Store) {
		f, ctx := newFixture(t, s), context.Background()
		f.node("Shown", false)
		f.published("acme-plan", domain.AccessAccessible)
		embed, domains := true, "partner.example.org"
		if _, err := f.svc.ChangeSettings(ctx, f.admin, f.theMap(), publishing.Settings{EmbedOnly: &embed, EmbedDomains: &domains}); err != nil {
			t.Fatal(err)
		}
		_, err := f.svc.Published(ctx, "acme-plan", f.admin, false)
		if err != publishing.ErrEmbedOnly {
			t.Fatalf("read outside its frame: %v", err)
		}
		if _, err := f.svc.Published(ctx, "acme-plan", f.admin, true); err != nil {
			t.Fatal(err)
		}
		page, err := f.svc.Page(ctx, "acme-plan", domain.Actor{}, false)
		if err != nil || !page.Known || !page.Refused || strings.Contains(string(page.Body), "Shown") ||
			len(page.FrameAncestors) != 1 || !strings.Contains(page.FrameAncestors[0], "partner.example.org") {
			t.Fatalf("page outside a frame: %+v %v", page, err)
		}
		page, err = f.svc.Page(ctx, "acme-plan", domain.Actor{}, true)
		if err != nil || page.Refused || !strings.Contains(string(page.Body), "<h2>Shown</h2>") {
			t.Fatalf("page in a frame: %+v %v", page, err)
		}
	})
}

func TestHiddenNodesNeverReachReaders(t *testing.T) {
	storetest.Each(t, func(t *testing.T, s *store.Store) {
		f, ctx := newFixture(t, s), context.Background()
		shown := f.node("Growth <plan>", false)
		hidden := f.node("Secret merger", true)
		f.published("acme-plan", domain.AccessAccessible)
		p, err := f.svc.Published(ctx, "acme-plan", domain.Actor{}, false)
		if err != nil {
			t.Fatal(err)
		}
		doc, err := f.svc.ReaderDocument(ctx, p)
		if err != nil || !strings.Contains(string(doc), "Growth") || strings.Contains(string(doc), "Secret") {
			t.Fatalf("the reader's document: %s %v", doc, err)
		}
		if c, err := f.svc.NodeContent(ctx, p, shown); err != nil || !strings.Contains(string(c), "Growth") {
			t.Fatalf("shown node's content: %s %v", c, err)
		}
		_, err = f.svc.NodeContent(ctx, p, hidden)
		wantCode(t, err, domain.CodeNotFound)

		page, err := f.svc.Page(ctx, "acme-plan", domain.Actor{}, false)
		head, body := string(page.Head), string(page.Body)
		if err != nil || !strings.Contains(head, "<title>Acme plan</title>") || !strings.Contains(head, `content="Where Acme goes"`) ||
			!strings.Contains(body, "<h2>Growth &lt;plan&gt;</h2>") || strings.Contains(body, "Secret") {
			t.Fatalf("the public page: %s %s %v", head, body, err)
		}
		// Who may not read it gets no outline, only the marker of a known map.
		if _, err := f.svc.ChangeSettings(ctx, f.admin, f.theMap(), publishing.Settings{AccessMode: ptr(string(domain.AccessLimited))}); err != nil {
			t.Fatal(err)
		}
		page, err = f.svc.Page(ctx, "acme-plan", domain.Actor{}, false)
		if err != nil || !page.Known || len(page.Body) != 0 || string(page.Head) != publishing.DefaultHead {
			t.Fatalf("the page for one who must sign in: %+v %v", page, err)
		}
		page, err = f.svc.Page(ctx, "acme-plan", f.outsider, false)
		if err != nil || page.Known {
			t.Fatalf("the page for an outsider: %+v %v", page, err)
		}
	})
}

func TestProtocolIsForAdmins(t *testing.T) {
	storetest.Each(t, func(t *testing.T, s *store.Store) {
		f, ctx := newFixture(t, s), context.Background()
		for range 3 {
			if _, err := f.svc.Publish(ctx, f.editor, f.theMap(), editing.VersionNote{Name: "v"}); err != nil {
				t.Fatal(err)
			}
		}
		_, err := f.svc.Protocol(ctx, f.editor, f.theMap(), publishing.ProtocolQuery{})
		wantCode(t, err, domain.CodeForbidden)
		_, err = f.svc.Protocol(ctx, f.admin, f.theMap(), publishing.ProtocolQuery{Limit: ptr(201), Before: ptr(int64(0))})
		wantCode(t, err, domain.CodeInvalid)
		page, err := f.svc.Protocol(ctx, f.admin, f.theMap(), publishing.ProtocolQuery{Limit: ptr(2)})
		if err != nil || len(page.Entries) != 2 || page.NextBefore == nil || page.Entries[0].Revision != 3 ||
			page.Entries[0].UserName != "editor" || page.Entries[0].Version == nil {
			t.Fatalf("first page: %+v %v", page, err)
		}
		page, err = f.svc.Protocol(ctx, f.admin, f.theMap(), publishing.ProtocolQuery{Before: page.NextBefore})
		if err != nil || len(page.Entries) != 1 || page.NextBefore != nil || page.Entries[0].Revision != 1 {
			t.Fatalf("last page: %+v %v", page, err)
		}
	})
}

func ptr[T any](v T) *T { return &v }
