package api

import (
	"net/http"
	"reflect"
	"testing"
)

func TestParseIfMatch(t *testing.T) {
	tests := []struct {
		field []string
		star  bool
		tags  []entityTag
		ok    bool
	}{
		{[]string{"*"}, true, nil, true},
		{[]string{" * "}, true, nil, true},
		{[]string{`"12"`}, false, []entityTag{{opaque: "12"}}, true},
		{[]string{`W/"12"`}, false, []entityTag{{weak: true, opaque: "12"}}, true},
		{[]string{`"1" , W/"2",,"x"`}, false, []entityTag{{opaque: "1"}, {weak: true, opaque: "2"}, {opaque: "x"}}, true},
		{[]string{`"1"`, `"2"`}, false, []entityTag{{opaque: "1"}, {opaque: "2"}}, true},
		{[]string{`""`}, false, []entityTag{{opaque: ""}}, true},
		{[]string{`"0-stale"`}, false, []entityTag{{opaque: "0-stale"}}, true},
		{[]string{`"caf` + "\xe9" + `"`}, false, []entityTag{{opaque: "caf\xe9"}}, true}, // obs-text
		{[]string{""}, false, nil, true},
		{[]string{" , "}, false, nil, true},
		{[]string{"12"}, false, nil, false},
		{[]string{`"12`}, false, nil, false},
		{[]string{`w/"12"`}, false, nil, false},
		{[]string{`W/12`}, false, nil, false},
		{[]string{`"1" "2"`}, false, nil, false},
		{[]string{`"1", *`}, false, nil, false},
		{[]string{`*`, `"1"`}, false, nil, false},
		{[]string{`"a b"`}, false, nil, false},
		{[]string{"\"a\x01\""}, false, nil, false},
	}
	for _, tt := range tests {
		star, tags, ok := parseIfMatch(tt.field)
		if star != tt.star || ok != tt.ok || (ok && !reflect.DeepEqual(tags, tt.tags)) {
			t.Errorf("%q: star %v, tags %+v, ok %v; want %v, %+v, %v", tt.field, star, tags, ok, tt.star, tt.tags, tt.ok)
		}
	}
}

func TestRevisionOfTag(t *testing.T) {
	tests := []struct {
		tag entityTag
		rev int64
		ok  bool
	}{
		{entityTag{opaque: "12"}, 12, true},
		{entityTag{opaque: "0"}, 0, true},
		{entityTag{weak: true, opaque: "12"}, 0, false},
		{entityTag{opaque: "012"}, 0, false},
		{entityTag{opaque: "+12"}, 0, false},
		{entityTag{opaque: "-1"}, 0, false},
		{entityTag{opaque: "0-stale"}, 0, false},
		{entityTag{opaque: "99999999999999999999"}, 0, false},
	}
	for _, tt := range tests {
		rev, ok := revisionOfTag(tt.tag)
		if rev != tt.rev || ok != tt.ok {
			t.Errorf("%+v: %d, %v; want %d, %v", tt.tag, rev, ok, tt.rev, tt.ok)
		}
	}
}

// ifMatch answers 400 only for a field that is not entity-tag syntax.
func TestIfMatchStatus(t *testing.T) {
	for field, wantErr := range map[string]bool{`"1"`: false, `W/"1"`: false, `"x"`: false, `*`: false, `1`: true} {
		r, _ := http.NewRequest("PATCH", "/", nil)
		r.Header.Set("If-Match", field)
		if _, err := ifMatch(r); (err != nil) != wantErr {
			t.Errorf("If-Match %s: %v", field, err)
		}
	}
}
