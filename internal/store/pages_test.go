package store_test

import (
	"context"
	"fmt"
	"reflect"
	"testing"

	"github.com/strata-maps/strata/internal/domain"
	"github.com/strata-maps/strata/internal/store"
	"github.com/strata-maps/strata/internal/store/storetest"
)

// walk reads a list page by page as a client does, following the cursors
// until the last page; between runs after each page but the last, so that
// rows can be added or removed while the walk goes on.
func walk[T any](t *testing.T, list string, limit int, fetch func(domain.Page) ([]T, error), key func(T) domain.Key, between func(page int)) []T {
	t.Helper()
	var (
		out    []T
		cursor string
	)
	for page := 1; ; page++ {
		p, err := domain.PageQuery{Limit: &limit, Cursor: cursor}.Read(list)
		if err != nil {
			t.Fatalf("page %d: %v", page, err)
		}
		rows, err := fetch(p)
		if err != nil {
			t.Fatalf("page %d: %v", page, err)
		}
		rows, next := domain.Cut(p, rows, key)
		if len(rows) > limit {
			t.Fatalf("page %d holds %d rows, limit %d", page, len(rows), limit)
		}
		out = append(out, rows...)
		if next == nil {
			return out
		}
		if page > 100 {
			t.Fatal("the walk does not end")
		}
		cursor = *next
		if between != nil {
			between(page)
		}
	}
}

func ids[T any](rows []T, id func(T) int64) []int64 {
	out := make([]int64, len(rows))
	for i, r := range rows {
		out[i] = id(r)
	}
	return out
}

func must[T any](t *testing.T) func(T, error) T {
	return func(v T, err error) T {
		t.Helper()
		if err != nil {
			t.Fatal(err)
		}
		return v
	}
}

func TestMapOverviewPages(t *testing.T) {
	storetest.Each(t, func(t *testing.T, s *store.Store) {
		ctx := context.Background()
		c := must[domain.Client](t)(s.CreateClient(ctx, "acme", "Acme"))
		u := must[domain.User](t)(s.CreateUser(ctx, store.NewUser{Email: "u@example.org", Name: "U"}))
		newMap := func(name string) int64 {
			return must[domain.Map](t)(s.CreateMap(ctx, domain.NewMap(c.ID, name, "", 100, 100, 1))).ID
		}
		var made []int64
		for i := 0; i < 7; i++ {
			made = append(made, newMap(fmt.Sprint("map ", i)))
		}
		tmpl := domain.NewMap(c.ID, "template", "", 100, 100, 1)
		tmpl.IsTemplate = true
		must[domain.Map](t)(s.CreateMap(ctx, tmpl))
		hidden := made[2]
		if err := s.SetMapAccess(ctx, hidden, u.ID, domain.AccessNone); err != nil {
			t.Fatal(err)
		}
		overview := func(seesAll bool) func(domain.Page) ([]store.OverviewMap, error) {
			return func(p domain.Page) ([]store.OverviewMap, error) {
				return s.MapOverview(ctx, c.ID, store.MapReach{UserID: u.ID, All: seesAll}, p)
			}
		}
		key := func(m store.OverviewMap) domain.Key { return domain.Key{ID: m.ID} }
		id := func(m store.OverviewMap) int64 { return m.ID }

		// Newest first, every map once, no template; a superuser sees the hidden one.
		all := ids(walk(t, "maps", 3, overview(true), key, nil), id)
		if want := []int64{made[6], made[5], made[4], made[3], made[2], made[1], made[0]}; !reflect.DeepEqual(all, want) {
			t.Fatalf("pages of the overview: %v, want %v", all, want)
		}
		seen := ids(walk(t, "maps", 2, overview(false), key, nil), id)
		if want := []int64{made[6], made[5], made[4], made[3], made[1], made[0]}; !reflect.DeepEqual(seen, want) {
			t.Fatalf("pages without the map access none hides: %v, want %v", seen, want)
		}

		// A map made and another deleted between pages: those that stayed come once each.
		var added int64
		got := ids(walk(t, "maps", 3, overview(true), key, func(page int) {
			if page == 1 {
				added = newMap("made meanwhile")
				if err := s.DeleteMap(ctx, made[1]); err != nil {
					t.Fatal(err)
				}
			}
		}), id)
		if want := []int64{made[6], made[5], made[4], made[3], made[2], made[0]}; !reflect.DeepEqual(got, want) {
			t.Fatalf("pages while maps come and go: %v, want %v (the new map %d is before the cursor)", got, want, added)
		}
	})
}

