package media

import (
	"context"
	"encoding/json"
	"errors"
	"slices"
	"time"

	"github.com/strata-maps/strata/internal/domain"
	"github.com/strata-maps/strata/internal/mediastore"
)

// File is an asset's file opened to be served.
type File struct {
	mediastore.File
	Asset       domain.MediaAsset
	ContentType string
	// Tag names the bytes: key, version and width.
	Tag string
}

var errNoMedia = domain.Errorf(domain.CodeNotFound, "media asset not found")

// Open opens an asset's file: the original (width 0) or its copy of a
// width; an image's width it has no copy of (not narrower than it) gives
// the original.
func (s *Service) Open(ctx context.Context, a domain.MediaAsset, width int) (File, error) {
	if width != 0 && !slices.Contains(domain.MediaVariantWidths, width) {
		return File{}, &domain.Error{Code: domain.CodeInvalid, Message: "w must be 256, 1024 or 2048",
			Problems: domain.Problems{"w": domain.NotAllowed("256", "1024", "2048")}}
	}
	ct := a.ContentType
	if !slices.Contains(a.Widths, width) {
		width = 0
	} else if width != 0 {
		ct = variantType(a.ContentType)
	}
	f, err := s.files.Open(ctx, objectName(a.Key, a.Version, width))
	if errors.Is(err, mediastore.ErrNotFound) {
		return File{}, errNoMedia
	}
	if err != nil {
		return File{}, err
	}
	tag := a.Key + "-" + itoa(int64(a.Version))
	if width != 0 {
		tag += "-w" + itoa(int64(width))
	}
	return File{File: f, Asset: a, ContentType: ct, Tag: tag}, nil
}

// MapAsset is an asset the map uses, for the map's readers: the map's
// designs (nodes, object templates, background, header logo) at its
// revision must name the key, and the asset be of the map's client.
func (s *Service) MapAsset(ctx context.Context, m domain.Map, key string) (domain.MediaAsset, error) {
	if !ValidKey(key) {
		return domain.MediaAsset{}, errNoMedia
	}
	keys, err := s.mapKeySet(ctx, m)
	if err != nil {
		return domain.MediaAsset{}, err
	}
	if !keys[key] {
		return domain.MediaAsset{}, errNoMedia
	}
	return s.store.Media(ctx, m.ClientID, key)
}

// mapKeySet is the keys the map uses at its revision, read once per
// revision: a map of 2,000 images asks 2,000 times.
func (s *Service) mapKeySet(ctx context.Context, m domain.Map) (map[string]bool, error) {
	s.mu.Lock()
	cached, ok := s.mapKeys[m.ID]
	s.mu.Unlock()
	if ok && cached.revision == m.Revision {
		return cached.keys, nil
	}
	texts, err := s.store.MapMediaDesigns(ctx, m.ID)
	if err != nil {
		return nil, err
	}
	keys := map[string]bool{}
	for _, t := range texts {
		var d struct {
			Media     any `json:"media"`
			LogoMedia any `json:"logo_media"`
			// The global design: the nodes' default media.
			Nodes struct {
				Media any `json:"media"`
			} `json:"nodes"`
		}
		if json.Unmarshal([]byte(t), &d) != nil {
			continue // not an object: names no media
		}
		for _, v := range []any{d.Media, d.LogoMedia, d.Nodes.Media} {
			if k, ok := v.(string); ok && ValidKey(k) {
				keys[k] = true
			}
		}
	}
	s.mu.Lock()
	if len(s.mapKeys) > 10_000 {
		clear(s.mapKeys) // bounded: the next asks read again
	}
	s.mapKeys[m.ID] = keySet{revision: m.Revision, keys: keys}
	s.mu.Unlock()
	return keys, nil
}

