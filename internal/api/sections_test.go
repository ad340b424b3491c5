package api_test

import (
	"encoding/json"
	"fmt"
	"net/http"
	"strings"
	"testing"

	"github.com/strata-maps/strata/internal/store"
	"github.com/strata-maps/strata/internal/store/storetest"
)

// sectionsMap gives the harness map the languages en and de, and a node,
// and answers the node's id.
func sectionsMap(t *testing.T, h *harness) int64 {
	t.Helper()
	ed := h.as(editor)
	ed.do("PATCH", fmt.Sprintf("/api/v1/maps/%d", h.mapID), map[string]any{"languages": []string{"en", "de"}}).want(200)
	var node struct {
		ID int64 `json:"id"`
	}
	ed.do("POST", fmt.Sprintf("/api/v1/maps/%d/nodes", h.mapID), map[string]any{
		"design": map[string]any{"shape": "circle"}, "geometry": map[string]any{"center": map[string]any{"x": 100, "y": 100}},
	}).want(201).decode(&node)
	return node.ID
}

// validSections are a good value of each section, given the map's node.
func validSections(node int64) map[string]map[string]any {
	return map[string]map[string]any{
		"editors_note": {"shown": true, "label": map[string]any{"en": "About"}, "title": map[string]any{"en": "About this map", "de": "Über diese Karte"},
			"text": map[string]any{"en": "<p>Made by us</p>"}, "team_members": []any{map[string]any{"name": "Ada", "description": map[string]any{"en": "Author"}}}},
		"glossary": {"terms": []any{map[string]any{"term": map[string]any{"en": "Node", "de": "Knoten"}, "alternatives": map[string]any{"en": "nodes;vertex"},
			"synonyms": map[string]any{}, "definition": map[string]any{"en": "<p>A point</p>"}}}},
		"references": {"references": []any{map[string]any{"key": "knuth1984", "source": map[string]any{"en": "Knuth (1984): Literate Programming"},
			"link": "https://example.org/knuth"}}},
		"header": {"background": "#112233", "height": 60, "logo_url": "https://example.org/logo.png", "logo_height": 40, "logo_link": "https://example.org",
			"font_color": "#ffffff", "floating_links": []any{map[string]any{"title": map[string]any{"en": "Home"}, "url": "https://example.org", "target": "new_window"}},
			"additional_links": []any{map[string]any{"title": map[string]any{"en": "Mail"}, "url": "mailto:info@example.org", "target": "same_window"}}},
		"toc": {"entries": []any{map[string]any{"title": map[string]any{"en": "Start"}, "depth": 1, "node_id": node, "zoom_level": 1},
			map[string]any{"title": map[string]any{"en": "Detail"}, "depth": 2, "node_id": node, "zoom_level": 3}}},
		"social_sharing": {"networks": []any{"facebook", "x", "email"}, "title": map[string]any{"en": "Our strategy"},
			"description": map[string]any{"en": "See the plan"}, "image": "https://example.org/share.png"},
		"cookie_consent": {"enabled": true, "title": map[string]any{"en": "Cookies"}, "text": map[string]any{"en": "We ask first."},
			"necessary":   map[string]any{"label": map[string]any{"en": "Necessary"}, "description": map[string]any{"en": "Always on"}},
			"external":    map[string]any{"label": map[string]any{"en": "External"}, "description": map[string]any{"en": "Videos"}},
			"statistics":  map[string]any{"label": map[string]any{"en": "Statistics"}, "description": map[string]any{}},
			"imprint_url": "https://example.org/imprint", "privacy_policy_url": "https://example.org/privacy"},
	}
}

// roundTrip is v through JSON, as a generic value.
func roundTrip(t *testing.T, v any) map[string]any {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	var out map[string]any
	if err := json.Unmarshal(b, &out); err != nil {
		t.Fatal(err)
	}
	return out
}

// sameFields checks that got has every field of want, equal.
func sameFields(t *testing.T, what string, got, want map[string]any) {
	t.Helper()
	for k, w := range want {
		gb, _ := json.Marshal(got[k])
		wb, _ := json.Marshal(w)
		if string(gb) != string(wb) {
			t.Fatalf("%s: %s is %s, want %s", what, k, gb, wb)
		}
	}
}

