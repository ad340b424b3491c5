package media

import (
	"bufio"
	"context"
	"encoding/binary"
	"fmt"
	"image"
	"image/color"
	"io"
	"runtime"
	"sync/atomic"
	"time"

	"github.com/strata-maps/strata/internal/domain"
	"github.com/strata-maps/strata/internal/gate"
)

// Decoding an image holds all its pixels: a 24-megapixel photo takes
// 36–72 MB, a 16-bit PNG of 50 megapixels 400 MB from a file of a few
// hundred kilobytes. Two bounds keep that within a known amount:
//
//   - each image's cost (its pixels times the bytes per pixel its
//     decoder allocates, and its largest scaled copy) is estimated from
//     its header and refused past MaxDecodeBytes, before any pixel is
//     decoded;
//   - the decodeGate admits about one decode per core; the rest wait up
//     to 30 s (an upload's file is stored already, so waiting holds no
//     memory; a 48-megapixel photo takes seconds to decode and shrink,
//     so a shorter wait refused most of a burst of photos), then are
//     refused with 503 busy and Retry-After, as the password hashes are.
//     It is per process on purpose: what it protects is this process's
//     memory.
//
// At most cores × MaxDecodeBytes of decoded pixels are held at once. 320
// MB takes every 8-bit baseline JPEG and non-interlaced PNG within the
// pixel limits (a 50-megapixel RGBA PNG costs 270 MB), 16-bit ones up
// to about 33 megapixels, progressive JPEGs up to about 35.
const MaxDecodeBytes = 320 << 20

// ImageRetryAfter is what a caller refused by the gate is told to wait.
const ImageRetryAfter = 10 * time.Second

// ErrImagesBusy is returned when no decoding slot freed up in time.
var ErrImagesBusy = &domain.Error{Code: domain.CodeBusy, Message: "the server is busy reading other images; try again in a moment",
	RetryAfter: ImageRetryAfter}

// decodeGate is the process's gate (SetDecodeGate changes it).
var decodeGate atomic.Pointer[gate.Gate]

func init() { decodeGate.Store(gate.New(runtime.GOMAXPROCS(0), 30*time.Second, ErrImagesBusy)) }

// DecodeConcurrency is how many images may be decoded at once.
func DecodeConcurrency() int { return decodeGate.Load().Capacity() }

// SetDecodeGate sets how many images may be decoded at once (about one
// per core by default) and how long an upload waits for its turn (30 s);
// it answers a function that puts the previous gate back. Decodes under
// way keep the gate they began in.
func SetDecodeGate(n int, wait time.Duration) (restore func()) {
	old := decodeGate.Swap(gate.New(n, wait, ErrImagesBusy))
	return func() { decodeGate.Store(old) }
}

// DecodesStarted is how many image decodes this process has begun.
func DecodesStarted() uint64 { return decodeGate.Load().Started() }

// HoldDecodeSlot takes one decoding slot as a decode would, for as long
// as the caller holds it (tests use it to fill the gate).
func HoldDecodeSlot(ctx context.Context) (release func(), err error) {
	return decodeGate.Load().Acquire(ctx)
}

// imageHeader is what is known of a stored image before decoding it.
type imageHeader struct {
	image.Config
	format string
	// orientation is the EXIF orientation (1–8) the pixels are to be
	// turned by to show upright: kept in a JPEG's minimal EXIF.
	orientation int
	// cost is the bytes its decoder allocates, and why it is high.
	cost int64
	why  string
}

// display is the size the image shows at, turned by its orientation.
func (h imageHeader) display() (int, int) {
	if h.orientation >= 5 {
		return h.Height, h.Width
	}
	return h.Width, h.Height
}

