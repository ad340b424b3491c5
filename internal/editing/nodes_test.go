package editing_test

import (
	"encoding/json"
	"slices"
	"strings"
	"testing"

	"github.com/strata-maps/strata/internal/domain"
	"github.com/strata-maps/strata/internal/editing"
)

func TestCreateNodeRules(t *testing.T) {
	each(t, func(t *testing.T, f *fixture) {
		m := f.newMap(3)
		edgeTmpl, _, err := f.svc.CreateTemplate(f.ctx, m.ID, f.user.ID, editing.NewTemplate{Name: "Line", Type: domain.TemplateEdge})
		if err != nil {
			t.Fatal(err)
		}
		nodeTmpl, _, err := f.svc.CreateTemplate(f.ctx, m.ID, f.user.ID, editing.NewTemplate{Name: "Box", Type: domain.TemplateNode,
			Design: raw(t, map[string]any{"bg_color": "#00ff00"})})
		if err != nil {
			t.Fatal(err)
		}
		type req = editing.NewNode
		mk := func(shape string, center *domain.Point, vis *domain.Visibility, tmpl string) req {
			var r req
			r.Design.Shape, r.Design.ObjectTemplate, r.Geometry.Center, r.Visibility = shape, tmpl, center, vis
			return r
		}
		at := &domain.Point{X: 10, Y: 20}
		for _, c := range []struct {
			name                       string
			r                          req
			code, field, problem, want string // want: the template the node follows
		}{
			{name: "circle", r: mk("circle", at, nil, ""), want: domain.NoTemplate},
			{name: "with a template", r: mk("rectangle", at, nil, ref(nodeTmpl.ID)), want: ref(nodeTmpl.ID)},
			{name: "disabled shape", r: mk("star", at, nil, ""), code: domain.CodeInvalid, field: "design.shape", problem: domain.ProblemNotAllowed},
			{name: "no centre", r: mk("circle", nil, nil, ""), code: domain.CodeInvalid, field: "geometry.center", problem: domain.ProblemRequired},
			{name: "far away", r: mk("circle", &domain.Point{X: 2e6}, nil, ""), code: domain.CodeInvalid, field: "geometry.center.x", problem: domain.ProblemOutOfRange},
			{name: "level beyond the map", r: mk("circle", at, &domain.Visibility{MinLevel: 1, MaxLevel: 4}, ""), code: domain.CodeInvalid, field: "visibility.max_level", problem: domain.ProblemOutOfRange},
			{name: "range upside down", r: mk("circle", at, &domain.Visibility{MinLevel: 3, MaxLevel: 2}, ""), code: domain.CodeInvalid, field: "visibility.max_level", problem: domain.ProblemBelowField},
			{name: "template of edges", r: mk("circle", at, nil, ref(edgeTmpl.ID)), code: domain.CodeInvalid, field: "design.object_template", problem: domain.ProblemWrongKind},
			{name: "unknown template", r: mk("circle", at, nil, "999"), code: domain.CodeNotFound, field: "design.object_template", problem: domain.ProblemNotFound},
			{name: "no template id", r: mk("circle", at, nil, "x"), code: domain.CodeInvalid, field: "design.object_template", problem: domain.ProblemInvalid},
		} {
			t.Run(c.name, func(t *testing.T) {
				before := f.mapRow(m.ID).Revision
				n, res, err := f.svc.CreateNode(f.ctx, m.ID, f.user.ID, c.r)
				if c.code != "" {
					wantError(t, err, c.code, c.field, c.problem)
					if f.mapRow(m.ID).Revision != before {
						t.Error("a refused node raised the revision")
					}
					return
				}
				if err != nil {
					t.Fatal(err)
				}
				got := f.stored(m.ID, n.ID)
				if got.Template != c.want || got.Geometry.Shape != c.r.Design.Shape || got.Visibility.MinLevel != 1 || got.Visibility.MaxLevel != 3 {
					t.Errorf("stored %+v; want template %s, shape %s, levels 1-3", got, c.want, c.r.Design.Shape)
				}
				if res.Revision != before+1 || res.Changes[0].Type != editing.TypeNodeCreated {
					t.Errorf("result %+v; want node_created at %d", res, before+1)
				}
			})
		}
	})
}

