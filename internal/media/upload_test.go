package media_test

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"image"
	"io"
	"mime/multipart"
	"net/textproto"
	"slices"
	"testing"
	"time"

	"github.com/strata-maps/strata/internal/domain"
	"github.com/strata-maps/strata/internal/media"
	"github.com/strata-maps/strata/internal/store"
)

func TestUploadRules(t *testing.T) {
	limits := media.Limits{domain.MediaImage: 200_000, domain.MediaVector: 2000, domain.MediaVideo: 1000, domain.MediaAudio: 1000, domain.MediaOther: 1000}
	each(t, limits, func(t *testing.T, f *fixture) {
		tmpl, err := f.svc.CreateTemplate(f.ctx, f.client.ID, "Credits", []byte(`{"author": "Ada", "containers": ["map_icon"]}`))
		if err != nil {
			t.Fatal(err)
		}
		broken := append(pngOf(t, 20, 20)[:40], bytes.Repeat([]byte{7}, 100)...)
		for _, c := range []struct {
			name                 string
			parts                []part
			code, field, problem string
		}{
			{"no file", []part{{field: "metadata", body: []byte(`{}`)}}, domain.CodeFileMissing, "file", domain.ProblemRequired},
			{"empty file", []part{file("a.png", nil)}, domain.CodeFileMissing, "file", domain.ProblemRequired},
			{"text", []part{file("a.txt", []byte("just words, nothing else"))}, domain.CodeUnsupportedMediaType, "file", domain.ProblemInvalid},
			{"a path in the name", []part{file("../a.png", pngOf(t, 10, 10))}, domain.CodeInvalid, "file", domain.ProblemInvalid},
			{"a control character in the name", []part{file("a\x01.png", pngOf(t, 10, 10))}, domain.CodeInvalid, "file", domain.ProblemInvalid},
			{"a direction control in the name", []part{file("x\u202Egnp.exe", pngOf(t, 10, 10))}, domain.CodeInvalid, "file", domain.ProblemBidiControl},
			{"unknown field", []part{file("a.png", pngOf(t, 10, 10)), {field: "colour", body: []byte("red")}}, domain.CodeInvalid, "colour", domain.ProblemUnknown},
			{"file twice", []part{file("a.png", pngOf(t, 10, 10)), file("b.png", pngOf(t, 10, 10))}, domain.CodeInvalid, "file", domain.ProblemUnknown},
			{"field too large", []part{{field: "metadata", body: bytes.Repeat([]byte(" "), 64<<10+1)}, file("a.png", pngOf(t, 10, 10))}, domain.CodeTooLarge, "metadata", domain.ProblemTooLarge},
			{"metadata not an object", []part{file("a.png", pngOf(t, 10, 10)), {field: "metadata", body: []byte(`[1]`)}}, domain.CodeInvalid, "metadata", domain.ProblemInvalid},
			{"metadata container", []part{file("a.png", pngOf(t, 10, 10)), {field: "metadata", body: []byte(`{"containers": ["pocket"]}`)}}, domain.CodeInvalid, "metadata.containers[0]", domain.ProblemNotAllowed},
			{"template not an id", []part{file("a.png", pngOf(t, 10, 10)), {field: "template", body: []byte("x")}}, domain.CodeInvalid, "template", domain.ProblemInvalid},
			{"unknown template", []part{file("a.png", pngOf(t, 10, 10)), {field: "template", body: []byte("9999")}}, domain.CodeInvalid, "template", domain.ProblemNotFound},
			{"larger than its type may be", []part{file("a.pdf", append([]byte("%PDF-1.4\n"), bytes.Repeat([]byte("x"), 2000)...))}, domain.CodeFileTooLarge, "file", domain.ProblemTooLarge},
			{"not a readable image", []part{file("a.png", broken)}, domain.CodeInvalidImage, "file", domain.ProblemInvalid},
			{"an SVG with a script", []part{file("a.svg", []byte(`<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>`))}, domain.CodeUnsafeSVG, "", ""},
			{"too many pixels", []part{file("a.png", pngOf(t, 1, 1)[:16])}, domain.CodeInvalidImage, "file", ""},
		} {
			t.Run(c.name, func(t *testing.T) {
				_, err := f.upload(c.parts...)
				wantError(t, err, c.code, c.field, c.problem)
				if got := f.objects(); len(got) != 0 {
					t.Errorf("a refused upload left files: %v", got)
				}
			})
		}
		assets, _, err := f.svc.List(f.ctx, f.client.ID, media.ListQuery{})
		if err != nil || len(assets) != 0 {
			t.Errorf("refused uploads stored rows: %d, %v", len(assets), err)
		}

		// A PNG wider than the smallest copy: stored, with its copy, and its
		// template's metadata under the form's.
		a, err := f.upload(file(" Rivers.png ", pngOf(t, 300, 120)), part{field: "template", body: []byte(fmt.Sprint(tmpl.ID))},
			part{field: "metadata", body: []byte(`{"title": "Rivers"}`)})
		if err != nil {
			t.Fatal(err)
		}
		if !media.ValidKey(a.Key) || a.Type != domain.MediaImage || a.ContentType != "image/png" || a.Name != "Rivers.png" || a.Version != 1 {
			t.Errorf("asset %+v", a)
		}
		if *a.Width != 300 || *a.Height != 120 || !slices.Equal(a.Widths, []int{256}) || a.CreatedBy == nil || *a.CreatedBy != f.actor.User.ID {
			t.Errorf("size %dx%d, widths %v, by %v", *a.Width, *a.Height, a.Widths, a.CreatedBy)
		}
		if a.Metadata.Author != "Ada" || a.Metadata.Title != "Rivers" || !slices.Equal(a.Metadata.Containers, []domain.MediaContainer{"map_icon"}) {
			t.Errorf("metadata %+v; want the template's author and container, the form's title", a.Metadata)
		}
		want := []string{a.Key + "/1/original", a.Key + "/1/w256"}
		if got := f.objects(); !slices.Equal(got, want) {
			t.Errorf("stored %v; want %v", got, want)
		}
		copyImg, format, err := image.Decode(bytes.NewReader(f.read(a.Key + "/1/w256")))
		if err != nil || format != "png" || copyImg.Bounds().Dx() != 256 || copyImg.Bounds().Dy() != 102 {
			t.Errorf("copy %v %s %v; want a 256x102 PNG", copyImg.Bounds(), format, err)
		}
		// An SVG within the rules, sized from its attributes, has no copies.
		svg, err := f.upload(file("icon.svg", []byte(`<svg xmlns="http://www.w3.org/2000/svg" width="40" height="30"><rect width="4" height="4"/></svg>`)))
		if err != nil {
			t.Fatal(err)
		}
		if svg.Type != domain.MediaVector || svg.Width == nil || *svg.Width != 40 || len(svg.Widths) != 0 {
			t.Errorf("svg %+v", svg)
		}
	})
}

