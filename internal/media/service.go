// Package media is the media library's service: uploads checked from
// their bytes and streamed to storage, images' scaled copies, metadata,
// media templates, which maps use an asset, and the sweep of files that
// lost their row.
//
// Crash safety: an asset's files are written under their final names
// ({key}/{version}/original, …/w256) before the row that names them, and
// removed after the row is gone or names another version. A kill between
// the two leaves a file without a row, never a row without its file; the
// sweep deletes such files once they are an hour old (an upload in flight
// is younger).
package media

import (
	"context"
	"crypto/rand"
	"encoding/base32"
	"fmt"
	"log/slog"
	"strconv"
	"strings"
	"sync"

	"github.com/strata-maps/strata/internal/domain"
	"github.com/strata-maps/strata/internal/mediastore"
	"github.com/strata-maps/strata/internal/store"
)

// Limits are the largest file of each type, in bytes.
type Limits map[domain.MediaType]int64

// DefaultLimits are the per-type limits without settings.
var DefaultLimits = Limits{domain.MediaImage: 20 << 20, domain.MediaVector: 2 << 20, domain.MediaVideo: 500 << 20,
	domain.MediaAudio: 50 << 20, domain.MediaOther: 20 << 20}

// Largest is the largest of the limits: an upload's body is bounded by it.
func (l Limits) Largest() int64 {
	var m int64
	for _, v := range l {
		m = max(m, v)
	}
	return m
}

// Service is the media library.
type Service struct {
	store  *store.Store
	files  mediastore.Store
	limits Limits
	log    *slog.Logger
	// uploads are the uploads each user has in flight (slots.go).
	uploads uploadSlots
	// mapKeys caches the keys each map uses at a revision, and
	// versionKeys those of a published version (which never changes).
	mu          sync.Mutex
	mapKeys     map[int64]keySet
	versionKeys map[int64]map[string]bool
}

type keySet struct {
	revision int64
	keys     map[string]bool
}

// New builds the service over the database and the file storage.
func New(s *store.Store, files mediastore.Store, limits Limits, log *slog.Logger) *Service {
	if limits == nil {
		limits = DefaultLimits
	}
	return &Service{store: s, files: files, limits: limits, log: log,
		mapKeys: map[int64]keySet{}, versionKeys: map[int64]map[string]bool{}}
}

// Limits are the per-type limits in force.
func (s *Service) Limits() Limits { return s.limits }

var keyEncoding = base32.StdEncoding.WithPadding(base32.NoPadding)

// newKey is 128 random bits as 26 lowercase base32 characters.
func newKey() string {
	b := make([]byte, 16)
	_, _ = rand.Read(b) // crypto/rand.Read never fails (Go 1.24+)
	return strings.ToLower(keyEncoding.EncodeToString(b))
}

// ValidKey reports whether k could be a key (26 base32 characters), so
// that nothing else reaches the storage's names.
func ValidKey(k string) bool {
	if len(k) != 26 {
		return false
	}
	for _, c := range k {
		if !(c >= 'a' && c <= 'z' || c >= '2' && c <= '7') {
			return false
		}
	}
	return true
}

// objectName names a file of an asset: the original (width 0) or the copy
// of a width.
func objectName(key string, version, width int) string {
	if width == 0 {
		return fmt.Sprintf("%s/%d/original", key, version)
	}
	return fmt.Sprintf("%s/%d/w%d", key, version, width)
}

// parseObjectName reads a key and version back from an object's name.
func parseObjectName(name string) (key string, version int, ok bool) {
	parts := strings.Split(name, "/")
	if len(parts) != 3 || !ValidKey(parts[0]) {
		return "", 0, false
	}
	v, err := strconv.Atoi(parts[1])
	if err != nil {
		return "", 0, false
	}
	return parts[0], v, true
}

// removeFiles deletes an asset version's files; a failure is logged and
// left to the sweep (the row no longer names them).
func (s *Service) removeFiles(ctx context.Context, key string, version int, widths []int) {
	for _, w := range append([]int{0}, widths...) {
		if err := s.files.Delete(context.WithoutCancel(ctx), objectName(key, version, w)); err != nil {
			s.log.WarnContext(ctx, "deleting a media file; the sweep will", "key", key, "err", err)
		}
	}
}

// WithURLs fills an asset's URLs for the client's routes.
func WithURLs(a domain.MediaAsset, clientName string) domain.MediaAsset {
	base := fmt.Sprintf("/api/v1/clients/%s/media/%s/file", clientName, a.Key)
	a.URL = fmt.Sprintf("%s?v=%d", base, a.Version)
	a.Variants = make([]domain.MediaVariant, 0, len(a.Widths))
	for _, w := range a.Widths {
		a.Variants = append(a.Variants, domain.MediaVariant{Width: w, URL: fmt.Sprintf("%s?w=%d&v=%d", base, w, a.Version)})
	}
	return a
}

// searchText is what the library's search looks in, lowercased.
func searchText(a domain.MediaAsset) string {
	parts := []string{a.Name, a.Metadata.Title}
	parts = append(parts, a.Metadata.Keywords...)
	parts = append(parts, a.Metadata.SearchTerms...)
	return strings.ToLower(strings.Join(parts, "\n"))
}

func containersText(m domain.MediaMetadata) string {
	var b strings.Builder
	b.WriteString(",")
	for _, c := range m.Containers {
		b.WriteString(string(c) + ",")
	}
	return b.String()
}

func rowOf(a domain.MediaAsset) store.MediaRow {
	return store.MediaRow{MediaAsset: a, Search: searchText(a), Containers: containersText(a.Metadata)}
}
