// Command uploads measures the server's memory under a burst of image
// uploads (issue 28): it starts the real strata binary on SQLite, sends
// decompression bombs (16-bit PNGs of 7,071² pixels, 389 KB each, 400 MB
// decoded) and large photos (generated JPEGs of about 19 MB, 48
// megapixels) all at once over loopback, each from its own user, and
// reports the server's peak resident memory (VmHWM of /proc/<pid>/status)
// and how each request ended.
//
//	go run ./bench/uploads [--bin path/to/strata] [--out docs/benchmarks.md]
package main

import (
	"bytes"
	"compress/zlib"
	"context"
	"encoding/binary"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"hash/crc32"
	"image"
	"image/jpeg"
	"io"
	"math/rand/v2"
	"mime/multipart"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/strata-maps/strata/bench/internal/benchenv"
	"github.com/strata-maps/strata/internal/auth"
	"github.com/strata-maps/strata/internal/domain"
	"github.com/strata-maps/strata/internal/store"
)

type config struct {
	bin, label, out, memoryLimit string
	bombs, photos                int
	killAboveMB                  int64
}

func main() {
	var c config
	flag.StringVar(&c.bin, "bin", "", "the strata binary to measure (empty: build ./cmd/strata)")
	flag.StringVar(&c.label, "label", "", "what the binary is, for the report (e.g. main, or a commit)")
	flag.StringVar(&c.out, "out", "docs/benchmarks.md", "file to append the results to (empty: print only)")
	flag.StringVar(&c.memoryLimit, "memory-limit", "", "--memory-limit to start the server with, in megabytes (empty: none)")
	flag.IntVar(&c.bombs, "bombs", 8, "decompression bombs sent")
	flag.IntVar(&c.photos, "photos", 20, "large photos sent")
	flag.Int64Var(&c.killAboveMB, "kill-above", 8000, "stop the server if its resident memory passes this many megabytes (so as not to take a shared machine's memory); 0: never")
	flag.Parse()
	if err := run(c); err != nil {
		fmt.Fprintln(os.Stderr, "bench/uploads:", err)
		os.Exit(1)
	}
}

type upload struct {
	kind string
	body []byte
	name string
}

type outcome struct {
	kind   string
	status int
	code   string
	took   time.Duration
	err    error
}

func run(c config) error {
	ctx := context.Background()
	label := c.label
	if c.bin == "" {
		c.bin = filepath.Join(os.TempDir(), "strata-bench-uploads")
		if out, err := exec.Command("go", "build", "-o", c.bin, "./cmd/strata").CombinedOutput(); err != nil {
			return fmt.Errorf("build strata: %v\n%s", err, out)
		}
		if label == "" {
			label = "this checkout"
			if rev, err := exec.Command("git", "rev-parse", "--short", "HEAD").Output(); err == nil {
				label = "this checkout (" + strings.TrimSpace(string(rev)) + ")"
			}
		}
	}
	fmt.Println("making the files…")
	bomb, err := bombPNG(7071, 7071)
	if err != nil {
		return err
	}
	photo, err := photoJPEG(8000, 6000)
	if err != nil {
		return err
	}
	var uploads []upload
	for i := range c.bombs {
		uploads = append(uploads, upload{"bomb", bomb, fmt.Sprintf("bomb-%d.png", i)})
	}
	for i := range c.photos {
		uploads = append(uploads, upload{"photo", photo, fmt.Sprintf("photo-%d.jpg", i)})
	}

	s, cleanup, target, err := benchenv.FreshDatabase(ctx, "")
	if err != nil {
		return err
	}
	defer cleanup()
	cookies, err := seed(ctx, s, len(uploads))
	if err != nil {
		return err
	}
	s.Close()
	dataDir, err := os.MkdirTemp("", "strata-bench-uploads-")
	if err != nil {
		return err
	}
	defer os.RemoveAll(dataDir)

	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return err
	}
	addr := ln.Addr().String()
	ln.Close()
	args := []string{"serve", "--addr", addr, "--database-url", target, "--data-dir", dataDir, "--log-level", "warn",
		"--public-url", "http://" + addr}
	if c.memoryLimit != "" {
		args = append(args, "--memory-limit", c.memoryLimit)
	}
	cmd := exec.Command(c.bin, args...)
	cmd.Stderr = os.Stderr
	if err := cmd.Start(); err != nil {
		return err
	}
	defer func() { _ = cmd.Process.Signal(os.Interrupt); _ = cmd.Wait() }()
	base := "http://" + addr
	if err := waitReady(base); err != nil {
		return err
	}
	pid := cmd.Process.Pid
	restRSS := status(pid, "VmRSS")

	// A watcher samples the resident memory and stops a server that
	// would take the machine's.
	stop := make(chan struct{})
	var killed bool
	var watch sync.WaitGroup
	watch.Add(1)
	go func() {
		defer watch.Done()
		t := time.NewTicker(20 * time.Millisecond)
		defer t.Stop()
		for {
			select {
			case <-stop:
				return
			case <-t.C:
				if c.killAboveMB > 0 && status(pid, "VmRSS") > c.killAboveMB<<20 {
					killed = true
					_ = cmd.Process.Kill()
					return
				}
			}
		}
	}()

	fmt.Printf("sending %d bombs and %d photos at once…\n", c.bombs, c.photos)
	outcomes := make([]outcome, len(uploads))
	start := time.Now()
	var wg sync.WaitGroup
	ready := make(chan struct{})
	for i, u := range uploads {
		wg.Add(1)
		go func() {
			defer wg.Done()
			<-ready
			outcomes[i] = send(base, cookies[i], u)
		}()
	}
	close(ready)
	wg.Wait()
	elapsed := time.Since(start)
	peak := status(pid, "VmHWM")
	after := status(pid, "VmRSS")
	time.Sleep(5 * time.Second)
	later := status(pid, "VmRSS")
	close(stop)
	watch.Wait()
	if killed {
		peak = c.killAboveMB << 20
	}
	return benchenv.Report(c.out, report(c, label, len(bomb), len(photo), restRSS, peak, after, later, killed, elapsed, outcomes))
}