// An upload's metadata leaves with its original: the stored JPEG has no
// EXIF, and the copies are made from it.
func TestUploadStripsMetadata(t *testing.T) {
	each(t, nil, func(t *testing.T, f *fixture) {
		a, err := f.upload(file("photo.jpg", withExif(jpegOf(t, 1100, 40), "GPS secret position")))
		if err != nil {
			t.Fatal(err)
		}
		orig := f.read(a.Key + "/1/original")
		if bytes.Contains(orig, []byte("GPS secret")) || bytes.Contains(orig, []byte("Exif")) {
			t.Error("the stored original keeps its EXIF")
		}
		if a.Size != int64(len(orig)) {
			t.Errorf("size %d; want what is stored, %d", a.Size, len(orig))
		}
		if !slices.Equal(a.Widths, []int{256, 1024}) {
			t.Errorf("widths %v; want 256 and 1024", a.Widths)
		}
		img, format, err := image.Decode(bytes.NewReader(f.read(a.Key + "/1/w1024")))
		if err != nil || format != "jpeg" || img.Bounds().Dx() != 1024 {
			t.Errorf("copy %s %v %v", format, img.Bounds(), err)
		}
	})
}

func TestUploadQuota(t *testing.T) {
	each(t, nil, func(t *testing.T, f *fixture) {
		small := pngOf(t, 20, 20)
		limit := len(small) + 10
		if err := f.st.SetQuotas(f.ctx, f.client.ID, map[domain.QuotaKind]*int{domain.QuotaMediaStorage: &limit}); err != nil {
			t.Fatal(err)
		}
		if _, err := f.upload(file("a.png", small)); err != nil {
			t.Fatalf("within the quota: %v", err)
		}
		// Refused while streaming (more than what is left), and refused at the
		// row (what is left, but the copies too).
		_, err := f.upload(file("b.png", small))
		wantError(t, err, domain.CodeQuotaExceeded, "quota", domain.ProblemQuotaExceeded)
		if got := f.objects(); len(got) != 1 {
			t.Errorf("files after a refusal: %v", got)
		}
		stats, err := f.svc.Stats(f.ctx, f.client.ID)
		if err != nil {
			t.Fatal(err)
		}
		if stats.UsedBytes != int64(len(small)) || stats.QuotaBytes == nil || *stats.QuotaBytes != int64(limit) ||
			stats.Types[domain.MediaImage].Count != 1 || stats.Limits[domain.MediaImage] != media.DefaultLimits[domain.MediaImage] {
			t.Errorf("stats %+v", stats)
		}
		// Copies count: a picture whose original fits but whose copy does not.
		big := pngOf(t, 300, 10)
		limit = len(small) + len(big) + 5
		if err := f.st.SetQuotas(f.ctx, f.client.ID, map[domain.QuotaKind]*int{domain.QuotaMediaStorage: &limit}); err != nil {
			t.Fatal(err)
		}
		_, err = f.upload(file("c.png", big))
		wantError(t, err, domain.CodeQuotaExceeded, "", "")
		if got := f.objects(); len(got) != 1 {
			t.Errorf("files after a refusal for the copies: %v", got)
		}
	})
}

