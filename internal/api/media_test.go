package api_test

import (
	"bytes"
	"context"
	"encoding/binary"
	"errors"
	"fmt"
	"hash/crc32"
	"image"
	"image/color"
	"image/png"
	"io"
	"io/fs"
	"log/slog"
	"math/rand/v2"
	"mime/multipart"
	"net/http"
	"net/textproto"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/strata-maps/strata/internal/api"
	"github.com/strata-maps/strata/internal/domain"
	"github.com/strata-maps/strata/internal/media"
	"github.com/strata-maps/strata/internal/mediastore"
	"github.com/strata-maps/strata/internal/mediastore/mediatest"
	"github.com/strata-maps/strata/internal/store"
	"github.com/strata-maps/strata/internal/store/storetest"
)

// mediaHarness is a harness with a media library on the storage url.
type mediaHarness struct {
	*harness
	files mediastore.Store
	url   string
}

func newMediaHarness(t *testing.T, s *store.Store, url string, limits media.Limits) *mediaHarness {
	files, err := mediastore.Open(context.Background(), url)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = files.Close() })
	log := slog.New(slog.NewTextHandler(io.Discard, nil))
	h := newHarnessWith(t, s, func(d *api.Deps) { d.Media = media.New(s, files, limits, log) })
	return &mediaHarness{harness: h, files: files, url: url}
}

// eachMediaStorage runs fn on both databases and both storages.
func eachMediaStorage(t *testing.T, limits media.Limits, fn func(t *testing.T, h *mediaHarness)) {
	for _, name := range []string{"local", "s3"} {
		t.Run(name, func(t *testing.T) {
			storetest.Each(t, func(t *testing.T, s *store.Store) {
				fn(t, newMediaHarness(t, s, mediatest.Storages(t)[name](t), limits))
			})
		})
	}
}

// objects lists what the storage holds.
func (h *mediaHarness) objects(t *testing.T) []string {
	var out []string
	if err := h.files.List(context.Background(), "", func(o mediastore.Object) error { out = append(out, o.Key); return nil }); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(h.url, "://") { // the local directory: temporary files too
		_ = filepath.Walk(h.url, func(p string, info os.FileInfo, err error) error {
			if err == nil && strings.HasSuffix(p, ".tmp") {
				out = append(out, "temporary:"+p)
			}
			return nil
		})
	}
	return out
}

type formPart struct {
	field, filename string
	body            []byte
}

// upload sends a multipart form.
func (c *client) upload(method, path string, parts ...formPart) *response {
	c.h.t.Helper()
	var buf bytes.Buffer
	mw := multipart.NewWriter(&buf)
	for _, p := range parts {
		hdr := textproto.MIMEHeader{}
		if p.filename != "" {
			hdr.Set("Content-Disposition", fmt.Sprintf(`form-data; name="%s"; filename="%s"`, p.field, p.filename))
		} else {
			hdr.Set("Content-Disposition", fmt.Sprintf(`form-data; name="%s"`, p.field))
		}
		w, err := mw.CreatePart(hdr)
		if err != nil {
			c.h.t.Fatal(err)
		}
		_, _ = w.Write(p.body)
	}
	_ = mw.Close()
	return c.send(method, path, buf.String(), http.Header{"Content-Type": {mw.FormDataContentType()}})
}

// pngOf is a w×h PNG of noise (which compresses little).
func pngOf(w, h int) []byte {
	img := image.NewRGBA(image.Rect(0, 0, w, h))
	rnd := rand.New(rand.NewPCG(uint64(w), uint64(h)))
	for y := range h {
		for x := range w {
			img.Set(x, y, color.RGBA{uint8(rnd.Uint32()), uint8(rnd.Uint32()), uint8(rnd.Uint32()), 255})
		}
	}
	var b bytes.Buffer
	if err := png.Encode(&b, img); err != nil {
		panic(err)
	}
	return b.Bytes()
}

