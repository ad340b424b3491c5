package media_test

import (
	"bytes"
	"encoding/json"
	"io"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/strata-maps/strata/internal/domain"
	"github.com/strata-maps/strata/internal/editing"
	"github.com/strata-maps/strata/internal/media"
	"github.com/strata-maps/strata/internal/mediastore/mediatest"
	"github.com/strata-maps/strata/internal/store"
	"github.com/strata-maps/strata/internal/store/storetest"
)

func TestListAndMetadata(t *testing.T) {
	each(t, nil, func(t *testing.T, f *fixture) {
		river, err := f.upload(file("river.png", pngOf(t, 8, 8)), part{field: "metadata", body: []byte(`{"keywords": ["Water"], "containers": ["wide_panel"]}`)})
		if err != nil {
			t.Fatal(err)
		}
		if _, err := f.upload(file("hill.png", pngOf(t, 8, 8))); err != nil {
			t.Fatal(err)
		}
		pdf, err := f.upload(file("notes.pdf", []byte("%PDF-1.4\nnotes")))
		if err != nil {
			t.Fatal(err)
		}
		for _, c := range []struct {
			name string
			q    media.ListQuery
			want []string
		}{
			{"all, newest first", media.ListQuery{}, []string{"notes.pdf", "hill.png", "river.png"}},
			{"by keyword", media.ListQuery{Q: "WATER"}, []string{"river.png"}},
			{"by name", media.ListQuery{Q: "hill"}, []string{"hill.png"}},
			{"by type", media.ListQuery{Type: domain.MediaOther}, []string{"notes.pdf"}},
			{"by container", media.ListQuery{Container: "wide_panel"}, []string{"river.png"}},
		} {
			t.Run(c.name, func(t *testing.T) {
				got, next, err := f.svc.List(f.ctx, f.client.ID, c.q)
				if err != nil {
					t.Fatal(err)
				}
				var names []string
				for _, a := range got {
					names = append(names, a.Name)
				}
				if !slices.Equal(names, c.want) || next != nil {
					t.Errorf("listed %v (next %v); want %v", names, next, c.want)
				}
			})
		}
		page, next, err := f.svc.List(f.ctx, f.client.ID, media.ListQuery{Page: domain.PageQuery{Limit: ptr(2)}})
		if err != nil || len(page) != 2 || next == nil {
			t.Fatalf("first page %d, next %v, %v", len(page), next, err)
		}
		rest, next, err := f.svc.List(f.ctx, f.client.ID, media.ListQuery{Page: domain.PageQuery{Limit: ptr(2), Cursor: *next}})
		if err != nil || len(rest) != 1 || rest[0].Name != "river.png" || next != nil {
			t.Errorf("second page %v, next %v, %v", rest, next, err)
		}
		for _, c := range []struct {
			q     media.ListQuery
			field string
		}{
			{media.ListQuery{Type: "hologram"}, "type"},
			{media.ListQuery{Container: "pocket"}, "container"},
			{media.ListQuery{Q: strings.Repeat("q", 201)}, "q"},
		} {
			_, _, err := f.svc.List(f.ctx, f.client.ID, c.q)
			wantError(t, err, domain.CodeInvalid, c.field, "")
		}

		// Get refuses what cannot be a key before asking the store.
		if _, err := f.svc.Get(f.ctx, f.client.ID, "../../etc/passwd"); domain.ErrorCode(err) != domain.CodeNotFound {
			t.Errorf("a path as key: %v", err)
		}
		other, err := f.st.CreateClient(f.ctx, "globex", "Globex")
		if err != nil {
			t.Fatal(err)
		}
		if _, err := f.svc.Get(f.ctx, other.ID, river.Key); domain.ErrorCode(err) != domain.CodeNotFound {
			t.Errorf("another client's asset: %v", err)
		}

		got, err := f.svc.PatchMetadata(f.ctx, f.client.ID, river.Key, []byte(`{"title": "Big River", "author": "Ada"}`))
		if err != nil {
			t.Fatal(err)
		}
		if got.Metadata.Title != "Big River" || got.Metadata.Author != "Ada" || !slices.Equal(got.Metadata.Keywords, []string{"Water"}) {
			t.Errorf("metadata %+v; want title and author set, keywords kept", got.Metadata)
		}
		if found, _, _ := f.svc.List(f.ctx, f.client.ID, media.ListQuery{Q: "big"}); len(found) != 1 {
			t.Error("the new title is not searched")
		}
		_, err = f.svc.PatchMetadata(f.ctx, f.client.ID, river.Key, []byte(`{"colour": "red"}`))
		wantError(t, err, domain.CodeInvalid, "metadata", domain.ProblemInvalid)

		with := media.WithURLs(river, "acme")
		if with.URL != "/api/v1/clients/acme/media/"+river.Key+"/file?v=1" || len(with.Variants) != len(river.Widths) {
			t.Errorf("urls %q %+v", with.URL, with.Variants)
		}
		if err := f.svc.Delete(f.ctx, f.client.ID, pdf.Key); err != nil {
			t.Fatal(err)
		}
		for _, o := range f.objects() {
			if strings.HasPrefix(o, pdf.Key) {
				t.Errorf("the deleted asset's file %s stays", o)
			}
		}
	})
}

