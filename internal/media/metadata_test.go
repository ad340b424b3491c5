package media

import (
	"bufio"
	"bytes"
	"encoding/base64"
	"encoding/binary"
	"hash/crc32"
	"image"
	"image/color"
	"image/gif"
	"image/jpeg"
	"image/png"
	"io"
	"testing"

	_ "golang.org/x/image/webp"

	"github.com/strata-maps/strata/internal/domain"
)

// secrets are what the test files carry and no stored copy may.
var secrets = []string{"SecretCam", "STRATA-GPS-SECRET", "exif:GPSLatitude", "secret comment", "Photoshop 3.0", "appended video"}

// testEXIF is a big-endian TIFF structure: IFD0 with the orientation,
// the camera's make and a GPS IFD (latitude and a processing method).
func testEXIF(orientation int) []byte {
	be := binary.BigEndian
	b := []byte("MM\x00\x2a\x00\x00\x00\x08")
	entry := func(tag, typ uint16, count, value uint32) {
		b = be.AppendUint16(b, tag)
		b = be.AppendUint16(b, typ)
		b = be.AppendUint32(b, count)
		b = be.AppendUint32(b, value)
	}
	// IFD0 at 8: 3 entries (2+36+4 bytes) ends at 50; then its data.
	const makeAt, gpsAt = 50, 60
	b = be.AppendUint16(b, 3)
	entry(0x010F, 2, 10, makeAt)                 // Make
	entry(0x0112, 3, 1, uint32(orientation)<<16) // Orientation
	entry(0x8825, 4, 1, gpsAt)                   // GPS IFD
	b = be.AppendUint32(b, 0)                    // no next IFD
	b = append(b, "SecretCam\x00"...)            // 50..60
	const latAt, methodAt = gpsAt + 2 + 3*12 + 4, gpsAt + 2 + 3*12 + 4 + 24
	b = be.AppendUint16(b, 3)
	entry(0x0001, 2, 2, 'N'<<24)   // GPSLatitudeRef
	entry(0x0002, 5, 3, latAt)     // GPSLatitude
	entry(0x001B, 7, 17, methodAt) // GPSProcessingMethod
	b = be.AppendUint32(b, 0)
	for _, v := range []uint32{47, 1, 22, 1, 1234, 100} {
		b = be.AppendUint32(b, v)
	}
	return append(b, "STRATA-GPS-SECRET"...)
}

func segment(marker byte, body []byte) []byte {
	return append([]byte{0xFF, marker, byte((len(body) + 2) >> 8), byte(len(body) + 2)}, body...)
}

// photo is a JPEG of img with EXIF (GPS, orientation), XMP, IPTC and a
// comment after its start, and a video appended after its end.
func photo(t testing.TB, img image.Image, orientation int) []byte {
	t.Helper()
	var b bytes.Buffer
	if err := jpeg.Encode(&b, img, &jpeg.Options{Quality: 90}); err != nil {
		t.Fatal(err)
	}
	plain := b.Bytes()
	out := append([]byte{}, plain[:2]...)
	out = append(out, segment(0xE1, append([]byte("Exif\x00\x00"), testEXIF(orientation)...))...)
	out = append(out, segment(0xE1, []byte("http://ns.adobe.com/xap/1.0/\x00<x:xmpmeta><exif:GPSLatitude>47,22N</exif:GPSLatitude></x:xmpmeta>"))...)
	out = append(out, segment(0xED, []byte("Photoshop 3.0\x008BIM\x04\x04\x00\x00\x00\x00\x00\x00"))...)
	out = append(out, segment(0xFE, []byte("secret comment"))...)
	out = append(out, plain[2:]...)
	return append(out, "....ftypmp42 appended video"...)
}

func stripped(t *testing.T, b []byte, ct string) []byte {
	t.Helper()
	out, err := io.ReadAll(withoutMetadata(bytes.NewReader(b), ct))
	if err != nil {
		t.Fatalf("%s: %v", ct, err)
	}
	for _, s := range secrets {
		if bytes.Contains(out, []byte(s)) {
			t.Errorf("%s: %q is still there", ct, s)
		}
	}
	return out
}

func samePixels(t *testing.T, a, b []byte) {
	t.Helper()
	ia, _, err := image.Decode(bytes.NewReader(a))
	if err != nil {
		t.Fatal(err)
	}
	ib, _, err := image.Decode(bytes.NewReader(b))
	if err != nil {
		t.Fatalf("the stripped image does not decode: %v", err)
	}
	if ia.Bounds() != ib.Bounds() {
		t.Fatalf("bounds %v, want %v", ib.Bounds(), ia.Bounds())
	}
	for y := ia.Bounds().Min.Y; y < ia.Bounds().Max.Y; y++ {
		for x := ia.Bounds().Min.X; x < ia.Bounds().Max.X; x++ {
			if ia.At(x, y) != ib.At(x, y) {
				t.Fatalf("pixel %d,%d differs", x, y)
			}
		}
	}
}

