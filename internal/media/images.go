package media

import (
	"bytes"
	"context"
	"encoding/xml"
	"errors"
	"fmt"
	"image"
	_ "image/gif" // decodes GIF uploads
	"image/jpeg"
	"image/png"
	"io"
	"strconv"
	"strings"

	"golang.org/x/image/draw"
	_ "golang.org/x/image/webp" // decodes WebP uploads

	"github.com/strata-maps/strata/internal/domain"
)

// The largest image decoded: a decompression bomb (huge dimensions in a
// small file) is refused from its header, before any pixel is decoded
// (and so is one whose pixels would take more than MaxDecodeBytes).
const (
	MaxImageSide   = 16384
	MaxImagePixels = 50_000_000
)

func invalidImage(reason string) error {
	return &domain.Error{Code: domain.CodeInvalidImage, Message: "the image cannot be read: " + reason,
		Problems: domain.Problems{"file": domain.Invalid("image").Saying("is not a readable image: " + reason)}}
}

// makeVariants checks a stored image and stores its copies 256, 1024 and
// 2048 px wide (those narrower than it shows): JPEG as JPEG, others as
// PNG (a GIF's first frame; WebP without an encoder in the standard
// library), turned upright by the JPEG's orientation. The image is
// decoded once, under the decoding gate and within MaxDecodeBytes
// (decode.go); the widest copy is made from it, each other from the one
// before, so that the whole decode is released before any is encoded.
func (s *Service) makeVariants(ctx context.Context, key string, version int, up *upload) error {
	f, err := s.files.Open(ctx, objectName(key, version, 0))
	if err != nil {
		return err
	}
	defer f.Close()
	// What is stored: the upload without its metadata (withoutMetadata).
	up.size = f.Size()
	hdr, err := readHeader(f)
	if err != nil {
		return err
	}
	w, h := hdr.display()
	up.width, up.height = &w, &h
	var widths []int
	for _, width := range domain.MediaVariantWidths {
		if width < w {
			widths = append(widths, width)
		}
	}
	release, err := decodeGate.Load().Acquire(ctx)
	if err != nil {
		return err
	}
	largest, err := decodeScaled(f, hdr, widths)
	release()
	if err != nil {
		return err
	}
	src := largest
	for i := len(widths) - 1; i >= 0; i-- {
		width := widths[i]
		height := max(1, int(int64(h)*int64(width)/int64(w)))
		dst := src
		if src.Bounds().Dx() != width {
			dst = shrink(src, width, height)
		}
		var buf bytes.Buffer
		ct := variantType(up.contentType)
		if ct == "image/jpeg" {
			err = jpeg.Encode(&buf, dst, &jpeg.Options{Quality: 85})
		} else {
			err = (&png.Encoder{CompressionLevel: png.BestSpeed}).Encode(&buf, dst)
		}
		if err != nil {
			return fmt.Errorf("encode the %d px copy: %w", width, err)
		}
		if err := s.files.Put(ctx, objectName(key, version, width), &buf, ct); err != nil {
			return err
		}
		up.widths = append([]int{width}, up.widths...)
		src = dst
	}
	return nil
}

// decodeScaled decodes the image (f at its start) and answers its copy
// of the widest width, upright; nil without widths (the decode only
// checks the image). Nothing else of the decode outlives the call.
func decodeScaled(f io.Reader, hdr imageHeader, widths []int) (*image.RGBA, error) {
	img, _, err := image.Decode(f)
	if err != nil {
		return nil, invalidImage(err.Error())
	}
	if len(widths) == 0 {
		return nil, nil
	}
	w, h := hdr.display()
	width := widths[len(widths)-1]
	height := max(1, int(int64(h)*int64(width)/int64(w)))
	// Scaled as stored, then turned: turning the copy is cheaper than
	// turning the whole.
	sw, sh := width, height
	if hdr.orientation >= 5 {
		sw, sh = height, width
	}
	return orient(shrink(img, sw, sh), hdr.orientation), nil
}

// shrink scales src down to w×h in steps that at most halve each side,
// each by bilinear interpolation: at half size that is the mean of each
// 2×2 square, so no source pixel is skipped (no aliasing), and nothing
// larger than a quarter of src is allocated. (draw.BiLinear, a kernel,
// holds a buffer of 32 bytes per pixel of w × src's height: 400 MB for a
// 48-megapixel photo, more than its decode.)
func shrink(src image.Image, w, h int) *image.RGBA {
	for {
		b := src.Bounds()
		sw, sh := max(w, (b.Dx()+1)/2), max(h, (b.Dy()+1)/2)
		dst := image.NewRGBA(image.Rect(0, 0, sw, sh))
		draw.ApproxBiLinear.Scale(dst, dst.Bounds(), src, b, draw.Src, nil)
		if sw == w && sh == h {
			return dst
		}
		src = dst
	}
}

// variantType is the content type of an image's scaled copy.
func variantType(original string) string {
	if original == "image/jpeg" {
		return "image/jpeg"
	}
	return "image/png"
}