func TestMemberAndReaderPages(t *testing.T) {
	storetest.Each(t, func(t *testing.T, s *store.Store) {
		ctx := context.Background()
		c := must[domain.Client](t)(s.CreateClient(ctx, "acme", "Acme"))
		other := must[domain.Client](t)(s.CreateClient(ctx, "globex", "Globex"))
		user := func(email string) int64 {
			return must[domain.User](t)(s.CreateUser(ctx, store.NewUser{Email: email, Name: "Same name"})).ID
		}
		member := func(email string, roles ...domain.Role) int64 {
			id := user(email)
			for _, r := range roles {
				if err := s.AddMembership(ctx, id, c.ID, r); err != nil {
					t.Fatal(err)
				}
			}
			return id
		}
		dora := member("dora@example.org", domain.RoleGuest)
		bob := member("bob@example.org", domain.RoleStudent, domain.RoleAdmin) // two rows, one member
		erin := member("erin@example.org", domain.RoleEditor)
		alice := member("alice@example.org", domain.RoleGuest)
		carl := member("carl@example.org", domain.RoleGuest)
		if err := s.AddMembership(ctx, user("zed@example.org"), other.ID, domain.RoleAdmin); err != nil {
			t.Fatal(err)
		}
		m := must[domain.Map](t)(s.CreateMap(ctx, domain.NewMap(c.ID, "M", "", 100, 100, 1)))
		if err := s.SetMapAccess(ctx, m.ID, erin, domain.AccessRead); err != nil {
			t.Fatal(err)
		}

		members := func(p domain.Page) ([]store.Member, error) { return s.ClientMembersPage(ctx, c.ID, p) }
		key := func(m store.Member) domain.Key { return domain.Key{Text: m.User.Email, ID: m.User.ID} }
		got := walk(t, "members", 2, members, key, func(page int) {
			if page == 1 {
				member("aaron@example.org", domain.RoleGuest) // before the cursor: not met
				member("fay@example.org", domain.RoleGuest)   // after it: met
				if err := s.RemoveMember(ctx, c.ID, dora); err != nil {
					t.Fatal(err)
				}
			}
		})
		emails := make([]string, len(got))
		for i, m := range got {
			emails[i] = m.User.Email
		}
		if want := []string{"alice@example.org", "bob@example.org", "carl@example.org", "erin@example.org", "fay@example.org"}; !reflect.DeepEqual(emails, want) {
			t.Fatalf("pages of members: %v, want %v", emails, want)
		}
		if got[1].User.ID != bob || got[1].Role != domain.RoleAdmin || got[3].MapAccess[m.ID] != domain.AccessRead || got[0].User.ID != alice || got[2].User.ID != carl {
			t.Fatalf("members as listed: %+v", got)
		}
		one, err := s.ClientMember(ctx, c.ID, erin)
		if err != nil || one.User.ID != erin || one.Role != domain.RoleEditor || one.MapAccess[m.ID] != domain.AccessRead {
			t.Fatalf("one member: %+v %v", one, err)
		}
		if _, err := s.ClientMember(ctx, other.ID, erin); domain.ErrorCode(err) != domain.CodeNotFound {
			t.Fatalf("a member of another client: %v", err)
		}

		var readers []int64
		for _, e := range []string{"r3@example.org", "r1@example.org", "r2@example.org"} {
			id := user(e)
			readers = append(readers, id)
			if err := s.AddReader(ctx, c.ID, id); err != nil {
				t.Fatal(err)
			}
		}
		rs := walk(t, "readers", 1, func(p domain.Page) ([]store.Reader, error) { return s.Readers(ctx, c.ID, p) },
			func(r store.Reader) domain.Key { return domain.Key{Text: r.User.Email, ID: r.User.ID} }, nil)
		if got := ids(rs, func(r store.Reader) int64 { return r.User.ID }); !reflect.DeepEqual(got, []int64{readers[1], readers[2], readers[0]}) {
			t.Fatalf("pages of readers: %v", got)
		}
	})
}

