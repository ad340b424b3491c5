// Package mediastore keeps media files: in a local directory or in an
// S3-compatible bucket, behind one small interface. It knows nothing of
// assets or clients; internal/media names the objects.
//
// Both kinds go through gocloud.dev/blob (fileblob and s3blob): one
// maintained abstraction for the two, whose writers make an object appear
// whole or not at all (a temporary file renamed on the disk, a multipart
// upload completed or aborted in S3). Put returns once the object is
// durable: S3 answers a PUT once stored; on the disk, local.go syncs the
// file and its directories (fileblob does not).
package mediastore

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net/url"
	"path/filepath"
	"strings"
	"time"

	"gocloud.dev/blob"
	"gocloud.dev/blob/fileblob"
	"gocloud.dev/blob/s3blob"
	"gocloud.dev/gcerrors"
)

// ErrNotFound is the answer for an object that is not there.
var ErrNotFound = errors.New("media object not found")

// Object is a stored object as a listing gives it.
type Object struct {
	Key     string
	Size    int64
	ModTime time.Time
}

// Store keeps media objects by key.
type Store interface {
	// Put streams r into the object key; the object appears only once r
	// has been read to its end without error (a failed or cancelled Put
	// leaves nothing, not even a directory), and Put returns once it is
	// durable (synced to the disk, or stored by S3).
	Put(ctx context.Context, key string, r io.Reader, contentType string) error
	// Open opens an object for reading, seekable (for HTTP ranges).
	Open(ctx context.Context, key string) (File, error)
	// Delete removes an object, and the directories it leaves empty; one
	// already gone is no error.
	Delete(ctx context.Context, key string) error
	// List calls fn for every object whose key starts with prefix.
	List(ctx context.Context, prefix string, fn func(Object) error) error
	Close() error
}

// File is an opened object: io.ReadSeeker over its bytes.
type File interface {
	io.ReadSeekCloser
	Size() int64
	ModTime() time.Time
}

// Open opens the store a --media-url names: a directory path (or
// file:///path), or s3://bucket?endpoint=…&region=… for S3-compatible
// storage (credentials from the usual AWS environment variables).
func Open(ctx context.Context, rawURL string) (Store, error) {
	u, err := url.Parse(rawURL)
	if err != nil || u.Scheme == "" || len(u.Scheme) == 1 { // a Windows drive letter is a path
		return openDir(rawURL)
	}
	switch u.Scheme {
	case "file":
		return openDir(u.Path)
	case s3blob.Scheme:
		q := u.Query()
		if q.Get("endpoint") != "" && q.Get("use_path_style") == "" {
			// S3-compatible servers are addressed by path, not by a
			// bucket's host name.
			q.Set("use_path_style", "true")
		}
		if strings.HasPrefix(q.Get("endpoint"), "http://") && q.Get("disable_https") == "" {
			q.Set("disable_https", "true")
		}
		u.RawQuery = q.Encode()
		b, err := blob.OpenBucket(ctx, u.String())
		if err != nil {
			return nil, fmt.Errorf("open media bucket %s: %w", u.Host, err)
		}
		return &bucket{b: b}, nil
	}
	return nil, fmt.Errorf("media url %q: use a directory or s3://bucket", rawURL)
}

func openDir(dir string) (Store, error) {
	if dir == "" {
		return nil, errors.New("media directory: empty path")
	}
	abs, err := filepath.Abs(dir)
	if err != nil {
		return nil, fmt.Errorf("media directory %s: %w", dir, err)
	}
	// Temporary files beside the final ones: the rename stays on one file
	// system; a temporary file stranded by a crash is swept like an
	// object without its row. No sidecar files: the type is in the row.
	b, err := fileblob.OpenBucket(abs, &fileblob.Options{CreateDir: true, NoTempDir: true, DirFileMode: 0o750,
		Metadata: fileblob.MetadataDontWrite})
	if err != nil {
		return nil, fmt.Errorf("open media directory %s: %w", abs, err)
	}
	return &bucket{b: b, local: newLocal(abs)}, nil
}

type bucket struct {
	b *blob.Bucket
	// local is set for a directory: S3 has no directories, and an object
	// is durable once its PUT is answered.
	local *local
}

