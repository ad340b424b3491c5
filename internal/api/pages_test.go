package api_test

import (
	"context"
	"encoding/json"
	"fmt"
	"net/url"
	"testing"

	"github.com/strata-maps/strata/internal/domain"
	"github.com/strata-maps/strata/internal/store"
	"github.com/strata-maps/strata/internal/store/storetest"
)

// wantProblem checks that an error answer names field with the code, and
// answers the problem's parameters.
func (r *response) wantProblem(field, code string) map[string]any {
	r.t.Helper()
	var env struct {
		Error struct {
			Problems map[string]struct {
				Code   string         `json:"code"`
				Params map[string]any `json:"params"`
			} `json:"problems"`
		} `json:"error"`
	}
	r.decode(&env)
	p, ok := env.Error.Problems[field]
	if !ok || p.Code != code {
		r.t.Fatalf("problems %+v, want %s on %s", env.Error.Problems, code, field)
	}
	return p.Params
}

// listPage is what every paged list answers besides its rows.
type listPage struct {
	NextCursor *string `json:"next_cursor"`
}

// readAll follows a paged list from its first page to its last with the
// limit given, and answers the ids of its rows (the list's field rows)
// and the number of pages.
func readAll(t *testing.T, c *client, path, rows string, limit int) ([]int64, int) {
	t.Helper()
	var (
		ids    []int64
		cursor string
		pages  int
	)
	for {
		q := url.Values{"limit": {fmt.Sprint(limit)}}
		if cursor != "" {
			q.Set("cursor", cursor)
		}
		sep := "?"
		if u, _ := url.Parse(path); u.RawQuery != "" {
			sep = "&"
		}
		var body map[string]json.RawMessage
		c.do("GET", path+sep+q.Encode(), nil).want(200).decode(&body)
		pages++
		var list []struct {
			ID       int64 `json:"id"`
			Revision int64 `json:"revision"`
		}
		if err := json.Unmarshal(body[rows], &list); err != nil {
			t.Fatalf("%s: %v", rows, err)
		}
		if len(list) > limit {
			t.Fatalf("a page of %d %s, limit %d", len(list), rows, limit)
		}
		for _, r := range list {
			if r.ID == 0 {
				r.ID = r.Revision // a change is named by its revision
			}
			ids = append(ids, r.ID)
		}
		var next *string
		if err := json.Unmarshal(body["next_cursor"], &next); err != nil {
			t.Fatalf("next_cursor %s: %v", body["next_cursor"], err)
		}
		if next == nil {
			return ids, pages
		}
		if pages > 50 {
			t.Fatal("the pages do not end")
		}
		cursor = *next
	}
}

func once(t *testing.T, what string, ids []int64, want int) {
	t.Helper()
	seen := map[int64]bool{}
	for _, id := range ids {
		if seen[id] {
			t.Fatalf("%s: %d listed twice in %v", what, id, ids)
		}
		seen[id] = true
	}
	if len(ids) != want {
		t.Fatalf("%s: %d rows %v, want %d", what, len(ids), ids, want)
	}
}

