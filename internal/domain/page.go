package domain

import (
	"encoding/base64"
	"encoding/json"
)

// Lists that can grow are answered a page at a time (keyset pagination):
// each list has a fixed order whose last key is the row's id, and a page
// starts after the key of the previous page's last row. Rows added or
// removed meanwhile shift nothing, unlike an offset, so a walk through the
// pages meets every row that stayed there exactly once.

// The bounds of a page's size.
const (
	DefaultPageLimit = 50
	MaxPageLimit     = 200
)

// What is wrong with a page's limit or cursor, also where the transport
// cannot read the limit as a number.
var (
	BadPageLimit = OutOfRange(1, MaxPageLimit)
	BadCursor    = Invalid("cursor").Saying("is not a cursor of this list; start again without it")
)

// PageQuery asks for a page of a list: up to Limit rows (nil for
// DefaultPageLimit) after Cursor ("" for the first page), as the previous
// page's NextCursor gave it.
type PageQuery struct {
	Limit  *int
	Cursor string
}

// Key is where a page ends in its list's order: the last row's sort key
// (Text, or Num, as the list sorts) and its id, which breaks ties.
type Key struct {
	Text string `json:"t,omitempty"`
	Num  int64  `json:"n,omitempty"`
	ID   int64  `json:"i"`
}

// cursor is what a NextCursor holds: the list it belongs to (its kind and
// the client or map it lists) and the key the next page starts after.
type cursor struct {
	List string `json:"l"`
	Key
}

// Page is a checked PageQuery: how many rows to answer, and the key they
// start after (nil for the first page).
type Page struct {
	list  string
	Limit int
	After *Key
}

// Read checks q for the list named list ("maps:12": the kind and the id of
// its owner), so that a cursor of another list is refused.
func (q PageQuery) Read(list string) (Page, error) {
	p := Page{list: list, Limit: DefaultPageLimit}
	v := &Validation{}
	if q.Limit != nil {
		p.Limit = *q.Limit
		v.Check(p.Limit >= 1 && p.Limit <= MaxPageLimit, "limit", BadPageLimit)
	}
	if q.Cursor != "" {
		var c cursor
		raw, err := base64.RawURLEncoding.DecodeString(q.Cursor)
		if err == nil {
			err = json.Unmarshal(raw, &c)
		}
		// A forged cursor may carry any key: its text goes to the database
		// as a query's parameter, where PostgreSQL refuses NUL and invalid
		// UTF-8 (a 500).
		ok := err == nil && c.List == list && TextReason(c.Text) == ""
		v.Check(ok, "cursor", BadCursor)
		if ok {
			p.After = &c.Key
		}
	}
	if err := v.Err(); err != nil {
		return Page{}, err
	}
	return p, nil
}

// Fetch is how many rows to ask the store for: one more than the page
// holds tells whether another page follows.
func (p Page) Fetch() int { return p.Limit + 1 }

// Cut trims rows fetched with Fetch to the page and answers the cursor of
// the next page, nil when rows held the last one; key gives a row's key.
func Cut[T any](p Page, rows []T, key func(T) Key) ([]T, *string) {
	if len(rows) <= p.Limit {
		return rows, nil
	}
	rows = rows[:p.Limit]
	// A struct of strings and integers always encodes (and invalid UTF-8
	// is replaced), so the error is nil.
	raw, _ := json.Marshal(cursor{List: p.list, Key: key(rows[len(rows)-1])})
	next := base64.RawURLEncoding.EncodeToString(raw)
	return rows, &next
}
