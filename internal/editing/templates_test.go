package editing_test

import (
	"strings"
	"testing"

	"github.com/strata-maps/strata/internal/domain"
	"github.com/strata-maps/strata/internal/editing"
)

func TestCreateTemplateRules(t *testing.T) {
	each(t, func(t *testing.T, f *fixture) {
		m := f.newMap(1)
		n := f.node(m.ID, 0, 0, 1, 1)
		for _, c := range []struct {
			name                 string
			req                  editing.NewTemplate
			code, field, problem string
		}{
			{"no name", editing.NewTemplate{Name: " ", Type: domain.TemplateNode}, domain.CodeInvalid, "name", domain.ProblemRequired},
			{"long name", editing.NewTemplate{Name: strings.Repeat("n", 101), Type: domain.TemplateNode}, domain.CodeInvalid, "name", domain.ProblemTooLong},
			{"type", editing.NewTemplate{Name: "x", Type: "layer"}, domain.CodeInvalid, "type", domain.ProblemNotAllowed},
			{"node for an edge template", editing.NewTemplate{Name: "x", Type: domain.TemplateEdge, FromNodeID: &n.ID}, domain.CodeInvalid, "from_node_id", domain.ProblemRule},
			{"edge for a node template", editing.NewTemplate{Name: "x", Type: domain.TemplateNode, FromEdgeID: ptr(int64(1))}, domain.CodeInvalid, "from_edge_id", domain.ProblemRule},
			{"unknown node", editing.NewTemplate{Name: "x", Type: domain.TemplateNode, FromNodeID: ptr(int64(9999))}, domain.CodeNotFound, "from_node_id", domain.ProblemNotFound},
			{"unknown edge", editing.NewTemplate{Name: "x", Type: domain.TemplateEdge, FromEdgeID: ptr(int64(9999))}, domain.CodeNotFound, "from_edge_id", domain.ProblemNotFound},
			{"bad design", editing.NewTemplate{Name: "x", Type: domain.TemplateEdge, Design: raw(t, map[string]any{"shape": "circle"})}, domain.CodeInvalid, "design.shape", domain.ProblemUnknown},
			{"unknown media", editing.NewTemplate{Name: "x", Type: domain.TemplateNode, Design: raw(t, map[string]any{"media": "nope"})}, domain.CodeInvalid, "design.media", domain.ProblemUnknownMedia},
		} {
			t.Run(c.name, func(t *testing.T) {
				_, _, err := f.svc.CreateTemplate(f.ctx, m.ID, f.user.ID, c.req)
				wantError(t, err, c.code, c.field, c.problem)
			})
		}
		if ts, _ := f.st.TemplatesOfMap(f.ctx, m.ID); len(ts) != 0 {
			t.Errorf("refused templates stored: %d", len(ts))
		}
	})
}

