package editing_test

import (
	"strings"
	"testing"

	"github.com/strata-maps/strata/internal/domain"
	"github.com/strata-maps/strata/internal/editing"
)

func TestCreateEdgeRules(t *testing.T) {
	each(t, func(t *testing.T, f *fixture) {
		m := f.newMap(4)
		a := f.node(m.ID, 0, 0, 1, 3)
		b := f.node(m.ID, 100, 0, 2, 4)
		c := f.node(m.ID, 200, 0, 4, 4)
		nodeTmpl, _, err := f.svc.CreateTemplate(f.ctx, m.ID, f.user.ID, editing.NewTemplate{Name: "Box", Type: domain.TemplateNode})
		if err != nil {
			t.Fatal(err)
		}
		edgeTmpl, _, err := f.svc.CreateTemplate(f.ctx, m.ID, f.user.ID, editing.NewTemplate{Name: "Line", Type: domain.TemplateEdge})
		if err != nil {
			t.Fatal(err)
		}
		design := func(ref string) *struct {
			ObjectTemplate string `json:"object_template"`
		} {
			return &struct {
				ObjectTemplate string `json:"object_template"`
			}{ref}
		}
		for _, cs := range []struct {
			name                 string
			req                  editing.NewEdge
			code, field, problem string
			min, max             int
			template             string
		}{
			{name: "the overlap", req: editing.NewEdge{Node: domain.EdgeEnds{FromID: a.ID, ToID: b.ID}}, min: 2, max: 3, template: domain.NoTemplate},
			{name: "narrower", req: editing.NewEdge{Node: domain.EdgeEnds{FromID: a.ID, ToID: b.ID}, Visibility: &domain.Visibility{MinLevel: 3, MaxLevel: 4}}, min: 3, max: 3, template: domain.NoTemplate},
			{name: "with a template", req: editing.NewEdge{Node: domain.EdgeEnds{FromID: a.ID, ToID: b.ID}, Design: design(ref(edgeTmpl.ID))}, min: 2, max: 3, template: ref(edgeTmpl.ID)},
			{name: "no shared level", req: editing.NewEdge{Node: domain.EdgeEnds{FromID: a.ID, ToID: c.ID}},
				code: domain.CodeConflict, field: "node.to_id", problem: domain.ProblemNoSharedLevel},
			{name: "asked range outside", req: editing.NewEdge{Node: domain.EdgeEnds{FromID: a.ID, ToID: b.ID}, Visibility: &domain.Visibility{MinLevel: 4, MaxLevel: 4}},
				code: domain.CodeConflict, field: "node.to_id", problem: domain.ProblemNoSharedLevel},
			{name: "range beyond the map", req: editing.NewEdge{Node: domain.EdgeEnds{FromID: a.ID, ToID: b.ID}, Visibility: &domain.Visibility{MinLevel: 1, MaxLevel: 5}},
				code: domain.CodeInvalid, field: "visibility.max_level", problem: domain.ProblemOutOfRange},
			{name: "unknown end", req: editing.NewEdge{Node: domain.EdgeEnds{FromID: a.ID, ToID: 9999}},
				code: domain.CodeNotFound, field: "node.to_id", problem: domain.ProblemNotFound},
			{name: "template of nodes", req: editing.NewEdge{Node: domain.EdgeEnds{FromID: a.ID, ToID: b.ID}, Design: design(ref(nodeTmpl.ID))},
				code: domain.CodeInvalid, field: "design.object_template", problem: domain.ProblemWrongKind},
		} {
			t.Run(cs.name, func(t *testing.T) {
				e, _, err := f.svc.CreateEdge(f.ctx, m.ID, f.user.ID, cs.req)
				if cs.code != "" {
					wantError(t, err, cs.code, cs.field, cs.problem)
					return
				}
				if err != nil {
					t.Fatal(err)
				}
				got, ok := f.storedEdge(m.ID, e.ID)
				if !ok || got.Visibility.MinLevel != cs.min || got.Visibility.MaxLevel != cs.max || got.Template != cs.template {
					t.Errorf("stored %+v; want levels %d-%d, template %s", got, cs.min, cs.max, cs.template)
				}
			})
		}
	})
}