func TestCloneAndDeleteNode(t *testing.T) {
	each(t, func(t *testing.T, f *fixture) {
		m := f.newMap(2)
		a := f.node(m.ID, 100, 100, 1, 2)
		b := f.node(m.ID, 300, 100, 1, 2)
		c := f.node(m.ID, 500, 100, 1, 2)
		e := f.edge(m.ID, a.ID, b.ID)
		f.patch(m.ID, editing.ElementsPatch{Nodes: []editing.NodePatch{{ID: c.ID, PreviousID: editing.OptionalID{Set: true, ID: &b.ID}}}})

		clone, _, err := f.svc.CloneNode(f.ctx, m.ID, f.user.ID, a.ID, nil)
		if err != nil {
			t.Fatal(err)
		}
		if clone.ID == a.ID || clone.Geometry.Center != (domain.Point{X: 130, Y: 130}) || clone.Order <= c.Order {
			t.Errorf("clone at %+v order %d; want 130,130 on top", clone.Geometry.Center, clone.Order)
		}
		_, _, err = f.svc.CloneNode(f.ctx, m.ID, f.user.ID, a.ID, &domain.Point{X: 2e6})
		wantError(t, err, domain.CodeInvalid, "offset.x", domain.ProblemOutOfRange)
		_, _, err = f.svc.CloneNode(f.ctx, m.ID, f.user.ID, 9999, nil)
		wantError(t, err, domain.CodeNotFound, "id", domain.ProblemNotFound)

		// A locked node refuses deletion.
		f.patch(m.ID, editing.ElementsPatch{Nodes: []editing.NodePatch{{ID: b.ID, Editing: &struct {
			Locked *bool `json:"locked"`
		}{Locked: ptr(true)}}}})
		_, err = f.svc.DeleteNode(f.ctx, m.ID, f.user.ID, b.ID)
		wantError(t, err, domain.CodeConflict, "id", domain.ProblemLocked)
		f.patch(m.ID, editing.ElementsPatch{Nodes: []editing.NodePatch{{ID: b.ID, Editing: &struct {
			Locked *bool `json:"locked"`
		}{Locked: ptr(false)}}}})

		res, err := f.svc.DeleteNode(f.ctx, m.ID, f.user.ID, b.ID)
		if err != nil {
			t.Fatal(err)
		}
		if _, ok := f.storedEdge(m.ID, e.ID); ok {
			t.Error("the deleted node's edge is still stored")
		}
		if got := f.stored(m.ID, c.ID); got.PreviousID != nil {
			t.Errorf("navigation to the deleted node stays: %v", *got.PreviousID)
		}
		if res.Changes[0].Type != editing.TypeNodeRemoved {
			t.Errorf("change %s; want node_removed", res.Changes[0].Type)
		}
		_, err = f.svc.DeleteNode(f.ctx, m.ID, f.user.ID, b.ID)
		wantError(t, err, domain.CodeNotFound, "id", domain.ProblemNotFound)

		// Undone: node, edge and navigation come back under their ids.
		delta, _, err := f.svc.RestoreElements(f.ctx, m.ID, f.user.ID, editing.Restoration{Nodes: []int64{b.ID}})
		if err != nil {
			t.Fatal(err)
		}
		if _, ok := f.storedEdge(m.ID, e.ID); !ok {
			t.Error("the edge deleted with the node is not back")
		}
		if got := f.stored(m.ID, c.ID); got.PreviousID == nil || *got.PreviousID != b.ID {
			t.Errorf("navigation not restored: %v", got.PreviousID)
		}
		if len(delta.Nodes) != 2 || len(delta.Edges) != 1 {
			t.Errorf("delta has %d nodes, %d edges; want 2 (b and c), 1", len(delta.Nodes), len(delta.Edges))
		}
	})
}