func TestTemplateFromObjects(t *testing.T) {
	each(t, func(t *testing.T, f *fixture) {
		m := f.newMap(1)
		a := f.node(m.ID, 0, 0, 1, 1)
		b := f.node(m.ID, 100, 0, 1, 1)
		e := f.edge(m.ID, a.ID, b.ID)
		f.patch(m.ID, editing.ElementsPatch{Nodes: []editing.NodePatch{{ID: a.ID, Design: raw(t, map[string]any{"bg_color": "#123456", "border_width": 7})}},
			Edges: []editing.EdgePatch{{ID: e.ID, Design: raw(t, map[string]any{"line_end": "dot"})}}})

		tn, res, err := f.svc.CreateTemplate(f.ctx, m.ID, f.user.ID, editing.NewTemplate{Name: " From a ", Type: domain.TemplateNode, FromNodeID: &a.ID})
		if err != nil {
			t.Fatal(err)
		}
		if tn.Name != "From a" || tn.Design["bg_color"] != "#123456" || tn.Design["border_width"] != 7.0 {
			t.Errorf("template %+v; want a's values", tn)
		}
		ga := f.stored(m.ID, a.ID)
		if ga.Template != ref(tn.ID) || ga.Design["bg_color"] != nil {
			t.Errorf("node follows %q with %v; want the new template, overrides cleared", ga.Template, ga.Design["bg_color"])
		}
		if d := res.Changes[0]; d.Type != editing.TypeObjectTemplate {
			t.Errorf("change %s", d.Type)
		}
		te, _, err := f.svc.CreateTemplate(f.ctx, m.ID, f.user.ID, editing.NewTemplate{Name: "Dots", Type: domain.TemplateEdge, FromEdgeID: &e.ID})
		if err != nil {
			t.Fatal(err)
		}
		if ge, _ := f.storedEdge(m.ID, e.ID); ge.Template != ref(te.ID) || te.Design["line_end"] != "dot" || ge.Design["line_end"] != nil {
			t.Errorf("edge follows %q (%v), template %v", ge.Template, ge.Design["line_end"], te.Design)
		}

		// Updating: the rules, then the change its objects follow.
		for _, c := range []struct {
			name, field, problem string
			p                    editing.TemplatePatch
		}{
			{"empty name", "name", domain.ProblemRequired, editing.TemplatePatch{Name: ptr("")}},
			{"follows a template", "design.object_template", domain.ProblemRule, editing.TemplatePatch{Design: raw(t, map[string]any{"object_template": "0"})}},
			{"bad value", "design.border_width", domain.ProblemOutOfRange, editing.TemplatePatch{Design: raw(t, map[string]any{"border_width": 99})}},
			{"unknown media", "design.media", domain.ProblemUnknownMedia, editing.TemplatePatch{Design: raw(t, map[string]any{"media": "nope"})}},
		} {
			t.Run(c.name, func(t *testing.T) {
				_, _, err := f.svc.UpdateTemplate(f.ctx, m.ID, f.user.ID, tn.ID, c.p)
				wantError(t, err, domain.CodeInvalid, c.field, c.problem)
			})
		}
		_, _, err = f.svc.UpdateTemplate(f.ctx, m.ID, f.user.ID, 9999, editing.TemplatePatch{Name: ptr("x")})
		wantError(t, err, domain.CodeNotFound, "", "")
		if _, _, err := f.svc.UpdateTemplate(f.ctx, m.ID, f.user.ID, tn.ID, editing.TemplatePatch{Name: ptr("Blue"),
			Design: raw(t, map[string]any{"bg_color": "#0000ff"})}); err != nil {
			t.Fatal(err)
		}
		if got, _ := f.st.TemplateByID(f.ctx, m.ID, tn.ID); got.Name != "Blue" || got.Design["bg_color"] != "#0000ff" {
			t.Errorf("stored template %+v", got)
		}

		// Deleting sets its followers to no template; restoring points them back.
		res, err = f.svc.DeleteTemplate(f.ctx, m.ID, f.user.ID, tn.ID)
		if err != nil {
			t.Fatal(err)
		}
		if ga := f.stored(m.ID, a.ID); ga.Template != domain.NoTemplate || ga.Design["object_template"] != domain.NoTemplate {
			t.Errorf("follower of the deleted template: %q", ga.Template)
		}
		if _, err := f.svc.DeleteTemplate(f.ctx, m.ID, f.user.ID, tn.ID); domain.ErrorCode(err) != domain.CodeNotFound {
			t.Errorf("deleted twice: %v", err)
		}
		if _, err := f.svc.DeleteTemplate(f.ctx, m.ID, f.user.ID, te.ID); err != nil {
			t.Fatal(err)
		}
		delta, _, err := f.svc.RestoreElements(f.ctx, m.ID, f.user.ID, editing.Restoration{Templates: []int64{tn.ID, te.ID}})
		if err != nil {
			t.Fatal(err)
		}
		if ga := f.stored(m.ID, a.ID); ga.Template != ref(tn.ID) {
			t.Errorf("follower not pointed back: %q", ga.Template)
		}
		if ge, _ := f.storedEdge(m.ID, e.ID); ge.Template != ref(te.ID) {
			t.Errorf("edge follower not pointed back: %q", ge.Template)
		}
		if len(delta.Templates) != 2 || len(delta.Nodes) != 1 || len(delta.Edges) != 1 {
			t.Errorf("delta: %d templates, %d nodes, %d edges", len(delta.Templates), len(delta.Nodes), len(delta.Edges))
		}
		_, _, err = f.svc.RestoreElements(f.ctx, m.ID, f.user.ID, editing.Restoration{Templates: []int64{tn.ID}})
		wantError(t, err, domain.CodeNotFound, "templates", domain.ProblemNotFound)
	})
}