// bombPNG is a valid PNG header claiming w×h pixels, with a tiny body.
func bombPNG(w, h uint32) []byte {
	var b bytes.Buffer
	b.Write([]byte("\x89PNG\r\n\x1a\n"))
	chunk := func(typ string, data []byte) {
		_ = binary.Write(&b, binary.BigEndian, uint32(len(data)))
		b.WriteString(typ)
		b.Write(data)
		_ = binary.Write(&b, binary.BigEndian, crc32.ChecksumIEEE(append([]byte(typ), data...)))
	}
	ihdr := make([]byte, 13)
	binary.BigEndian.PutUint32(ihdr[0:], w)
	binary.BigEndian.PutUint32(ihdr[4:], h)
	ihdr[8], ihdr[9] = 8, 2
	chunk("IHDR", ihdr)
	chunk("IDAT", bytes.Repeat([]byte{0}, 300))
	chunk("IEND", nil)
	return b.Bytes()
}

const mediaPath = "/api/v1/clients/acme/media"

func TestMediaLibrary(t *testing.T) {
	eachMediaStorage(t, nil, func(t *testing.T, h *mediaHarness) {
		st := h.as(student)
		var tpl domain.MediaTemplate
		st.do("POST", mediaPath+"/templates", map[string]any{"name": "Press", "metadata": map[string]any{"copyright": "Acme", "keywords": []string{"press"}}}).
			want(201).decode(&tpl)
		var a domain.MediaAsset
		st.upload("POST", mediaPath,
			formPart{field: "file", filename: "photo.bin", body: pngOf(1500, 300)},
			formPart{field: "template", body: []byte(fmt.Sprint(tpl.ID))},
			formPart{field: "metadata", body: []byte(`{"title": "Harbour at dawn", "kind": "photo", "containers": ["wide_panel"], "date_creation": "2024-05-01 06:30:00"}`)},
		).want(201).decode(&a)
		if a.Type != domain.MediaImage || a.ContentType != "image/png" || a.Name != "photo.bin" || *a.Width != 1500 || *a.Height != 300 || a.Version != 1 || len(a.Key) != 26 {
			t.Fatalf("asset %+v", a)
		}
		if len(a.Variants) != 2 || a.Variants[0].Width != 256 || a.Variants[1].Width != 1024 {
			t.Errorf("variants %+v", a.Variants)
		}
		if a.Metadata.Copyright != "Acme" || a.Metadata.Title != "Harbour at dawn" || len(a.Metadata.Keywords) != 1 {
			t.Errorf("metadata %+v: the template's, then the field's", a.Metadata)
		}
		// The library: search, filters, paging.
		var list struct {
			Media      []domain.MediaAsset `json:"media"`
			NextCursor *string             `json:"next_cursor"`
		}
		h.as(guest).do("GET", mediaPath+"?q=harbour+dawn", nil).want(200).decode(&list)
		if len(list.Media) != 1 || list.Media[0].Key != a.Key {
			t.Errorf("search: %+v", list.Media)
		}
		h.as(guest).do("GET", mediaPath+"?q=PRESS&type=image&container=wide_panel", nil).want(200).decode(&list)
		if len(list.Media) != 1 {
			t.Errorf("keyword, type and container: %d", len(list.Media))
		}
		h.as(guest).do("GET", mediaPath+"?type=video", nil).want(200).decode(&list)
		if len(list.Media) != 0 {
			t.Errorf("type filter: %d", len(list.Media))
		}
		h.as(guest).do("GET", mediaPath+"?type=sculpture", nil).wantError(400, "validation_failed", "type")
		// Metadata: validated, partial.
		st.do("PATCH", mediaPath+"/"+a.Key, map[string]any{"metadata": map[string]any{"date_publication": "2024-13-01"}}).wantError(400, "validation_failed", "metadata.date_publication")
		st.do("PATCH", mediaPath+"/"+a.Key, map[string]any{"metadata": map[string]any{"kind": "sculpture"}}).wantError(400, "validation_failed", "metadata.kind")
		st.do("PATCH", mediaPath+"/"+a.Key, map[string]any{"metadata": map[string]any{"kind": nil, "author": "Ada"}}).want(200).decode(&a)
		if a.Metadata.Kind != nil || a.Metadata.Author != "Ada" || a.Metadata.Title != "Harbour at dawn" {
			t.Errorf("patched metadata %+v", a.Metadata)
		}
		h.as(guest).do("PATCH", mediaPath+"/"+a.Key, map[string]any{"metadata": map[string]any{"author": "x"}}).wantError(403, "forbidden")
		// Stats.
		var stats domain.MediaStats
		h.as(guest).do("GET", mediaPath+"/stats", nil).want(200).decode(&stats)
		// Used: the file and its two copies (TestMediaVariantsCountAgainstTheQuota weighs them).
		if stats.Types[domain.MediaImage].Count != 1 || stats.UsedBytes <= a.Size || stats.Limits[domain.MediaVector] != 2<<20 ||
			stats.QuotaBytes == nil || *stats.QuotaBytes != domain.DefaultMediaStorageQuota {
			t.Errorf("stats %+v", stats)
		}
		// The file: ETag, caching with v, ranges, nosniff.
		res := h.as(guest).do("GET", a.URL, nil).want(200)
		if res.header.Get("Content-Type") != "image/png" || res.header.Get("ETag") == "" || res.header.Get("X-Content-Type-Options") != "nosniff" ||
			!strings.Contains(res.header.Get("Cache-Control"), "immutable") || int64(len(res.body)) != a.Size {
			t.Errorf("file headers %v, %d bytes", res.header, len(res.body))
		}
		h.as(guest).send("GET", a.URL, nil, http.Header{"If-None-Match": {res.header.Get("ETag")}}).want(304)
		part := h.as(guest).send("GET", a.URL, nil, http.Header{"Range": {"bytes=0-7"}}).want(206)
		if string(part.body) != "\x89PNG\r\n\x1a\n" {
			t.Errorf("range %q", part.body)
		}
		small := h.as(guest).do("GET", a.Variants[0].URL, nil).want(200)
		if cfg, _, err := image.DecodeConfig(bytes.NewReader(small.body)); err != nil || cfg.Width != 256 || cfg.Height != 51 {
			t.Errorf("variant %+v %v", cfg, err)
		}
		dl := h.as(guest).do("GET", a.URL+"&download=1", nil).want(200)
		if !strings.HasPrefix(dl.header.Get("Content-Disposition"), "attachment") {
			t.Errorf("download %q", dl.header.Get("Content-Disposition"))
		}
		// Another client's member, and the anonymous, know nothing of it.
		h.as(outsider).do("GET", a.URL, nil).wantError(404, "not_found")
		h.as(outsider).do("GET", "/api/v1/clients/globex/media/"+a.Key, nil).wantError(404, "not_found")
		h.as(anon).do("GET", a.URL, nil).wantError(401, "unauthenticated")

		// Replacing the file: same key, version 2, the old files gone.
		var b domain.MediaAsset
		st.upload("PUT", mediaPath+"/"+a.Key+"/file", formPart{field: "file", filename: "small.png", body: pngOf(100, 50)}).want(200).decode(&b)
		if b.Key != a.Key || b.Version != 2 || len(b.Variants) != 0 || b.Metadata.Author != "Ada" {
			t.Errorf("replaced %+v", b)
		}
		if objs := h.objects(t); len(objs) != 1 || objs[0] != a.Key+"/2/original" {
			t.Errorf("stored after the replacement: %v", objs)
		}
		// Templates.
		var tpls struct {
			Templates []domain.MediaTemplate `json:"templates"`
		}
		st.do("PATCH", fmt.Sprintf("%s/templates/%d", mediaPath, tpl.ID), map[string]any{"name": "Press kit"}).want(200)
		h.as(guest).do("GET", mediaPath+"/templates", nil).want(200).decode(&tpls)
		if len(tpls.Templates) != 1 || tpls.Templates[0].Name != "Press kit" || tpls.Templates[0].Metadata.Copyright != "Acme" {
			t.Errorf("templates %+v", tpls)
		}
		st.do("DELETE", fmt.Sprintf("%s/templates/%d", mediaPath, tpl.ID), nil).want(204)
		h.as(outsider).do("DELETE", fmt.Sprintf("/api/v1/clients/globex/media/templates/%d", tpl.ID), nil).wantError(404, "not_found")

		// Used on a node: the map's readers get it, deleting is refused.
		ed := h.as(editor)
		var node struct {
			ID int64 `json:"id"`
		}
		ed.do("POST", fmt.Sprintf("/api/v1/maps/%d/nodes", h.mapID), map[string]any{"design": map[string]any{"shape": "rectangle"},
			"geometry": map[string]any{"center": map[string]int{"x": 10, "y": 20}}}).want(201).decode(&node)
		ed.do("PATCH", fmt.Sprintf("/api/v1/maps/%d/nodes/%d", h.mapID, node.ID), map[string]any{"design": map[string]any{"media": a.Key}}).want(200)
		ed.do("PATCH", fmt.Sprintf("/api/v1/maps/%d/elements", h.mapID), map[string]any{"nodes": []any{map[string]any{"id": node.ID,
			"content": map[string]any{"de": map[string]any{"title": "Hafen"}, "en": map[string]any{"title": "Harbour"}}}}}).want(200)
		// Where it is used can be asked before deleting, the node named by its titles.
		var uses struct {
			Uses []domain.MediaUse `json:"uses"`
		}
		h.as(guest).do("GET", mediaPath+"/"+a.Key+"/uses", nil).want(200).decode(&uses)
		if len(uses.Uses) != 1 || uses.Uses[0].Place != domain.PlaceNode || *uses.Uses[0].NodeID != node.ID ||
			!reflect.DeepEqual(uses.Uses[0].NodeTitles, map[domain.Language]string{"de": "Hafen", "en": "Harbour"}) {
			t.Errorf("uses %+v", uses)
		}
		h.as(guest).do("GET", mediaPath+"/"+strings.Repeat("b", 26)+"/uses", nil).wantError(404, "not_found")
		h.as(outsider).do("GET", "/api/v1/clients/globex/media/"+a.Key+"/uses", nil).wantError(404, "not_found")
		mapFile := fmt.Sprintf("/api/v1/maps/%d/media/%s?v=2", h.mapID, a.Key)
		h.as(guest).do("GET", mapFile, nil).want(200)
		var env struct {
			Error struct {
				Code string            `json:"code"`
				Uses []domain.MediaUse `json:"uses"`
			} `json:"error"`
		}
		st.do("DELETE", mediaPath+"/"+a.Key, nil).want(409).decode(&env)
		if env.Error.Code != "media_in_use" || len(env.Error.Uses) != 1 || env.Error.Uses[0].Place != domain.PlaceNode ||
			*env.Error.Uses[0].NodeID != node.ID || env.Error.Uses[0].MapName != "Acme map" || env.Error.Uses[0].NodeTitles["en"] != "Harbour" {
			t.Errorf("in use: %+v", env.Error)
		}
		// Another asset the map does not use is not served through the map.
		var other domain.MediaAsset
		st.upload("POST", mediaPath, formPart{field: "file", filename: "o.png", body: pngOf(20, 20)}).want(201).decode(&other)
		h.as(guest).do("GET", fmt.Sprintf("/api/v1/maps/%d/media/%s", h.mapID, other.Key), nil).wantError(404, "not_found")
		h.as(outsider).do("GET", mapFile, nil).wantError(404, "not_found")
		// The nodes' default media (the global design) is the map's too, while it is set.
		global := fmt.Sprintf("/api/v1/maps/%d/global", h.mapID)
		ed.do("PATCH", global, map[string]any{"nodes": map[string]any{"media": other.Key}}).want(200)
		h.as(guest).do("GET", fmt.Sprintf("/api/v1/maps/%d/media/%s", h.mapID, other.Key), nil).want(200)
		ed.do("PATCH", global, map[string]any{"nodes": map[string]any{"media": nil}}).want(200)
		h.as(guest).do("GET", fmt.Sprintf("/api/v1/maps/%d/media/%s", h.mapID, other.Key), nil).wantError(404, "not_found")

		// Published: its readers get what the live version uses, only that.
		ed.do("PATCH", fmt.Sprintf("/api/v1/maps/%d/publication", h.mapID), map[string]any{"url": "acme-media", "access_mode": "accessible"}).want(200)
		ed.do("POST", fmt.Sprintf("/api/v1/maps/%d/publish", h.mapID), nil).want(201)
		ed.do("PATCH", fmt.Sprintf("/api/v1/maps/%d/live", h.mapID), map[string]any{"live": true}).want(200)
		h.as(anon).do("GET", "/api/v1/public/maps/acme-media/media/"+a.Key+"?w=256", nil).want(200)
		h.as(anon).do("GET", "/api/v1/public/maps/acme-media/media/"+other.Key, nil).wantError(404, "not_found")
		h.as(anon).do("GET", "/api/v1/public/maps/acme-media/media/"+strings.Repeat("a", 26), nil).wantError(404, "not_found")

		// Gone from the working copy, the asset is still the live version's.
		ed.do("DELETE", fmt.Sprintf("/api/v1/maps/%d/nodes/%d", h.mapID, node.ID), nil).want(200)
		env.Error.Uses = nil // not to reuse the node use's fields
		st.do("DELETE", mediaPath+"/"+a.Key, nil).want(409).decode(&env)
		if env.Error.Code != "media_in_use" || len(env.Error.Uses) != 1 || env.Error.Uses[0].Place != domain.PlacePublishedVersion ||
			env.Error.Uses[0].MapID != h.mapID || env.Error.Uses[0].NodeID != nil {
			t.Errorf("in use by the live version: %+v", env.Error)
		}
		h.as(anon).do("GET", "/api/v1/public/maps/acme-media/media/"+a.Key, nil).want(200)
		// Taken down, nothing uses it: the asset goes with its files.
		ed.do("DELETE", fmt.Sprintf("/api/v1/maps/%d/publication/live", h.mapID), nil).want(200)
		st.do("DELETE", mediaPath+"/"+a.Key, nil).want(204)
		st.do("DELETE", mediaPath+"/"+other.Key, nil).want(204)
		h.as(guest).do("GET", mediaPath+"/"+a.Key, nil).wantError(404, "not_found")
		if objs := h.objects(t); len(objs) != 0 {
			t.Errorf("left after deleting: %v", objs)
		}
	})
}