func TestDeleteInUse(t *testing.T) {
	each(t, nil, func(t *testing.T, f *fixture) {
		a, err := f.upload(file("logo.png", pngOf(t, 8, 8)))
		if err != nil {
			t.Fatal(err)
		}
		ed := editing.New(f.st, nil)
		m, err := ed.CreateMap(f.ctx, f.client.ID, editing.Creator{UserID: f.actor.User.ID}, editing.NewMap{Name: "M", Width: 500, Height: 500, Levels: 1})
		if err != nil {
			t.Fatal(err)
		}
		var req editing.NewNode
		req.Design.Shape = "circle"
		req.Geometry.Center = &domain.Point{}
		n, _, err := ed.CreateNode(f.ctx, m.ID, f.actor.User.ID, req)
		if err != nil {
			t.Fatal(err)
		}
		key, _ := json.Marshal(a.Key)
		if _, err := ed.PatchNodeDesign(f.ctx, m.ID, f.actor.User.ID, n.ID, map[string]json.RawMessage{"media": key}); err != nil {
			t.Fatal(err)
		}
		err = f.svc.Delete(f.ctx, f.client.ID, a.Key)
		wantError(t, err, domain.CodeMediaInUse, "", "")
		de := err.(*domain.Error)
		if len(de.Uses) != 1 || de.Uses[0].MapID != m.ID || de.Uses[0].NodeID == nil || *de.Uses[0].NodeID != n.ID {
			t.Errorf("uses %+v; want node %d of map %d", de.Uses, n.ID, m.ID)
		}
		if _, err := f.svc.Get(f.ctx, f.client.ID, a.Key); err != nil {
			t.Errorf("the asset in use went: %v", err)
		}

		// The map's readers get the asset its designs name, and no other.
		m, _ = f.st.MapByID(f.ctx, m.ID)
		if got, err := f.svc.MapAsset(f.ctx, m, a.Key); err != nil || got.Key != a.Key {
			t.Errorf("asset of the map: %v", err)
		}
		unused, err := f.upload(file("other.png", pngOf(t, 8, 8)))
		if err != nil {
			t.Fatal(err)
		}
		for _, key := range []string{unused.Key, "not-a-key"} {
			if _, err := f.svc.MapAsset(f.ctx, m, key); domain.ErrorCode(err) != domain.CodeNotFound {
				t.Errorf("asset %s the map does not use: %v", key, err)
			}
		}
		// At the next revision the map no longer names it.
		if _, err := ed.PatchNodeDesign(f.ctx, m.ID, f.actor.User.ID, n.ID, map[string]json.RawMessage{"media": []byte("null")}); err != nil {
			t.Fatal(err)
		}
		m, _ = f.st.MapByID(f.ctx, m.ID)
		if _, err := f.svc.MapAsset(f.ctx, m, a.Key); domain.ErrorCode(err) != domain.CodeNotFound {
			t.Errorf("asset no longer used: %v", err)
		}
		if err := f.svc.Delete(f.ctx, f.client.ID, a.Key); err != nil {
			t.Errorf("delete once unused: %v", err)
		}
	})
}