func TestSectionsRoundTripLoggedAndLive(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, s *store.Store) {
		h := newHarness(t, s)
		node := sectionsMap(t, h)
		ed := h.as(editor)
		ws, _, err := h.as(admin).dialLive(h.mapID, nil)
		if err != nil {
			t.Fatal(err)
		}
		defer ws.CloseNow()
		read(t, ws, "connected")
		for name, body := range validSections(node) {
			path := fmt.Sprintf("/api/v1/maps/%d/%s", h.mapID, name)
			var before map[string]any
			ed.do("GET", path, nil).want(200).decode(&before)
			res := ed.do("PUT", path, body).want(200)
			var put map[string]any
			res.decode(&put)
			sameFields(t, name+" answer", put, roundTrip(t, body))
			rev := int64(put["revision"].(float64))
			if rev != int64(before["revision"].(float64))+1 || res.header.Get("X-Map-Revision") != fmt.Sprint(rev) {
				t.Fatalf("%s: revision %d after %v, header %q", name, rev, before["revision"], res.header.Get("X-Map-Revision"))
			}
			var got map[string]any
			ed.do("GET", path, nil).want(200).decode(&got)
			sameFields(t, name+" read back", got, roundTrip(t, body))

			var changes struct {
				Changes []struct {
					Type string         `json:"type"`
					Data map[string]any `json:"data"`
				} `json:"changes"`
			}
			ed.do("GET", fmt.Sprintf("/api/v1/maps/%d/changes?since=%d", h.mapID, rev-1), nil).want(200).decode(&changes)
			if len(changes.Changes) != 1 || changes.Changes[0].Type != name || changes.Changes[0].Data[name] == nil {
				t.Fatalf("%s: change log %+v", name, changes.Changes)
			}
			var sync struct {
				Type string         `json:"type"`
				Data map[string]any `json:"data"`
			}
			json.Unmarshal(read(t, ws, "sync_map_edit"), &sync)
			if sync.Type != name || sync.Data[name] == nil {
				t.Fatalf("%s: the other editor heard %+v", name, sync)
			}
		}
	})
}

func TestSectionsBadInputChangesNothing(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, s *store.Store) {
		h := newHarness(t, s)
		node := sectionsMap(t, h)
		ed := h.as(editor)
		for _, tc := range []struct {
			section, field string
			body           any
		}{
			{"editors_note", "title.fr", map[string]any{"title": map[string]any{"fr": "Pas une langue de la carte"}}},
			{"editors_note", "label.en", map[string]any{"label": map[string]any{"en": strings.Repeat("x", 201)}}},
			{"editors_note", "team_members[0].name", map[string]any{"team_members": []any{map[string]any{"name": " "}}}},
			{"glossary", "terms[0].term", map[string]any{"terms": []any{map[string]any{"term": map[string]any{}}}}},
			{"glossary", "terms[0].term.en", map[string]any{"terms": []any{map[string]any{"term": map[string]any{"en": "two\nlines"}}}}},
			{"references", "references[0].link", map[string]any{"references": []any{map[string]any{"key": "a", "source": map[string]any{"en": "A"}, "link": "javascript:alert(1)"}}}},
			{"references", "references[1].key", map[string]any{"references": []any{map[string]any{"key": "a", "source": map[string]any{"en": "A"}},
				map[string]any{"key": "a", "source": map[string]any{"en": "B"}}}}},
			{"references", "references[0].key", map[string]any{"references": []any{map[string]any{"key": "has space", "source": map[string]any{"en": "A"}}}}},
			{"header", "background", map[string]any{"background": "red"}},
			{"header", "height", map[string]any{"height": 5000}},
			{"header", "floating_links[0].url", map[string]any{"floating_links": []any{map[string]any{"title": map[string]any{"en": "x"}, "url": "javascript:alert(1)", "target": "new_window"}}}},
			{"header", "additional_links[0].target", map[string]any{"additional_links": []any{map[string]any{"title": map[string]any{"en": "x"}, "url": "https://example.org", "target": "popup"}}}},
			{"toc", "entries[4].depth", map[string]any{"entries": []any{
				map[string]any{"depth": 1, "node_id": node, "zoom_level": 1}, map[string]any{"depth": 2, "node_id": node, "zoom_level": 1},
				map[string]any{"depth": 3, "node_id": node, "zoom_level": 1}, map[string]any{"depth": 4, "node_id": node, "zoom_level": 1},
				map[string]any{"depth": 5, "node_id": node, "zoom_level": 1}}}},
			{"toc", "entries[0].depth", map[string]any{"entries": []any{map[string]any{"depth": 2, "node_id": node, "zoom_level": 1}}}},
			{"toc", "entries[0].node_id", map[string]any{"entries": []any{map[string]any{"depth": 1, "node_id": node + 1000, "zoom_level": 1}}}},
			{"toc", "entries[0].zoom_level", map[string]any{"entries": []any{map[string]any{"depth": 1, "node_id": node, "zoom_level": 9}}}},
			{"social_sharing", "networks[0]", map[string]any{"networks": []any{"myspace"}}},
			{"social_sharing", "image", map[string]any{"image": "data:text/html,x"}},
			{"cookie_consent", "imprint_url", map[string]any{"imprint_url": "ftp://example.org/imprint"}},
			{"cookie_consent", "statistics.label.fr", map[string]any{"statistics": map[string]any{"label": map[string]any{"fr": "Statistiques"}}}},
		} {
			path := fmt.Sprintf("/api/v1/maps/%d/%s", h.mapID, tc.section)
			before := ed.do("GET", path, nil).want(200)
			ed.do("PUT", path, tc.body).wantError(400, "validation_failed", tc.field)
			if after := ed.do("GET", path, nil).want(200); string(after.body) != string(before.body) {
				t.Fatalf("%s %s: refused, yet it changed: %s", tc.section, tc.field, after.body)
			}
		}
		// Unknown fields and the wrong types are refused as everywhere.
		ed.do("PUT", fmt.Sprintf("/api/v1/maps/%d/glossary", h.mapID), map[string]any{"words": []any{}}).wantError(400, "validation_failed", "words")
		ed.do("PUT", fmt.Sprintf("/api/v1/maps/%d/header", h.mapID), `{"height":"tall"}`).wantError(400, "validation_failed")
		ed.do("PUT", fmt.Sprintf("/api/v1/maps/%d/glossary", h.mapID), `{"terms":[{"term":{"en":"a\u0000b"}}]}`).wantError(400, "validation_failed")
		// Quizzes: a question needs a correct answer; one answer only unless it takes several.
		quizzes := fmt.Sprintf("/api/v1/maps/%d/quizzes", h.mapID)
		ed.do("POST", quizzes, map[string]any{"name": map[string]any{"en": "Q"}, "questions": []any{map[string]any{"text": map[string]any{"en": "?"},
			"answers": []any{map[string]any{"text": map[string]any{"en": "a"}}, map[string]any{"text": map[string]any{"en": "b"}}}}}}).
			wantError(400, "validation_failed", "questions[0].answers")
		ed.do("POST", quizzes, map[string]any{"name": map[string]any{"en": "Q"}, "questions": []any{map[string]any{"text": map[string]any{"en": "?"},
			"answers": []any{map[string]any{"text": map[string]any{"en": "a"}, "correct": true}, map[string]any{"text": map[string]any{"en": "b"}, "correct": true}}}}}).
			wantError(400, "validation_failed", "questions[0].answers")
		ed.do("POST", quizzes, map[string]any{"name": map[string]any{}}).wantError(400, "validation_failed", "name")
		var list struct {
			Quizzes []any `json:"quizzes"`
		}
		ed.do("GET", quizzes, nil).want(200).decode(&list)
		if len(list.Quizzes) != 0 {
			t.Fatalf("refused quizzes were kept: %+v", list.Quizzes)
		}
	})
}

