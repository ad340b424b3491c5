// Package prepared keeps the answer of GET /maps/{id} ready. A map's
// document is held as one encoded JSON fragment per node and edge, grouped
// in chunks of about 48 KiB that are each compressed on their own; the
// answer is the chunks' compressed bytes one after the other in one gzip
// stream. A change re-encodes and recompresses only the chunks it touched,
// so that a map edited a hundred times a second is still answered without
// reading or compressing it whole.
//
// The database stays the truth: several instances edit the same maps, so
// a document is brought to the revision the map is at by reading, in one
// snapshot, the change log since its revision and the rows of the elements
// those changes name (see catchup.go). docs/ARCHITECTURE.md tells the whole.
package prepared

import (
	"context"
	"fmt"
	"sort"
	"sync"
	"time"

	"github.com/strata-maps/strata/internal/document"
	"github.com/strata-maps/strata/internal/domain"
	"github.com/strata-maps/strata/internal/store"
)

// Config says where documents come from and how much memory they may take.
type Config struct {
	Store *store.Store
	// Budget bounds the memory the prepared documents take, in bytes
	// (about 1.3 times a document's JSON): past it, the documents read
	// least recently are dropped. 0 means DefaultBudget.
	Budget int64
	// Idle drops a document not read for this long. 0 means DefaultIdle.
	Idle time.Duration
}

const (
	// DefaultBudget holds about twenty 10,000-node maps, or two of
	// 100,000 nodes.
	DefaultBudget = 256 << 20
	// DefaultIdle keeps a map's document while editors come and go.
	DefaultIdle = 10 * time.Minute
	// The levels of deflate: a whole document read from the rows is
	// compressed fast (100,000 nodes are 100 MB of JSON: 9 MB compressed at
	// level 1, 7.2 MB at 6 in twice the time); the few chunks a change
	// touched are compressed once and kept, so tighter there.
	fastLevel  = 1
	tightLevel = 6
	// elementOverhead is what an element costs besides its JSON.
	elementOverhead = 48
)

// separators close the nodes' list (opening the edges') and the edges'
// list (closing the document).
var separators = [2]string{document.Between, document.End}

// Documents owns the prepared documents of the maps read recently.
type Documents struct {
	store  *store.Store
	budget int64
	idle   time.Duration
	now    func() time.Time
	// fast compresses documents read whole, tight the chunks changed.
	fast, tight *compressor
	// between and end are the constant pieces between and after the lists.
	between, end packed

	mu   sync.Mutex
	maps map[int64]*entry
	used int64
}

type entry struct {
	// building is held while the document is brought up to date, so that
	// concurrent readers of a map wait for one catch-up, not run many.
	building sync.Mutex

	// The rest is guarded by Documents.mu.
	doc      *prepared
	lastRead time.Time
	size     int64
}

// New returns the service.
func New(c Config) (*Documents, error) {
	d := &Documents{store: c.Store, budget: c.Budget, idle: c.Idle, now: time.Now,
		fast: newCompressor(fastLevel), tight: newCompressor(tightLevel), maps: make(map[int64]*entry)}
	if d.budget <= 0 {
		d.budget = DefaultBudget
	}
	if d.idle <= 0 {
		d.idle = DefaultIdle
	}
	var err error
	if d.between, err = d.tight.pack([]byte(document.Between)); err != nil {
		return nil, err
	}
	if d.end, err = d.tight.pack([]byte(document.End)); err != nil {
		return nil, err
	}
	return d, nil
}

// Get answers map m's document at m's revision or a later one. m is the
// map as the caller just read it from the database (its id, revision and
// template flag).
func (d *Documents) Get(ctx context.Context, m domain.Map) (*Answer, error) {
	e := d.entry(m.ID)
	// A map template's name and description change without a revision
	// (editing.UpdateTemplateInfo): its head is read again every time.
	if doc := d.current(e); doc != nil && doc.rev >= m.Revision && !m.IsTemplate {
		return doc.answer, nil
	}
	e.building.Lock()
	defer e.building.Unlock()
	cur := d.current(e)
	if cur != nil && cur.rev >= m.Revision && !m.IsTemplate {
		return cur.answer, nil // another request caught up meanwhile
	}
	next, err := d.advance(ctx, m.ID, m.Revision, cur)
	if err != nil {
		// A failed catch-up may have changed cur's lists halfway.
		d.keep(m.ID, e, nil)
		return nil, fmt.Errorf("prepare the document of map %d: %w", m.ID, err)
	}
	d.keep(m.ID, e, next)
	return next.answer, nil
}

// entry returns the map's entry, made if new, marked as read now; it drops
// the documents idle for too long.
func (d *Documents) entry(mapID int64) *entry {
	d.mu.Lock()
	defer d.mu.Unlock()
	now := d.now()
	for id, e := range d.maps {
		if id != mapID && now.Sub(e.lastRead) > d.idle {
			d.drop(id, e)
		}
	}
	e := d.maps[mapID]
	if e == nil {
		e = &entry{}
		d.maps[mapID] = e
	}
	e.lastRead = now
	return e
}

func (d *Documents) current(e *entry) *prepared {
	d.mu.Lock()
	defer d.mu.Unlock()
	return e.doc
}

// keep keeps doc as the map's document and drops the documents read
// least recently while the budget is exceeded (this one too, when it
// alone exceeds it: it is then built for every read).
func (d *Documents) keep(mapID int64, e *entry, doc *prepared) {
	d.mu.Lock()
	defer d.mu.Unlock()
	if d.maps[mapID] != e {
		return // dropped while it was built
	}
	d.used -= e.size
	e.doc, e.size = doc, 0
	if doc != nil {
		e.size = doc.memory
		d.used += e.size
	}
	if d.used <= d.budget {
		return
	}
	ids := make([]int64, 0, len(d.maps))
	for id := range d.maps {
		ids = append(ids, id)
	}
	sort.Slice(ids, func(i, j int) bool { return d.maps[ids[i]].lastRead.Before(d.maps[ids[j]].lastRead) })
	for _, id := range ids {
		if d.used <= d.budget {
			break
		}
		d.drop(id, d.maps[id])
	}
}

func (d *Documents) drop(id int64, e *entry) {
	d.used -= e.size
	e.doc, e.size = nil, 0
	delete(d.maps, id)
}

// Used is the memory the documents take now, in bytes.
func (d *Documents) Used() int64 {
	d.mu.Lock()
	defer d.mu.Unlock()
	return d.used
}
