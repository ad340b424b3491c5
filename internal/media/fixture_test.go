package media_test

import (
	"bytes"
	"context"
	"errors"
	"image"
	"image/color"
	"image/jpeg"
	"image/png"
	"io"
	"log/slog"
	"mime/multipart"
	"net/textproto"
	"sort"
	"testing"

	"github.com/strata-maps/strata/internal/domain"
	"github.com/strata-maps/strata/internal/media"
	"github.com/strata-maps/strata/internal/mediastore"
	"github.com/strata-maps/strata/internal/store"
	"github.com/strata-maps/strata/internal/store/storetest"
)

// The service's own tests: on a fresh store of each dialect
// (storetest.Each) over a directory of files; TestStorages runs the life
// of an asset on S3 as well (mediatest). Images are made by the tests,
// small, in the formats uploads take.

type fixture struct {
	t      *testing.T
	ctx    context.Context
	st     *store.Store
	files  mediastore.Store
	svc    *media.Service
	client domain.Client
	actor  domain.Actor
}

// each runs fn on a fresh fixture per database, its files in a directory.
func each(t *testing.T, limits media.Limits, fn func(t *testing.T, f *fixture)) {
	storetest.Each(t, func(t *testing.T, s *store.Store) { fn(t, newFixture(t, s, t.TempDir(), limits)) })
}

func newFixture(t *testing.T, s *store.Store, mediaURL string, limits media.Limits) *fixture {
	t.Helper()
	ctx := context.Background()
	files, err := mediastore.Open(ctx, mediaURL)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { files.Close() })
	f := &fixture{t: t, ctx: ctx, st: s, files: files,
		svc: media.New(s, files, limits, slog.New(slog.NewTextHandler(io.Discard, nil)))}
	if f.client, err = s.CreateClient(ctx, "acme", "Acme Ltd"); err != nil {
		t.Fatal(err)
	}
	u, err := s.CreateUser(ctx, store.NewUser{Email: "ed@example.org", Name: "Ed Itor"})
	if err != nil {
		t.Fatal(err)
	}
	f.actor = domain.Actor{User: u, Roles: map[string][]domain.Role{"acme": {domain.RoleEditor}}}
	return f
}

// part is a field of an upload form: a file when filename is set.
type part struct {
	field, filename string
	body            []byte
}

func file(name string, body []byte) part { return part{field: "file", filename: name, body: body} }

// form is a multipart reader over the parts.
func form(t *testing.T, parts ...part) *multipart.Reader {
	t.Helper()
	var b bytes.Buffer
	w := multipart.NewWriter(&b)
	for _, p := range parts {
		h := textproto.MIMEHeader{}
		if p.filename != "" {
			h.Set("Content-Disposition", `form-data; name="`+p.field+`"; filename="`+p.filename+`"`)
		} else {
			h.Set("Content-Disposition", `form-data; name="`+p.field+`"`)
		}
		pw, err := w.CreatePart(h)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := pw.Write(p.body); err != nil {
			t.Fatal(err)
		}
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	return multipart.NewReader(&b, w.Boundary())
}

// picture is a w×h image of a few colours.
func picture(w, h int) image.Image {
	img := image.NewRGBA(image.Rect(0, 0, w, h))
	for y := range h {
		for x := range w {
			img.Set(x, y, color.RGBA{R: uint8(x), G: uint8(y), B: 90, A: 255})
		}
	}
	return img
}

func pngOf(t *testing.T, w, h int) []byte {
	t.Helper()
	var b bytes.Buffer
	if err := png.Encode(&b, picture(w, h)); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

func jpegOf(t *testing.T, w, h int) []byte {
	t.Helper()
	var b bytes.Buffer
	if err := jpeg.Encode(&b, picture(w, h), nil); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

// withExif puts an APP1 segment holding marker right after a JPEG's start.
func withExif(jpg []byte, marker string) []byte {
	body := append([]byte("Exif\x00\x00"), marker...)
	seg := []byte{0xFF, 0xE1, byte((len(body) + 2) >> 8), byte(len(body) + 2)}
	out := append([]byte{}, jpg[:2]...)
	out = append(out, seg...)
	out = append(out, body...)
	return append(out, jpg[2:]...)
}

func (f *fixture) upload(parts ...part) (domain.MediaAsset, error) {
	f.t.Helper()
	return f.svc.Upload(f.ctx, f.actor, f.client.ID, form(f.t, parts...))
}

// objects lists the stored files' names.
func (f *fixture) objects() []string {
	f.t.Helper()
	var out []string
	if err := f.files.List(f.ctx, "", func(o mediastore.Object) error {
		out = append(out, o.Key)
		return nil
	}); err != nil {
		f.t.Fatal(err)
	}
	sort.Strings(out)
	return out
}

// read is a stored file's bytes.
func (f *fixture) read(name string) []byte {
	f.t.Helper()
	r, err := f.files.Open(f.ctx, name)
	if err != nil {
		f.t.Fatalf("open %s: %v", name, err)
	}
	defer r.Close()
	b, err := io.ReadAll(r)
	if err != nil {
		f.t.Fatal(err)
	}
	return b
}

// wantError holds err to its code and, when field is not "", to a
// problem at the field (of the code problem, unless "").
func wantError(t *testing.T, err error, code, field, problem string) {
	t.Helper()
	var de *domain.Error
	if !errors.As(err, &de) {
		t.Fatalf("error %v; want %s", err, code)
	}
	if de.Code != code {
		t.Fatalf("code %s (%v); want %s", de.Code, err, code)
	}
	if field == "" {
		return
	}
	p, ok := de.Problems[field]
	if !ok {
		t.Fatalf("no problem at %q in %v", field, err)
	}
	if problem != "" && p.Code != problem {
		t.Fatalf("problem at %q is %s; want %s", field, p.Code, problem)
	}
}
