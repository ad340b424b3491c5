package api_test

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"mime/multipart"
	"net/http"
	"net/textproto"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/strata-maps/strata/internal/api"
	"github.com/strata-maps/strata/internal/domain"
	"github.com/strata-maps/strata/internal/media"
	"github.com/strata-maps/strata/internal/mediastore"
	"github.com/strata-maps/strata/internal/store"
	"github.com/strata-maps/strata/internal/store/storetest"
)

// pendingUpload is an upload whose body is sent in two goes: the form up
// to some bytes into the file, then the rest when finished (or never,
// when cut off).
type pendingUpload struct {
	t      *testing.T
	pw     *io.PipeWriter
	rest   []byte
	answer chan *response
}

// startUpload sends the form of one file up to sent bytes into it, and
// leaves the request open.
func startUpload(t *testing.T, c *client, method, path string, file []byte, sent int) *pendingUpload {
	t.Helper()
	var form bytes.Buffer
	mw := multipart.NewWriter(&form)
	hdr := textproto.MIMEHeader{}
	hdr.Set("Content-Disposition", `form-data; name="file"; filename="slow.png"`)
	w, err := mw.CreatePart(hdr)
	if err != nil {
		t.Fatal(err)
	}
	start := form.Len()
	_, _ = w.Write(file)
	_ = mw.Close()
	all := form.Bytes()
	pr, pw := io.Pipe()
	p := &pendingUpload{t: t, pw: pw, rest: all[start+sent:], answer: make(chan *response, 1)}
	// A test that fails with uploads in flight ends them, so that the
	// server (cleaned up after) does not wait for them forever.
	t.Cleanup(func() { _ = pw.CloseWithError(errors.New("the test ended")) })
	req, err := http.NewRequest(method, c.h.srv.URL+path, pr)
	if err != nil {
		t.Fatal(err)
	}
	req.Header.Set("Content-Type", mw.FormDataContentType())
	req.Header.Set("Sec-Fetch-Site", "same-origin")
	req.Header.Set("Origin", c.h.srv.URL)
	go func() {
		res, err := c.http.Do(req)
		if err != nil {
			p.answer <- &response{t: t, status: -1, body: []byte(err.Error())}
			return
		}
		defer res.Body.Close()
		b, _ := io.ReadAll(res.Body)
		if err := api.CheckAnswer(method, path, res.StatusCode, b); err != nil {
			t.Errorf("contract: %s %s: %v", method, path, err)
		}
		p.answer <- &response{t: t, status: res.StatusCode, header: res.Header, body: b}
	}()
	go func() { _, _ = pw.Write(all[:start+sent]) }()
	return p
}

// finish sends the rest of the form and answers the server's response.
func (p *pendingUpload) finish() *response {
	go func() {
		_, _ = p.pw.Write(p.rest)
		_ = p.pw.Close()
	}()
	select {
	case r := <-p.answer:
		return r
	case <-time.After(30 * time.Second):
		p.t.Fatal("no answer to the upload")
	}
	return nil
}

// cut closes the connection midway, as a browser closed or a network lost.
func (p *pendingUpload) cut() {
	_ = p.pw.CloseWithError(errors.New("connection lost"))
	select {
	case <-p.answer:
	case <-time.After(30 * time.Second):
		p.t.Fatal("the cut upload did not end")
	}
}

// waitFor polls cond until it holds, failing after a while.
func waitFor(t *testing.T, what string, cond func() bool) {
	t.Helper()
	for deadline := time.Now().Add(15 * time.Second); !cond(); {
		if time.Now().After(deadline) {
			t.Fatalf("waited in vain for %s", what)
		}
		time.Sleep(10 * time.Millisecond)
	}
}

// writing counts the files being written in the local media directory.
func (h *mediaHarness) writing(t *testing.T) int {
	t.Helper()
	n := 0
	_ = filepath.WalkDir(h.url, func(p string, d os.DirEntry, err error) error {
		if err == nil && strings.HasSuffix(p, ".tmp") {
			n++
		}
		return nil
	})
	return n
}