func TestPatchNodesRules(t *testing.T) {
	each(t, func(t *testing.T, f *fixture) {
		m := f.newMap(3)
		other := f.newMap(1)
		stranger := f.node(other.ID, 0, 0, 1, 1)
		f.media(f.client.ID, "pic")
		for _, c := range []struct {
			name                 string
			patch                func(a, b domain.Node) []editing.NodePatch
			code, field, problem string
		}{
			{"twice", func(a, _ domain.Node) []editing.NodePatch { return []editing.NodePatch{{ID: a.ID}, {ID: a.ID}} },
				domain.CodeInvalid, "nodes[1].id", domain.ProblemDuplicate},
			{"another map's node", func(a, _ domain.Node) []editing.NodePatch {
				return []editing.NodePatch{{ID: a.ID, PopupType: ptr("popup-small")}, {ID: stranger.ID, PopupType: ptr("popup-small")}}
			}, domain.CodeNotFound, "nodes[1].id", domain.ProblemNotFound},
			{"moved far", func(a, _ domain.Node) []editing.NodePatch {
				return []editing.NodePatch{{ID: a.ID, Geometry: &struct {
					Center *domain.Point `json:"center"`
				}{Center: &domain.Point{Y: -2e6}}}}
			}, domain.CodeInvalid, "nodes[0].geometry.center.y", domain.ProblemOutOfRange},
			{"moved, unknown", func(_, _ domain.Node) []editing.NodePatch {
				return []editing.NodePatch{{ID: 99999, Geometry: &struct {
					Center *domain.Point `json:"center"`
				}{Center: &domain.Point{}}}}
			}, domain.CodeNotFound, "nodes[0].id", domain.ProblemNotFound},
			{"design field", func(a, _ domain.Node) []editing.NodePatch {
				return []editing.NodePatch{{ID: a.ID, Design: raw(t, map[string]any{"width": 0})}}
			}, domain.CodeInvalid, "nodes[0].design.width", domain.ProblemOutOfRange},
			{"disabled shape", func(a, _ domain.Node) []editing.NodePatch {
				return []editing.NodePatch{{ID: a.ID, Design: raw(t, map[string]any{"shape": "star"})}}
			}, domain.CodeInvalid, "nodes[0].design.shape", domain.ProblemNotAllowed},
			{"media and url", func(a, _ domain.Node) []editing.NodePatch {
				return []editing.NodePatch{{ID: a.ID, Design: raw(t, map[string]any{"media": "pic", "media_url": "https://x.org/p.png"})}}
			}, domain.CodeInvalid, "nodes[0].design.media_url", domain.ProblemExclusive},
			{"unknown media", func(a, _ domain.Node) []editing.NodePatch {
				return []editing.NodePatch{{ID: a.ID, Design: raw(t, map[string]any{"media": "nope"})}}
			}, domain.CodeInvalid, "nodes[0].design.media", domain.ProblemUnknownMedia},
			{"unknown template", func(a, _ domain.Node) []editing.NodePatch {
				return []editing.NodePatch{{ID: a.ID, Design: raw(t, map[string]any{"object_template": "4242"})}}
			}, domain.CodeNotFound, "nodes[0].design.object_template", domain.ProblemNotFound},
			{"content language", func(a, _ domain.Node) []editing.NodePatch {
				return []editing.NodePatch{{ID: a.ID, Content: map[string]editing.NodeContentPatch{"xx": {Title: ptr("t")}}}}
			}, domain.CodeInvalid, "nodes[0].content.xx", domain.ProblemNotAllowed},
			{"long title", func(a, _ domain.Node) []editing.NodePatch {
				return []editing.NodePatch{{ID: a.ID, Content: map[string]editing.NodeContentPatch{"en": {Title: ptr(strings.Repeat("t", 501))}}}}
			}, domain.CodeInvalid, "nodes[0].content.en.title", domain.ProblemTooLong},
			{"bad link", func(a, _ domain.Node) []editing.NodePatch {
				return []editing.NodePatch{{ID: a.ID, Content: map[string]editing.NodeContentPatch{"en": {NodeLinkTo: ptr("javascript:x")}}}}
			}, domain.CodeInvalid, "nodes[0].content.en.node_link_to", domain.ProblemInvalid},
			{"link with content", func(a, _ domain.Node) []editing.NodePatch {
				return []editing.NodePatch{{ID: a.ID, Content: map[string]editing.NodeContentPatch{"en": {NodeLinkTo: ptr("https://x.org"), Abstract: ptr("text")}}}}
			}, domain.CodeInvalid, "nodes[0].content.en.node_link_to", domain.ProblemExclusive},
			{"range beyond the map", func(a, _ domain.Node) []editing.NodePatch {
				return []editing.NodePatch{{ID: a.ID, Visibility: &editing.VisibilityPatch{MaxLevel: ptr(4)}}}
			}, domain.CodeInvalid, "nodes[0].visibility.max_level", domain.ProblemOutOfRange},
			{"self link", func(a, _ domain.Node) []editing.NodePatch {
				return []editing.NodePatch{{ID: a.ID, NextID: editing.OptionalID{Set: true, ID: &a.ID}}}
			}, domain.CodeInvalid, "nodes[0].next_id", domain.ProblemSelfReference},
			{"link off the map", func(a, _ domain.Node) []editing.NodePatch {
				return []editing.NodePatch{{ID: a.ID, PreviousID: editing.OptionalID{Set: true, ID: &stranger.ID}}}
			}, domain.CodeNotFound, "nodes[0].previous_id", domain.ProblemNotFound},
			{"popup type", func(a, _ domain.Node) []editing.NodePatch {
				return []editing.NodePatch{{ID: a.ID, PopupType: ptr("modal")}}
			}, domain.CodeInvalid, "nodes[0].popup_type", domain.ProblemNotAllowed},
			{"locked node", func(_, b domain.Node) []editing.NodePatch {
				return []editing.NodePatch{{ID: b.ID, PopupType: ptr("popup-small")}}
			}, domain.CodeConflict, "nodes[0].id", domain.ProblemLocked},
			{"locked node moved", func(_, b domain.Node) []editing.NodePatch {
				return []editing.NodePatch{{ID: b.ID, Geometry: &struct {
					Center *domain.Point `json:"center"`
				}{Center: &domain.Point{}}}}
			}, domain.CodeConflict, "nodes[0].id", domain.ProblemLocked},
		} {
			t.Run(c.name, func(t *testing.T) {
				a := f.node(m.ID, 100, 100, 1, 3)
				b := f.node(m.ID, 200, 100, 1, 3)
				f.patch(m.ID, editing.ElementsPatch{Nodes: []editing.NodePatch{{ID: b.ID, Editing: &struct {
					Locked *bool `json:"locked"`
				}{Locked: ptr(true)}}}})
				before := f.mapRow(m.ID).Revision
				_, err := f.svc.PatchElements(f.ctx, m.ID, f.user.ID, editing.ElementsPatch{Nodes: c.patch(a, b)})
				wantError(t, err, c.code, c.field, c.problem)
				if f.mapRow(m.ID).Revision != before || f.stored(m.ID, a.ID).PopupType != a.PopupType {
					t.Error("a refused patch changed the map")
				}
			})
		}
	})
}

