package domain

import (
	"encoding/json"
	"strings"
	"testing"
)

// What a design field says of itself (its kind, values, bounds), which the
// API's description is made of, is what its check accepts: the values at
// its edges pass, those just beyond fail.
func TestDesignFieldsSayWhatTheyCheck(t *testing.T) {
	for table, fields := range map[string]DesignFields{"node": NodeDesignFields, "edge": EdgeDesignFields} {
		for name, f := range fields {
			var ok, bad []any
			switch f.Kind {
			case KindEnum:
				for _, v := range f.Values {
					ok = append(ok, v)
				}
				bad = []any{"not-" + f.Values[0], 1.0}
				if f.Enumeration == "" {
					t.Errorf("%s.%s: an enumeration without a name", table, name)
				}
			case KindNumber:
				ok, bad = []any{f.Min, f.Max}, []any{f.Min - 1, f.Max + 1, "1"}
			case KindBoolean:
				ok, bad = []any{true, false}, []any{"true", 1.0}
			case KindColor:
				ok, bad = []any{"#fff", "#00aa88cc", "transparent"}, []any{"red", "#ggg", 1.0}
			case KindText:
				ok, bad = []any{"", strings.Repeat("é", f.MaxLength)}, []any{strings.Repeat("é", f.MaxLength+1), 1.0}
			case KindURL:
				ok, bad = []any{"", "https://example.org/a.woff2", "/media/a.png"}, []any{"javascript:alert(1)", "example.org", 1.0}
			case KindTemplate:
				ok, bad = []any{"0", "12"}, []any{"", "012", "x", 12.0}
			default:
				t.Errorf("%s.%s: kind %q", table, name, f.Kind)
				continue
			}
			for _, v := range ok {
				if problems := apply(fields, name, v); problems != nil {
					t.Errorf("%s.%s (%s): %v refused: %v", table, name, f.Kind, v, problems)
				}
			}
			for _, v := range bad {
				if apply(fields, name, v) == nil {
					t.Errorf("%s.%s (%s): %v accepted", table, name, f.Kind, v)
				}
			}
		}
	}
}

func apply(fields DesignFields, name string, v any) error {
	raw, err := json.Marshal(v)
	if err != nil {
		return err
	}
	var val Validation
	fields.Apply(Design{}, map[string]json.RawMessage{name: raw}, "", &val)
	return val.Err()
}