// One user has at most media.MaxParallelUploads uploads in flight: the
// next, a new file or a replacement, is refused with rate_limited and
// Retry-After, while another user uploads as usual; once the uploads in
// flight end, the user uploads again.
func TestMediaParallelUploadsPerUser(t *testing.T) {
	storetest.Each(t, func(t *testing.T, s *store.Store) {
		h := newMediaHarness(t, s, t.TempDir(), nil)
		st := h.as(student)
		var asset domain.MediaAsset
		st.upload("POST", mediaPath, formPart{field: "file", filename: "a.png", body: pngOf(20, 20)}).want(201).decode(&asset)
		big := pngOf(300, 300)
		pending := make([]*pendingUpload, media.MaxParallelUploads)
		for i := range pending {
			pending[i] = startUpload(t, st, "POST", mediaPath, big, 64<<10)
		}
		waitFor(t, fmt.Sprintf("%d uploads in flight", len(pending)), func() bool { return h.writing(t) == len(pending) })

		res := st.upload("POST", mediaPath, formPart{field: "file", filename: "b.png", body: pngOf(20, 20)}).wantError(429, "rate_limited")
		if res.header.Get("Retry-After") != "5" {
			t.Errorf("Retry-After %q", res.header.Get("Retry-After"))
		}
		st.upload("PUT", mediaPath+"/"+asset.Key+"/file", formPart{field: "file", filename: "c.png", body: pngOf(20, 20)}).wantError(429, "rate_limited")
		// The same user in another session shares the limit; another user has their own.
		h.as(student).upload("POST", mediaPath, formPart{field: "file", filename: "d.png", body: pngOf(20, 20)}).wantError(429, "rate_limited")
		h.as(editor).upload("POST", mediaPath, formPart{field: "file", filename: "e.png", body: pngOf(20, 20)}).want(201)

		for _, p := range pending {
			p.finish().want(201)
		}
		st.upload("POST", mediaPath, formPart{field: "file", filename: "f.png", body: pngOf(20, 20)}).want(201)
		st.upload("PUT", mediaPath+"/"+asset.Key+"/file", formPart{field: "file", filename: "g.png", body: pngOf(20, 20)}).want(200)
	})
}

// An upload cut off midway (the browser closed, the network lost) leaves
// nothing in the media directory: no file, no temporary file, no
// directory; and it gives its slot back.
func TestMediaUploadCutOffLeavesNothing(t *testing.T) {
	storetest.Each(t, func(t *testing.T, s *store.Store) {
		h := newMediaHarness(t, s, t.TempDir(), nil)
		st := h.as(student)
		for range media.MaxParallelUploads + 1 {
			p := startUpload(t, st, "POST", mediaPath, pngOf(300, 300), 64<<10)
			waitFor(t, "the upload in flight", func() bool { return h.writing(t) == 1 })
			p.cut()
			waitFor(t, "an empty media directory", func() bool { return len(h.directoryEntries(t)) == 0 })
		}
		h.assertNothingStored(t)
		st.upload("POST", mediaPath, formPart{field: "file", filename: "a.png", body: pngOf(20, 20)}).want(201)
	})
}