func TestPatchNodesApplies(t *testing.T) {
	each(t, func(t *testing.T, f *fixture) {
		m := f.newMap(3)
		f.media(f.client.ID, "pic")
		tp, _, err := f.svc.CreateTemplate(f.ctx, m.ID, f.user.ID, editing.NewTemplate{Name: "Box", Type: domain.TemplateNode,
			Design: raw(t, map[string]any{"bg_color": "#00ff00", "width": 300})})
		if err != nil {
			t.Fatal(err)
		}
		a := f.node(m.ID, 100, 100, 1, 3)
		b := f.node(m.ID, 300, 100, 1, 3)
		c := f.node(m.ID, 500, 100, 2, 3)
		e := f.edge(m.ID, a.ID, b.ID)
		ec := f.edge(m.ID, b.ID, c.ID)

		t.Run("moves only", func(t *testing.T) {
			res := f.patch(m.ID, editing.ElementsPatch{Nodes: []editing.NodePatch{
				{ID: a.ID, Geometry: &struct {
					Center *domain.Point `json:"center"`
				}{Center: &domain.Point{X: 1, Y: 2}}},
			}})
			if got := f.stored(m.ID, a.ID).Geometry.Center; got != (domain.Point{X: 1, Y: 2}) {
				t.Errorf("stored centre %+v", got)
			}
			if len(res.Changes) != 1 || res.Changes[0].Type != editing.TypeNodePosition {
				t.Errorf("changes %+v; want one node_position", res.Changes)
			}
		})
		t.Run("order", func(t *testing.T) {
			res := f.patch(m.ID, editing.ElementsPatch{Nodes: []editing.NodePatch{{ID: c.ID}, {ID: a.ID}}})
			ga, gc := f.stored(m.ID, a.ID), f.stored(m.ID, c.ID)
			if ga.Order != c.Order || gc.Order != a.Order || f.stored(m.ID, b.ID).Order != b.Order {
				t.Errorf("orders a %d c %d; want swapped (%d, %d), b kept", ga.Order, gc.Order, c.Order, a.Order)
			}
			if res.Changes[0].Type != editing.TypeNodeOrder {
				t.Errorf("change %s; want node_order", res.Changes[0].Type)
			}
		})
		t.Run("template, content and navigation", func(t *testing.T) {
			res := f.patch(m.ID, editing.ElementsPatch{Nodes: []editing.NodePatch{
				{ID: a.ID, Design: raw(t, map[string]any{"object_template": ref(tp.ID)}),
					Content: map[string]editing.NodeContentPatch{"en": {Title: ptr("Alpha"), Content: ptr(`<p onclick="x()">Hi<script>bad()</script></p>`)}},
					NextID:  editing.OptionalID{Set: true, ID: &b.ID}, PopupType: ptr("side-panel-large")},
				{ID: b.ID, Design: raw(t, map[string]any{"shape": "rectangle", "media": "pic", "width": 40, "height": 80})},
			}})
			ga, gb := f.stored(m.ID, a.ID), f.stored(m.ID, b.ID)
			if ga.Template != ref(tp.ID) || ga.Design["bg_color"] != nil && ga.Design["bg_color"] != "#00ff00" {
				t.Errorf("a follows %q with design %v", ga.Template, ga.Design)
			}
			if got := ga.Content[domain.LangEN]; got.Title != "Alpha" || got.Content != "<p>Hi</p>" {
				t.Errorf("content %+v; want the title and sanitised HTML", got)
			}
			if ga.NextID == nil || *ga.NextID != b.ID || ga.PopupType != "side-panel-large" {
				t.Errorf("navigation %v, popup %q", ga.NextID, ga.PopupType)
			}
			if gb.Geometry.Shape != "rectangle" || gb.Design["media"] != "pic" || gb.Design["width"] != 40.0 {
				t.Errorf("b's design %v", gb.Design)
			}
			var types []string
			for _, c := range res.Changes {
				types = append(types, c.Type)
			}
			want := []string{editing.TypeNodeDesign, editing.TypeNodeTemplates, editing.TypeNodeContent}
			if !slices.Equal(types, want) {
				t.Errorf("changes %v; want %v", types, want)
			}
			// Back to the template's values, and a circle keeps equal sides.
			f.patch(m.ID, editing.ElementsPatch{Nodes: []editing.NodePatch{{ID: a.ID, RestoreTemplate: true},
				{ID: b.ID, Design: raw(t, map[string]any{"shape": "circle"})}}})
			if gb := f.stored(m.ID, b.ID); gb.Design["width"] != gb.Design["height"] {
				t.Errorf("circle of %v by %v", gb.Design["width"], gb.Design["height"])
			}
		})
		t.Run("visibility carries the edges", func(t *testing.T) {
			// c shows on 2-3: b narrowed to 1 leaves b-c without a shared level.
			res := f.patch(m.ID, editing.ElementsPatch{Nodes: []editing.NodePatch{{ID: b.ID, Visibility: &editing.VisibilityPatch{MaxLevel: ptr(1)}}}})
			if _, ok := f.storedEdge(m.ID, ec.ID); ok {
				t.Error("the edge whose nodes share no level stays")
			}
			if got, _ := f.storedEdge(m.ID, e.ID); got.Visibility.MaxLevel != 1 {
				t.Errorf("edge a-b shows on %+v; want up to 1", got.Visibility)
			}
			if res.Changes[0].Type != editing.TypeNodeVisibility {
				t.Errorf("change %s; want node_visibility", res.Changes[0].Type)
			}
			res = f.patch(m.ID, editing.ElementsPatch{Nodes: []editing.NodePatch{{ID: a.ID, Visibility: &editing.VisibilityPatch{Hidden: ptr(true)}}}})
			if got, _ := f.storedEdge(m.ID, e.ID); !got.Visibility.Hidden {
				t.Error("the edge of a hidden node is not hidden")
			}
			if res.Changes[0].Type != editing.TypeNodeHidden {
				t.Errorf("change %s; want node_hidden", res.Changes[0].Type)
			}
		})
		t.Run("lock relocks the layer", func(t *testing.T) {
			n := f.node(m.ID, 900, 900, 3, 3)
			others, _ := f.st.NodesOfMap(f.ctx, m.ID)
			var patches []editing.NodePatch
			for _, o := range others {
				if o.Visibility.MinLevel == 3 || o.ID == n.ID {
					patches = append(patches, editing.NodePatch{ID: o.ID, Editing: &struct {
						Locked *bool `json:"locked"`
					}{Locked: ptr(true)}})
				}
			}
			res := f.patch(m.ID, editing.ElementsPatch{Nodes: patches})
			if !f.mapRow(m.ID).Layers[2].Locked {
				t.Errorf("layer 3 is not locked with every node on it: %+v", f.mapRow(m.ID).Layers)
			}
			if res.Changes[0].Type != editing.TypeNodeLocked {
				t.Errorf("change %s; want node_locked", res.Changes[0].Type)
			}
		})
	})
}

