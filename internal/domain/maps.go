package domain

import "time"

// Zoom levels of a map (spec §9).
const (
	MinLevels = 1
	MaxLevels = 12
)

// Map is a map project of a client. Revision rises with every stored change.
type Map struct {
	ID               int64
	ClientID         int64
	Name             string
	Description      string
	Width            int
	Height           int
	VisibilityLevels int
	Revision         int64
	CreatedAt        time.Time
	UpdatedAt        time.Time
}

// Change is one row of a map's append-only change log; Type is a spec sync
// type in snake_case (node_position, edge_created, …).
type Change struct {
	MapID    int64
	Revision int64
	UserID   *int64
	Type     string
	Data     []byte // JSON
	At       time.Time
}