// An image's scaled copies count against the media storage quota as well
// as its file, and the library's used storage shows them; a client has
// the default quota without any setting. On both storages: the copies
// are counted from the storage's listing.
func TestMediaVariantsCountAgainstTheQuota(t *testing.T) {
	eachMediaStorage(t, nil, func(t *testing.T, h *mediaHarness) {
		st := h.as(student)
		photo := pngOf(1500, 300)
		var a domain.MediaAsset
		st.upload("POST", mediaPath, formPart{field: "file", filename: "a.png", body: photo}).want(201).decode(&a)
		stored := a.Size
		for _, v := range a.Variants {
			stored += int64(len(h.as(guest).do("GET", v.URL, nil).want(200).body))
		}
		if len(a.Variants) != 2 || stored <= a.Size {
			t.Fatalf("variants %+v, %d bytes in all", a.Variants, stored)
		}
		var stats domain.MediaStats
		h.as(guest).do("GET", mediaPath+"/stats", nil).want(200).decode(&stats)
		if stats.UsedBytes != stored || stats.Types[domain.MediaImage].Bytes != stored ||
			stats.QuotaBytes == nil || *stats.QuotaBytes != domain.DefaultMediaStorageQuota {
			t.Errorf("stats %+v (quota %v), want %d bytes used of the default quota", stats, stats.QuotaBytes, stored)
		}
		if q := h.quotas(h.session(admin)); q["media_storage"].Count != int(stored) || q["media_storage"].Max == nil {
			t.Errorf("media quota %+v, want count %d", q["media_storage"], stored)
		}
		// A superuser sets a quota in bytes, past the count limits' 1,000,000.
		h.as(super).do("PATCH", "/api/v1/clients/acme/quotas", map[string]any{"media_storage": 10 << 30}).want(200)
		// Room for the same file again, not for its copies: refused, nothing kept.
		h.as(super).do("PATCH", "/api/v1/clients/acme/quotas", map[string]any{"media_storage": stored + a.Size}).want(200)
		before := h.objects(t)
		st.upload("POST", mediaPath, formPart{field: "file", filename: "b.png", body: photo}).wantError(409, "quota_exceeded")
		if after := h.objects(t); len(after) != len(before) {
			t.Errorf("stored after the refusal %v, before %v", after, before)
		}
		// A replacement is counted the same way: growing past the quota is refused.
		st.upload("PUT", mediaPath+"/"+a.Key+"/file", formPart{field: "file", filename: "c.png", body: pngOf(2100, 300)}).wantError(409, "quota_exceeded")
		h.as(super).do("PATCH", "/api/v1/clients/acme/quotas", map[string]any{"media_storage": 2 * stored}).want(200)
		st.upload("POST", mediaPath, formPart{field: "file", filename: "b.png", body: photo}).want(201)
		h.as(guest).do("GET", mediaPath+"/stats", nil).want(200).decode(&stats)
		if stats.UsedBytes != 2*stored {
			t.Errorf("used %d, want %d", stats.UsedBytes, 2*stored)
		}
	})
}

// durableOrder wraps a media store: when a Put returns (for the local
// store: synced, TestLocalPutSyncsFileThenDirectories), the object must be
// whole and no row may name its version yet.
type durableOrder struct {
	mediastore.Store
	s     *store.Store
	mu    sync.Mutex
	puts  int
	early []string
}

func (d *durableOrder) Put(ctx context.Context, key string, r io.Reader, ct string) error {
	var n countWriter
	if err := d.Store.Put(ctx, key, io.TeeReader(r, &n), ct); err != nil {
		return err
	}
	d.mu.Lock()
	defer d.mu.Unlock()
	d.puts++
	f, err := d.Store.Open(ctx, key)
	if err != nil {
		d.early = append(d.early, key+": not there once stored")
		return nil
	}
	defer f.Close()
	if f.Size() != int64(n) {
		d.early = append(d.early, fmt.Sprintf("%s: %d of %d bytes once stored", key, f.Size(), n))
	}
	parts := strings.Split(key, "/")
	if a, err := d.s.MediaByKey(ctx, parts[0]); err == nil && fmt.Sprint(a.Version) == parts[1] {
		d.early = append(d.early, key+": a row named it before it was stored")
	}
	return nil
}

type countWriter int

func (c *countWriter) Write(p []byte) (int, error) { *c += countWriter(len(p)); return len(p), nil }

// An asset's files are whole and stored (durable) before the row that
// names them commits: a crash in between leaves a file without a row,
// which the sweep removes, never a row without its file.
func TestMediaFilesStoredBeforeTheirRow(t *testing.T) {
	storetest.Each(t, func(t *testing.T, s *store.Store) {
		files, err := mediastore.Open(context.Background(), t.TempDir())
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { _ = files.Close() })
		rec := &durableOrder{Store: files, s: s}
		h := newHarnessWith(t, s, func(d *api.Deps) {
			d.Media = media.New(s, rec, nil, slog.New(slog.NewTextHandler(io.Discard, nil)))
		})
		c := h.as(student)
		var a domain.MediaAsset
		c.upload("POST", mediaPath, formPart{field: "file", filename: "a.png", body: pngOf(1100, 100)}).want(201).decode(&a)
		c.upload("PUT", mediaPath+"/"+a.Key+"/file", formPart{field: "file", filename: "b.png", body: pngOf(300, 30)}).want(200)
		rec.mu.Lock()
		defer rec.mu.Unlock()
		// The first upload's file and two copies, the replacement's file and one copy.
		if rec.puts != 5 || len(rec.early) != 0 {
			t.Errorf("%d files stored; out of order: %v", rec.puts, rec.early)
		}
	})
}
