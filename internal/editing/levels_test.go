package editing_test

import (
	"testing"

	"github.com/strata-maps/strata/internal/domain"
	"github.com/strata-maps/strata/internal/editing"
)

func TestLevelFlags(t *testing.T) {
	each(t, func(t *testing.T, f *fixture) {
		m := f.newMap(3)
		a := f.node(m.ID, 0, 0, 2, 3)
		b := f.node(m.ID, 100, 0, 1, 3)
		low := f.node(m.ID, 200, 0, 1, 1)
		e := f.edge(m.ID, a.ID, b.ID)

		_, err := f.svc.PatchElements(f.ctx, m.ID, f.user.ID, editing.ElementsPatch{Levels: []editing.LevelPatch{{ID: 4, Hidden: ptr(true)}}})
		wantError(t, err, domain.CodeNotFound, "levels[0].id", domain.ProblemOutOfRange)

		res := f.patch(m.ID, editing.ElementsPatch{Levels: []editing.LevelPatch{{ID: 2, Hidden: ptr(true), Locked: ptr(true)}}})
		got := f.mapRow(m.ID)
		if !got.Layers[1].Hidden || !got.Layers[1].Locked || got.Layers[0].Hidden {
			t.Errorf("layers %+v; want level 2 hidden and locked", got.Layers)
		}
		// The layer's nodes are those whose range starts on it.
		if n := f.stored(m.ID, a.ID); !n.Visibility.Hidden || !n.Editing.Locked {
			t.Errorf("node on level 2: %+v %+v", n.Visibility, n.Editing)
		}
		if n := f.stored(m.ID, b.ID); n.Visibility.Hidden || n.Editing.Locked {
			t.Errorf("node on level 1 changed: %+v %+v", n.Visibility, n.Editing)
		}
		if ed, _ := f.storedEdge(m.ID, e.ID); !ed.Visibility.Hidden {
			t.Error("the edge of a hidden node is shown")
		}
		if len(res.Changes) != 2 || res.Changes[0].Type != editing.TypeLayerHidden || res.Changes[1].Type != editing.TypeLayerLocked {
			t.Errorf("changes %+v; want layer_hidden, layer_locked", res.Changes)
		}
		// A locked node refuses changes until its layer is unlocked.
		_, err = f.svc.PatchElements(f.ctx, m.ID, f.user.ID, editing.ElementsPatch{Nodes: []editing.NodePatch{{ID: a.ID, PopupType: ptr("popup-small")}}})
		wantError(t, err, domain.CodeConflict, "nodes[0].id", domain.ProblemLocked)
		f.patch(m.ID, editing.ElementsPatch{Levels: []editing.LevelPatch{{ID: 2, Locked: ptr(false)}}})
		if n := f.stored(m.ID, a.ID); n.Editing.Locked {
			t.Error("unlocking the layer leaves its node locked")
		}
		if n := f.stored(m.ID, low.ID); n.Visibility.Hidden {
			t.Error("a node below the hidden level is hidden")
		}
	})
}