func TestPublishedAsset(t *testing.T) {
	each(t, nil, func(t *testing.T, f *fixture) {
		a, err := f.upload(file("a.png", pngOf(t, 8, 8)))
		if err != nil {
			t.Fatal(err)
		}
		b, err := f.upload(file("b.png", pngOf(t, 8, 8)))
		if err != nil {
			t.Fatal(err)
		}
		reads := 0
		doc := func() ([]byte, error) {
			reads++
			return []byte(`{"map": {"design": {"media": null}}, "nodes": [{"design": {"media": "` + a.Key + `"}}],
				"object_templates": [], "header": {"logo_media": "` + b.Key + `"}}`), nil
		}
		for _, key := range []string{a.Key, b.Key} {
			if got, err := f.svc.PublishedAsset(f.ctx, f.client.ID, 7, doc, key); err != nil || got.Key != key {
				t.Errorf("asset %s of the version: %v", key, err)
			}
		}
		if reads != 1 {
			t.Errorf("the version's document was read %d times; want once", reads)
		}
		if _, err := f.svc.PublishedAsset(f.ctx, f.client.ID, 8, func() ([]byte, error) { return []byte(`{"nodes": []}`), nil }, a.Key); domain.ErrorCode(err) != domain.CodeNotFound {
			t.Errorf("an asset another version does not use: %v", err)
		}
		if _, err := f.svc.PublishedAsset(f.ctx, f.client.ID, 9, func() ([]byte, error) { return []byte(`[`), nil }, a.Key); err == nil {
			t.Error("a broken document is read")
		}
	})
}

func TestMediaTemplates(t *testing.T) {
	each(t, nil, func(t *testing.T, f *fixture) {
		for _, c := range []struct {
			name, problem string
		}{
			{" ", domain.ProblemRequired},
			{strings.Repeat("n", 101), domain.ProblemTooLong},
			{"a\nb", domain.ProblemLineBreak},
			{"a\x01b", domain.ProblemControlCharacter},
		} {
			_, err := f.svc.CreateTemplate(f.ctx, f.client.ID, c.name, nil)
			wantError(t, err, domain.CodeInvalid, "name", c.problem)
		}
		_, err := f.svc.CreateTemplate(f.ctx, f.client.ID, "x", []byte(`{"kind": "sculpture"}`))
		wantError(t, err, domain.CodeInvalid, "", "")
		tm, err := f.svc.CreateTemplate(f.ctx, f.client.ID, " Photos ", []byte(`{"copyright": "Acme"}`))
		if err != nil {
			t.Fatal(err)
		}
		if tm.Name != "Photos" || tm.Metadata.Copyright != "Acme" {
			t.Errorf("template %+v", tm)
		}
		got, err := f.svc.PatchTemplate(f.ctx, f.client.ID, tm.ID, ptr("Pictures"), []byte(`{"author": "Ada"}`))
		if err != nil || got.Name != "Pictures" || got.Metadata.Copyright != "Acme" || got.Metadata.Author != "Ada" {
			t.Errorf("patched %+v, %v", got, err)
		}
		_, err = f.svc.PatchTemplate(f.ctx, f.client.ID, tm.ID, ptr(""), nil)
		wantError(t, err, domain.CodeInvalid, "name", domain.ProblemRequired)
		if _, err := f.svc.PatchTemplate(f.ctx, f.client.ID, 9999, nil, nil); domain.ErrorCode(err) != domain.CodeNotFound {
			t.Errorf("an unknown template: %v", err)
		}
		list, err := f.svc.Templates(f.ctx, f.client.ID)
		if err != nil || len(list) != 1 {
			t.Errorf("templates %+v, %v", list, err)
		}
		if err := f.svc.DeleteTemplate(f.ctx, f.client.ID, tm.ID); err != nil {
			t.Fatal(err)
		}
		if list, _ := f.svc.Templates(f.ctx, f.client.ID); len(list) != 0 {
			t.Errorf("%d templates after deleting the only one", len(list))
		}
	})
}

