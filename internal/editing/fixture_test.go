package editing_test

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"sync"
	"testing"

	"github.com/strata-maps/strata/internal/domain"
	"github.com/strata-maps/strata/internal/editing"
	"github.com/strata-maps/strata/internal/store"
	"github.com/strata-maps/strata/internal/store/storetest"
)

// The service's own tests: each rule is run on a fresh store of each
// dialect (storetest.Each), and held to what it answers and what it stored.

// recorder is the publisher: it keeps every change it is told of.
type recorder struct {
	mu      sync.Mutex
	changes []domain.Change
}

func (r *recorder) Publish(_ context.Context, _ int64, changes []domain.Change) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.changes = append(r.changes, changes...)
}

// types are the change types published so far.
func (r *recorder) types() []string {
	r.mu.Lock()
	defer r.mu.Unlock()
	out := make([]string, len(r.changes))
	for i, c := range r.changes {
		out[i] = c.Type
	}
	return out
}

// fixture is the service on a store with one client, its admin and a map.
type fixture struct {
	t      *testing.T
	ctx    context.Context
	st     *store.Store
	svc    *editing.Service
	pub    *recorder
	client domain.Client
	user   domain.User
}

// each runs fn on a fresh fixture per database. The tests run side by
// side: each has its own databases, and most of a PostgreSQL run is
// waiting for one to be made.
func each(t *testing.T, fn func(t *testing.T, f *fixture)) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, s *store.Store) { fn(t, newFixture(t, s)) })
}

func newFixture(t *testing.T, s *store.Store) *fixture {
	t.Helper()
	ctx := context.Background()
	f := &fixture{t: t, ctx: ctx, st: s, pub: &recorder{}}
	f.svc = editing.New(s, f.pub)
	var err error
	if f.client, err = s.CreateClient(ctx, "acme", "Acme Ltd"); err != nil {
		t.Fatal(err)
	}
	if f.user, err = s.CreateUser(ctx, store.NewUser{Email: "ed@example.org", Name: "Ed Itor"}); err != nil {
		t.Fatal(err)
	}
	if err := s.AddMembership(ctx, f.user.ID, f.client.ID, domain.RoleEditor); err != nil {
		t.Fatal(err)
	}
	return f
}

// newMap creates a blank map of the levels through the service.
func (f *fixture) newMap(levels int) domain.Map {
	f.t.Helper()
	m, err := f.svc.CreateMap(f.ctx, f.client.ID, editing.Creator{UserID: f.user.ID},
		editing.NewMap{Name: "Map", Width: 2000, Height: 1000, Levels: levels})
	if err != nil {
		f.t.Fatalf("create map: %v", err)
	}
	return m
}

// node creates a circle at x, y on levels min to max.
func (f *fixture) node(mapID int64, x, y float64, min, max int) domain.Node {
	f.t.Helper()
	var req editing.NewNode
	req.Design.Shape = "circle"
	req.Geometry.Center = &domain.Point{X: x, Y: y}
	req.Visibility = &domain.Visibility{MinLevel: min, MaxLevel: max}
	n, _, err := f.svc.CreateNode(f.ctx, mapID, f.user.ID, req)
	if err != nil {
		f.t.Fatalf("create node: %v", err)
	}
	return n
}

func (f *fixture) edge(mapID, from, to int64) domain.Edge {
	f.t.Helper()
	e, _, err := f.svc.CreateEdge(f.ctx, mapID, f.user.ID, editing.NewEdge{Node: domain.EdgeEnds{FromID: from, ToID: to}})
	if err != nil {
		f.t.Fatalf("create edge: %v", err)
	}
	return e
}

// patch applies an elements patch, failing the test on an error.
func (f *fixture) patch(mapID int64, p editing.ElementsPatch) editing.Result {
	f.t.Helper()
	res, err := f.svc.PatchElements(f.ctx, mapID, f.user.ID, p)
	if err != nil {
		f.t.Fatalf("patch: %v", err)
	}
	return res
}

// stored reads a node as stored.
func (f *fixture) stored(mapID, id int64) domain.Node {
	f.t.Helper()
	got, err := f.st.NodesByID(f.ctx, mapID, []int64{id})
	if err != nil {
		f.t.Fatal(err)
	}
	n, ok := got[id]
	if !ok {
		f.t.Fatalf("node %d is not stored", id)
	}
	return n
}

func (f *fixture) storedEdge(mapID, id int64) (domain.Edge, bool) {
	f.t.Helper()
	got, err := f.st.EdgesByID(f.ctx, mapID, []int64{id})
	if err != nil {
		f.t.Fatal(err)
	}
	e, ok := got[id]
	return e, ok
}

func (f *fixture) mapRow(id int64) domain.Map {
	f.t.Helper()
	m, err := f.st.MapByID(f.ctx, id)
	if err != nil {
		f.t.Fatal(err)
	}
	return m
}

// media stores an asset of the client under key, for the rules that
// accept only the client's own media.
func (f *fixture) media(clientID int64, key string) {
	f.t.Helper()
	err := f.st.InsertMedia(f.ctx, store.MediaRow{MediaAsset: domain.MediaAsset{ClientID: clientID, Key: key,
		Type: domain.MediaImage, ContentType: "image/png", Name: key + ".png", Size: 10, Version: 1}})
	if err != nil {
		f.t.Fatal(err)
	}
}

// wantError holds err to its code and, when field is not "", to a
// problem of that code at the field (problem "" takes any).
func wantError(t *testing.T, err error, code, field, problem string) {
	t.Helper()
	if err == nil {
		t.Fatalf("no error; want %s at %q", code, field)
	}
	var de *domain.Error
	if !errors.As(err, &de) {
		t.Fatalf("error %v is not a domain error; want %s", err, code)
	}
	if de.Code != code {
		t.Fatalf("code %s (%v); want %s", de.Code, err, code)
	}
	if field == "" {
		return
	}
	p, ok := de.Problems[field]
	if !ok {
		t.Fatalf("no problem at %q in %v", field, err)
	}
	if problem != "" && p.Code != problem {
		t.Fatalf("problem at %q is %s; want %s", field, p.Code, problem)
	}
}

// raw encodes a design patch.
func raw(t *testing.T, fields map[string]any) map[string]json.RawMessage {
	t.Helper()
	out := map[string]json.RawMessage{}
	for k, v := range fields {
		b, err := json.Marshal(v)
		if err != nil {
			t.Fatal(err)
		}
		out[k] = b
	}
	return out
}

func ptr[T any](v T) *T { return &v }

func ref(id int64) string { return fmt.Sprint(id) }

// lastChange is the newest change of the map as logged.
func (f *fixture) changes(mapID int64) []domain.Change {
	f.t.Helper()
	rows, err := f.st.ChangesSince(f.ctx, mapID, 0, 1000)
	if err != nil {
		f.t.Fatal(err)
	}
	return rows
}
