package main

import (
	"fmt"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"
)

// TestSecurityParallelLoginsMemory fires 40 sign-ins at once at a real
// strata process and reads its peak resident memory (VmHWM). Each argon2id
// hash takes 64 MiB; unbounded, 40 at once took 2.5 GB. The hash gate keeps
// the process under 400 MB.
func TestSecurityParallelLoginsMemory(t *testing.T) {
	if _, err := os.Stat("/proc/self/status"); err != nil {
		t.Skip("needs Linux's /proc to read the peak memory")
	}
	bin := filepath.Join(t.TempDir(), "strata")
	if out, err := exec.Command("go", "build", "-o", bin, ".").CombinedOutput(); err != nil {
		t.Fatalf("build: %v\n%s", err, out)
	}
	dataDir := t.TempDir()
	if out, err := exec.Command(bin, "demo", "--data-dir", dataDir, "--log-level", "warn").CombinedOutput(); err != nil {
		t.Fatalf("demo: %v\n%s", err, out)
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := ln.Addr().String()
	ln.Close()
	cmd := exec.Command(bin, "serve", "--addr", addr, "--data-dir", dataDir, "--public-url", "http://"+addr, "--log-level", "error")
	cmd.Stderr = os.Stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { cmd.Process.Kill(); cmd.Wait() })
	base := "http://" + addr
	for i := 0; ; i++ {
		if res, err := http.Get(base + "/healthz"); err == nil {
			res.Body.Close()
			break
		}
		if i == 100 {
			t.Fatal("the server did not start")
		}
		time.Sleep(100 * time.Millisecond)
	}
	before := peakRSS(t, cmd.Process.Pid)

	const n = 40
	statuses := make(chan int, n)
	var wg sync.WaitGroup
	start := time.Now()
	for i := range n {
		wg.Add(1)
		go func() {
			defer wg.Done()
			// Half at one real account (its limit refuses some before hashing: 429), half at unknown ones.
			email := fmt.Sprintf("nobody%d@example.org", i)
			if i%2 == 0 {
				email = "editor@demo.example.org"
			}
			body := fmt.Sprintf(`{"email": %q, "password": "demo-editor"}`, email)
			res, err := http.Post(base+"/api/v1/auth/login", "application/json", strings.NewReader(body))
			if err != nil {
				statuses <- 0
				return
			}
			res.Body.Close()
			statuses <- res.StatusCode
		}()
	}
	wg.Wait()
	close(statuses)
	counts := map[int]int{}
	for s := range statuses {
		counts[s]++
	}
	peak := peakRSS(t, cmd.Process.Pid)
	t.Logf("40 parallel logins in %v: answers %v; peak RSS %d MB (%d MB before)", time.Since(start).Round(time.Millisecond), counts, peak>>20, before>>20)
	for s := range counts {
		if s != 200 && s != 401 && s != 429 && s != 503 {
			t.Fatalf("answers %v", counts)
		}
	}
	if peak > 400<<20 {
		t.Fatalf("peak RSS %d MB, over 400 MB", peak>>20)
	}
}

// peakRSS reads the process's high-water mark of resident memory, in bytes.
func peakRSS(t *testing.T, pid int) int64 {
	t.Helper()
	b, err := os.ReadFile(fmt.Sprintf("/proc/%d/status", pid))
	if err != nil {
		t.Fatal(err)
	}
	for _, line := range strings.Split(string(b), "\n") {
		if rest, ok := strings.CutPrefix(line, "VmHWM:"); ok {
			kb, err := strconv.ParseInt(strings.TrimSuffix(strings.TrimSpace(rest), " kB"), 10, 64)
			if err != nil {
				t.Fatal(err)
			}
			return kb << 10
		}
	}
	t.Fatal("no VmHWM")
	return 0
}