func (s *bucket) Put(ctx context.Context, key string, r io.Reader, contentType string) error {
	if s.local != nil {
		return s.local.put(ctx, s.b, key, r, contentType)
	}
	// Cancelling the writer's context aborts it: nothing is written.
	wctx, cancel := context.WithCancel(ctx)
	defer cancel()
	w, err := s.b.NewWriter(wctx, key, &blob.WriterOptions{ContentType: contentType, DisableContentTypeDetection: true})
	if err != nil {
		return fmt.Errorf("put %s: %w", key, err)
	}
	if _, err := io.Copy(w, r); err != nil {
		cancel()
		_ = w.Close() // aborting: its error is the cancellation
		return err
	}
	if err := w.Close(); err != nil {
		return fmt.Errorf("put %s: %w", key, err)
	}
	return nil
}

func (s *bucket) Open(ctx context.Context, key string) (File, error) {
	attrs, err := s.b.Attributes(ctx, key)
	if err != nil {
		if gcerrors.Code(err) == gcerrors.NotFound {
			return nil, ErrNotFound
		}
		return nil, fmt.Errorf("open %s: %w", key, err)
	}
	return &rangeFile{ctx: ctx, b: s.b, key: key, size: attrs.Size, mod: attrs.ModTime}, nil
}

func (s *bucket) Delete(ctx context.Context, key string) error {
	err := s.b.Delete(ctx, key)
	if err != nil && gcerrors.Code(err) != gcerrors.NotFound {
		return fmt.Errorf("delete %s: %w", key, err)
	}
	if s.local != nil {
		s.local.deleted(key)
	}
	return nil
}

func (s *bucket) List(ctx context.Context, prefix string, fn func(Object) error) error {
	it := s.b.List(&blob.ListOptions{Prefix: prefix})
	for {
		o, err := it.Next(ctx)
		if errors.Is(err, io.EOF) {
			return nil
		}
		if err != nil {
			return fmt.Errorf("list %s: %w", prefix, err)
		}
		if o.IsDir {
			continue
		}
		if err := fn(Object{Key: o.Key, Size: o.Size, ModTime: o.ModTime}); err != nil {
			return err
		}
	}
}

func (s *bucket) Close() error { return s.b.Close() }

// rangeFile reads an object from where it was sought to: each read after
// a seek opens a range reader from that offset to the end, so that
// http.ServeContent answers a range with one request to the storage.
type rangeFile struct {
	ctx  context.Context
	b    *blob.Bucket
	key  string
	size int64
	mod  time.Time
	off  int64
	r    *blob.Reader
}

func (f *rangeFile) Size() int64        { return f.size }
func (f *rangeFile) ModTime() time.Time { return f.mod }

func (f *rangeFile) Read(p []byte) (int, error) {
	if f.off >= f.size {
		return 0, io.EOF
	}
	if f.r == nil {
		r, err := f.b.NewRangeReader(f.ctx, f.key, f.off, -1, nil)
		if err != nil {
			return 0, fmt.Errorf("read %s at %d: %w", f.key, f.off, err)
		}
		f.r = r
	}
	n, err := f.r.Read(p)
	f.off += int64(n)
	return n, err
}

func (f *rangeFile) Seek(offset int64, whence int) (int64, error) {
	var to int64
	switch whence {
	case io.SeekStart:
		to = offset
	case io.SeekCurrent:
		to = f.off + offset
	case io.SeekEnd:
		to = f.size + offset
	default:
		return 0, errors.New("seek: bad whence")
	}
	if to < 0 {
		return 0, errors.New("seek: negative position")
	}
	if to != f.off && f.r != nil {
		_ = f.r.Close() // a reader of the old position, nothing written
		f.r = nil
	}
	f.off = to
	return to, nil
}

func (f *rangeFile) Close() error {
	if f.r == nil {
		return nil
	}
	return f.r.Close()
}

// IsTemporary reports whether a listed key is a local store's temporary
// file (a write that never finished).
func IsTemporary(key string) bool { return strings.HasSuffix(key, ".tmp") }
