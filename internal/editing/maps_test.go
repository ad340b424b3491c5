package editing_test

import (
	"testing"

	"github.com/strata-maps/strata/internal/domain"
	"github.com/strata-maps/strata/internal/editing"
)

func TestCreateMapRules(t *testing.T) {
	each(t, func(t *testing.T, f *fixture) {
		tmpl, err := f.svc.CreateMap(f.ctx, f.client.ID, editing.Creator{UserID: f.user.ID},
			editing.NewMap{Name: "Process", Width: 1000, Height: 800, Levels: 3, AsTemplate: true, Theme: "process", Section: "Work"})
		if err != nil {
			t.Fatal(err)
		}
		a := f.node(tmpl.ID, 100, 100, 1, 3)
		b := f.node(tmpl.ID, 300, 100, 2, 3)
		f.edge(tmpl.ID, a.ID, b.ID)
		plain := f.newMap(2)
		for _, c := range []struct {
			name           string
			nm             editing.NewMap
			code, field    string
			problem        string
			nodes, edges   int
			levels, layers int
		}{
			{name: "blank", nm: editing.NewMap{Name: "  Rivers ", Width: 500, Height: 500, Levels: 4}, levels: 4, layers: 4},
			{name: "name required", nm: editing.NewMap{Name: "  ", Width: 500, Height: 500, Levels: 1},
				code: domain.CodeInvalid, field: "name", problem: domain.ProblemRequired},
			{name: "name on one line", nm: editing.NewMap{Name: "a\nb", Width: 500, Height: 500, Levels: 1},
				code: domain.CodeInvalid, field: "name", problem: domain.ProblemLineBreak},
			{name: "too narrow", nm: editing.NewMap{Name: "x", Width: 99, Height: 500, Levels: 1},
				code: domain.CodeInvalid, field: "measurement.width", problem: domain.ProblemOutOfRange},
			{name: "too high", nm: editing.NewMap{Name: "x", Width: 500, Height: 100001, Levels: 1},
				code: domain.CodeInvalid, field: "measurement.height", problem: domain.ProblemOutOfRange},
			{name: "too many levels", nm: editing.NewMap{Name: "x", Width: 500, Height: 500, Levels: 13},
				code: domain.CodeInvalid, field: "visibility_levels", problem: domain.ProblemOutOfRange},
			{name: "unknown palette", nm: editing.NewMap{Name: "x", Width: 500, Height: 500, Levels: 1, Palette: "plaid"},
				code: domain.CodeInvalid, field: "palette", problem: domain.ProblemInvalid},
			{name: "template theme", nm: editing.NewMap{Name: "x", Width: 500, Height: 500, Levels: 1, AsTemplate: true, Theme: "gothic"},
				code: domain.CodeInvalid, field: "theme", problem: domain.ProblemNotAllowed},
			{name: "from a template", nm: editing.NewMap{Name: "Copy", FromTemplate: tmpl.ID}, nodes: 2, edges: 1, levels: 3, layers: 3},
			{name: "from a template, more levels", nm: editing.NewMap{Name: "Copy", FromTemplate: tmpl.ID, Levels: 5}, nodes: 2, edges: 1, levels: 5, layers: 5},
			{name: "from a template, fewer levels", nm: editing.NewMap{Name: "Copy", FromTemplate: tmpl.ID, Levels: 2},
				code: domain.CodeInvalid, field: "visibility_levels", problem: domain.ProblemTooSmall},
			{name: "from a map that is no template", nm: editing.NewMap{Name: "Copy", FromTemplate: plain.ID},
				code: domain.CodeNotFound, field: "template_id", problem: domain.ProblemNotFound},
			{name: "from a built-in", nm: editing.NewMap{Name: "Goals", FromBuiltin: "personal-goals"}, nodes: 5, edges: 4, levels: 2, layers: 2},
			{name: "from an unknown built-in", nm: editing.NewMap{Name: "x", FromBuiltin: "nope"},
				code: domain.CodeNotFound, field: "builtin_template", problem: domain.ProblemNotFound},
		} {
			t.Run(c.name, func(t *testing.T) {
				m, err := f.svc.CreateMap(f.ctx, f.client.ID, editing.Creator{UserID: f.user.ID}, c.nm)
				if c.code != "" {
					wantError(t, err, c.code, c.field, c.problem)
					return
				}
				if err != nil {
					t.Fatal(err)
				}
				got := f.mapRow(m.ID)
				if got.VisibilityLevels != c.levels || len(got.Layers) != c.layers || got.IsTemplate || got.Theme != "" {
					t.Errorf("levels %d, layers %d, template %v %q; want %d, %d, a map", got.VisibilityLevels, len(got.Layers), got.IsTemplate, got.Theme, c.levels, c.layers)
				}
				if got.Name == "" || got.Name[0] == ' ' || got.Revision != 0 {
					t.Errorf("name %q, revision %d: want trimmed, 0", got.Name, got.Revision)
				}
				nodes, _ := f.st.NodesOfMap(f.ctx, m.ID)
				edges, _ := f.st.EdgesOfMap(f.ctx, m.ID)
				if len(nodes) != c.nodes || len(edges) != c.edges {
					t.Errorf("%d nodes, %d edges; want %d, %d", len(nodes), len(edges), c.nodes, c.edges)
				}
				ids := map[int64]bool{}
				for _, n := range nodes {
					ids[n.ID] = true
				}
				for _, e := range edges {
					if !ids[e.Node.FromID] || !ids[e.Node.ToID] {
						t.Errorf("edge %d joins %v, not nodes of the copy", e.ID, e.Node)
					}
				}
			})
		}
	})
}

