package mediastore_test

import (
	"bytes"
	"context"
	"errors"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/strata-maps/strata/internal/mediastore"
	"github.com/strata-maps/strata/internal/mediastore/mediatest"
)

// failingReader fails after some bytes, as an upload cut off midway.
type failingReader struct{ n int }

func (r *failingReader) Read(p []byte) (int, error) {
	if r.n <= 0 {
		return 0, errors.New("connection lost")
	}
	n := min(len(p), r.n)
	for i := range n {
		p[i] = 'x'
	}
	r.n -= n
	return n, nil
}

func TestStore(t *testing.T) {
	for name, storage := range mediatest.Storages(t) {
		t.Run(name, func(t *testing.T) {
			ctx := context.Background()
			url := storage(t)
			st, err := mediastore.Open(ctx, url)
			if err != nil {
				t.Fatal(err)
			}
			defer st.Close()
			data := bytes.Repeat([]byte("0123456789"), 100_000)
			if err := st.Put(ctx, "abc/1/original", bytes.NewReader(data), "application/octet-stream"); err != nil {
				t.Fatal(err)
			}
			f, err := st.Open(ctx, "abc/1/original")
			if err != nil {
				t.Fatal(err)
			}
			if f.Size() != int64(len(data)) {
				t.Errorf("size %d", f.Size())
			}
			if _, err := f.Seek(500_003, io.SeekStart); err != nil {
				t.Fatal(err)
			}
			part := make([]byte, 7)
			if _, err := io.ReadFull(f, part); err != nil || string(part) != "3456789" {
				t.Errorf("range read %q %v", part, err)
			}
			if end, _ := f.Seek(0, io.SeekEnd); end != int64(len(data)) {
				t.Errorf("end %d", end)
			}
			_ = f.Close()

			// A write that fails midway leaves no object (nor a temporary file).
			if err := st.Put(ctx, "abc/2/original", &failingReader{n: 300_000}, "application/octet-stream"); err == nil {
				t.Fatal("a failed write reported success")
			}
			if _, err := st.Open(ctx, "abc/2/original"); !errors.Is(err, mediastore.ErrNotFound) {
				t.Errorf("half-written object: %v", err)
			}
			var keys []string
			if err := st.List(ctx, "", func(o mediastore.Object) error { keys = append(keys, o.Key); return nil }); err != nil {
				t.Fatal(err)
			}
			if strings.Join(keys, ",") != "abc/1/original" {
				t.Errorf("listed %v", keys)
			}
			if name == "local" {
				entries, _ := filepath.Glob(filepath.Join(url, "abc", "*", "*"))
				if len(entries) != 1 {
					t.Errorf("files left on disk: %v", entries)
				}
				if tmp, _ := filepath.Glob(filepath.Join(os.TempDir(), "original.*.tmp")); len(tmp) > 0 {
					t.Errorf("temporary files left: %v", tmp)
				}
			}
			if err := st.Delete(ctx, "abc/1/original"); err != nil {
				t.Fatal(err)
			}
			if err := st.Delete(ctx, "abc/1/original"); err != nil {
				t.Errorf("deleting a gone object: %v", err)
			}
			if _, err := st.Open(ctx, "abc/1/original"); !errors.Is(err, mediastore.ErrNotFound) {
				t.Errorf("deleted object opened: %v", err)
			}
		})
	}
}