func noise(w, h int) *image.RGBA {
	img := image.NewRGBA(image.Rect(0, 0, w, h))
	for i := range img.Pix {
		img.Pix[i] = byte(i*7919 + i/13)
	}
	return img
}

func TestJPEGLosesItsMetadataButNotItsOrientation(t *testing.T) {
	orig := photo(t, noise(64, 48), 6)
	out := stripped(t, orig, "image/jpeg")
	samePixels(t, orig, out)
	j, err := readJPEGHeader(bufioReader(out))
	if err != nil || j.orientation != 6 {
		t.Errorf("orientation %d (%v), want 6 kept", j.orientation, err)
	}
	if !bytes.Contains(out, orientationSegment(6)) {
		t.Error("the minimal EXIF is not there")
	}
	// Upright already: no EXIF at all.
	out = stripped(t, photo(t, noise(8, 8), 1), "image/jpeg")
	if bytes.Contains(out, []byte("Exif")) {
		t.Error("an EXIF for orientation 1")
	}
	// A segment after the scan goes too; a cut file is refused.
	b := photo(t, noise(8, 8), 1)
	eoi := bytes.LastIndex(b, []byte{0xFF, 0xD9})
	late := append(append(append([]byte{}, b[:eoi]...), segment(0xFE, []byte("secret comment"))...), b[eoi:]...)
	samePixels(t, b, stripped(t, late, "image/jpeg"))
	_, err = io.ReadAll(withoutMetadata(bytes.NewReader(b[:len(b)/2]), "image/jpeg"))
	if domain.ErrorCode(err) != domain.CodeInvalidImage {
		t.Errorf("truncated: %v, want invalid_image", err)
	}
}

func pngChunk(typ string, data []byte) []byte {
	b := binary.BigEndian.AppendUint32(nil, uint32(len(data)))
	b = append(append(b, typ...), data...)
	return binary.BigEndian.AppendUint32(b, crc32.ChecksumIEEE(b[4:]))
}

func TestPNGLosesItsTextAndEXIF(t *testing.T) {
	var b bytes.Buffer
	if err := png.Encode(&b, noise(20, 10)); err != nil {
		t.Fatal(err)
	}
	plain := b.Bytes()
	ihdrEnd := 8 + 8 + 13 + 4
	orig := append([]byte{}, plain[:ihdrEnd]...)
	orig = append(orig, pngChunk("eXIf", testEXIF(6))...)
	orig = append(orig, pngChunk("tEXt", []byte("Comment\x00secret comment"))...)
	orig = append(orig, pngChunk("iTXt", []byte("XML:com.adobe.xmp\x00\x00\x00\x00\x00<exif:GPSLatitude/>"))...)
	orig = append(orig, pngChunk("zTXt", []byte("Author\x00\x00"))...)
	orig = append(orig, plain[ihdrEnd:]...)
	orig = append(orig, "appended video"...)
	out := stripped(t, orig, "image/png")
	samePixels(t, orig, out)
	if !bytes.Equal(out, plain) {
		t.Error("the stripped PNG is not the plain one")
	}
}

const gopherWebP = "UklGRrIBAABXRUJQVlA4TKUBAAAvSsAYAA8w//M///MfeJAkbXvaSG7m8Q3GfYSBJekwQztm/IcZlgwnmWImn2BK7aFmBtnVir6q//8VOkFE/xm4baTIu8c48ArEo6+B3zFKYln3pqClSCKX0begFTAXFOLXHSyF8cCNcZEG4OywuA4KVVfJCiArU7GAgJI8+lJP/OKMT/fBAjevg1cYB7YVkFuWga2lyPi5I0HFy5YTpWIHg0RZpkniRVW9odHAKOwosWuOGdxIyn2OvaCDvhg/we6TwadPBPbqBV58MsLmMJ8yZnOWk8SRz4N+QoyPL+MnamzMvcE1rHNEr91F9GKZPVUcS9w7PhhH36suB9qPeYb/oLk6cuTiJ0wOK3m5h1cKjW6EVZCYMK7dxcKCBdgP9HkKr9gkAO2P8GKZGWVdIAatQa+1IDpt6qyorVwdy01xdW8Jkfk6xjEXmVQQ+HQdFr6OKhIN34dXWq0+0qr6EJSCeeVLH9+gvGTLyqM65PQ44ihzlTXxQKjKbAvshXgir7Lil9w4L2bvMycmjQcqXaMCO6BlY28i+FOLzbfI1vEqxAhotocAAA=="