func TestPatchEdgesRules(t *testing.T) {
	each(t, func(t *testing.T, f *fixture) {
		m := f.newMap(3)
		a := f.node(m.ID, 0, 0, 1, 3)
		b := f.node(m.ID, 100, 0, 1, 2)
		for _, c := range []struct {
			name                 string
			patch                func(e, locked domain.Edge) []editing.EdgePatch
			code, field, problem string
		}{
			{"twice", func(e, _ domain.Edge) []editing.EdgePatch { return []editing.EdgePatch{{ID: e.ID}, {ID: e.ID}} },
				domain.CodeInvalid, "edges[1].id", domain.ProblemDuplicate},
			{"unknown", func(_, _ domain.Edge) []editing.EdgePatch { return []editing.EdgePatch{{ID: 9999, Delete: true}} },
				domain.CodeNotFound, "edges[0].id", domain.ProblemNotFound},
			{"long name", func(e, _ domain.Edge) []editing.EdgePatch {
				return []editing.EdgePatch{{ID: e.ID, Name: ptr(strings.Repeat("n", 201))}}
			}, domain.CodeInvalid, "edges[0].name", domain.ProblemTooLong},
			{"design field", func(e, _ domain.Edge) []editing.EdgePatch {
				return []editing.EdgePatch{{ID: e.ID, Design: raw(t, map[string]any{"line_end": "arrowish"})}}
			}, domain.CodeInvalid, "edges[0].design.line_end", domain.ProblemNotAllowed},
			{"unknown template", func(e, _ domain.Edge) []editing.EdgePatch {
				return []editing.EdgePatch{{ID: e.ID, Design: raw(t, map[string]any{"object_template": "4242"})}}
			}, domain.CodeNotFound, "edges[0].design.object_template", domain.ProblemNotFound},
			{"content language", func(e, _ domain.Edge) []editing.EdgePatch {
				return []editing.EdgePatch{{ID: e.ID, Content: map[string]editing.EdgeContentPatch{"xx": {Middle: ptr("m")}}}}
			}, domain.CodeInvalid, "edges[0].content.xx", domain.ProblemNotAllowed},
			{"long label", func(e, _ domain.Edge) []editing.EdgePatch {
				return []editing.EdgePatch{{ID: e.ID, Content: map[string]editing.EdgeContentPatch{"en": {Start: ptr(strings.Repeat("s", 501))}}}}
			}, domain.CodeInvalid, "edges[0].content.en.start", domain.ProblemTooLong},
			{"off the nodes' levels", func(e, _ domain.Edge) []editing.EdgePatch {
				return []editing.EdgePatch{{ID: e.ID, Visibility: &editing.VisibilityPatch{MaxLevel: ptr(3)}}}
			}, domain.CodeInvalid, "edges[0].visibility", domain.ProblemNoSharedLevel},
			{"beyond the map", func(e, _ domain.Edge) []editing.EdgePatch {
				return []editing.EdgePatch{{ID: e.ID, Visibility: &editing.VisibilityPatch{MinLevel: ptr(0)}}}
			}, domain.CodeInvalid, "edges[0].visibility.min_level", domain.ProblemOutOfRange},
			{"locked, deleted", func(_, l domain.Edge) []editing.EdgePatch { return []editing.EdgePatch{{ID: l.ID, Delete: true}} },
				domain.CodeConflict, "edges[0].id", domain.ProblemLocked},
			{"locked, renamed", func(_, l domain.Edge) []editing.EdgePatch { return []editing.EdgePatch{{ID: l.ID, Name: ptr("x")}} },
				domain.CodeConflict, "edges[0].id", domain.ProblemLocked},
		} {
			t.Run(c.name, func(t *testing.T) {
				e := f.edge(m.ID, a.ID, b.ID)
				l := f.edge(m.ID, b.ID, a.ID)
				f.patch(m.ID, editing.ElementsPatch{Edges: []editing.EdgePatch{{ID: l.ID, Locked: ptr(true)}}})
				before := f.mapRow(m.ID).Revision
				_, err := f.svc.PatchElements(f.ctx, m.ID, f.user.ID, editing.ElementsPatch{Edges: c.patch(e, l)})
				wantError(t, err, c.code, c.field, c.problem)
				if f.mapRow(m.ID).Revision != before {
					t.Error("a refused patch raised the revision")
				}
			})
		}
	})
}