func TestSectionRichTextIsSanitised(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, s *store.Store) {
		h := newHarness(t, s)
		sectionsMap(t, h)
		var got struct {
			Text map[string]string `json:"text"`
		}
		h.as(student).do("PUT", fmt.Sprintf("/api/v1/maps/%d/editors_note", h.mapID), map[string]any{
			"text": map[string]any{"en": `<p onclick="x()">Hi<script>alert(1)</script> <a href="javascript:alert(2)">there</a></p>`},
		}).want(200).decode(&got)
		if got.Text["en"] != "<p>Hi there</p>" {
			t.Fatalf("stored %q", got.Text["en"])
		}
		var g struct {
			Terms []struct {
				Definition map[string]string `json:"definition"`
			} `json:"terms"`
		}
		h.as(student).do("PUT", fmt.Sprintf("/api/v1/maps/%d/glossary", h.mapID), map[string]any{"terms": []any{map[string]any{
			"term": map[string]any{"en": "x"}, "definition": map[string]any{"en": `<img src=x onerror="alert(1)"><b>bold</b>`}}}}).want(200).decode(&g)
		if d := g.Terms[0].Definition["en"]; strings.Contains(d, "onerror") || !strings.Contains(d, "<b>bold</b>") {
			t.Fatalf("stored definition %q", d)
		}
	})
}

