package api_test

import (
	"bytes"
	"context"
	"encoding/binary"
	"fmt"
	"hash/crc32"
	"image"
	"image/color"
	"image/jpeg"
	"image/png"
	"io"
	"log/slog"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/strata-maps/strata/internal/domain"
	"github.com/strata-maps/strata/internal/media"
	"github.com/strata-maps/strata/internal/store"
	"github.com/strata-maps/strata/internal/store/storetest"
)

// photoSecrets are what gpsPhoto carries and no served file may.
var photoSecrets = []string{"SecretCam", "STRATA-GPS-SECRET", "GPSLatitude", "secret comment", "Photoshop 3.0",
	// GPSLatitude's rationals 47/1 22/1 1234/100, as stored.
	"\x00\x00\x00\x2f\x00\x00\x00\x01\x00\x00\x00\x16\x00\x00\x00\x01"}

// gpsPhoto is a w×h JPEG, red on its left half and blue on its right,
// that says (EXIF orientation 6) it shows turned 90° clockwise: red on
// top. It carries a GPS position, the camera's make, XMP, IPTC and a
// comment, as a phone's photo does.
func gpsPhoto(t *testing.T, w, h int) []byte {
	t.Helper()
	img := image.NewRGBA(image.Rect(0, 0, w, h))
	for y := range h {
		for x := range w {
			c := color.RGBA{220, 0, 0, 255}
			if x >= w/2 {
				c = color.RGBA{0, 0, 220, 255}
			}
			img.SetRGBA(x, y, c)
		}
	}
	var b bytes.Buffer
	if err := jpeg.Encode(&b, img, &jpeg.Options{Quality: 90}); err != nil {
		t.Fatal(err)
	}
	be := binary.BigEndian
	tiff := []byte("MM\x00\x2a\x00\x00\x00\x08")
	entry := func(tag, typ uint16, count, value uint32) {
		tiff = be.AppendUint32(be.AppendUint32(be.AppendUint16(be.AppendUint16(tiff, tag), typ), count), value)
	}
	tiff = be.AppendUint16(tiff, 3) // IFD0: 8..50, then the make, then the GPS IFD at 60
	entry(0x010F, 2, 10, 50)        // Make
	entry(0x0112, 3, 1, 6<<16)      // Orientation 6
	entry(0x8825, 4, 1, 60)         // GPS IFD
	tiff = be.AppendUint32(tiff, 0)
	tiff = append(tiff, "SecretCam\x00"...)
	tiff = be.AppendUint16(tiff, 3) // GPS IFD: 60..102, then the latitude, then the method
	entry(0x0001, 2, 2, 'N'<<24)
	entry(0x0002, 5, 3, 102)
	entry(0x001B, 7, 17, 126)
	tiff = be.AppendUint32(tiff, 0)
	for _, v := range []uint32{47, 1, 22, 1, 1234, 100} {
		tiff = be.AppendUint32(tiff, v)
	}
	tiff = append(tiff, "STRATA-GPS-SECRET"...)
	seg := func(m byte, body string) []byte {
		return append([]byte{0xFF, m, byte((len(body) + 2) >> 8), byte(len(body) + 2)}, body...)
	}
	out := []byte{0xFF, 0xD8}
	out = append(out, seg(0xE1, "Exif\x00\x00"+string(tiff))...)
	out = append(out, seg(0xE1, "http://ns.adobe.com/xap/1.0/\x00<exif:GPSLatitude>47,22.2N</exif:GPSLatitude>")...)
	out = append(out, seg(0xED, "Photoshop 3.0\x008BIM\x04\x04\x00\x00\x00\x00\x00\x00")...)
	out = append(out, seg(0xFE, "secret comment")...)
	return append(out, b.Bytes()[2:]...)
}