func TestMediaSVGIsSandboxed(t *testing.T) {
	storetest.Each(t, func(t *testing.T, s *store.Store) {
		h := newMediaHarness(t, s, t.TempDir(), nil)
		var a domain.MediaAsset
		h.as(student).upload("POST", mediaPath, formPart{field: "file", filename: "logo.svg",
			body: []byte(`<svg xmlns="http://www.w3.org/2000/svg" width="120" height="40"><rect width="10" height="10" style="fill:red"/></svg>`)}).
			want(201).decode(&a)
		if a.Type != domain.MediaVector || *a.Width != 120 || *a.Height != 40 {
			t.Fatalf("svg %+v", a)
		}
		res := h.as(guest).do("GET", a.URL, nil).want(200)
		if res.header.Get("Content-Security-Policy") != "sandbox; default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'self'" || res.header.Get("Content-Type") != "image/svg+xml" {
			t.Errorf("svg headers %v", res.header)
		}
	})
}

// Every bad upload is refused with its code, and nothing is stored: no
// row, no file, no temporary file.
func TestMediaBadUploads(t *testing.T) {
	truncated := pngOf(100, 100)
	truncated = truncated[:len(truncated)/2]
	limits := media.Limits{domain.MediaImage: 64 << 10, domain.MediaVector: 4 << 10, domain.MediaVideo: 1 << 20, domain.MediaAudio: 1 << 20, domain.MediaOther: 1 << 20}
	cases := []struct {
		name   string
		parts  []formPart
		status int
		code   string
	}{
		{"wrong bytes", []formPart{{field: "file", filename: "x.png", body: []byte("MZ\x90\x00 this is an executable, not a picture")}}, 415, "unsupported_media_type"},
		{"html named png", []formPart{{field: "file", filename: "x.png", body: []byte("<!DOCTYPE html><html><script>alert(1)</script></html>")}}, 415, "unsupported_media_type"},
		{"truncated image", []formPart{{field: "file", filename: "t.png", body: truncated}}, 400, "invalid_image"},
		{"decompression bomb", []formPart{{field: "file", filename: "bomb.png", body: bombPNG(100000, 100000)}}, 400, "image_too_large"},
		{"svg with script", []formPart{{field: "file", filename: "s.svg", body: []byte(`<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>`)}}, 400, "unsafe_svg"},
		{"svg with handler", []formPart{{field: "file", filename: "s.svg", body: []byte(`<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>`)}}, 400, "unsafe_svg"},
		{"svg with javascript link", []formPart{{field: "file", filename: "s.svg", body: []byte(`<svg xmlns="http://www.w3.org/2000/svg" xmlns:x="http://www.w3.org/1999/xlink"><a x:href=" java&#x09;script:alert(1)"><text>x</text></a></svg>`)}}, 400, "unsafe_svg"},
		{"svg with foreignObject", []formPart{{field: "file", filename: "s.svg", body: []byte(`<svg xmlns="http://www.w3.org/2000/svg"><foreignObject><div/></foreignObject></svg>`)}}, 400, "unsafe_svg"},
		{"name with a path", []formPart{{field: "file", filename: "../../etc/x.png", body: pngOf(10, 10)}}, 400, "validation_failed"},
		{"name with a windows path", []formPart{{field: "file", filename: `..\..\x.png`, body: pngOf(10, 10)}}, 400, "validation_failed"},
		{"no file", []formPart{{field: "metadata", body: []byte(`{"title": "t"}`)}}, 400, "file_missing"},
		{"empty file", []formPart{{field: "file", filename: "e.png", body: nil}}, 400, "file_missing"},
		{"past the type limit", []formPart{{field: "file", filename: "big.png", body: pngOf(400, 400)}}, 413, "file_too_large"},
		{"svg past its limit", []formPart{{field: "file", filename: "big.svg", body: []byte(`<svg xmlns="http://www.w3.org/2000/svg">` + strings.Repeat("<g/>", 2000) + `</svg>`)}}, 413, "file_too_large"},
		{"NUL-filled metadata", []formPart{{field: "file", filename: "a.png", body: pngOf(10, 10)}, {field: "metadata", body: bytes.Repeat([]byte{0}, 1000)}}, 400, "validation_failed"},
		{"escaped NUL in metadata", []formPart{{field: "file", filename: "a.png", body: pngOf(10, 10)}, {field: "metadata", body: []byte(`{"title": "a\u0000b"}`)}}, 400, "validation_failed"},
		{"huge metadata", []formPart{{field: "file", filename: "a.png", body: pngOf(10, 10)}, {field: "metadata", body: []byte(`{"summary": "` + strings.Repeat("x", 70000) + `"}`)}}, 413, "too_large"},
		{"long title", []formPart{{field: "file", filename: "a.png", body: pngOf(10, 10)}, {field: "metadata", body: []byte(`{"title": "` + strings.Repeat("x", 301) + `"}`)}}, 400, "validation_failed"},
		{"unknown template", []formPart{{field: "file", filename: "a.png", body: pngOf(10, 10)}, {field: "template", body: []byte("999999")}}, 400, "validation_failed"},
		{"unknown field", []formPart{{field: "file", filename: "a.png", body: pngOf(10, 10)}, {field: "owner", body: []byte("me")}}, 400, "validation_failed"},
	}
	eachMediaStorage(t, limits, func(t *testing.T, h *mediaHarness) {
		st := h.as(student)
		for _, c := range cases {
			t.Log(c.name)
			st.upload("POST", mediaPath, c.parts...).wantError(c.status, c.code)
			h.assertNothingStored(t)
		}
		// Past the quota: 100 bytes allowed.
		h.as(super).do("PATCH", "/api/v1/clients/acme/quotas", map[string]any{"media_storage": 100}).want(200)
		st.upload("POST", mediaPath, formPart{field: "file", filename: "q.png", body: pngOf(50, 50)}).wantError(409, "quota_exceeded")
		h.assertNothingStored(t)
		// Not multipart at all.
		st.do("POST", mediaPath, map[string]any{"file": "x"}).wantError(400, "file_missing")
		// A guest may not upload; another client's member finds no client.
		h.as(guest).upload("POST", mediaPath, formPart{field: "file", filename: "a.png", body: pngOf(10, 10)}).wantError(403, "forbidden")
		h.as(outsider).upload("POST", mediaPath, formPart{field: "file", filename: "a.png", body: pngOf(10, 10)}).wantError(404, "not_found")
		h.assertNothingStored(t)
	})
}

