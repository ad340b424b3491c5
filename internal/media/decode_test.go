package media

import (
	"bytes"
	"image"
	"image/color"
	"image/jpeg"
	"image/png"
	"runtime"
	"testing"
)

// The estimate from the header bounds what decoding and shrinking to the
// widest copy allocate: the budget is checked against what is spent.
func TestDecodeCostBoundsTheAllocations(t *testing.T) {
	ycc := image.NewYCbCr(image.Rect(0, 0, 4200, 1500), image.YCbCrSubsampleRatio420)
	for i := range ycc.Y {
		ycc.Y[i] = byte(i * 13)
	}
	var photo bytes.Buffer
	if err := jpeg.Encode(&photo, ycc, &jpeg.Options{Quality: 80}); err != nil {
		t.Fatal(err)
	}
	var deep bytes.Buffer
	if err := png.Encode(&deep, image.NewNRGBA64(image.Rect(0, 0, 1500, 1000))); err != nil {
		t.Fatal(err)
	}
	var gray bytes.Buffer
	if err := png.Encode(&gray, image.NewGray(image.Rect(0, 0, 3000, 500))); err != nil {
		t.Fatal(err)
	}
	for name, b := range map[string][]byte{"jpeg 4:2:0": photo.Bytes(), "png 16-bit": deep.Bytes(), "png gray": gray.Bytes()} {
		hdr, err := readHeader(bytes.NewReader(b))
		if err != nil {
			t.Fatal(err)
		}
		var before, after runtime.MemStats
		runtime.GC()
		runtime.ReadMemStats(&before)
		img, err := decodeScaled(bytes.NewReader(b), hdr, []int{256, 1024, 2048}[:2+min(1, hdr.Width/2049)])
		runtime.ReadMemStats(&after)
		if err != nil || img == nil {
			t.Fatal(err)
		}
		spent := int64(after.TotalAlloc - before.TotalAlloc)
		t.Logf("%s: %d MB allocated, %d MB estimated", name, spent>>20, hdr.cost>>20)
		if spent > hdr.cost+hdr.cost/10+1<<20 {
			t.Errorf("%s: %d MB allocated, estimated %d MB", name, spent>>20, hdr.cost>>20)
		}
		if hdr.cost > 3*spent+4<<20 {
			t.Errorf("%s: estimated %d MB, far above the %d MB allocated", name, hdr.cost>>20, spent>>20)
		}
	}
}

// Each EXIF orientation puts the stored first pixel where it shows.
func TestOrient(t *testing.T) {
	src := image.NewRGBA(image.Rect(0, 0, 3, 2))
	src.SetRGBA(0, 0, color.RGBA{255, 0, 0, 255})
	for o, want := range map[int]image.Point{1: {0, 0}, 2: {2, 0}, 3: {2, 1}, 4: {0, 1}, 5: {0, 0}, 6: {1, 0}, 7: {1, 2}, 8: {0, 2}} {
		dst := orient(src, o)
		size := image.Pt(3, 2)
		if o >= 5 {
			size = image.Pt(2, 3)
		}
		if dst.Bounds().Size() != size {
			t.Errorf("orientation %d: %v", o, dst.Bounds())
		}
		if dst.RGBAAt(want.X, want.Y).R != 255 {
			t.Errorf("orientation %d: the first pixel is not at %v", o, want)
		}
	}
}