func TestCreateMapQuota(t *testing.T) {
	each(t, func(t *testing.T, f *fixture) {
		one := 1
		if err := f.st.SetQuotas(f.ctx, f.client.ID, map[domain.QuotaKind]*int{domain.QuotaMap: &one, domain.QuotaTemplate: &one}); err != nil {
			t.Fatal(err)
		}
		m := f.newMap(1)
		_, err := f.svc.CreateMap(f.ctx, f.client.ID, editing.Creator{UserID: f.user.ID}, editing.NewMap{Name: "Two", Width: 500, Height: 500, Levels: 1})
		wantError(t, err, domain.CodeQuotaExceeded, "quota", domain.ProblemQuotaExceeded)
		_, err = f.svc.CloneMap(f.ctx, m.ID, editing.Creator{UserID: f.user.ID}, "", false, "", "")
		wantError(t, err, domain.CodeQuotaExceeded, "quota", "")
		// Templates have their own quota.
		if _, err := f.svc.CloneMap(f.ctx, m.ID, editing.Creator{UserID: f.user.ID}, "T", true, "basic", "S"); err != nil {
			t.Fatalf("a template within its quota: %v", err)
		}
		maps, err := f.st.MapsOfClient(f.ctx, f.client.ID)
		if err != nil {
			t.Fatal(err)
		}
		if len(maps) != 2 {
			t.Errorf("%d maps stored; the refused creations wrote nothing, want 2", len(maps))
		}
	})
}