// seed makes a client and n students, each signed in (its session's
// cookie), so that no per-user limit is what refuses an upload.
func seed(ctx context.Context, s *store.Store, n int) ([]string, error) {
	var cookies []string
	err := s.Tx(ctx, func(tx *store.Store) error {
		cl, err := tx.CreateClient(ctx, "bench", "Bench")
		if err != nil {
			return err
		}
		for i := range n {
			u, err := tx.CreateUser(ctx, store.NewUser{Email: fmt.Sprintf("u%d@bench.example.org", i), Name: fmt.Sprintf("User %d", i)})
			if err != nil {
				return err
			}
			if err := tx.AddMembership(ctx, u.ID, cl.ID, domain.RoleStudent); err != nil {
				return err
			}
			token, hash := auth.NewToken()
			if err := tx.CreateSession(ctx, store.Session{TokenHash: hash, UserID: u.ID, ExpiresAt: time.Now().Add(time.Hour)}); err != nil {
				return err
			}
			cookies = append(cookies, token)
		}
		return nil
	})
	return cookies, err
}

func send(base, cookie string, u upload) outcome {
	var body bytes.Buffer
	mw := multipart.NewWriter(&body)
	w, err := mw.CreateFormFile("file", u.name)
	if err == nil {
		_, err = w.Write(u.body)
	}
	if err == nil {
		err = mw.Close()
	}
	if err != nil {
		return outcome{kind: u.kind, err: err}
	}
	req, err := http.NewRequest("POST", base+"/api/v1/clients/bench/media", &body)
	if err != nil {
		return outcome{kind: u.kind, err: err}
	}
	req.Header.Set("Content-Type", mw.FormDataContentType())
	req.Header.Set("Origin", base)
	req.Header.Set("Sec-Fetch-Site", "same-origin")
	req.AddCookie(&http.Cookie{Name: auth.SessionCookie, Value: cookie})
	start := time.Now()
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		return outcome{kind: u.kind, err: err, took: time.Since(start)}
	}
	defer res.Body.Close()
	b, _ := io.ReadAll(res.Body)
	o := outcome{kind: u.kind, status: res.StatusCode, took: time.Since(start)}
	var env struct {
		Error struct {
			Code string `json:"code"`
		} `json:"error"`
	}
	if json.Unmarshal(b, &env) == nil {
		o.code = env.Error.Code
	}
	return o
}

// bombPNG is a w×h PNG of 16-bit RGBA, all zero: a few hundred KB that
// decode to w×h×8 bytes.
func bombPNG(w, h int) ([]byte, error) {
	var idat bytes.Buffer
	zw, err := zlib.NewWriterLevel(&idat, zlib.BestCompression)
	if err != nil {
		return nil, err
	}
	row := make([]byte, 1+w*8) // filter byte none, then the pixels
	for range h {
		if _, err := zw.Write(row); err != nil {
			return nil, err
		}
	}
	if err := zw.Close(); err != nil {
		return nil, err
	}
	var b bytes.Buffer
	b.WriteString("\x89PNG\r\n\x1a\n")
	chunk := func(typ string, data []byte) {
		_ = binary.Write(&b, binary.BigEndian, uint32(len(data)))
		b.WriteString(typ)
		b.Write(data)
		_ = binary.Write(&b, binary.BigEndian, crc32.ChecksumIEEE(append([]byte(typ), data...)))
	}
	ihdr := make([]byte, 13)
	binary.BigEndian.PutUint32(ihdr[0:], uint32(w))
	binary.BigEndian.PutUint32(ihdr[4:], uint32(h))
	ihdr[8], ihdr[9] = 16, 6 // 16 bits, RGBA
	chunk("IHDR", ihdr)
	chunk("IDAT", idat.Bytes())
	chunk("IEND", nil)
	return b.Bytes(), nil
}

