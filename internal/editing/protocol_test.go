package editing

import (
	"reflect"
	"testing"
)

func TestSummarize(t *testing.T) {
	data := `{"nodes":[{"id":1,"content":{"de":{"title":"Plan"},"en":{"title":"Plan (en)"}}},{"id":2,"content":{"fr":{"title":"Idée"}}},{"id":3,"content":{}},
		{"id":4,"content":{"en":{"title":"Fourth"}}},{"id":5,"content":{"en":{"title":"Fifth"}}}],
		"removed_edge_ids":[4,5],"positions":[{"id":1}],"layers":[{"level":1}],
		"publication":{"live_version_id":7,"synced_revision":3,"version":{"id":7,"name":"Launch"}}}`
	got, v, err := Summarize([]byte(data), "en")
	if err != nil {
		t.Fatal(err)
	}
	want := ChangeSummary{Nodes: 5, RemovedEdges: 2, Positions: 1, Layers: true, Titles: []string{"Plan (en)", "Idée", "Fourth"},
		NodeIDs: []int64{1, 2, 4}}
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("summary %+v, want %+v", got, want)
	}
	if v == nil || v.ID != 7 || v.Name != "Launch" {
		t.Fatalf("version %+v", v)
	}
	if _, _, err := Summarize([]byte(`{"nodes":`), "en"); err == nil {
		t.Fatal("broken data summarised")
	}
}