// A node deleted while following a template that is deleted after it comes
// back following none.
func TestRestoredNodeOfDeletedTemplate(t *testing.T) {
	each(t, func(t *testing.T, f *fixture) {
		m := f.newMap(1)
		tp, _, err := f.svc.CreateTemplate(f.ctx, m.ID, f.user.ID, editing.NewTemplate{Name: "T", Type: domain.TemplateNode})
		if err != nil {
			t.Fatal(err)
		}
		n := f.node(m.ID, 0, 0, 1, 1)
		f.patch(m.ID, editing.ElementsPatch{Nodes: []editing.NodePatch{{ID: n.ID, Design: raw(t, map[string]any{"object_template": ref(tp.ID)})}}})
		if _, err := f.svc.DeleteNode(f.ctx, m.ID, f.user.ID, n.ID); err != nil {
			t.Fatal(err)
		}
		if _, err := f.svc.DeleteTemplate(f.ctx, m.ID, f.user.ID, tp.ID); err != nil {
			t.Fatal(err)
		}
		if _, _, err := f.svc.RestoreElements(f.ctx, m.ID, f.user.ID, editing.Restoration{Nodes: []int64{n.ID}}); err != nil {
			t.Fatal(err)
		}
		if got := f.stored(m.ID, n.ID); got.Template != domain.NoTemplate {
			t.Errorf("restored node follows %q; want none", got.Template)
		}
		// Restoring it twice is refused: it is back already.
		_, _, err = f.svc.RestoreElements(f.ctx, m.ID, f.user.ID, editing.Restoration{Nodes: []int64{n.ID}})
		wantError(t, err, domain.CodeNotFound, "nodes", domain.ProblemNotFound)
	})
}

// An edge whose end another editor deleted since cannot come back alone.
func TestRestoredEdgeNeedsItsNodes(t *testing.T) {
	each(t, func(t *testing.T, f *fixture) {
		m := f.newMap(1)
		a := f.node(m.ID, 0, 0, 1, 1)
		b := f.node(m.ID, 100, 0, 1, 1)
		e := f.edge(m.ID, a.ID, b.ID)
		if _, err := f.svc.DeleteEdge(f.ctx, m.ID, f.user.ID, e.ID); err != nil {
			t.Fatal(err)
		}
		if _, err := f.svc.DeleteNode(f.ctx, m.ID, f.user.ID, b.ID); err != nil {
			t.Fatal(err)
		}
		_, _, err := f.svc.RestoreElements(f.ctx, m.ID, f.user.ID, editing.Restoration{Edges: []int64{e.ID}})
		wantError(t, err, domain.CodeConflict, "edges", domain.ProblemRule)
		// With its node, it comes back.
		if _, _, err := f.svc.RestoreElements(f.ctx, m.ID, f.user.ID, editing.Restoration{Nodes: []int64{b.ID}, Edges: []int64{e.ID}}); err != nil {
			t.Fatal(err)
		}
		if _, ok := f.storedEdge(m.ID, e.ID); !ok {
			t.Error("the edge is not back with its node")
		}
	})
}
