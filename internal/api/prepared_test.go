package api_test

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"log/slog"
	"math/rand/v2"
	"net/http"
	"net/http/httptest"
	"slices"
	"testing"

	"github.com/strata-maps/strata/internal/api"
	"github.com/strata-maps/strata/internal/document"
	"github.com/strata-maps/strata/internal/editing"
	"github.com/strata-maps/strata/internal/mail"
	"github.com/strata-maps/strata/internal/store"
	"github.com/strata-maps/strata/internal/store/storetest"
)

// GET /maps/{id} answers a prepared document, derived change by change:
// over many random changes of every type, made on this instance or on
// another sharing the database, it must say exactly what a document built
// afresh from the rows says at the same revision.
func TestPreparedDocumentEqualsAFreshOne(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, s *store.Store) {
		ctx := context.Background()
		h := newHarness(t, s)
		ed := h.as(editor)
		m := newTestMap(t, ed, h.users[editor].ID, 4)
		// A second instance: its own prepared documents, the same database.
		log := slog.New(slog.NewTextHandler(io.Discard, nil))
		second := api.New(withServices(api.Deps{Store: s, Log: log, PublicURL: "http://strata.test", Mail: &mail.Outbox{Dir: t.TempDir(), Log: log}, Editing: editing.New(s, nil)}))
		srv := httptest.NewServer(second)
		t.Cleanup(func() { srv.Close(); second.Wait() })
		instances := []*client{ed, {h: h, http: ed.http, base: srv.URL}}

		rng := rand.New(rand.NewPCG(7, uint64(len(s.Dialect()))))
		var nodes, edges, templates, gone, goneEdges, versions []int64
		pick := func(ids []int64) int64 {
			if len(ids) == 0 {
				return 0
			}
			return ids[rng.IntN(len(ids))]
		}
		c := func() *client { return instances[rng.IntN(2)] }
		for range 12 {
			nodes = append(nodes, m.node(1+rng.IntN(2), 3+rng.IntN(2)).ID)
		}
		one := func(id int64, fields map[string]any) map[string]any { fields["id"] = id; return fields }
		color := func() string { return fmt.Sprintf("#%06x", rng.IntN(1<<24)) }
		ops := []func() *response{
			func() *response {
				res := c().do("POST", m.path("/nodes"), map[string]any{"design": map[string]any{"shape": "circle"},
					"geometry":   map[string]any{"center": map[string]float64{"x": rng.Float64() * 3000, "y": rng.Float64() * 2000}},
					"visibility": map[string]any{"min_level": 1 + rng.IntN(2), "max_level": 3 + rng.IntN(2), "hidden": false}})
				var n struct{ ID int64 }
				if res.status == 201 {
					res.decode(&n)
					nodes = append(nodes, n.ID)
				}
				return res
			},
			func() *response {
				res := c().do("POST", m.path("/nodes/clone"), map[string]any{"id": pick(nodes), "offset": map[string]int{"x": 5, "y": 5}})
				var n struct{ ID int64 }
				if res.status == 201 {
					res.decode(&n)
					nodes = append(nodes, n.ID)
				}
				return res
			},
			func() *response {
				return c().do("PATCH", m.path("/elements"), map[string]any{"nodes": []any{
					one(pick(nodes), map[string]any{"geometry": map[string]any{"center": map[string]float64{"x": rng.Float64() * 3000, "y": 7}}}),
					one(pick(nodes), map[string]any{"geometry": map[string]any{"center": map[string]float64{"x": 1.25, "y": rng.Float64() * 2000}}})}})
			},
			func() *response {
				return c().do("PATCH", m.path("/nodes/%d", pick(nodes)), map[string]any{"design": map[string]any{"bg_color": color()}})
			},
			func() *response {
				return c().do("PATCH", m.path("/elements"), map[string]any{"nodes": []any{one(pick(nodes), map[string]any{
					"content": map[string]any{"de": map[string]string{"title": fmt.Sprintf("Grüße \"%d\" <&> \u2028", rng.IntN(100))}}})}})
			},
			func() *response {
				lo := 1 + rng.IntN(3)
				return c().do("PATCH", m.path("/elements"), map[string]any{"nodes": []any{one(pick(nodes), map[string]any{
					"visibility": map[string]any{"min_level": lo, "max_level": lo + rng.IntN(5-lo), "hidden": rng.IntN(3) == 0}})}})
			},
			func() *response {
				return c().do("PATCH", m.path("/elements"), map[string]any{"nodes": []any{one(pick(nodes), map[string]any{"editing": map[string]bool{"locked": rng.IntN(4) == 0}})}})
			},
			func() *response { // drawing order
				a, b := pick(nodes), pick(nodes)
				return c().do("PATCH", m.path("/elements"), map[string]any{"nodes": []any{map[string]any{"id": a}, map[string]any{"id": b}}})
			},
			func() *response {
				id := pick(nodes)
				res := c().do("DELETE", m.path("/nodes/%d", id), nil)
				if res.status == 200 {
					gone = append(gone, id)
					nodes = slices.DeleteFunc(nodes, func(n int64) bool { return n == id })
				}
				return res
			},
			func() *response { // undo of deletions
				id := pick(gone)
				res := c().do("POST", m.path("/restorations"), map[string]any{"nodes": []int64{id}})
				if res.status == 200 {
					nodes = append(nodes, id)
					gone = slices.DeleteFunc(gone, func(n int64) bool { return n == id })
				}
				return res
			},
			func() *response {
				from, to := pick(nodes), pick(nodes)
				if from == to {
					return &response{}
				}
				res := c().do("POST", m.path("/edges/"), map[string]any{"node": map[string]int64{"from_id": from, "to_id": to}})
				var e struct{ ID int64 }
				if res.status == 201 {
					res.decode(&e)
					edges = append(edges, e.ID)
				}
				return res
			},
			func() *response {
				return c().do("PATCH", m.path("/edges/%d", pick(edges)), map[string]any{"design": map[string]any{"bg_color": color()}})
			},
			func() *response {
				return c().do("PATCH", m.path("/elements"), map[string]any{"edges": []any{map[string]any{"id": pick(edges), "name": fmt.Sprint("edge ", rng.IntN(9)), "locked": rng.IntN(4) == 0}}})
			},
			func() *response {
				id := pick(edges)
				res := c().do("DELETE", m.path("/edges/%d", id), nil)
				if res.status == 200 {
					goneEdges = append(goneEdges, id)
				}
				return res
			},
			func() *response {
				return c().do("POST", m.path("/restorations"), map[string]any{"edges": []int64{pick(goneEdges)}})
			},
			func() *response {
				return c().do("PATCH", m.path("/elements"), map[string]any{"all_edges": map[string]bool{"hidden": rng.IntN(2) == 0}})
			},
			func() *response {
				res := c().do("POST", m.path("/templates/objects/"), map[string]any{"name": "T", "type": "node", "design": map[string]any{"bg_color": color()}})
				var tp struct{ ID int64 }
				if res.status == 201 {
					res.decode(&tp)
					templates = append(templates, tp.ID)
				}
				return res
			},
			func() *response { // a node takes a template
				return c().do("PATCH", m.path("/nodes/%d", pick(nodes)), map[string]any{"design": map[string]any{"object_template": fmt.Sprint(pick(templates))}})
			},
			func() *response {
				return c().do("PATCH", m.path("/templates/objects/%d", pick(templates)), map[string]any{"name": fmt.Sprint("T", rng.IntN(9)), "design": map[string]any{"bg_color": color()}})
			},
			func() *response {
				return c().do("DELETE", m.path("/templates/objects/%d", pick(templates)), nil)
			},
			func() *response {
				return c().do("PATCH", m.path("/global"), map[string]any{"tooltips": map[string]any{"by": color()}})
			},
			func() *response { // levels: fewer clamps the elements' ranges
				return c().do("PATCH", m.path(""), map[string]any{"visibility_levels": 2 + rng.IntN(4), "name": fmt.Sprint("Map ", rng.IntN(9))})
			},
			func() *response {
				return c().do("PATCH", m.path("/elements"), map[string]any{"levels": []any{map[string]any{"id": 1 + rng.IntN(2), "hidden": rng.IntN(2) == 0, "locked": rng.IntN(2) == 0}}})
			},
			func() *response {
				res := c().do("POST", m.path("/publish"), map[string]any{"name": "v"})
				var p struct{ Live struct{ ID int64 } }
				if res.status == 201 {
					res.decode(&p)
					versions = append(versions, p.Live.ID)
				}
				return res
			},
			func() *response { return c().do("POST", m.path("/versions/%d/restore", pick(versions)), nil) },
			func() *response { return c().do("POST", m.path("/publication/reset"), nil) },
		}
		for i := range 600 {
			k := rng.IntN(len(ops))
			if res := ops[k](); res.status >= 500 {
				t.Fatalf("change %d: %d %s", i, res.status, res.body)
			}
			if i%3 == 0 {
				continue // several changes between reads: derived from more than one
			}
			in := c()
			header := http.Header{}
			if rng.IntN(4) == 0 {
				header.Set("Accept-Encoding", "identity") // the uncompressed answer
			}
			res := in.send("GET", m.path(""), nil, header).want(200)
			fresh, rev, err := document.Append(ctx, s, nil, m.id, true)
			if err != nil {
				t.Fatal(err)
			}
			if res.header.Get("ETag") != fmt.Sprintf(`"%d"`, rev) {
				t.Fatalf("change %d: ETag %s, revision %d", i, res.header.Get("ETag"), rev)
			}
			if !bytes.Equal(res.body, fresh) {
				t.Fatalf("change %d: the prepared document differs from a fresh one at revision %d:\n%s\n%s", i, rev, res.body, fresh)
			}
		}
		// The run made every kind of change this test means to check.
		changes, err := s.ChangesSince(ctx, m.id, 0, 100000)
		if err != nil {
			t.Fatal(err)
		}
		made := map[string]bool{}
		for _, ch := range changes {
			made[ch.Type] = true
		}
		for _, typ := range []string{editing.TypeNodeCreated, editing.TypeNodeCloned, editing.TypeNodePosition, editing.TypeNodeDesign,
			editing.TypeNodeContent, editing.TypeNodeVisibility, editing.TypeNodeLocked, editing.TypeNodeOrder, editing.TypeNodeRemoved,
			editing.TypeElementsRestored, editing.TypeEdgeCreated, editing.TypeEdgeDesign, editing.TypeEdgeRemoved, editing.TypeObjectTemplate,
			editing.TypeGlobalDesign, editing.TypeMap, editing.TypeLayerHidden, editing.TypeMapPublished, editing.TypeStateRestored, editing.TypeMapReset} {
			if !made[typ] {
				t.Errorf("no %s change was made", typ)
			}
		}
	})
}