func riffChunk(typ string, data []byte) []byte {
	b := append([]byte(typ), binary.LittleEndian.AppendUint32(nil, uint32(len(data)))...)
	b = append(b, data...)
	if len(data)%2 == 1 {
		b = append(b, 0)
	}
	return b
}

func TestWebPLosesItsEXIFAndXMP(t *testing.T) {
	simple, err := base64.StdEncoding.DecodeString(gopherWebP)
	if err != nil {
		t.Fatal(err)
	}
	cfg, _, err := image.DecodeConfig(bytes.NewReader(simple))
	if err != nil {
		t.Fatal(err)
	}
	le24 := func(v int) []byte { return []byte{byte(v), byte(v >> 8), byte(v >> 16)} }
	vp8x := append(append([]byte{0x08 | 0x04, 0, 0, 0}, le24(cfg.Width-1)...), le24(cfg.Height-1)...)
	body := append([]byte("WEBP"), riffChunk("VP8X", vp8x)...)
	body = append(body, simple[12:]...) // the VP8L chunk
	body = append(body, riffChunk("EXIF", testEXIF(6))...)
	body = append(body, riffChunk("XMP ", []byte("<exif:GPSLatitude>47</exif:GPSLatitude>"))...)
	orig := append(append([]byte("RIFF"), binary.LittleEndian.AppendUint32(nil, uint32(len(body)))...), body...)
	orig = append(orig, "appended video"...)
	out := stripped(t, orig, "image/webp")
	samePixels(t, orig, out)
	if out[20]&(0x08|0x04) != 0 {
		t.Errorf("the extended header still announces EXIF or XMP: %#x", out[20])
	}
}

func TestGIFLosesItsCommentsAndXMP(t *testing.T) {
	img := image.NewPaletted(image.Rect(0, 0, 6, 4), color.Palette{color.Black, color.White})
	img.Pix[3] = 1
	var b bytes.Buffer
	if err := gif.EncodeAll(&b, &gif.GIF{Image: []*image.Paletted{img, img}, Delay: []int{1, 1}}); err != nil {
		t.Fatal(err)
	}
	plain := b.Bytes()
	at := bytes.Index(plain, []byte{0x21, 0xF9}) // the first graphic control
	ext := []byte{0x21, 0xFE, 14}
	ext = append(append(ext, "secret comment"...), 0)
	ext = append(ext, 0x21, 0xFF, 11)
	ext = append(append(ext, "XMP DataXMP"...), 16)
	ext = append(append(ext, "exif:GPSLatitude"...), 0)
	orig := append(append(append([]byte{}, plain[:at]...), ext...), plain[at:]...)
	out := stripped(t, orig, "image/gif")
	samePixels(t, orig, out)
	if !bytes.Equal(out, plain) {
		t.Error("the stripped GIF is not the plain one")
	}
	all, err := gif.DecodeAll(bytes.NewReader(out))
	if err != nil || len(all.Image) != 2 || all.LoopCount != 0 {
		t.Errorf("animation %v %v", all, err)
	}
}

func bufioReader(b []byte) *bufio.Reader { return bufio.NewReader(bytes.NewReader(b)) }

// Whatever the bytes, stripping ends, with the image or an error, and
// never panics; what it passes is no longer than what it read, but for
// a JPEG's minimal EXIF.
func FuzzWithoutMetadata(f *testing.F) {
	types := []string{"image/jpeg", "image/png", "image/webp", "image/gif"}
	for i := range types {
		f.Add(uint8(i), []byte{})
	}
	f.Add(uint8(0), photo(f, noise(9, 9), 6))
	var b bytes.Buffer
	_ = png.Encode(&b, noise(3, 2))
	f.Add(uint8(1), b.Bytes())
	webp, _ := base64.StdEncoding.DecodeString(gopherWebP)
	f.Add(uint8(2), webp)
	b.Reset()
	_ = gif.Encode(&b, image.NewPaletted(image.Rect(0, 0, 2, 2), color.Palette{color.Black}), nil)
	f.Add(uint8(3), b.Bytes())
	f.Fuzz(func(t *testing.T, sel uint8, in []byte) {
		ct := types[int(sel)%len(types)]
		out, _ := io.ReadAll(withoutMetadata(bytes.NewReader(in), ct))
		if len(out) > len(in)+len(orientationSegment(1)) {
			t.Fatalf("%s: %d bytes out of %d", ct, len(out), len(in))
		}
	})
}