// blockedForm is an upload whose file never ends until cut.
func blockedForm(t *testing.T) (*multipart.Reader, *io.PipeWriter) {
	pr, pw := io.Pipe()
	w := multipart.NewWriter(pw)
	go func() {
		h := textproto.MIMEHeader{}
		h.Set("Content-Disposition", `form-data; name="file"; filename="slow.png"`)
		part, err := w.CreatePart(h)
		if err == nil {
			_, _ = part.Write(pngOf(t, 4, 4)[:20]) // then nothing: the upload waits
		}
	}()
	return multipart.NewReader(pr, w.Boundary()), pw
}

func TestUploadSlots(t *testing.T) {
	each(t, nil, func(t *testing.T, f *fixture) {
		// One more upload than the slots, none of which ends: the one that
		// finds every slot taken is refused at once.
		done := make(chan error, media.MaxParallelUploads+1)
		var cut []*io.PipeWriter
		for range media.MaxParallelUploads + 1 {
			mr, pw := blockedForm(t)
			cut = append(cut, pw)
			go func() {
				_, err := f.svc.Upload(f.ctx, f.actor, f.client.ID, mr)
				done <- err
			}()
		}
		select {
		case err := <-done:
			wantError(t, err, domain.CodeRateLimited, "", "")
			var de *domain.Error
			if errors.As(err, &de) && de.RetryAfter <= 0 {
				t.Error("no Retry-After for a user with every slot taken")
			}
		case <-time.After(10 * time.Second):
			t.Fatal("every upload was let in")
		}
		_, err := f.upload(file("a.png", pngOf(t, 4, 4)))
		wantError(t, err, domain.CodeRateLimited, "", "")
		// Another user is not held up.
		u, err := f.st.CreateUser(f.ctx, store.NewUser{Email: "other@example.org", Name: "Other"})
		if err != nil {
			t.Fatal(err)
		}
		if _, err := f.svc.Upload(f.ctx, domain.Actor{User: u}, f.client.ID, form(t, file("b.png", pngOf(t, 4, 4)))); err != nil {
			t.Errorf("another user's upload: %v", err)
		}
		for _, pw := range cut {
			pw.CloseWithError(errors.New("client went away"))
		}
		for range media.MaxParallelUploads {
			if err := <-done; err == nil || domain.ErrorCode(err) == domain.CodeRateLimited {
				t.Errorf("a cut upload answered %v", err)
			}
		}
		if _, err := f.upload(file("c.png", pngOf(t, 4, 4))); err != nil {
			t.Errorf("the slots are not given back: %v", err)
		}
		if got := f.objects(); len(got) != 2 {
			t.Errorf("stored %v; want the two finished uploads' files", got)
		}
	})
}

// The gate bounds the decodes: an upload that cannot get a turn in time is
// refused as busy and leaves nothing.
func TestDecodeGate(t *testing.T) {
	restore := media.SetDecodeGate(1, 50*time.Millisecond)
	defer restore()
	if media.DecodeConcurrency() != 1 {
		t.Fatalf("concurrency %d; want 1", media.DecodeConcurrency())
	}
	each(t, nil, func(t *testing.T, f *fixture) {
		release, err := media.HoldDecodeSlot(context.Background())
		if err != nil {
			t.Fatal(err)
		}
		_, err = f.upload(file("a.png", pngOf(t, 300, 10)))
		release()
		wantError(t, err, domain.CodeBusy, "", "")
		if got := f.objects(); len(got) != 0 {
			t.Errorf("a refused decode left %v", got)
		}
		before := media.DecodesStarted()
		if _, err := f.upload(file("a.png", pngOf(t, 300, 10))); err != nil {
			t.Fatal(err)
		}
		if media.DecodesStarted() <= before {
			t.Error("a decode was not counted")
		}
	})
}