func TestPatchNodeDesignNamesOwnFields(t *testing.T) {
	each(t, func(t *testing.T, f *fixture) {
		m := f.newMap(1)
		n := f.node(m.ID, 0, 0, 1, 1)
		_, err := f.svc.PatchNodeDesign(f.ctx, m.ID, f.user.ID, n.ID, raw(t, map[string]any{"bg_color": "red"}))
		wantError(t, err, domain.CodeInvalid, "design.bg_color", domain.ProblemInvalid)
		_, err = f.svc.PatchNodeDesign(f.ctx, m.ID, f.user.ID, 777, raw(t, map[string]any{"bg_color": "#fff"}))
		wantError(t, err, domain.CodeNotFound, "id", domain.ProblemNotFound)
		if _, err := f.svc.PatchNodeDesign(f.ctx, m.ID, f.user.ID, n.ID, raw(t, map[string]any{"bg_color": "#fff"})); err != nil {
			t.Fatal(err)
		}
		if got := f.stored(m.ID, n.ID).Design["bg_color"]; got != "#fff" {
			t.Errorf("stored colour %v", got)
		}
	})
}

func TestAtRevision(t *testing.T) {
	each(t, func(t *testing.T, f *fixture) {
		m := f.newMap(1)
		f.node(m.ID, 0, 0, 1, 1)
		var req editing.NewNode
		req.Design.Shape = "circle"
		req.Geometry.Center = &domain.Point{}
		_, _, err := f.svc.CreateNode(editing.AtRevision(f.ctx, 0), m.ID, f.user.ID, req)
		wantError(t, err, domain.CodePreconditionFailed, "", "")
		if _, _, err := f.svc.CreateNode(editing.AtRevision(f.ctx, 1), m.ID, f.user.ID, req); err != nil {
			t.Fatalf("at the map's revision: %v", err)
		}
		if got := f.mapRow(m.ID).Revision; got != 2 {
			t.Errorf("revision %d; want 2", got)
		}
	})
}

// A link sent as null clears it; one left out keeps it.
func TestNavigationNullClears(t *testing.T) {
	each(t, func(t *testing.T, f *fixture) {
		m := f.newMap(1)
		a := f.node(m.ID, 0, 0, 1, 1)
		b := f.node(m.ID, 100, 0, 1, 1)
		f.patch(m.ID, editing.ElementsPatch{Nodes: []editing.NodePatch{{ID: a.ID,
			NextID: editing.OptionalID{Set: true, ID: &b.ID}, PreviousID: editing.OptionalID{Set: true, ID: &b.ID}}}})
		var p editing.ElementsPatch
		body := `{"nodes": [{"id": ` + ref(a.ID) + `, "next_id": null, "popup_type": "popup-small"}]}`
		if err := json.Unmarshal([]byte(body), &p); err != nil {
			t.Fatal(err)
		}
		f.patch(m.ID, p)
		got := f.stored(m.ID, a.ID)
		if got.NextID != nil || got.PreviousID == nil || *got.PreviousID != b.ID {
			t.Errorf("next %v, previous %v; want next cleared, previous kept", got.NextID, got.PreviousID)
		}
	})
}