// readHeader reads the image's header (r at its start) and estimates
// what decoding it costs.
func readHeader(r io.ReadSeeker) (imageHeader, error) {
	cfg, format, err := image.DecodeConfig(r)
	if err != nil {
		return imageHeader{}, invalidImage(err.Error())
	}
	h := imageHeader{Config: cfg, format: format, orientation: 1}
	if cfg.Width <= 0 || cfg.Height <= 0 || cfg.Width > MaxImageSide || cfg.Height > MaxImageSide ||
		int64(cfg.Width)*int64(cfg.Height) > MaxImagePixels {
		return h, &domain.Error{Code: domain.CodeImageTooLarge,
			Message:  fmt.Sprintf("the image is %d×%d pixels: at most %d a side and %d in all", cfg.Width, cfg.Height, MaxImageSide, MaxImagePixels),
			Problems: domain.Problems{"file": domain.Rule(fmt.Sprintf("must have at most %d pixels a side and %d in all", MaxImageSide, MaxImagePixels))}}
	}
	if _, err := r.Seek(0, io.SeekStart); err != nil {
		return h, err
	}
	px := int64(cfg.Width) * int64(cfg.Height)
	h.cost = px * bytesPerPixel(cfg.ColorModel)
	switch format {
	case "jpeg":
		j, err := readJPEGHeader(bufio.NewReader(r))
		if err != nil {
			return h, invalidImage(err.Error())
		}
		h.orientation = j.orientation
		h.cost = j.samples(cfg.Width, cfg.Height)
		if j.progressive {
			// Every sample's coefficient is kept (an int32) until the
			// last scan, besides the samples themselves.
			h.cost *= 5
			h.why = " (a progressive JPEG)"
		}
		if j.components != 1 && j.components != 3 || j.adobeRGB {
			h.cost += px * 4 // converted to RGBA or CMYK afterwards
		}
	case "png":
		var ihdr [29]byte
		if _, err := io.ReadFull(r, ihdr[:]); err == nil && ihdr[28] == 1 {
			h.cost *= 2 // Adam7: each pass, then the whole
			h.why = " (an interlaced PNG)"
		}
	}
	switch cfg.ColorModel {
	case color.RGBA64Model, color.NRGBA64Model, color.Gray16Model:
		h.why = " (16 bits a channel)"
	}
	// The largest scaled copy and its turned copy, and the first step
	// of shrinking to it (a quarter of the pixels, 4 bytes each).
	if w, ht := h.display(); w > domain.MediaVariantWidths[0] {
		vw := int64(min(w-1, domain.MediaVariantWidths[len(domain.MediaVariantWidths)-1]))
		h.cost += 2 * 4 * vw * max(1, int64(ht)*vw/int64(w))
		if int64(w) > 2*vw {
			h.cost += px
		}
	}
	if _, err := r.Seek(0, io.SeekStart); err != nil {
		return h, err
	}
	if h.cost > MaxDecodeBytes {
		return h, &domain.Error{Code: domain.CodeImageTooLarge,
			Message: fmt.Sprintf("the image (%d×%d pixels%s) would take %d MB of memory to read: at most %d MB; save it with fewer pixels or 8 bits a channel",
				cfg.Width, cfg.Height, h.why, (h.cost+(1<<20)-1)>>20, MaxDecodeBytes>>20),
			Problems: domain.Problems{"file": domain.Rule(fmt.Sprintf("must take at most %d MB of memory to read (pixels × bytes per pixel)", MaxDecodeBytes>>20))}}
	}
	return h, nil
}

// bytesPerPixel is what the standard decoders allocate per pixel for a
// colour model (a palette: one byte).
func bytesPerPixel(m color.Model) int64 {
	switch m {
	case color.GrayModel, color.AlphaModel:
		return 1
	case color.Gray16Model, color.Alpha16Model:
		return 2
	case color.YCbCrModel:
		return 3
	case color.RGBAModel, color.NRGBAModel, color.NYCbCrAModel, color.CMYKModel:
		return 4
	}
	if _, ok := m.(color.Palette); ok {
		return 1
	}
	return 8
}

// jpegHeader is what a JPEG's segments up to its first scan say.
type jpegHeader struct {
	orientation int
	progressive bool
	components  int
	adobeRGB    bool
	hmax, vmax  int
	sampling    [][2]int
	sawFrame    bool
}

