package mediastore

import (
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"gocloud.dev/blob"
)

// local is the directory's own part of a bucket: fileblob writes a
// temporary file and renames it, but syncs nothing and leaves the
// directories it made. An asset's row may name a file only once the file
// survives a power failure, and a refused upload leaves nothing behind.
type local struct {
	root string
	// syncFile and syncDir make a file's bytes and a directory's entries
	// durable; tests replace them to see when they run.
	syncFile func(*os.File) error
	syncDir  func(dir string) error
}

func newLocal(root string) *local {
	return &local{root: root, syncFile: (*os.File).Sync, syncDir: syncDirectory}
}

// syncDirectory fsyncs a directory, so that the entries made in it (a
// rename, a new subdirectory) survive a power failure.
func syncDirectory(dir string) error {
	d, err := os.Open(dir)
	if err != nil {
		return err
	}
	err = d.Sync()
	if cerr := d.Close(); err == nil {
		err = cerr
	}
	return err
}

// dirsOf are the directories of key below the root, outermost first:
// "a/1/original" → root/a, root/a/1.
func (l *local) dirsOf(key string) []string {
	parts := strings.Split(key, "/")
	out := make([]string, 0, len(parts)-1)
	for i := 1; i < len(parts); i++ {
		out = append(out, filepath.Join(l.root, filepath.FromSlash(strings.Join(parts[:i], "/"))))
	}
	return out
}

// mkdirs makes key's missing directories and answers those it made,
// outermost first.
func (l *local) mkdirs(key string) ([]string, error) {
	var made []string
	for _, d := range l.dirsOf(key) {
		err := os.Mkdir(d, 0o750)
		switch {
		case err == nil:
			made = append(made, d)
		case errors.Is(err, fs.ErrExist):
		default:
			l.removeEmpty(made)
			return nil, fmt.Errorf("put %s: %w", key, err)
		}
	}
	return made, nil
}

// removeEmpty removes dirs, innermost first, as long as they are empty: a
// directory another write has filled since stays.
func (l *local) removeEmpty(dirs []string) {
	for i := len(dirs) - 1; i >= 0; i-- {
		if os.Remove(dirs[i]) != nil {
			return
		}
	}
}

// put writes key durably: the file's bytes synced before its rename, its
// directory (and the parents of the directories made for it) after, so
// that once put returns the file survives a power failure. A failed put
// removes the directories it made.
func (l *local) put(ctx context.Context, b *blob.Bucket, key string, r io.Reader, contentType string) (err error) {
	made, err := l.mkdirs(key)
	if err != nil {
		return err
	}
	defer func() {
		if err != nil {
			l.removeEmpty(made)
		}
	}()
	wctx, cancel := context.WithCancel(ctx)
	defer cancel()
	var f *os.File
	w, err := b.NewWriter(wctx, key, &blob.WriterOptions{ContentType: contentType, DisableContentTypeDetection: true,
		BeforeWrite: func(as func(any) bool) error {
			if !as(&f) {
				return errors.New("the local store's writer is not a file")
			}
			return nil
		}})
	if err != nil {
		return fmt.Errorf("put %s: %w", key, err)
	}
	abort := func(err error) error {
		cancel()
		_ = w.Close() // aborting: its error is the cancellation
		return err
	}
	if _, err := io.Copy(w, r); err != nil {
		return abort(err)
	}
	if err := l.syncFile(f); err != nil {
		return abort(fmt.Errorf("put %s: sync: %w", key, err))
	}
	if err := w.Close(); err != nil {
		return fmt.Errorf("put %s: %w", key, err)
	}
	// The rename's entry, then the entries of the directories made.
	dirs := []string{filepath.Dir(filepath.Join(l.root, filepath.FromSlash(key)))}
	for _, d := range made {
		dirs = append(dirs, filepath.Dir(d))
	}
	for _, d := range dirs {
		if err := l.syncDir(d); err != nil {
			_ = b.Delete(context.WithoutCancel(ctx), key) // not durable: not there
			return fmt.Errorf("put %s: sync %s: %w", key, d, err)
		}
	}
	return nil
}

// deleted removes the directories key's deletion emptied.
func (l *local) deleted(key string) {
	l.removeEmpty(l.dirsOf(key))
}