func TestCloneMapCopiesTheDocument(t *testing.T) {
	each(t, func(t *testing.T, f *fixture) {
		m := f.newMap(3)
		tp, _, err := f.svc.CreateTemplate(f.ctx, m.ID, f.user.ID, editing.NewTemplate{Name: "Box", Type: domain.TemplateNode,
			Design: raw(t, map[string]any{"bg_color": "#ff0000"})})
		if err != nil {
			t.Fatal(err)
		}
		a := f.node(m.ID, 100, 100, 1, 3)
		b := f.node(m.ID, 200, 100, 1, 3)
		f.edge(m.ID, a.ID, b.ID)
		f.patch(m.ID, editing.ElementsPatch{Nodes: []editing.NodePatch{
			{ID: a.ID, NextID: editing.OptionalID{Set: true, ID: &b.ID}, Design: raw(t, map[string]any{"object_template": ref(tp.ID)})}}})
		if _, _, err := f.svc.PutTOC(f.ctx, m.ID, f.user.ID, domain.TOC{Entries: []domain.TOCEntry{
			{Title: domain.Text{domain.LangEN: "B"}, Depth: 1, NodeID: b.ID, ZoomLevel: 1}}}); err != nil {
			t.Fatal(err)
		}
		clone, err := f.svc.CloneMap(f.ctx, m.ID, editing.Creator{UserID: f.user.ID}, "  ", false, "ignored", "")
		if err != nil {
			t.Fatal(err)
		}
		if clone.Name != "Map (copy)" || clone.Theme != "" || clone.IsTemplate {
			t.Errorf("clone %q theme %q template %v; want \"Map (copy)\", none, a map", clone.Name, clone.Theme, clone.IsTemplate)
		}
		nodes, _ := f.st.NodesOfMap(f.ctx, clone.ID)
		templates, _ := f.st.TemplatesOfMap(f.ctx, clone.ID)
		if len(nodes) != 2 || len(templates) != 1 {
			t.Fatalf("%d nodes, %d templates; want 2, 1", len(nodes), len(templates))
		}
		byOld := map[float64]domain.Node{}
		for _, n := range nodes {
			byOld[n.Geometry.Center.X] = n
		}
		ca, cb := byOld[100], byOld[200]
		if ca.ID == a.ID || ca.NextID == nil || *ca.NextID != cb.ID {
			t.Errorf("copied navigation %v; want the copy of b (%d)", ca.NextID, cb.ID)
		}
		if ca.Template != ref(templates[0].ID) || ca.Design["object_template"] != ref(templates[0].ID) {
			t.Errorf("copied node follows %q; want the copied template %d", ca.Template, templates[0].ID)
		}
		toc, err := f.svc.TOC(f.ctx, clone.ID)
		if err != nil {
			t.Fatal(err)
		}
		if len(toc.Entries) != 1 || toc.Entries[0].NodeID != cb.ID {
			t.Errorf("copied contents point at %+v; want node %d", toc.Entries, cb.ID)
		}
		_, err = f.svc.CloneMap(f.ctx, m.ID, editing.Creator{UserID: f.user.ID}, "T", true, "nope", "")
		wantError(t, err, domain.CodeInvalid, "theme", domain.ProblemNotAllowed)
		if err := f.svc.DeleteMap(f.ctx, clone.ID); err != nil {
			t.Fatal(err)
		}
		if _, err := f.st.MapByID(f.ctx, clone.ID); domain.ErrorCode(err) != domain.CodeNotFound {
			t.Errorf("deleted map read: %v; want not_found", err)
		}
	})
}

func TestUpdateTemplateInfo(t *testing.T) {
	each(t, func(t *testing.T, f *fixture) {
		m := f.newMap(1)
		_, err := f.svc.UpdateTemplateInfo(f.ctx, m.ID, editing.TemplateInfo{Name: ptr("x")})
		wantError(t, err, domain.CodeNotFound, "", "")
		tm, err := f.svc.CloneMap(f.ctx, m.ID, editing.Creator{UserID: f.user.ID}, "T", true, "basic", "S")
		if err != nil {
			t.Fatal(err)
		}
		for _, c := range []struct {
			name        string
			p           editing.TemplateInfo
			field, code string
		}{
			{"empty name", editing.TemplateInfo{Name: ptr(" ")}, "name", domain.ProblemRequired},
			{"theme", editing.TemplateInfo{Theme: ptr("gothic")}, "theme", domain.ProblemNotAllowed},
			{"palette", editing.TemplateInfo{Palette: ptr("plaid")}, "palette", domain.ProblemInvalid},
			{"long section", editing.TemplateInfo{Section: ptr(string(make([]rune, 101)))}, "section", domain.ProblemTooLong},
		} {
			t.Run(c.name, func(t *testing.T) {
				_, err := f.svc.UpdateTemplateInfo(f.ctx, tm.ID, c.p)
				wantError(t, err, domain.CodeInvalid, c.field, c.code)
			})
		}
		got, err := f.svc.UpdateTemplateInfo(f.ctx, tm.ID, editing.TemplateInfo{Name: ptr(" Roadmap "), Theme: ptr("strategy"), Description: ptr("d")})
		if err != nil {
			t.Fatal(err)
		}
		stored := f.mapRow(tm.ID)
		if got.Name != "Roadmap" || stored.Name != "Roadmap" || stored.Theme != "strategy" || stored.Description != "d" || stored.Section != "S" {
			t.Errorf("stored %q %q %q %q; want Roadmap, strategy, d, S", stored.Name, stored.Theme, stored.Description, stored.Section)
		}
	})
}

