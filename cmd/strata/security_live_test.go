package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/coder/websocket"
)

// An admin on instance A takes an editor's access to a map away while the
// editor edits it through instance B: B closes the editor's socket within
// a second (4003 access_revoked) and the editor's lock is freed for A.
func TestSecurityRevocationOnOneInstanceClosesTheSocketOnAnother(t *testing.T) {
	a, b := startTwoInstances(t, 4)

	admin := signIn(t, a.url, "admin@demo.example.org", "demo-admin")
	editor := signIn(t, b.url, "editor@demo.example.org", "demo-editor")
	var maps struct {
		Maps []struct{ ID int64 } `json:"maps"`
	}
	getJSON(t, admin, a.url+"/api/v1/clients/demo/maps", &maps)
	mapID := maps.Maps[0].ID
	var me struct{ ID int64 }
	getJSON(t, editor, b.url+"/api/v1/auth/session", &me)
	res := postJSON(t, admin, a.url+fmt.Sprintf("/api/v1/maps/%d/nodes", mapID), map[string]any{
		"design": map[string]any{"shape": "circle"}, "geometry": map[string]any{"center": map[string]float64{"x": 100, "y": 100}}})
	var node struct{ ID int64 }
	json.Unmarshal(res, &node)

	onB := dialLive(t, editor, b.url, mapID)
	onB.expect(t, "connected")
	onA := dialLive(t, admin, a.url, mapID)
	onA.expect(t, "connected")
	onB.send(t, "start_editing_element", map[string]any{"elem_type": "node", "elem_id": node.ID})
	onA.expect(t, "block_element")

	body, _ := json.Marshal(map[string]any{"users": map[string]string{fmt.Sprintf("/api/v1/users/%d", me.ID): "none"}})
	req, _ := http.NewRequest("PATCH", a.url+fmt.Sprintf("/api/v1/maps/%d/permissions", mapID), strings.NewReader(string(body)))
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Origin", a.url)
	revoked := time.Now()
	patched, err := admin.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	patched.Body.Close()
	if patched.StatusCode != 200 {
		t.Fatalf("PATCH permissions = %d", patched.StatusCode)
	}

	ctx, cancel := context.WithTimeout(context.Background(), time.Second)
	defer cancel()
	for {
		_, _, err := onB.ws.Read(ctx)
		if err == nil {
			continue
		}
		var ce websocket.CloseError
		if !errors.As(err, &ce) || ce.Code != 4003 || ce.Reason != "access_revoked" {
			t.Fatalf("the editor's socket on B was not closed for revocation within 1 s: %v", err)
		}
		break
	}
	t.Logf("socket on B closed %v after the revocation on A", time.Since(revoked).Round(time.Millisecond))
	if got := onA.expect(t, "unblock_element"); !strings.Contains(got, fmt.Sprintf(`"elem_id":"%d"`, node.ID)) {
		t.Fatalf("unblock on A: %s", got)
	}
}