// PublishedAsset is an asset a published version uses, for its readers:
// doc is the version's reader document (what readers are shown), read
// for its keys once per version.
func (s *Service) PublishedAsset(ctx context.Context, clientID, versionID int64, doc func() ([]byte, error), key string) (domain.MediaAsset, error) {
	if !ValidKey(key) {
		return domain.MediaAsset{}, errNoMedia
	}
	s.mu.Lock()
	keys, ok := s.versionKeys[versionID]
	s.mu.Unlock()
	if !ok {
		raw, err := doc()
		if err != nil {
			return domain.MediaAsset{}, err
		}
		if keys, err = documentKeys(raw); err != nil {
			return domain.MediaAsset{}, err
		}
		s.mu.Lock()
		if len(s.versionKeys) > 10_000 {
			clear(s.versionKeys)
		}
		s.versionKeys[versionID] = keys
		s.mu.Unlock()
	}
	if !keys[key] {
		return domain.MediaAsset{}, errNoMedia
	}
	return s.store.Media(ctx, clientID, key)
}

// documentKeys are the media keys a reader document names: the map's
// design, the nodes' and object templates' designs, the header's logo.
func documentKeys(raw []byte) (map[string]bool, error) {
	type design struct {
		Media any `json:"media"`
	}
	var doc struct {
		Map struct {
			Design design `json:"design"`
		} `json:"map"`
		Nodes           []struct{ Design design } `json:"nodes"`
		ObjectTemplates []struct{ Design design } `json:"object_templates"`
		Header          *struct {
			LogoMedia string `json:"logo_media"`
		} `json:"header"`
	}
	if err := json.Unmarshal(raw, &doc); err != nil {
		return nil, err
	}
	keys := map[string]bool{}
	add := func(v any) {
		if k, ok := v.(string); ok && ValidKey(k) {
			keys[k] = true
		}
	}
	add(doc.Map.Design.Media)
	for _, n := range doc.Nodes {
		add(n.Design.Media)
	}
	for _, t := range doc.ObjectTemplates {
		add(t.Design.Media)
	}
	if doc.Header != nil {
		add(doc.Header.LogoMedia)
	}
	return keys, nil
}

// Sweep deletes files older than an hour that no row names (a kill
// between a file's write and its row, a replaced version whose deletion
// failed, a temporary file of a write cut off).
func (s *Service) Sweep(ctx context.Context, olderThan time.Duration) (int, error) {
	versions, err := s.store.MediaVersions(ctx)
	if err != nil {
		return 0, err
	}
	cutoff := time.Now().Add(-olderThan)
	var stale []string
	err = s.files.List(ctx, "", func(o mediastore.Object) error {
		if o.ModTime.After(cutoff) {
			return nil
		}
		key, version, ok := parseObjectName(o.Key)
		if !ok || mediastore.IsTemporary(o.Key) || versions[key] != version {
			stale = append(stale, o.Key)
		}
		return nil
	})
	if err != nil {
		return 0, err
	}
	// A row written since the listing began would name its file: read
	// the versions again and keep what they name now.
	if versions, err = s.store.MediaVersions(ctx); err != nil {
		return 0, err
	}
	n := 0
	for _, name := range stale {
		// A temporary file is never a version's: one of the version a row
		// names now (a write of it cut off, then the version written again)
		// goes too.
		if key, version, ok := parseObjectName(name); ok && !mediastore.IsTemporary(name) && versions[key] == version {
			continue
		}
		if err := s.files.Delete(ctx, name); err != nil {
			return n, err
		}
		n++
	}
	return n, nil
}

// SweepEvery sweeps at once and then every interval until ctx ends.
func (s *Service) SweepEvery(ctx context.Context, interval time.Duration) {
	t := time.NewTicker(interval)
	defer t.Stop()
	for {
		if n, err := s.Sweep(ctx, time.Hour); err != nil && ctx.Err() == nil {
			s.log.WarnContext(ctx, "sweeping media files", "err", err)
		} else if n > 0 {
			s.log.InfoContext(ctx, "swept media files without their asset", "files", n)
		}
		select {
		case <-ctx.Done():
			return
		case <-t.C:
		}
	}
}