func TestPatchMapRules(t *testing.T) {
	each(t, func(t *testing.T, f *fixture) {
		for _, c := range []struct {
			name, field, problem string
			p                    editing.MapPatch
		}{
			{"name", "name", domain.ProblemRequired, editing.MapPatch{Name: ptr("")}},
			{"description", "description", domain.ProblemTooLong, editing.MapPatch{Description: ptr(string(make([]rune, 5001)))}},
			{"width", "measurement.width", domain.ProblemOutOfRange, editing.MapPatch{Measurement: &domain.Measurement{Width: 10, Height: 500}}},
			{"levels", "visibility_levels", domain.ProblemOutOfRange, editing.MapPatch{VisibilityLevels: ptr(0)}},
			{"no languages", "languages", domain.ProblemRequired, editing.MapPatch{Languages: []domain.Language{}}},
			{"unknown language", "languages", domain.ProblemNotAllowed, editing.MapPatch{Languages: []domain.Language{"xx"}}},
			{"expansion", "design.expansion", domain.ProblemNotAllowed, editing.MapPatch{Design: &editing.MapDesignPatch{Expansion: ptr("up")}}},
			{"colour", "design.bg_color", domain.ProblemInvalid, editing.MapPatch{Design: &editing.MapDesignPatch{BgColor: ptr("red")}}},
			{"opacity", "design.media_opacity", domain.ProblemOutOfRange, editing.MapPatch{Design: &editing.MapDesignPatch{MediaOpacity: ptr(101.0)}}},
			{"media and url", "design.media_url", domain.ProblemExclusive, editing.MapPatch{Design: &editing.MapDesignPatch{MediaKey: ptr("k"), MediaURL: ptr("https://x.org/a.png")}}},
			{"bad url", "design.media_url", domain.ProblemInvalid, editing.MapPatch{Design: &editing.MapDesignPatch{MediaURL: ptr("javascript:alert(1)")}}},
			{"unknown media", "design.media", domain.ProblemUnknownMedia, editing.MapPatch{Design: &editing.MapDesignPatch{MediaKey: ptr("nope")}}},
			{"media size", "design.media_size", domain.ProblemNotAllowed, editing.MapPatch{Design: &editing.MapDesignPatch{MediaSize: ptr("huge")}}},
		} {
			t.Run(c.name, func(t *testing.T) {
				m := f.newMap(2)
				_, err := f.svc.PatchMap(f.ctx, m.ID, f.user.ID, c.p)
				wantError(t, err, domain.CodeInvalid, c.field, c.problem)
				if got := f.mapRow(m.ID); got.Revision != 0 {
					t.Errorf("a refused patch raised the revision to %d", got.Revision)
				}
			})
		}
	})
}

func TestPatchMapLevelsClampElements(t *testing.T) {
	each(t, func(t *testing.T, f *fixture) {
		m := f.newMap(4)
		f.media(f.client.ID, "bg")
		a := f.node(m.ID, 100, 100, 1, 4)
		b := f.node(m.ID, 300, 100, 3, 4)
		e := f.edge(m.ID, a.ID, b.ID)
		res, err := f.svc.PatchMap(f.ctx, m.ID, f.user.ID, editing.MapPatch{VisibilityLevels: ptr(2), Name: ptr(" Renamed "),
			Languages: []domain.Language{domain.LangDE}, Design: &editing.MapDesignPatch{MediaKey: ptr("bg"), BgColor: ptr("#abcdef")}})
		if err != nil {
			t.Fatal(err)
		}
		got := f.mapRow(m.ID)
		if got.VisibilityLevels != 2 || len(got.Layers) != 2 || got.Name != "Renamed" || len(got.Languages) != 1 ||
			got.Design.Media == nil || *got.Design.Media != "bg" || got.Design.BgColor != "#abcdef" {
			t.Errorf("stored map %+v", got)
		}
		if res.Revision != got.Revision || len(res.Changes) != 1 || res.Changes[0].Type != editing.TypeMap {
			t.Errorf("result %+v; want one map change at revision %d", res, got.Revision)
		}
		if v := f.stored(m.ID, a.ID).Visibility; v.MaxLevel != 2 {
			t.Errorf("node a shows on %+v; want clamped to 2", v)
		}
		if v := f.stored(m.ID, b.ID).Visibility; v.MinLevel != 2 || v.MaxLevel != 2 {
			t.Errorf("node b shows on %+v; want 2-2", v)
		}
		if ed, ok := f.storedEdge(m.ID, e.ID); !ok || ed.Visibility.MaxLevel != 2 {
			t.Errorf("edge %+v; want clamped to 2", ed.Visibility)
		}
		// A URL clears the media key.
		if _, err := f.svc.PatchMap(f.ctx, m.ID, f.user.ID, editing.MapPatch{Design: &editing.MapDesignPatch{MediaURL: ptr("https://x.org/a.png")}}); err != nil {
			t.Fatal(err)
		}
		if d := f.mapRow(m.ID).Design; d.Media != nil || d.MediaURL == nil {
			t.Errorf("design %+v; want the url alone", d)
		}
	})
}