func TestVersionChangeAndRequestPages(t *testing.T) {
	storetest.Each(t, func(t *testing.T, s *store.Store) {
		ctx := context.Background()
		c := must[domain.Client](t)(s.CreateClient(ctx, "acme", "Acme"))
		u := must[domain.User](t)(s.CreateUser(ctx, store.NewUser{Email: "u@example.org", Name: "U"}))
		m := must[domain.Map](t)(s.CreateMap(ctx, domain.NewMap(c.ID, "M", "", 100, 100, 1)))
		other := must[domain.Map](t)(s.CreateMap(ctx, domain.NewMap(c.ID, "Other", "", 100, 100, 1)))

		// Versions share revisions (kept twice without an edit between): the id breaks the tie.
		var vs []int64
		for _, rev := range []int64{3, 3, 3, 5, 5} {
			v := must[domain.Version](t)(s.InsertVersion(ctx, domain.Version{MapID: m.ID, Revision: rev, Kind: domain.VersionSaved}, []byte(`{}`)))
			vs = append(vs, v.ID)
		}
		must[domain.Version](t)(s.InsertVersion(ctx, domain.Version{MapID: other.ID, Revision: 4, Kind: domain.VersionSaved}, []byte(`{}`)))
		versions := func(p domain.Page) ([]domain.Version, error) { return s.Versions(ctx, m.ID, p) }
		vkey := func(v domain.Version) domain.Key { return domain.Key{Num: v.Revision, ID: v.ID} }
		vid := func(v domain.Version) int64 { return v.ID }
		for limit := 1; limit <= 6; limit++ {
			got := ids(walk(t, "versions", limit, versions, vkey, nil), vid)
			if want := []int64{vs[4], vs[3], vs[2], vs[1], vs[0]}; !reflect.DeepEqual(got, want) {
				t.Fatalf("pages of %d versions: %v, want %v", limit, got, want)
			}
		}

		// Changes page forward from since; one written meanwhile comes last.
		for i := 0; i < 10; i++ {
			if _, err := s.AppendChange(ctx, m.ID, &u.ID, "map", []byte(`{}`)); err != nil {
				t.Fatal(err)
			}
		}
		var since int64 = 2
		changes := walk(t, "changes", 3, func(p domain.Page) ([]domain.Change, error) {
			from := since
			if p.After != nil {
				from = p.After.ID
			}
			return s.ChangesSince(ctx, m.ID, from, p.Fetch())
		}, func(c domain.Change) domain.Key { return domain.Key{ID: c.Revision} }, func(page int) {
			if page == 1 {
				if _, err := s.AppendChange(ctx, m.ID, &u.ID, "map", []byte(`{}`)); err != nil {
					t.Fatal(err)
				}
			}
		})
		if got := ids(changes, func(c domain.Change) int64 { return c.Revision }); !reflect.DeepEqual(got, []int64{3, 4, 5, 6, 7, 8, 9, 10, 11}) {
			t.Fatalf("pages of changes: %v", got)
		}

		// Access requests, newest first: one made meanwhile is before the cursor.
		for i := 0; i < 5; i++ {
			if err := s.CreateAccessRequest(ctx, c.ID, u.ID, nil, fmt.Sprint("request ", i)); err != nil {
				t.Fatal(err)
			}
		}
		requests := walk(t, "requests", 2, func(p domain.Page) ([]store.AccessRequest, error) { return s.AccessRequests(ctx, c.ID, p) },
			func(ar store.AccessRequest) domain.Key { return domain.Key{ID: ar.ID} }, func(page int) {
				if err := s.CreateAccessRequest(ctx, c.ID, u.ID, nil, "meanwhile"); err != nil {
					t.Fatal(err)
				}
			})
		msgs := make([]string, len(requests))
		for i, ar := range requests {
			msgs[i] = ar.Message
		}
		if want := []string{"request 4", "request 3", "request 2", "request 1", "request 0"}; !reflect.DeepEqual(msgs, want) {
			t.Fatalf("pages of requests: %v, want %v", msgs, want)
		}
	})
}