func TestListsAnswerPages(t *testing.T) {
	storetest.Each(t, func(t *testing.T, s *store.Store) {
		ctx := context.Background()
		h := newHarness(t, s)
		adm, sup := h.as(admin), h.as(super)
		other, err := s.CreateMap(ctx, domain.Map{ClientID: h.acme.ID, Name: "Second", Width: 100, Height: 100, VisibilityLevels: 1})
		if err != nil {
			t.Fatal(err)
		}
		for i := 0; i < 3; i++ {
			if _, err := s.CreateMap(ctx, domain.Map{ClientID: h.acme.ID, Name: fmt.Sprint("More ", i), Width: 100, Height: 100, VisibilityLevels: 1}); err != nil {
				t.Fatal(err)
			}
			if _, err := s.InsertVersion(ctx, domain.Version{MapID: h.mapID, Revision: 0, Kind: domain.VersionSaved}, []byte(`{}`)); err != nil {
				t.Fatal(err)
			}
			if err := s.CreateAccessRequest(ctx, h.acme.ID, h.users[guest].ID, nil, "more"); err != nil {
				t.Fatal(err)
			}
		}
		for i := 0; i < 5; i++ {
			if _, err := s.AppendChange(ctx, h.mapID, nil, "map", []byte(`{}`)); err != nil {
				t.Fatal(err)
			}
		}
		mapsPath := "/api/v1/clients/acme/maps"
		versionsPath := fmt.Sprintf("/api/v1/maps/%d/versions", h.mapID)
		changesPath := fmt.Sprintf("/api/v1/maps/%d/changes?since=1", h.mapID)
		lists := []struct{ path, rows string }{
			{mapsPath, "maps"},
			{"/api/v1/clients/acme/users", "users"},
			{"/api/v1/clients/acme/readers", "readers"},
			{"/api/v1/clients/acme/access_requests", "access_requests"},
			{versionsPath, "versions"},
			{changesPath, "changes"},
		}
		want := map[string]int{"maps": 5, "users": 4, "readers": 0, "access_requests": 3, "versions": 3, "changes": 4}

		for _, l := range lists {
			// Every row once, a page at a time, whatever the page's size; the last page says so.
			for _, limit := range []int{1, 2, 200} {
				ids, pages := readAll(t, adm, l.path, l.rows, limit)
				once(t, fmt.Sprintf("%s by %d", l.rows, limit), ids, want[l.rows])
				if wantPages := max(1, (want[l.rows]+limit-1)/limit); pages != wantPages {
					t.Fatalf("%s by %d: %d pages, want %d", l.rows, limit, pages, wantPages)
				}
			}

			// A limit out of bounds, or no number, is 400 naming the bounds.
			sep := "?"
			if l.rows == "changes" {
				sep = "&"
			}
			for _, bad := range []string{"0", "201", "-3", "ten", "1.5"} {
				p := adm.do("GET", l.path+sep+"limit="+bad, nil).wantError(400, "validation_failed", "limit").wantProblem("limit", domain.ProblemOutOfRange)
				if p["min"] != float64(1) || p["max"] != float64(200) {
					t.Fatalf("%s, limit %s: params %v", l.rows, bad, p)
				}
			}
			// A cursor that does not decode is 400 naming the cursor.
			for _, bad := range []string{"garbage", "eyJsIjoibWFwczoxIiwiaSI6MX0="} {
				p := adm.do("GET", l.path+sep+"cursor="+url.QueryEscape(bad), nil).wantError(400, "validation_failed", "cursor").wantProblem("cursor", domain.ProblemInvalid)
				if p["format"] != "cursor" {
					t.Fatalf("%s, cursor %s: params %v", l.rows, bad, p)
				}
			}
		}
		var first listPage
		adm.do("GET", mapsPath+"?limit=200", nil).want(200).decode(&first)
		if first.NextCursor != nil {
			t.Fatal("a single page has a next cursor")
		}

		// A cursor belongs to its list: another client's, another map's or another kind's is refused.
		cursorOf := func(c *client, path string) string {
			t.Helper()
			var p listPage
			sep := "?"
			if u, _ := url.Parse(path); u.RawQuery != "" {
				sep = "&"
			}
			c.do("GET", path+sep+"limit=1", nil).want(200).decode(&p)
			if p.NextCursor == nil {
				t.Fatalf("%s has one page only", path)
			}
			return url.QueryEscape(*p.NextCursor)
		}
		for _, tt := range []struct{ from, to string }{
			{mapsPath, "/api/v1/clients/globex/maps"},
			{"/api/v1/clients/acme/users", "/api/v1/clients/globex/users"},
			{"/api/v1/clients/acme/users", "/api/v1/clients/acme/readers"},
			{mapsPath, "/api/v1/clients/acme/access_requests"},
			{versionsPath, fmt.Sprintf("/api/v1/maps/%d/versions", other.ID)},
			{changesPath, fmt.Sprintf("/api/v1/maps/%d/changes?since=0", other.ID)},
			{versionsPath, changesPath},
		} {
			sep := "?"
			if u, _ := url.Parse(tt.to); u.RawQuery != "" {
				sep = "&"
			}
			sup.do("GET", tt.to+sep+"cursor="+cursorOf(sup, tt.from), nil).wantError(400, "validation_failed", "cursor").wantProblem("cursor", domain.ProblemInvalid)
		}

		// The changes start at since and end with the revision the pages told.
		var changes struct {
			Revision   int64             `json:"revision"`
			Changes    []json.RawMessage `json:"changes"`
			NextCursor *string           `json:"next_cursor"`
		}
		adm.do("GET", fmt.Sprintf("/api/v1/maps/%d/changes?since=0&limit=3", h.mapID), nil).want(200).decode(&changes)
		if changes.Revision != 5 || len(changes.Changes) != 3 || changes.NextCursor == nil {
			t.Fatalf("the first page of changes: %+v", changes)
		}
		if _, err := s.AppendChange(ctx, h.mapID, nil, "map", []byte(`{}`)); err != nil {
			t.Fatal(err)
		}
		adm.do("GET", fmt.Sprintf("/api/v1/maps/%d/changes?since=0&limit=3&cursor=%s", h.mapID, url.QueryEscape(*changes.NextCursor)), nil).want(200).decode(&changes)
		if changes.Revision != 6 || len(changes.Changes) != 3 || changes.NextCursor != nil {
			t.Fatalf("the last page of changes: %+v", changes)
		}
	})
}