func TestPatchGlobalDesign(t *testing.T) {
	each(t, func(t *testing.T, f *fixture) {
		m := f.newMap(1)
		for _, c := range []struct {
			name, field, problem string
			sections             map[string]any
		}{
			{"unknown section", "colours", domain.ProblemNotAllowed, map[string]any{"colours": map[string]any{}}},
			{"bad node field", "nodes.bg_color", domain.ProblemInvalid, map[string]any{"nodes": map[string]any{"bg_color": "red"}}},
			{"unknown edge field", "edges.shape", domain.ProblemUnknown, map[string]any{"edges": map[string]any{"shape": "circle"}}},
			{"nodes not an object", "nodes", domain.ProblemInvalid, map[string]any{"nodes": 3}},
			{"popups not an object", "popups", domain.ProblemInvalid, map[string]any{"popups": []int{1}}},
			{"unknown media", "nodes.media", domain.ProblemUnknownMedia, map[string]any{"nodes": map[string]any{"media": "nope"}}},
			{"too large", "tooltips", domain.ProblemTooLarge, map[string]any{"tooltips": map[string]any{"x": string(make([]byte, 70000))}}},
		} {
			t.Run(c.name, func(t *testing.T) {
				_, err := f.svc.PatchGlobalDesign(f.ctx, m.ID, f.user.ID, raw(t, c.sections))
				wantError(t, err, domain.CodeInvalid, c.field, c.problem)
			})
		}
		res, err := f.svc.PatchGlobalDesign(f.ctx, m.ID, f.user.ID, raw(t, map[string]any{
			"nodes": map[string]any{"bg_color": "#112233"}, "popups": map[string]any{"width": 300}}))
		if err != nil {
			t.Fatal(err)
		}
		g := f.mapRow(m.ID).GlobalDesign
		if g["nodes"]["bg_color"] != "#112233" || g["popups"]["width"] != 300.0 || res.Changes[0].Type != editing.TypeGlobalDesign {
			t.Errorf("stored global design %v, change %s", g, res.Changes[0].Type)
		}
	})
}

func TestChangesPages(t *testing.T) {
	each(t, func(t *testing.T, f *fixture) {
		m := f.newMap(1)
		for i := range 5 {
			f.node(m.ID, float64(i*10), 0, 1, 1)
		}
		m = f.mapRow(m.ID)
		_, err := f.svc.Changes(f.ctx, m, editing.ChangesQuery{Since: -1})
		wantError(t, err, domain.CodeInvalid, "since", domain.ProblemInvalid)
		_, err = f.svc.Changes(f.ctx, m, editing.ChangesQuery{Since: 6})
		wantError(t, err, domain.CodeInvalid, "since", domain.ProblemOutOfRange)
		var revs []int64
		q := editing.ChangesQuery{Since: 1, Page: domain.PageQuery{Limit: ptr(2)}}
		for {
			p, err := f.svc.Changes(f.ctx, m, q)
			if err != nil {
				t.Fatal(err)
			}
			if p.Revision != 5 {
				t.Errorf("page at revision %d; want 5", p.Revision)
			}
			for _, c := range p.Changes {
				revs = append(revs, c.Revision)
			}
			if p.NextCursor == nil {
				break
			}
			q.Page.Cursor = *p.NextCursor
		}
		if len(revs) != 4 || revs[0] != 2 || revs[3] != 5 {
			t.Errorf("revisions %v; want 2 to 5", revs)
		}
		if types := f.pub.types(); len(types) != 5 || types[0] != editing.TypeNodeCreated {
			t.Errorf("published %v; want five node_created", types)
		}
	})
}

func TestValidateNewMap(t *testing.T) {
	if err := editing.ValidateNewMap("Rivers", "", 500, 500, 3); err != nil {
		t.Errorf("a valid map: %v", err)
	}
	err := editing.ValidateNewMap("", "", 50, 500, 3)
	wantError(t, err, domain.CodeInvalid, "name", domain.ProblemRequired)
	wantError(t, err, domain.CodeInvalid, "measurement.width", domain.ProblemOutOfRange)
}