func TestDeleteLevelAndRestoreIt(t *testing.T) {
	each(t, func(t *testing.T, f *fixture) {
		m := f.newMap(3)
		only2 := f.node(m.ID, 0, 0, 2, 2)
		span := f.node(m.ID, 100, 0, 1, 3)
		top := f.node(m.ID, 200, 0, 3, 3)
		prev := f.node(m.ID, 300, 0, 1, 3)
		e := f.edge(m.ID, only2.ID, span.ID)
		et := f.edge(m.ID, span.ID, top.ID)
		f.patch(m.ID, editing.ElementsPatch{Nodes: []editing.NodePatch{{ID: prev.ID, NextID: editing.OptionalID{Set: true, ID: &only2.ID}}}})

		res := f.patch(m.ID, editing.ElementsPatch{Levels: []editing.LevelPatch{{ID: 2, Delete: true}}})
		if got := f.mapRow(m.ID); got.VisibilityLevels != 2 || len(got.Layers) != 2 {
			t.Fatalf("levels %d, layers %d; want 2", got.VisibilityLevels, len(got.Layers))
		}
		if nodes, _ := f.st.NodesByID(f.ctx, m.ID, []int64{only2.ID}); len(nodes) != 0 {
			t.Error("the node only on the deleted level stays")
		}
		if _, ok := f.storedEdge(m.ID, e.ID); ok {
			t.Error("the edge of the gone node stays")
		}
		if v := f.stored(m.ID, span.ID).Visibility; v.MinLevel != 1 || v.MaxLevel != 2 {
			t.Errorf("spanning node %+v; want 1-2", v)
		}
		if v := f.stored(m.ID, top.ID).Visibility; v.MinLevel != 2 || v.MaxLevel != 2 {
			t.Errorf("top node %+v; want moved down to 2", v)
		}
		if ed, _ := f.storedEdge(m.ID, et.ID); ed.Visibility.MinLevel != 2 || ed.Visibility.MaxLevel != 2 {
			t.Errorf("edge %+v; want moved down to 2", ed.Visibility)
		}
		if n := f.stored(m.ID, prev.ID); n.NextID != nil {
			t.Error("navigation to the gone node stays")
		}
		if res.Changes[0].Type != editing.TypeLayerRemoved {
			t.Errorf("change %s; want layer_removed", res.Changes[0].Type)
		}

		for _, c := range []struct {
			name                 string
			r                    editing.Restoration
			code, field, problem string
		}{
			{"nothing named", editing.Restoration{}, domain.CodeInvalid, "nodes", domain.ProblemRequired},
			{"a bad id", editing.Restoration{Nodes: []int64{0}}, domain.CodeInvalid, "nodes", domain.ProblemInvalid},
			{"twice", editing.Restoration{Edges: []int64{5, 5}}, domain.CodeInvalid, "edges", domain.ProblemDuplicate},
			{"level out of range", editing.Restoration{Level: &editing.LevelRestoration{ID: 13}}, domain.CodeInvalid, "level.id", domain.ProblemOutOfRange},
			{"level past the end", editing.Restoration{Level: &editing.LevelRestoration{ID: 4}}, domain.CodeConflict, "level.id", domain.ProblemRule},
			{"range upside down", editing.Restoration{Level: &editing.LevelRestoration{ID: 2, Nodes: []editing.LevelRange{{ID: span.ID, MinLevel: 3, MaxLevel: 1}}}},
				domain.CodeInvalid, "level.nodes[0].max_level", domain.ProblemBelowField},
			{"range beyond the map", editing.Restoration{Level: &editing.LevelRestoration{ID: 2, Nodes: []editing.LevelRange{{ID: span.ID, MinLevel: 1, MaxLevel: 4}}}},
				domain.CodeInvalid, "level.nodes[0].max_level", domain.ProblemOutOfRange},
			{"a node never deleted", editing.Restoration{Nodes: []int64{span.ID}}, domain.CodeNotFound, "nodes", domain.ProblemNotFound},
		} {
			t.Run(c.name, func(t *testing.T) {
				_, _, err := f.svc.RestoreElements(f.ctx, m.ID, f.user.ID, c.r)
				wantError(t, err, c.code, c.field, c.problem)
			})
		}

		// The undo the client sends: the level, the ranges before, the node.
		delta, _, err := f.svc.RestoreElements(f.ctx, m.ID, f.user.ID, editing.Restoration{Nodes: []int64{only2.ID},
			Level: &editing.LevelRestoration{ID: 2, Nodes: []editing.LevelRange{{ID: span.ID, MinLevel: 1, MaxLevel: 3}}}})
		if err != nil {
			t.Fatal(err)
		}
		if got := f.mapRow(m.ID); got.VisibilityLevels != 3 || len(got.Layers) != 3 {
			t.Errorf("levels %d after the undo; want 3", got.VisibilityLevels)
		}
		if v := f.stored(m.ID, top.ID).Visibility; v.MinLevel != 3 || v.MaxLevel != 3 {
			t.Errorf("top node %+v; want back on 3", v)
		}
		if v := f.stored(m.ID, span.ID).Visibility; v.MinLevel != 1 || v.MaxLevel != 3 {
			t.Errorf("spanning node %+v; want 1-3 as given", v)
		}
		if v := f.stored(m.ID, only2.ID).Visibility; v.MinLevel != 2 || v.MaxLevel != 2 {
			t.Errorf("restored node %+v; want 2-2", v)
		}
		if _, ok := f.storedEdge(m.ID, e.ID); !ok {
			t.Error("the edge deleted with the node is not back")
		}
		if n := f.stored(m.ID, prev.ID); n.NextID == nil || *n.NextID != only2.ID {
			t.Error("navigation is not restored")
		}
		if delta.Map == nil || delta.Map.VisibilityLevels != 3 {
			t.Errorf("delta map %+v; want 3 levels", delta.Map)
		}
	})
}

func TestLastLevelStays(t *testing.T) {
	each(t, func(t *testing.T, f *fixture) {
		m := f.newMap(1)
		_, err := f.svc.PatchElements(f.ctx, m.ID, f.user.ID, editing.ElementsPatch{Levels: []editing.LevelPatch{{ID: 1, Delete: true}}})
		wantError(t, err, domain.CodeConflict, "levels[0].id", domain.ProblemLastOne)
	})
}

func TestRestoreLevelRefusesLocked(t *testing.T) {
	each(t, func(t *testing.T, f *fixture) {
		m := f.newMap(3)
		a := f.node(m.ID, 0, 0, 1, 3)
		b := f.node(m.ID, 100, 0, 1, 3)
		e := f.edge(m.ID, a.ID, b.ID)
		f.patch(m.ID, editing.ElementsPatch{Levels: []editing.LevelPatch{{ID: 3, Delete: true}}})
		f.patch(m.ID, editing.ElementsPatch{Nodes: []editing.NodePatch{{ID: a.ID, Editing: &struct {
			Locked *bool `json:"locked"`
		}{Locked: ptr(true)}}}, Edges: []editing.EdgePatch{{ID: e.ID, Locked: ptr(true)}}})
		_, _, err := f.svc.RestoreElements(f.ctx, m.ID, f.user.ID, editing.Restoration{Level: &editing.LevelRestoration{ID: 3,
			Nodes: []editing.LevelRange{{ID: a.ID, MinLevel: 1, MaxLevel: 3}}}})
		wantError(t, err, domain.CodeConflict, "level.nodes[0].id", domain.ProblemLocked)
		_, _, err = f.svc.RestoreElements(f.ctx, m.ID, f.user.ID, editing.Restoration{Level: &editing.LevelRestoration{ID: 3,
			Edges: []editing.LevelRange{{ID: e.ID, MinLevel: 1, MaxLevel: 3}}}})
		wantError(t, err, domain.CodeConflict, "level.edges[0].id", domain.ProblemLocked)
		if got := f.mapRow(m.ID).VisibilityLevels; got != 2 {
			t.Errorf("a refused restoration left %d levels; want 2", got)
		}
	})
}
