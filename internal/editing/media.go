package editing

import (
	"encoding/json"
	"slices"

	"github.com/strata-maps/strata/internal/domain"
)

// mediaRefs are the media keys a request names, each with the fields that
// name it, so that a request is checked with one query however many
// elements it changes.
type mediaRefs map[string][]string

// add notes key at field; an empty key names no asset (it clears).
func (r mediaRefs) add(key, field string) {
	if key != "" {
		r[key] = append(r[key], field)
	}
}

// addRaw notes a design patch's JSON value at field: a string names an
// asset, null clears, anything else the design's own rules refuse.
func (r mediaRefs) addRaw(raw json.RawMessage, field string) {
	var key string
	if raw != nil && json.Unmarshal(raw, &key) == nil {
		r.add(key, field)
	}
}

// check adds unknown_media at every field whose key is no asset of the
// map's client: another client's key is as unknown as a made-up one.
func (r mediaRefs) check(e *edit, v *domain.Validation) error {
	if len(r) == 0 {
		return nil
	}
	keys := make([]string, 0, len(r))
	for k := range r {
		keys = append(keys, k)
	}
	slices.Sort(keys) // the same order of problems for the same request
	found, err := e.tx.MediaKeysOf(e.ctx, e.m.ClientID, keys)
	if err != nil {
		return err
	}
	for _, k := range keys {
		if !found[k] {
			for _, f := range r[k] {
				v.Add(f, domain.UnknownMedia())
			}
		}
	}
	return nil
}