func (h *mediaHarness) assertNothingStored(t *testing.T) {
	t.Helper()
	stats, err := h.store.MediaStats(context.Background(), h.acme.ID)
	if err != nil {
		t.Fatal(err)
	}
	for typ, st := range stats {
		if st.Count != 0 {
			t.Errorf("%d %s rows stored", st.Count, typ)
		}
	}
	if objs := h.objects(t); len(objs) != 0 {
		t.Errorf("files stored: %v", objs)
	}
	if entries := h.directoryEntries(t); len(entries) != 0 {
		t.Errorf("left in the media directory: %v", entries)
	}
}

// directoryEntries lists everything in the local media directory, the
// directories too (nil for S3, which has none).
func (h *mediaHarness) directoryEntries(t *testing.T) []string {
	t.Helper()
	if strings.Contains(h.url, "://") {
		return nil
	}
	var out []string
	err := filepath.WalkDir(h.url, func(p string, d os.DirEntry, err error) error {
		// A directory an upload is removing right now may vanish mid-walk.
		if errors.Is(err, fs.ErrNotExist) && p != h.url {
			return nil
		}
		if err != nil {
			return err
		}
		if rel, _ := filepath.Rel(h.url, p); rel != "." {
			out = append(out, rel)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// A member removed from the client loses the library at once.
func TestMediaRevokedMember(t *testing.T) {
	storetest.Each(t, func(t *testing.T, s *store.Store) {
		h := newMediaHarness(t, s, t.TempDir(), nil)
		st := h.as(student)
		var a domain.MediaAsset
		st.upload("POST", mediaPath, formPart{field: "file", filename: "a.png", body: pngOf(10, 10)}).want(201).decode(&a)
		if err := s.RemoveMember(context.Background(), h.acme.ID, h.users[student].ID); err != nil {
			t.Fatal(err)
		}
		st.do("GET", a.URL, nil).wantError(404, "not_found")
		st.do("GET", mediaPath, nil).wantError(404, "not_found")
		st.upload("POST", mediaPath, formPart{field: "file", filename: "b.png", body: pngOf(10, 10)}).wantError(404, "not_found")
	})
}