// A phone's photo keeps no secret in anything served: not its GPS
// position, camera, XMP, IPTC or comment, in the original (to members,
// to the map's editors, to the published map's readers) or its scaled
// copies; the copies are turned upright by its EXIF orientation, and the
// original keeps only that orientation.
func TestMediaPhotosKeepNoSecrets(t *testing.T) {
	storetest.Each(t, func(t *testing.T, s *store.Store) {
		h := newMediaHarness(t, s, t.TempDir(), nil)
		a, routes := publishedWith(t, h, gpsPhoto(t, 2200, 1100))
		if *a.Width != 1100 || *a.Height != 2200 || len(a.Variants) != 2 {
			t.Fatalf("asset %dx%d, variants %+v: want it upright, 1100×2200, with copies 256 and 1024 wide", *a.Width, *a.Height, a.Variants)
		}
		for _, route := range routes {
			who := h.as(guest)
			if strings.Contains(route, "/public/") {
				who = h.as(anon)
			}
			res := who.do("GET", route, nil).want(200)
			if int64(len(res.body)) != a.Size {
				t.Errorf("%s: %d bytes, the asset says %d", route, len(res.body), a.Size)
			}
			noSecrets(t, route, res.body)
			cfg, _, err := image.DecodeConfig(bytes.NewReader(res.body))
			if err != nil || cfg.Width != 2200 || cfg.Height != 1100 {
				t.Errorf("%s: the original %+v %v: its pixels as stored", route, cfg, err)
			}
			// Orientation 6 still said (a minimal EXIF: IFD0 with one entry).
			if !bytes.Contains(res.body, []byte("Exif\x00\x00MM\x00\x2a\x00\x00\x00\x08\x00\x01\x01\x12\x00\x03\x00\x00\x00\x01\x00\x06")) {
				t.Errorf("%s: the original lost its orientation", route)
			}
			for _, width := range []int{256, 1024} {
				res := who.do("GET", route+"&w="+strconv.Itoa(width), nil).want(200)
				noSecrets(t, fmt.Sprintf("%s w=%d", route, width), res.body)
				img, err := jpeg.Decode(bytes.NewReader(res.body))
				if err != nil {
					t.Fatal(err)
				}
				b := img.Bounds()
				if b.Dx() != width || b.Dy() != 2*width {
					t.Errorf("%s w=%d: %v, want %d×%d (upright)", route, width, b, width, 2*width)
				}
				top, bottom := img.At(b.Dx()/2, b.Dy()/8), img.At(b.Dx()/2, b.Dy()*7/8)
				if r, _, bl, _ := top.RGBA(); r < 0x9000 || bl > 0x4000 {
					t.Errorf("%s w=%d: the top is %v, want red (turned clockwise)", route, width, top)
				}
				if r, _, bl, _ := bottom.RGBA(); bl < 0x9000 || r > 0x4000 {
					t.Errorf("%s w=%d: the bottom is %v, want blue", route, width, bottom)
				}
			}
		}
	})
}

func noSecrets(t *testing.T, what string, body []byte) {
	t.Helper()
	for _, s := range photoSecrets {
		if bytes.Contains(body, []byte(s)) {
			t.Errorf("%s: serves %q", what, s)
		}
	}
}

// bomb16 is a PNG header claiming w×h pixels of 16-bit RGBA (8 bytes a
// pixel decoded), with a tiny body.
func bomb16(w, h uint32) []byte {
	b := bombPNG(w, h)
	b[8+8+8], b[8+8+9] = 16, 6 // bit depth, colour type
	binary.BigEndian.PutUint32(b[8+8+13:], crc32.ChecksumIEEE(b[8+4:8+8+13]))
	return b
}

// png16 is a w×h PNG of 16-bit RGBA.
func png16(w, h int) []byte {
	img := image.NewNRGBA64(image.Rect(0, 0, w, h))
	for i := range img.Pix {
		img.Pix[i] = byte(i * 31)
	}
	var b bytes.Buffer
	if err := png.Encode(&b, img); err != nil {
		panic(err)
	}
	return b.Bytes()
}

// An image whose pixels would take more than the budget to decode is
// refused from its header, before any decode: a 16-bit PNG of 7,071²
// pixels (400 MB decoded, under the pixel limit) and a progressive one.
func TestMediaImageMemoryBudget(t *testing.T) {
	storetest.Each(t, func(t *testing.T, s *store.Store) {
		h := newMediaHarness(t, s, t.TempDir(), nil)
		before := media.DecodesStarted()
		res := h.as(student).upload("POST", mediaPath, formPart{field: "file", filename: "bomb.png", body: bomb16(7071, 7071)}).
			wantError(400, "image_too_large")
		if !strings.Contains(string(res.body), "16 bits a channel") {
			t.Errorf("the message does not say why: %s", res.body)
		}
		if media.DecodesStarted() != before {
			t.Error("the image was decoded")
		}
		h.assertNothingStored(t)
		// Within the budget, 16 bits a channel is read (its copies 8-bit).
		h.as(student).upload("POST", mediaPath, formPart{field: "file", filename: "ok.png", body: png16(300, 20)}).want(201)
	})
}