func TestPatchEdgesApplies(t *testing.T) {
	each(t, func(t *testing.T, f *fixture) {
		m := f.newMap(3)
		a := f.node(m.ID, 0, 0, 1, 3)
		b := f.node(m.ID, 100, 0, 1, 3)
		tp, _, err := f.svc.CreateTemplate(f.ctx, m.ID, f.user.ID, editing.NewTemplate{Name: "Red", Type: domain.TemplateEdge,
			Design: raw(t, map[string]any{"border_color": "#ff0000"})})
		if err != nil {
			t.Fatal(err)
		}
		e1, e2, e3 := f.edge(m.ID, a.ID, b.ID), f.edge(m.ID, b.ID, a.ID), f.edge(m.ID, a.ID, b.ID)
		res := f.patch(m.ID, editing.ElementsPatch{Edges: []editing.EdgePatch{
			{ID: e1.ID, Name: ptr("flow"), Design: raw(t, map[string]any{"object_template": ref(tp.ID), "line_end": "sharp"}),
				Content: map[string]editing.EdgeContentPatch{"de": {Middle: ptr("fließt"), Translated: ptr(true)}}},
			{ID: e2.ID, Visibility: &editing.VisibilityPatch{MinLevel: ptr(2), Hidden: ptr(true)}, Locked: ptr(true)},
			{ID: e3.ID, Delete: true},
		}})
		g1, _ := f.storedEdge(m.ID, e1.ID)
		if g1.Name != "flow" || g1.Template != ref(tp.ID) || g1.Design["line_end"] != "sharp" || g1.Content[domain.LangDE].Middle != "fließt" || !g1.Content[domain.LangDE].Translated {
			t.Errorf("e1 stored %+v", g1)
		}
		g2, _ := f.storedEdge(m.ID, e2.ID)
		if g2.Visibility != (domain.Visibility{MinLevel: 2, MaxLevel: 3, Hidden: true}) || !g2.Locked {
			t.Errorf("e2 stored %+v locked %v", g2.Visibility, g2.Locked)
		}
		if _, ok := f.storedEdge(m.ID, e3.ID); ok {
			t.Error("e3 is not deleted")
		}
		var types []string
		for _, c := range res.Changes {
			types = append(types, c.Type)
		}
		want := "edge_removed edge_templates edge_content edge_visibility edge_locked"
		if strings.Join(types, " ") != want {
			t.Errorf("changes %v; want %s", types, want)
		}
		// The design call names its own fields; restoring the template clears overrides.
		_, err = f.svc.PatchEdgeDesign(f.ctx, m.ID, f.user.ID, e1.ID, raw(t, map[string]any{"line_end": "x"}))
		wantError(t, err, domain.CodeInvalid, "design.line_end", domain.ProblemNotAllowed)
		if _, err := f.svc.PatchEdgeDesign(f.ctx, m.ID, f.user.ID, e1.ID, raw(t, map[string]any{"border_color": "#ff0000"})); err != nil {
			t.Fatal(err)
		}
		if g1, _ := f.storedEdge(m.ID, e1.ID); g1.Design["border_color"] != nil {
			t.Errorf("a value equal to the template's is kept: %v", g1.Design["border_color"])
		}
		f.patch(m.ID, editing.ElementsPatch{Edges: []editing.EdgePatch{{ID: e1.ID, RestoreTemplate: true}}})
		if g1, _ := f.storedEdge(m.ID, e1.ID); g1.Design["line_end"] != nil {
			t.Errorf("restore_template keeps the override %v", g1.Design["line_end"])
		}
		// Deleting one edge is undone by restoring it.
		if _, err := f.svc.DeleteEdge(f.ctx, m.ID, f.user.ID, e1.ID); err != nil {
			t.Fatal(err)
		}
		_, err = f.svc.DeleteEdge(f.ctx, m.ID, f.user.ID, e2.ID)
		wantError(t, err, domain.CodeConflict, "id", domain.ProblemLocked)
		if _, _, err := f.svc.RestoreElements(f.ctx, m.ID, f.user.ID, editing.Restoration{Edges: []int64{e1.ID}}); err != nil {
			t.Fatal(err)
		}
		if _, ok := f.storedEdge(m.ID, e1.ID); !ok {
			t.Error("the restored edge is not back")
		}
		_, _, err = f.svc.RestoreElements(f.ctx, m.ID, f.user.ID, editing.Restoration{Edges: []int64{e1.ID}})
		wantError(t, err, domain.CodeNotFound, "edges", domain.ProblemNotFound)
	})
}