// SVG elements and attribute values that would run script or load a
// document where the SVG is shown as a page or inline.
var unsafeSVGElements = map[string]bool{"script": true, "foreignobject": true, "iframe": true, "embed": true, "object": true,
	"handler": true, "listener": true}

func unsafeSVG(reason string) error {
	return &domain.Error{Code: domain.CodeUnsafeSVG, Message: "the SVG " + reason,
		Problems: domain.Problems{"file": domain.Rule("is an SVG that " + reason)}}
}

// checkSVG refuses an SVG with script, event handler attributes,
// javascript: links or data: URLs of other than raster images,
// foreignObject or embedded documents, an xml-stylesheet program, entity
// declarations (which could swell it), and a DTD of its own: its
// attribute defaults (<!ATTLIST svg onload …>) would add handlers the
// elements do not show. A DOCTYPE naming only an external DTD, as editors
// write it, is taken: browsers never fetch it.
func checkSVG(b []byte) error {
	if bytes.Contains(bytes.ToUpper(b), []byte("<!ENTITY")) {
		return unsafeSVG("declares entities")
	}
	dec := xml.NewDecoder(bytes.NewReader(b))
	dec.Strict = true
	seenRoot, seenDoctype := false, false
	for {
		tok, err := dec.Token()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			return invalidImage("the SVG is not well-formed XML: " + err.Error())
		}
		if pi, ok := tok.(xml.ProcInst); ok && strings.EqualFold(pi.Target, "xml-stylesheet") {
			// An XSLT program would turn the file, opened as a page, into
			// another document (HTML with script among them).
			return unsafeSVG("links a stylesheet program (xml-stylesheet)")
		}
		if d, ok := tok.(xml.Directive); ok {
			f := strings.Fields(string(d))
			if len(f) == 0 || !strings.EqualFold(f[0], "DOCTYPE") || seenDoctype || seenRoot || bytes.ContainsRune(d, '[') {
				return unsafeSVG("declares a DTD of its own (a DOCTYPE with declarations, or declarations outside one)")
			}
			seenDoctype = true
			continue
		}
		el, ok := tok.(xml.StartElement)
		if !ok {
			continue
		}
		local := strings.ToLower(el.Name.Local)
		if !seenRoot {
			seenRoot = true
			if local != "svg" {
				return invalidImage("the root element is not svg")
			}
		}
		if unsafeSVGElements[local] {
			return unsafeSVG("contains a " + el.Name.Local + " element")
		}
		for _, at := range el.Attr {
			name := strings.ToLower(at.Name.Local)
			if strings.HasPrefix(name, "on") {
				return unsafeSVG("has an event handler (" + at.Name.Local + ")")
			}
			v := strings.ToLower(strings.Map(func(r rune) rune {
				if r <= ' ' {
					return -1
				}
				return r
			}, at.Value))
			if strings.Contains(v, "javascript:") || strings.Contains(v, "vbscript:") || activeDataURL(v) {
				return unsafeSVG("links to script (" + at.Name.Local + ")")
			}
		}
	}
	if !seenRoot {
		return invalidImage("the SVG has no svg element")
	}
	return nil
}

// activeDataURL reports whether v holds a data: URL of anything but a
// raster image: HTML, XHTML, XML or SVG inside would be documents of their own.
func activeDataURL(v string) bool {
	for rest := v; ; {
		i := strings.Index(rest, "data:")
		if i < 0 {
			return false
		}
		word := i > 0 && rest[i-1] >= 'a' && rest[i-1] <= 'z' // "metadata:" is no URL
		rest = rest[i+len("data:"):]
		if word {
			continue
		}
		raster := false
		for _, t := range []string{"image/png", "image/jpeg", "image/gif", "image/webp"} {
			raster = raster || strings.HasPrefix(rest, t)
		}
		if !raster {
			return true
		}
	}
}

// svgSize reads the root's width and height (plain numbers or px), else
// its viewBox; nil when neither says.
func svgSize(b []byte) (*int, *int) {
	dec := xml.NewDecoder(bytes.NewReader(b))
	for {
		tok, err := dec.Token()
		if err != nil {
			return nil, nil
		}
		el, ok := tok.(xml.StartElement)
		if !ok {
			continue
		}
		var w, h, vb string
		for _, at := range el.Attr {
			switch at.Name.Local {
			case "width":
				w = at.Value
			case "height":
				h = at.Value
			case "viewBox":
				vb = at.Value
			}
		}
		num := func(s string) (int, bool) {
			f, err := strconv.ParseFloat(strings.TrimSuffix(strings.TrimSpace(s), "px"), 64)
			return int(f + 0.5), err == nil && f > 0 && f < 1e6
		}
		if wi, ok := num(w); ok {
			if hi, ok := num(h); ok {
				return &wi, &hi
			}
		}
		if f := strings.FieldsFunc(vb, func(r rune) bool { return r == ' ' || r == ',' }); len(f) == 4 {
			if wi, ok := num(f[2]); ok {
				if hi, ok := num(f[3]); ok {
					return &wi, &hi
				}
			}
		}
		return nil, nil
	}
}