// Past the decoding slots (one per core), an image upload waits, then is
// refused with 503 busy and Retry-After; nothing of it is kept.
func TestMediaImageDecodingIsGated(t *testing.T) {
	storetest.Each(t, func(t *testing.T, s *store.Store) {
		h := newMediaHarness(t, s, t.TempDir(), nil)
		defer media.SetDecodeGate(2, 200*time.Millisecond)()
		var releases []func()
		for range media.DecodeConcurrency() {
			release, err := media.HoldDecodeSlot(context.Background())
			if err != nil {
				t.Fatal(err)
			}
			releases = append(releases, release)
		}
		before := media.DecodesStarted()
		res := h.as(student).upload("POST", mediaPath, formPart{field: "file", filename: "a.png", body: pngOf(300, 20)}).wantError(503, "busy")
		wantRetryAfter(t, res)
		if media.DecodesStarted() != before {
			t.Error("a decode ran beyond the gate")
		}
		h.assertNothingStored(t)
		for _, release := range releases {
			release()
		}
		h.as(student).upload("POST", mediaPath, formPart{field: "file", filename: "a.png", body: pngOf(300, 20)}).want(201)
	})
}

// A photo stored before uploads were stripped (migration 00016 marked it)
// is stored again at start: its next version serves no secret, its copies
// are upright, the old version's files are gone, and a second start finds
// nothing to do.
func TestMediaOldPhotosStrippedAtStart(t *testing.T) {
	storetest.Each(t, func(t *testing.T, s *store.Store) {
		h := newMediaHarness(t, s, t.TempDir(), nil)
		ctx := context.Background()
		key := "oldphotoabcdefghijklmnopqr"
		photo := gpsPhoto(t, 2200, 1100)
		sideways := bytes.Repeat([]byte("s"), 900) // as the old copies were: not turned
		for name, b := range map[string][]byte{key + "/1/original": photo, key + "/1/w256": sideways} {
			if err := h.files.Put(ctx, name, bytes.NewReader(b), "image/jpeg"); err != nil {
				t.Fatal(err)
			}
		}
		w, ht := 2200, 1100
		old := domain.MediaAsset{Key: key, ClientID: h.acme.ID, Version: 1, Type: domain.MediaImage, ContentType: "image/jpeg",
			Name: "IMG_0001.jpg", Size: int64(len(photo)), Width: &w, Height: &ht, Widths: []int{256},
			Metadata: domain.MediaMetadata{}.Normal()}
		if err := h.store.InsertMedia(ctx, store.MediaRow{MediaAsset: old, Containers: ",", Stored: old.Size + 900, Unstripped: true}); err != nil {
			t.Fatal(err)
		}
		svc := media.New(h.store, h.files, nil, slog.New(slog.NewTextHandler(io.Discard, nil)))
		for round, want := range []int{1, 0} {
			if n, err := svc.StripOldMetadata(ctx); err != nil || n != want {
				t.Fatalf("round %d: stored %d again, want %d: %v", round, n, want, err)
			}
		}
		var a domain.MediaAsset
		h.as(guest).do("GET", mediaPath+"/"+key, nil).want(200).decode(&a)
		if a.Version != 2 || *a.Width != 1100 || *a.Height != 2200 || len(a.Variants) != 2 {
			t.Fatalf("asset v%d %dx%d, variants %+v: want version 2, upright, copies 256 and 1024 wide", a.Version, *a.Width, *a.Height, a.Variants)
		}
		noSecrets(t, "the original", h.as(guest).do("GET", a.URL, nil).want(200).body)
		for _, v := range a.Variants {
			body := h.as(guest).do("GET", v.URL, nil).want(200).body
			noSecrets(t, v.URL, body)
			cfg, err := jpeg.DecodeConfig(bytes.NewReader(body))
			if err != nil || cfg.Height != 2*cfg.Width {
				t.Errorf("%s: %+v %v, want upright (twice as high as wide)", v.URL, cfg, err)
			}
		}
		for _, name := range []string{key + "/1/original", key + "/1/w256"} {
			if _, err := h.files.Open(ctx, name); err == nil {
				t.Errorf("%s: the old version's file is still stored", name)
			}
		}
	})
}