func TestSectionRoles(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, s *store.Store) {
		h := newHarness(t, s)
		node := sectionsMap(t, h)
		valid := validSections(node)
		quiz := map[string]any{"name": map[string]any{"en": "Q"}}
		for _, tc := range []struct {
			actor, section string
			status         int
		}{
			{student, "glossary", 200}, {student, "editors_note", 200}, {student, "references", 200}, {student, "header", 200},
			{student, "social_sharing", 200}, {student, "cookie_consent", 200},
			{student, "toc", 403}, {editor, "toc", 200}, {admin, "toc", 200}, {super, "toc", 200},
			{guest, "glossary", 403}, {outsider, "glossary", 404}, {anon, "glossary", 401},
		} {
			path := fmt.Sprintf("/api/v1/maps/%d/%s", h.mapID, tc.section)
			res := h.as(tc.actor).do("PUT", path, valid[tc.section])
			if res.status != tc.status {
				t.Fatalf("%s PUT %s: %d, want %d: %s", tc.actor, tc.section, res.status, tc.status, res.body)
			}
		}
		h.as(guest).do("GET", fmt.Sprintf("/api/v1/maps/%d/glossary", h.mapID), nil).want(200)
		h.as(outsider).do("GET", fmt.Sprintf("/api/v1/maps/%d/glossary", h.mapID), nil).wantError(404, "not_found")
		quizzes := fmt.Sprintf("/api/v1/maps/%d/quizzes", h.mapID)
		h.as(student).do("POST", quizzes, quiz).wantError(403, "forbidden")
		var q struct {
			ID int64 `json:"id"`
		}
		h.as(editor).do("POST", quizzes, quiz).want(201).decode(&q)
		h.as(student).do("PUT", fmt.Sprintf("%s/%d", quizzes, q.ID), quiz).wantError(403, "forbidden")
		h.as(student).do("DELETE", fmt.Sprintf("%s/%d", quizzes, q.ID), nil).wantError(403, "forbidden")
		h.as(student).do("GET", fmt.Sprintf("%s/%d", quizzes, q.ID), nil).want(200)
		h.as(outsider).do("GET", fmt.Sprintf("%s/%d", quizzes, q.ID), nil).wantError(404, "not_found")
		h.as(editor).do("DELETE", fmt.Sprintf("%s/%d", quizzes, q.ID), nil).want(200)
		h.as(editor).do("GET", fmt.Sprintf("%s/%d", quizzes, q.ID), nil).wantError(404, "not_found")
	})
}

func TestALockedSectionRefusesOtherEditors(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, s *store.Store) {
		h := newHarness(t, s)
		node := sectionsMap(t, h)
		ed, adm := h.as(editor), h.as(admin)
		ws, _, err := ed.dialLive(h.mapID, nil)
		if err != nil {
			t.Fatal(err)
		}
		defer ws.CloseNow()
		read(t, ws, "connected")
		for section, lock := range map[string]string{"glossary": "glossary", "toc": "table_of_contents", "references": "source",
			"header": "header_bar", "editors_note": "editors_note", "social_sharing": "social_sharing", "cookie_consent": "cookie_consent"} {
			send(t, ws, "start_editing_element", map[string]any{"elem_type": lock, "elem_id": h.mapID})
			read(t, ws, "block_element")
			path := fmt.Sprintf("/api/v1/maps/%d/%s", h.mapID, section)
			adm.do("PUT", path, validSections(node)[section]).wantError(409, "element_locked", section)
			ed.do("PUT", path, validSections(node)[section]).want(200)
			send(t, ws, "stop_editing_element", map[string]any{"elem_type": lock, "elem_id": h.mapID})
			read(t, ws, "unblock_element")
			adm.do("PUT", path, validSections(node)[section]).want(200)
		}
		send(t, ws, "start_editing_element", map[string]any{"elem_type": "quiz", "elem_id": h.mapID})
		read(t, ws, "block_element")
		adm.do("POST", fmt.Sprintf("/api/v1/maps/%d/quizzes", h.mapID), map[string]any{"name": map[string]any{"en": "Q"}}).wantError(409, "element_locked")
		send(t, ws, "start_editing_element", map[string]any{"elem_type": "source", "elem_id": h.mapID})
		read(t, ws, "block_element")
		adm.do("POST", fmt.Sprintf("/api/v1/maps/%d/references/import", h.mapID), "@book{k, title={T}}").wantError(409, "element_locked")
	})
}

func TestSectionChangesTakeIfMatch(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, s *store.Store) {
		h := newHarness(t, s)
		sectionsMap(t, h)
		ed := h.as(editor)
		path := fmt.Sprintf("/api/v1/maps/%d/glossary", h.mapID)
		var g struct {
			Revision int64 `json:"revision"`
		}
		ed.do("GET", path, nil).want(200).decode(&g)
		stale := http.Header{"If-Match": {fmt.Sprintf(`"%d"`, g.Revision-1)}}
		ed.send("PUT", path, map[string]any{"terms": []any{}}, stale).wantError(412, "precondition_failed")
		ed.send("PUT", path, map[string]any{"terms": []any{}}, http.Header{"If-Match": {fmt.Sprintf(`"%d"`, g.Revision)}}).want(200)
	})
}
