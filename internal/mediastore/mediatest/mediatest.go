// Package mediatest starts the storages the media tests run on: a
// temporary directory, and a real S3-compatible server (versitygw) serving
// another one.
package mediatest

import (
	"fmt"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"testing"
	"time"
)

// Storages are the media URLs a test runs on, by name: "local" always,
// "s3" when versitygw is installed (make test installs it). Without it the
// S3 case is skipped, except under CI, where it fails.
func Storages(t testing.TB) map[string]func(t testing.TB) string {
	return map[string]func(t testing.TB) string{
		"local": func(t testing.TB) string { return t.TempDir() },
		"s3":    S3,
	}
}

// S3 starts versitygw over a temporary directory with a bucket and
// answers the s3:// URL of the bucket. The credentials are set in the
// environment, so the test must not run in parallel.
func S3(t testing.TB) string {
	bin, err := exec.LookPath("versitygw")
	if err != nil {
		gopath, _ := exec.Command("go", "env", "GOPATH").Output()
		candidate := filepath.Join(string(trimNewline(gopath)), "bin", "versitygw")
		if _, statErr := os.Stat(candidate); statErr == nil {
			bin, err = candidate, nil
		}
	}
	if err != nil {
		if os.Getenv("CI") != "" {
			t.Fatal("versitygw is not installed: run make test (it installs it) or " +
				"go install github.com/versity/versitygw/cmd/versitygw@v1.8.0")
		}
		t.Skip("versitygw is not installed (make test installs it); the S3 storage is not tested")
	}
	dir := t.TempDir()
	const bucket = "media"
	if err := os.Mkdir(filepath.Join(dir, bucket), 0o750); err != nil {
		t.Fatal(err)
	}
	port := freePort(t)
	addr := fmt.Sprintf("127.0.0.1:%d", port)
	cmd := exec.Command(bin, "--access", "testkey", "--secret", "testsecret", "--port", addr, "posix", dir)
	// Its request log is not the test's business: stdout and stderr are discarded.
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		_ = cmd.Process.Kill()
		_ = cmd.Wait()
	})
	deadline := time.Now().Add(20 * time.Second)
	for {
		c, err := net.Dial("tcp", addr)
		if err == nil {
			_ = c.Close()
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("versitygw did not listen on %s: %v", addr, err)
		}
		time.Sleep(50 * time.Millisecond)
	}
	t.Setenv("AWS_ACCESS_KEY_ID", "testkey")
	t.Setenv("AWS_SECRET_ACCESS_KEY", "testsecret")
	t.Setenv("AWS_REGION", "us-east-1")
	return fmt.Sprintf("s3://%s?endpoint=http://%s&region=us-east-1", bucket, addr)
}

func freePort(t testing.TB) int {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer l.Close()
	return l.Addr().(*net.TCPAddr).Port
}

func trimNewline(b []byte) []byte {
	for len(b) > 0 && (b[len(b)-1] == '\n' || b[len(b)-1] == '\r') {
		b = b[:len(b)-1]
	}
	return b
}