// StripOldMetadata stores again, without metadata, an image stored before
// uploads were stripped; CountOldCopies counts the copies of one stored
// before copies counted.
func TestOldImagesAtStart(t *testing.T) {
	each(t, nil, func(t *testing.T, f *fixture) {
		const key = "aaaaaaaaaaaaaaaaaaaaaaaaaa"
		photo := withExif(jpegOf(t, 300, 20), "GPS secret position")
		if err := f.files.Put(f.ctx, key+"/1/original", bytes.NewReader(photo), "image/jpeg"); err != nil {
			t.Fatal(err)
		}
		w, h := 300, 20
		if err := f.st.InsertMedia(f.ctx, store.MediaRow{MediaAsset: domain.MediaAsset{ClientID: f.client.ID, Key: key, Type: domain.MediaImage,
			ContentType: "image/jpeg", Name: "old.jpg", Size: int64(len(photo)), Width: &w, Height: &h, Version: 1,
			Metadata: domain.MediaMetadata{}.Normal()}, Stored: int64(len(photo)), Unstripped: true}); err != nil {
			t.Fatal(err)
		}
		n, err := f.svc.StripOldMetadata(f.ctx)
		if err != nil || n != 1 {
			t.Fatalf("stripped %d, %v; want 1", n, err)
		}
		a, err := f.svc.Get(f.ctx, f.client.ID, key)
		if err != nil {
			t.Fatal(err)
		}
		if a.Version != 2 || !slices.Equal(a.Widths, []int{256}) {
			t.Errorf("asset %+v; want version 2 with its copy", a)
		}
		if bytes.Contains(f.read(key+"/2/original"), []byte("GPS secret")) {
			t.Error("the stored again original keeps its EXIF")
		}
		if got := f.objects(); !slices.Equal(got, []string{key + "/2/original", key + "/2/w256"}) {
			t.Errorf("files %v; want only version 2's", got)
		}
		if n, err := f.svc.StripOldMetadata(f.ctx); err != nil || n != 0 {
			t.Errorf("a second start stripped %d, %v", n, err)
		}
		// The copies were counted as the version was written: nothing left to count.
		if n, err := f.svc.CountOldCopies(f.ctx); err != nil || n != 0 {
			t.Errorf("counted %d, %v; want 0", n, err)
		}
		// An old row whose stored size is its file's alone.
		if err := f.st.ReplaceMediaFile(f.ctx, store.MediaRow{MediaAsset: a, Stored: a.Size}); err != nil {
			t.Fatal(err)
		}
		if n, err := f.svc.CountOldCopies(f.ctx); err != nil || n != 1 {
			t.Fatalf("counted %d, %v; want 1", n, err)
		}
		stats, _ := f.svc.Stats(f.ctx, f.client.ID)
		if want := int64(len(f.read(key+"/2/original")) + len(f.read(key+"/2/w256"))); stats.UsedBytes != want {
			t.Errorf("used %d bytes; want the file and its copy, %d", stats.UsedBytes, want)
		}
	})
}

// TestStorages runs an asset's life on every storage: a directory, and
// S3 (versitygw; skipped where it is not installed, except in CI).
func TestStorages(t *testing.T) {
	for name, url := range mediatest.Storages(t) {
		t.Run(name, func(t *testing.T) {
			storetest.Each(t, func(t *testing.T, s *store.Store) {
				f := newFixture(t, s, url(t), nil)
				lifeOfAnAsset(t, f)
			})
		})
	}
}

