package mediastore

import (
	"bytes"
	"context"
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"testing"
)

// tree lists everything under root, directories with a trailing slash.
func tree(t *testing.T, root string) []string {
	t.Helper()
	var out []string
	err := filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(root, p)
		if rel == "." {
			return nil
		}
		if d.IsDir() {
			rel += "/"
		}
		out = append(out, filepath.ToSlash(rel))
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
}

type syncEvent struct {
	what      string // "file" or a directory below the root ("." the root)
	size      int64  // the file's size when synced
	finalSeen bool   // whether the object was there under its final name
}

// openRecording opens a local store whose syncs are recorded, with the
// object whose final name the record looks for.
func openRecording(t *testing.T, object *string, failFile error) (*bucket, string, *[]syncEvent) {
	t.Helper()
	root := t.TempDir()
	st, err := openDir(root)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = st.Close() })
	b := st.(*bucket)
	var events []syncEvent
	final := func() bool {
		_, err := os.Stat(filepath.Join(root, filepath.FromSlash(*object)))
		return err == nil
	}
	b.local.syncFile = func(f *os.File) error {
		fi, err := f.Stat()
		if err != nil {
			return err
		}
		events = append(events, syncEvent{what: "file", size: fi.Size(), finalSeen: final()})
		if failFile != nil {
			return failFile
		}
		return f.Sync()
	}
	b.local.syncDir = func(dir string) error {
		rel, _ := filepath.Rel(root, dir)
		events = append(events, syncEvent{what: filepath.ToSlash(rel), finalSeen: final()})
		return syncDirectory(dir)
	}
	return b, root, &events
}

// A local object is synced whole before its rename, and its directory
// (and the parents of the directories made for it) after: once Put
// returns, the file survives a power failure, so that a row naming it may
// commit.
func TestLocalPutSyncsFileThenDirectories(t *testing.T) {
	ctx := context.Background()
	object := "abc/1/original"
	b, _, events := openRecording(t, &object, nil)
	data := bytes.Repeat([]byte("x"), 300_000)
	if err := b.Put(ctx, object, bytes.NewReader(data), "image/png"); err != nil {
		t.Fatal(err)
	}
	want := []syncEvent{
		{what: "file", size: int64(len(data)), finalSeen: false}, // all bytes, before the rename
		{what: "abc/1", finalSeen: true},                         // the rename's entry
		{what: ".", finalSeen: true},                             // abc, made for it
		{what: "abc", finalSeen: true},                           // abc/1, made for it
	}
	if !slices.Equal(*events, want) {
		t.Errorf("syncs %+v, want %+v", *events, want)
	}
	// A second file in the same directory: the directory only.
	*events, object = nil, "abc/1/w256"
	if err := b.Put(ctx, object, bytes.NewReader(data[:10]), "image/png"); err != nil {
		t.Fatal(err)
	}
	want = []syncEvent{{what: "file", size: 10}, {what: "abc/1", finalSeen: true}}
	if !slices.Equal(*events, want) {
		t.Errorf("syncs of the second file %+v, want %+v", *events, want)
	}
}

// A file that cannot be synced is not stored, and leaves no directory.
func TestLocalPutFailedSyncLeavesNothing(t *testing.T) {
	object := "abc/1/original"
	b, root, _ := openRecording(t, &object, errors.New("disk gone"))
	if err := b.Put(context.Background(), object, bytes.NewReader([]byte("bytes")), "image/png"); err == nil {
		t.Fatal("an unsynced file was reported stored")
	}
	if left := tree(t, root); len(left) != 0 {
		t.Errorf("left %v", left)
	}
}

// failing fails after n bytes, as an upload cut off midway.
type failing struct{ n int }

func (r *failing) Read(p []byte) (int, error) {
	if r.n <= 0 {
		return 0, errors.New("connection lost")
	}
	n := min(len(p), r.n)
	r.n -= n
	return n, nil
}

// Neither a failed write nor the deletion of a version's last file leaves
// a directory behind; a directory still holding files stays.
func TestLocalLeavesNoDirectories(t *testing.T) {
	ctx := context.Background()
	root := t.TempDir()
	st, err := openDir(root)
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	if err := st.Put(ctx, "abc/1/original", &failing{n: 100_000}, "image/png"); err == nil {
		t.Fatal("a failed write reported success")
	}
	if left := tree(t, root); len(left) != 0 {
		t.Errorf("left by a failed write: %v", left)
	}
	for _, k := range []string{"abc/1/original", "abc/1/w256", "abc/2/original"} {
		if err := st.Put(ctx, k, bytes.NewReader([]byte("bytes")), "image/png"); err != nil {
			t.Fatal(err)
		}
	}
	// A failed write into existing directories leaves them as they were.
	if err := st.Put(ctx, "abc/2/w256", &failing{n: 100_000}, "image/png"); err == nil {
		t.Fatal("a failed write reported success")
	}
	for _, k := range []string{"abc/1/original", "abc/1/w256"} {
		if err := st.Delete(ctx, k); err != nil {
			t.Fatal(err)
		}
	}
	if left := tree(t, root); !slices.Equal(left, []string{"abc/", "abc/2/", "abc/2/original"}) {
		t.Errorf("left after deleting version 1: %v", left)
	}
	if err := st.Delete(ctx, "abc/2/original"); err != nil {
		t.Fatal(err)
	}
	if left := tree(t, root); len(left) != 0 {
		t.Errorf("left after deleting everything: %v", left)
	}
	if _, err := os.Stat(root); err != nil {
		t.Errorf("the root itself went: %v", err)
	}
}
