// Command mediadurability measures what durable media uploads cost (issue 28):
// n image uploads of about 1 MB each through media.Service (the file
// streamed to the local store, its 256 px copy made and stored, the row
// written in SQLite), one after the other, and n bare 1 MB writes to the
// local store. Run it on two builds (before and after a change) in one
// session and compare; it prints one line per measure.
package main

import (
	"bytes"
	"context"
	"flag"
	"fmt"
	"image"
	"image/color"
	"image/png"
	"io"
	"log/slog"
	"math/rand/v2"
	"mime/multipart"
	"net/textproto"
	"os"
	"path/filepath"
	"slices"
	"time"

	"github.com/strata-maps/strata/internal/domain"
	"github.com/strata-maps/strata/internal/media"
	"github.com/strata-maps/strata/internal/mediastore"
	"github.com/strata-maps/strata/internal/store"
)

func main() {
	n := flag.Int("n", 100, "uploads (and bare writes) to make")
	dir := flag.String("dir", "", "directory for the database and the media (default: a temporary one)")
	label := flag.String("label", "", "what this build is, printed with the figures")
	flag.Parse()
	if err := run(*n, *dir, *label); err != nil {
		fmt.Fprintln(os.Stderr, "bench uploads:", err)
		os.Exit(1)
	}
}

func run(n int, dir, label string) error {
	ctx := context.Background()
	if dir == "" {
		d, err := os.MkdirTemp("", "strata-bench-uploads-")
		if err != nil {
			return err
		}
		defer os.RemoveAll(d)
		dir = d
	}
	target, err := store.ResolveTarget("", dir)
	if err != nil {
		return err
	}
	s, err := store.Open(ctx, target)
	if err != nil {
		return err
	}
	defer s.Close()
	if _, err := s.Migrate(ctx); err != nil {
		return err
	}
	c, err := s.CreateClient(ctx, "bench", "Bench")
	if err != nil {
		return err
	}
	u, err := s.CreateUser(ctx, store.NewUser{Email: "bench@example.org", Name: "Bench"})
	if err != nil {
		return err
	}
	files, err := mediastore.Open(ctx, filepath.Join(dir, "media"))
	if err != nil {
		return err
	}
	defer files.Close()
	svc := media.New(s, files, nil, slog.New(slog.NewTextHandler(io.Discard, nil)))
	actor := domain.Actor{User: u}

	photo := noisePNG(580, 580) // about 1 MB: noise compresses little
	var took []time.Duration
	start := time.Now()
	for range n {
		body, boundary := form(photo)
		t0 := time.Now()
		if _, err := svc.Upload(ctx, actor, c.ID, multipart.NewReader(bytes.NewReader(body), boundary)); err != nil {
			return fmt.Errorf("upload: %w", err)
		}
		took = append(took, time.Since(t0))
	}
	report(label, fmt.Sprintf("%d uploads of a %.2f MB PNG", n, float64(len(photo))/(1<<20)), time.Since(start), took)

	raw := bytes.Repeat([]byte{0x5a}, 1<<20)
	took = took[:0]
	start = time.Now()
	for i := range n {
		t0 := time.Now()
		if err := files.Put(ctx, fmt.Sprintf("bare%026d/1/original", i), bytes.NewReader(raw), "application/octet-stream"); err != nil {
			return err
		}
		took = append(took, time.Since(t0))
	}
	report(label, fmt.Sprintf("%d bare 1 MB writes to the local store", n), time.Since(start), took)
	return nil
}

func report(label, what string, total time.Duration, took []time.Duration) {
	slices.Sort(took)
	fmt.Printf("%s\t%s: %.2f s in all, %.1f ms each (p50 %.1f ms, p99 %.1f ms)\n", label, what, total.Seconds(),
		float64(total.Microseconds())/1000/float64(len(took)), ms(took[len(took)/2]), ms(took[len(took)*99/100]))
}

func ms(d time.Duration) float64 { return float64(d.Microseconds()) / 1000 }

func form(file []byte) ([]byte, string) {
	var b bytes.Buffer
	mw := multipart.NewWriter(&b)
	h := textproto.MIMEHeader{}
	h.Set("Content-Disposition", `form-data; name="file"; filename="photo.png"`)
	w, _ := mw.CreatePart(h)
	_, _ = w.Write(file)
	_ = mw.Close()
	return b.Bytes(), mw.Boundary()
}

func noisePNG(w, h int) []byte {
	img := image.NewRGBA(image.Rect(0, 0, w, h))
	rnd := rand.New(rand.NewPCG(1, 2))
	for y := range h {
		for x := range w {
			img.Set(x, y, color.RGBA{uint8(rnd.Uint32()), uint8(rnd.Uint32()), uint8(rnd.Uint32()), 255})
		}
	}
	var b bytes.Buffer
	_ = png.Encode(&b, img)
	return b.Bytes()
}