// samples is how many component samples the decoder allocates (blocks
// of 8×8, each component by its sampling factors).
func (j jpegHeader) samples(w, h int) int64 {
	if j.hmax == 0 || j.vmax == 0 {
		return int64(w) * int64(h) * 4
	}
	mcuW, mcuH := int64(8*j.hmax), int64(8*j.vmax)
	mw, mh := (int64(w)+mcuW-1)/mcuW, (int64(h)+mcuH-1)/mcuH
	var n int64
	for _, s := range j.sampling {
		n += mw * int64(8*s[0]) * mh * int64(8*s[1])
	}
	return n
}

func readJPEGHeader(r *bufio.Reader) (jpegHeader, error) {
	j := jpegHeader{orientation: 1}
	var soi [2]byte
	if _, err := io.ReadFull(r, soi[:]); err != nil || soi != [2]byte{0xFF, 0xD8} {
		return j, fmt.Errorf("not a JPEG")
	}
	for {
		var m [2]byte
		if _, err := io.ReadFull(r, m[:]); err != nil {
			return j, err
		}
		for m[1] == 0xFF { // fill bytes
			b, err := r.ReadByte()
			if err != nil {
				return j, err
			}
			m[1] = b
		}
		if m[0] != 0xFF {
			return j, fmt.Errorf("a JPEG segment must begin with 0xFF")
		}
		if m[1] == 0x01 || m[1] >= 0xD0 && m[1] <= 0xD7 {
			continue
		}
		if m[1] == 0xDA || m[1] == 0xD9 {
			if !j.sawFrame {
				return j, fmt.Errorf("the JPEG has no frame header")
			}
			return j, nil
		}
		var lb [2]byte
		if _, err := io.ReadFull(r, lb[:]); err != nil {
			return j, err
		}
		n := int(binary.BigEndian.Uint16(lb[:])) - 2
		if n < 0 {
			return j, fmt.Errorf("a JPEG segment has a wrong length")
		}
		body := make([]byte, n)
		if _, err := io.ReadFull(r, body); err != nil {
			return j, err
		}
		switch m := m[1]; {
		case m == 0xE1 && len(body) > len(exifHeader) && string(body[:len(exifHeader)]) == string(exifHeader):
			j.orientation = exifOrientation(body[len(exifHeader):])
		case m == 0xEE && len(body) >= 12 && string(body[:5]) == "Adobe":
			j.adobeRGB = body[11] == 0 // transform 0: RGB (or CMYK)
		case m >= 0xC0 && m <= 0xCF && m != 0xC4 && m != 0xC8 && m != 0xCC && !j.sawFrame:
			if len(body) < 6 || len(body) < 6+3*int(body[5]) {
				return j, fmt.Errorf("the JPEG's frame header is short")
			}
			j.sawFrame, j.progressive = true, m == 0xC2 || m == 0xC6 || m == 0xCA || m == 0xCE
			j.components = int(body[5])
			for i := range j.components {
				hv := body[6+3*i+1]
				hs, vs := max(int(hv>>4), 1), max(int(hv&15), 1)
				j.sampling = append(j.sampling, [2]int{hs, vs})
				j.hmax, j.vmax = max(j.hmax, hs), max(j.vmax, vs)
			}
		}
	}
}

// orient turns (and mirrors) src as EXIF orientation o says, into a new
// image; 1 gives src itself.
func orient(src *image.RGBA, o int) *image.RGBA {
	if o < 2 || o > 8 {
		return src
	}
	b := src.Bounds()
	w, h := b.Dx(), b.Dy()
	dw, dh := w, h
	if o >= 5 {
		dw, dh = h, w
	}
	dst := image.NewRGBA(image.Rect(0, 0, dw, dh))
	for dy := range dh {
		for dx := range dw {
			var sx, sy int
			switch o {
			case 2:
				sx, sy = w-1-dx, dy
			case 3:
				sx, sy = w-1-dx, h-1-dy
			case 4:
				sx, sy = dx, h-1-dy
			case 5:
				sx, sy = dy, dx
			case 6:
				sx, sy = dy, h-1-dx
			case 7:
				sx, sy = w-1-dy, h-1-dx
			case 8:
				sx, sy = w-1-dy, dx
			}
			si := src.PixOffset(b.Min.X+sx, b.Min.Y+sy)
			copy(dst.Pix[dst.PixOffset(dx, dy):][:4], src.Pix[si:si+4])
		}
	}
	return dst
}
