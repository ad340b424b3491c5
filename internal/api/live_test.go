package api_test

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/coder/websocket"

	"github.com/strata-maps/strata/internal/store"
	"github.com/strata-maps/strata/internal/store/storetest"
)

func (h *harness) liveURL(mapID int64) string {
	return fmt.Sprintf("ws%s/api/v1/live?map_id=%d&client_slug=acme", strings.TrimPrefix(h.srv.URL, "http"), mapID)
}

func (c *client) dialLive(mapID int64, header http.Header) (*websocket.Conn, *http.Response, error) {
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	return websocket.Dial(ctx, c.h.liveURL(mapID), &websocket.DialOptions{HTTPClient: c.http, HTTPHeader: header})
}

func TestLiveChannelIsCheckedBeforeTheUpgrade(t *testing.T) {
	h := newHarness(t, storetest.Open(t, store.SQLite))
	for _, tc := range []struct {
		actor  string
		header http.Header
		want   int
	}{
		{anon, nil, 401},
		{outsider, nil, 404},
		{editor, http.Header{"Origin": {"https://evil.example"}}, 403},
	} {
		_, res, err := h.as(tc.actor).dialLive(h.mapID, tc.header)
		if err == nil || res == nil || res.StatusCode != tc.want {
			status := 0
			if res != nil {
				status = res.StatusCode
			}
			t.Errorf("%s: dial got %d (%v), want %d", tc.actor, status, err, tc.want)
		}
	}
	if _, res, err := h.as(guest).dialLive(h.mapID+1000, nil); err == nil || res.StatusCode != 404 {
		t.Errorf("unknown map: %v", err)
	}
}

// A change through the REST API reaches every editor on the channel as
// sync_map_edit, with its revision; a REST change to a node someone else
// has locked is refused.
func TestRESTChangesReachTheLiveChannel(t *testing.T) {
	storetest.Each(t, func(t *testing.T, s *store.Store) {
		h := newHarness(t, s)
		ed, adm := h.as(editor), h.as(admin)
		wsEd, _, err := ed.dialLive(h.mapID, nil)
		if err != nil {
			t.Fatal(err)
		}
		defer wsEd.CloseNow()
		wsAdm, _, err := adm.dialLive(h.mapID, nil)
		if err != nil {
			t.Fatal(err)
		}
		defer wsAdm.CloseNow()
		read(t, wsEd, "connected")
		read(t, wsAdm, "connected")

		var node struct{ ID int64 }
		adm.do("POST", fmt.Sprintf("/api/v1/maps/%d/nodes", h.mapID), map[string]any{
			"design": map[string]any{"shape": "rectangle"}, "geometry": map[string]any{"center": map[string]float64{"x": 1, "y": 2}},
		}).want(201).decode(&node)
		for _, ws := range []*websocket.Conn{wsEd, wsAdm} {
			var sync struct {
				Revision int64  `json:"revision"`
				Type     string `json:"type"`
			}
			json.Unmarshal(read(t, ws, "sync_map_edit"), &sync)
			if sync.Type != "node_created" || sync.Revision != 1 {
				t.Fatalf("sync %+v", sync)
			}
		}

		send(t, wsEd, "start_editing_element", map[string]any{"elem_type": "node", "elem_id": node.ID})
		read(t, wsAdm, "block_element")
		path := fmt.Sprintf("/api/v1/maps/%d/elements", h.mapID)
		body := map[string]any{"nodes": []map[string]any{{"id": node.ID, "geometry": map[string]any{"center": map[string]float64{"x": 5, "y": 5}}}}}
		adm.do("PATCH", path, body).wantError(409, "element_locked")
		adm.do("DELETE", fmt.Sprintf("/api/v1/maps/%d/nodes/%d", h.mapID, node.ID), nil).wantError(409, "element_locked")
		ed.do("PATCH", path, body).want(200) // the holder may change it
	})
}

func read(t testing.TB, ws *websocket.Conn, event string) json.RawMessage {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	for {
		_, b, err := ws.Read(ctx)
		if err != nil {
			t.Fatalf("waiting for %s: %v", event, err)
		}
		var f struct {
			Event string          `json:"event"`
			Data  json.RawMessage `json:"data"`
		}
		json.Unmarshal(b, &f)
		if f.Event == event {
			return f.Data
		}
	}
}

func send(t *testing.T, ws *websocket.Conn, event string, data any) {
	t.Helper()
	b, _ := json.Marshal(map[string]any{"event": event, "data": data})
	if err := ws.Write(context.Background(), websocket.MessageText, b); err != nil {
		t.Fatal(err)
	}
}
