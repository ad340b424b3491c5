package api_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/strata-maps/strata/internal/domain"
	"github.com/strata-maps/strata/internal/store"
	"github.com/strata-maps/strata/internal/store/storetest"
)

// unknownMedia checks a 400 naming field with unknown_media.
func unknownMedia(r *response, field string) {
	r.t.Helper()
	r.want(400).wantProblem(field, "unknown_media")
}

// A design names only assets of the map's client: another client's key,
// or a key of no asset, is refused at its field; ” and null clear.
func TestMediaKeysMustBeTheClients(t *testing.T) {
	storetest.Each(t, func(t *testing.T, s *store.Store) {
		h := newMediaHarness(t, s, t.TempDir(), nil)
		var own, foreign domain.MediaAsset
		h.as(student).upload("POST", mediaPath, formPart{field: "file", filename: "a.png", body: pngOf(40, 30)}).want(201).decode(&own)
		h.as(outsider).upload("POST", "/api/v1/clients/globex/media", formPart{field: "file", filename: "b.png", body: pngOf(40, 30)}).want(201).decode(&foreign)
		unknown := strings.Repeat("z", 26)
		ed := h.as(editor)
		mp := func(format string, args ...any) string {
			return fmt.Sprintf("/api/v1/maps/%d", h.mapID) + fmt.Sprintf(format, args...)
		}
		var nodes [2]struct {
			ID int64 `json:"id"`
		}
		for i := range nodes {
			ed.do("POST", mp("/nodes"), map[string]any{"design": map[string]any{"shape": "rectangle"},
				"geometry": map[string]any{"center": map[string]int{"x": 10 + 100*i, "y": 20}}}).want(201).decode(&nodes[i])
		}
		nodeMedia := func(id int64) any {
			var doc struct {
				Nodes []domain.Node `json:"nodes"`
			}
			ed.do("GET", mp(""), nil).want(200).decode(&doc)
			for _, n := range doc.Nodes {
				if n.ID == id {
					return n.Design["media"]
				}
			}
			t.Fatalf("node %d not in the document", id)
			return nil
		}

		// A node.
		for _, bad := range []string{foreign.Key, unknown} {
			unknownMedia(ed.do("PATCH", mp("/nodes/%d", nodes[0].ID), map[string]any{"design": map[string]any{"media": bad}}), "design.media")
		}
		if got := nodeMedia(nodes[0].ID); got != nil {
			t.Fatalf("a refused key was stored: %v", got)
		}
		ed.do("PATCH", mp("/nodes/%d", nodes[0].ID), map[string]any{"design": map[string]any{"media": own.Key}}).want(200)
		if got := nodeMedia(nodes[0].ID); got != own.Key {
			t.Fatalf("media %v, want %s", got, own.Key)
		}
		for _, clear := range []any{nil, ""} {
			ed.do("PATCH", mp("/nodes/%d", nodes[0].ID), map[string]any{"design": map[string]any{"media": own.Key}}).want(200)
			ed.do("PATCH", mp("/nodes/%d", nodes[0].ID), map[string]any{"design": map[string]any{"media": clear}}).want(200)
			if got := nodeMedia(nodes[0].ID); got != nil && got != "" {
				t.Fatalf("%#v did not clear: %v", clear, got)
			}
		}
		// Several nodes at once: the bad one is named, nothing is written.
		unknownMedia(ed.do("PATCH", mp("/elements"), map[string]any{"nodes": []any{
			map[string]any{"id": nodes[0].ID, "design": map[string]any{"media": own.Key}},
			map[string]any{"id": nodes[1].ID, "design": map[string]any{"media": foreign.Key}},
		}}), "nodes[1].design.media")
		if got := nodeMedia(nodes[0].ID); got != nil && got != "" {
			t.Fatalf("a refused patch wrote node 0: %v", got)
		}
		ed.do("PATCH", mp("/elements"), map[string]any{"nodes": []any{
			map[string]any{"id": nodes[0].ID, "design": map[string]any{"media": own.Key}},
			map[string]any{"id": nodes[1].ID, "design": map[string]any{"media": own.Key}},
		}}).want(200)

		// An object template.
		unknownMedia(ed.do("POST", mp("/templates/objects"), map[string]any{"name": "Foreign", "type": "node", "design": map[string]any{"media": foreign.Key}}), "design.media")
		var tpl domain.ObjectTemplate
		ed.do("POST", mp("/templates/objects"), map[string]any{"name": "Own", "type": "node", "design": map[string]any{"media": own.Key}}).want(201).decode(&tpl)
		unknownMedia(ed.do("PATCH", mp("/templates/objects/%d", tpl.ID), map[string]any{"design": map[string]any{"media": unknown}}), "design.media")
		ed.do("PATCH", mp("/templates/objects/%d", tpl.ID), map[string]any{"design": map[string]any{"media": nil}}).want(200)

		// The map's background, alone and through the elements patch.
		unknownMedia(ed.do("PATCH", mp(""), map[string]any{"design": map[string]any{"media": foreign.Key}}), "design.media")
		unknownMedia(ed.do("PATCH", mp("/elements"), map[string]any{"map": map[string]any{"design": map[string]any{"media": unknown}}}), "map.design.media")
		ed.do("PATCH", mp(""), map[string]any{"design": map[string]any{"media": own.Key}}).want(200)
		ed.do("PATCH", mp(""), map[string]any{"design": map[string]any{"media": ""}}).want(200)

		// The nodes' default design.
		unknownMedia(ed.do("PATCH", mp("/global"), map[string]any{"nodes": map[string]any{"media": foreign.Key}}), "nodes.media")
		ed.do("PATCH", mp("/global"), map[string]any{"nodes": map[string]any{"media": own.Key}}).want(200)

		// The header's logo.
		unknownMedia(ed.do("PUT", mp("/header"), map[string]any{"logo_media": foreign.Key}), "logo_media")
		unknownMedia(ed.do("PUT", mp("/header"), map[string]any{"logo_media": unknown}), "logo_media")
		ed.do("PUT", mp("/header"), map[string]any{"logo_media": own.Key}).want(200)
		ed.do("PUT", mp("/header"), map[string]any{"logo_media": ""}).want(200)

		// Where it is used now: two nodes and the nodes' defaults; the
		// cleared places are not listed.
		var env struct {
			Error struct {
				Uses []domain.MediaUse `json:"uses"`
			} `json:"error"`
		}
		h.as(student).do("DELETE", mediaPath+"/"+own.Key, nil).want(409).decode(&env)
		var places []domain.MediaPlace
		for _, u := range env.Error.Uses {
			places = append(places, u.Place)
		}
		if fmt.Sprint(places) != "[node node node_defaults]" {
			t.Errorf("uses %+v", env.Error.Uses)
		}
	})
}