func TestAllEdges(t *testing.T) {
	each(t, func(t *testing.T, f *fixture) {
		m := f.newMap(1)
		a := f.node(m.ID, 0, 0, 1, 1)
		b := f.node(m.ID, 100, 0, 1, 1)
		// Nothing to delete is no change.
		if res := f.patch(m.ID, editing.ElementsPatch{AllEdges: &editing.AllEdgesPatch{Delete: true}}); len(res.Changes) != 0 {
			t.Errorf("deleting no edges wrote %d changes", len(res.Changes))
		}
		e1, e2 := f.edge(m.ID, a.ID, b.ID), f.edge(m.ID, b.ID, a.ID)
		res := f.patch(m.ID, editing.ElementsPatch{AllEdges: &editing.AllEdgesPatch{Hidden: ptr(true)}})
		if len(res.Changes) != 1 || res.Changes[0].Type != editing.TypeEdgeVisibility {
			t.Errorf("changes %+v; want one edge_visibility", res.Changes)
		}
		if res := f.patch(m.ID, editing.ElementsPatch{AllEdges: &editing.AllEdgesPatch{Hidden: ptr(true)}}); len(res.Changes) != 0 {
			t.Error("hiding hidden edges wrote a change")
		}
		res = f.patch(m.ID, editing.ElementsPatch{AllEdges: &editing.AllEdgesPatch{Locked: ptr(true)}})
		if len(res.Changes) != 1 || res.Changes[0].Type != editing.TypeEdgeLocked {
			t.Errorf("changes %+v; want one edge_locked", res.Changes)
		}
		for _, id := range []int64{e1.ID, e2.ID} {
			if g, _ := f.storedEdge(m.ID, id); !g.Visibility.Hidden || !g.Locked {
				t.Errorf("edge %d: hidden %v locked %v", id, g.Visibility.Hidden, g.Locked)
			}
		}
		// The all-edges toggle removes locked edges too.
		res = f.patch(m.ID, editing.ElementsPatch{AllEdges: &editing.AllEdgesPatch{Delete: true}})
		if all, _ := f.st.EdgesOfMap(f.ctx, m.ID); len(all) != 0 || res.Changes[0].Type != editing.TypeEdgeAllRemoved {
			t.Errorf("%d edges left, change %s", len(all), res.Changes[0].Type)
		}
		if _, _, err := f.svc.RestoreElements(f.ctx, m.ID, f.user.ID, editing.Restoration{Edges: []int64{e1.ID, e2.ID}}); err != nil {
			t.Fatal(err)
		}
		if all, _ := f.st.EdgesOfMap(f.ctx, m.ID); len(all) != 2 {
			t.Errorf("%d edges restored; want 2", len(all))
		}
	})
}