// photoJPEG is a w×h JPEG of smooth colour and fine grain, as a large
// photo (about 19 MB at 48 megapixels, under the 20 MB image limit).
func photoJPEG(w, h int) ([]byte, error) {
	img := image.NewYCbCr(image.Rect(0, 0, w, h), image.YCbCrSubsampleRatio420)
	rnd := rand.New(rand.NewPCG(1, 2))
	for y := range h {
		for x := range w {
			img.Y[y*img.YStride+x] = uint8((x*200/w+y*55/h)&0xff) + uint8(rnd.IntN(36))
		}
	}
	for y := range (h + 1) / 2 {
		for x := range (w + 1) / 2 {
			img.Cb[y*img.CStride+x] = uint8(64 + x*128/w)
			img.Cr[y*img.CStride+x] = uint8(64 + y*128/h)
		}
	}
	var b bytes.Buffer
	if err := jpeg.Encode(&b, img, &jpeg.Options{Quality: 90}); err != nil {
		return nil, err
	}
	if b.Len() > 20<<20 {
		return nil, errors.New("the photo came out past the 20 MB image limit")
	}
	return b.Bytes(), nil
}

// status reads a /proc/<pid>/status field in kB, as bytes.
func status(pid int, field string) int64 {
	b, err := os.ReadFile(fmt.Sprintf("/proc/%d/status", pid))
	if err != nil {
		return 0
	}
	for _, line := range strings.Split(string(b), "\n") {
		if v, ok := strings.CutPrefix(line, field+":"); ok {
			kb, _ := strconv.ParseInt(strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(v), "kB")), 10, 64)
			return kb << 10
		}
	}
	return 0
}

func waitReady(base string) error {
	for range 400 {
		if res, err := http.Get(base + "/readyz"); err == nil {
			res.Body.Close()
			if res.StatusCode == 200 {
				return nil
			}
		}
		time.Sleep(50 * time.Millisecond)
	}
	return errors.New("the server did not become ready")
}

func mb(n int64) string { return fmt.Sprintf("%d MB", (n+(1<<19))>>20) }

func report(c config, label string, bombSize, photoSize int, rest, peak, after, later int64, killed bool, elapsed time.Duration, outs []outcome) string {
	var b strings.Builder
	fmt.Fprintf(&b, "## Memory under a burst of image uploads (issue 28) — %s\n\n", time.Now().UTC().Format("2006-01-02 15:04 MST"))
	fmt.Fprintf(&b, "`go run ./bench/uploads` (`make bench-uploads`) on %s: the strata binary of %s on SQLite, ", benchenv.Machine(), label)
	fmt.Fprintf(&b, "sent at once over loopback, each by its own user: %d decompression bombs (16-bit RGBA PNGs of 7,071² pixels, %s each, 400 MB decoded) ",
		c.bombs, kb(bombSize))
	fmt.Fprintf(&b, "and %d photos (generated baseline JPEGs of 8,000×6,000 pixels, %s each).", c.photos, kb(photoSize))
	if c.memoryLimit != "" {
		fmt.Fprintf(&b, " Server started with `--memory-limit %s`.", c.memoryLimit)
	}
	b.WriteString("\n\n")
	peakText, afterText, laterText := mb(peak), mb(after), mb(later)
	if killed {
		peakText = "over " + peakText + " (stopped there by the benchmark)"
		afterText, laterText = "—", "—"
	}
	fmt.Fprintf(&b, "| server resident memory | |\n|---|---|\n| at rest, before | %s |\n| peak (VmHWM) | %s |\n| when the last answer came | %s |\n| 5 s later | %s |\n| all answered in | %.1f s |\n\n",
		mb(rest), peakText, afterText, laterText, elapsed.Seconds())
	type key struct{ kind, end string }
	counts := map[key]int{}
	slowest := map[key]time.Duration{}
	for _, o := range outs {
		end := fmt.Sprintf("%d %s", o.status, o.code)
		if o.status == 201 {
			end = "201 stored"
		}
		if o.err != nil {
			end = "no answer (" + o.err.Error() + ")"
		}
		k := key{o.kind, end}
		counts[k]++
		slowest[k] = max(slowest[k], o.took)
	}
	var keys []key
	for k := range counts {
		keys = append(keys, k)
	}
	sort.Slice(keys, func(i, j int) bool {
		if keys[i].kind != keys[j].kind {
			return keys[i].kind < keys[j].kind
		}
		return keys[i].end < keys[j].end
	})
	b.WriteString("| upload | answer | count | slowest |\n|---|---|---|---|\n")
	for _, k := range keys {
		fmt.Fprintf(&b, "| %s | %s | %d | %.1f s |\n", k.kind, k.end, counts[k], slowest[k].Seconds())
	}
	return b.String()
}

func kb(n int) string {
	if n >= 1<<20 {
		return fmt.Sprintf("%.1f MB", float64(n)/(1<<20))
	}
	return fmt.Sprintf("%d KB", n>>10)
}