func lifeOfAnAsset(t *testing.T, f *fixture) {
	a, err := f.upload(file("map.jpg", jpegOf(t, 1100, 30)))
	if err != nil {
		t.Fatal(err)
	}
	// The original, a copy, and a width it has no copy of (the original).
	for _, c := range []struct {
		width, wantWidth int
		ct, tag          string
	}{
		{0, 1100, "image/jpeg", a.Key + "-1"},
		{256, 256, "image/jpeg", a.Key + "-1-w256"},
		{2048, 1100, "image/jpeg", a.Key + "-1"},
	} {
		file, err := f.svc.Open(f.ctx, a, c.width)
		if err != nil {
			t.Fatal(err)
		}
		b, err := io.ReadAll(file)
		file.Close()
		if err != nil {
			t.Fatal(err)
		}
		if file.ContentType != c.ct || file.Tag != c.tag || int64(len(b)) != file.Size() {
			t.Errorf("w=%d: %s %s %d bytes of %d", c.width, file.ContentType, file.Tag, len(b), file.Size())
		}
	}
	_, err = f.svc.Open(f.ctx, a, 300)
	wantError(t, err, domain.CodeInvalid, "w", domain.ProblemNotAllowed)

	// Replaced by a PNG: version 2, the old files gone, the type the new one's.
	next, err := f.svc.Replace(f.ctx, f.actor, f.client.ID, a.Key, form(t, file("map.png", pngOf(t, 400, 40))))
	if err != nil {
		t.Fatal(err)
	}
	if next.Version != 2 || next.ContentType != "image/png" || next.Name != "map.png" || !slices.Equal(next.Widths, []int{256}) {
		t.Errorf("replaced %+v", next)
	}
	if got := f.objects(); !slices.Equal(got, []string{a.Key + "/2/original", a.Key + "/2/w256"}) {
		t.Errorf("files %v; want only version 2's", got)
	}
	if _, err := f.svc.Open(f.ctx, a, 0); domain.ErrorCode(err) != domain.CodeNotFound {
		t.Errorf("the replaced version opened: %v", err)
	}
	_, err = f.svc.Replace(f.ctx, f.actor, f.client.ID, a.Key, form(t, file("map.txt", []byte("plain words here"))))
	wantError(t, err, domain.CodeUnsupportedMediaType, "file", "")
	_, err = f.svc.Replace(f.ctx, f.actor, f.client.ID, a.Key, form(t, file("map.png", pngOf(t, 4, 4)), part{field: "metadata", body: []byte("{}")}))
	wantError(t, err, domain.CodeInvalid, "metadata", domain.ProblemUnknown)
	if _, err := f.svc.Replace(f.ctx, f.actor, f.client.ID, "bbbbbbbbbbbbbbbbbbbbbbbbbb", form(t, file("a.png", pngOf(t, 4, 4)))); domain.ErrorCode(err) != domain.CodeNotFound {
		t.Errorf("replacing an unknown asset: %v", err)
	}

	// The sweep takes files no row names (and only those), once old enough:
	// another version's, one of no asset, a stray name, and a temporary
	// file of the version the row names (its write cut off, then the
	// version written again), which it used to keep for ever.
	for _, stray := range []string{"cccccccccccccccccccccccccc/1/original", a.Key + "/1/w1024", a.Key + "/2/original.1a2b3c.tmp", "junk"} {
		if err := f.files.Put(f.ctx, stray, strings.NewReader("x"), "application/octet-stream"); err != nil {
			t.Fatal(err)
		}
	}
	if n, err := f.svc.Sweep(f.ctx, time.Hour); err != nil || n != 0 {
		t.Errorf("swept %d young files, %v", n, err)
	}
	n, err := f.svc.Sweep(f.ctx, -time.Minute)
	if err != nil || n != 4 {
		t.Errorf("swept %d, %v; want the 4 strays", n, err)
	}
	if got := f.objects(); !slices.Equal(got, []string{a.Key + "/2/original", a.Key + "/2/w256"}) {
		t.Errorf("files after the sweep %v; want the asset's", got)
	}
	if err := f.svc.Delete(f.ctx, f.client.ID, a.Key); err != nil {
		t.Fatal(err)
	}
	if got := f.objects(); len(got) != 0 {
		t.Errorf("files after deleting the asset: %v", got)
	}
}

func ptr[T any](v T) *T { return &v }
