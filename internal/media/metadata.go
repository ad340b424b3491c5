package media

import (
	"bufio"
	"bytes"
	"encoding/binary"
	"errors"
	"io"
)

// Photos carry what their readers should not learn: the place (GPS), the
// camera's serial number, the owner's name, comments, edit histories
// (EXIF, XMP, IPTC, comment segments and chunks). withoutMetadata removes
// them from an image while it streams to storage, without decoding it:
// the stored original (what members and readers are served) keeps its
// pixels bit for bit and loses only that. A JPEG's orientation is kept,
// as a minimal EXIF holding that one tag, so that the photo still shows
// upright; its scaled copies are turned by it (makeVariants). Anything
// after the image's end (a phone's appended video or depth map) is
// dropped. Other types pass unchanged.
func withoutMetadata(r io.Reader, contentType string) io.Reader {
	var step func(*stripper) error
	switch contentType {
	case "image/jpeg":
		step = (*stripper).jpegStart
	case "image/png":
		step = (*stripper).pngStart
	case "image/webp":
		step = (*stripper).webpStart
	case "image/gif":
		step = (*stripper).gifStart
	default:
		return r
	}
	return &stripper{r: bufio.NewReaderSize(r, 64<<10), step: step}
}

// stripper is a pull parser: each step reads one segment (or chunk, or
// block) and queues what is kept; Read hands the queue out.
type stripper struct {
	r    *bufio.Reader
	step func(*stripper) error
	out  []byte
	// copyLeft bytes are passed through unread (a kept chunk's body);
	// zeroLeft zero bytes are written (a WebP chunk's data blanked).
	copyLeft, zeroLeft int64
	err                error
	// orientationKept: the JPEG's minimal EXIF was written already.
	orientationKept bool
}

func (s *stripper) Read(p []byte) (int, error) {
	for len(s.out) == 0 {
		if s.err != nil {
			return 0, s.err
		}
		if s.zeroLeft > 0 {
			n := int(min(int64(len(p)), s.zeroLeft))
			clear(p[:n])
			s.zeroLeft -= int64(n)
			return n, nil
		}
		if s.copyLeft > 0 {
			n, err := s.r.Read(p[:min(int64(len(p)), s.copyLeft)])
			s.copyLeft -= int64(n)
			if errors.Is(err, io.EOF) && s.copyLeft > 0 {
				err = errTruncated
			}
			if err != nil && !errors.Is(err, io.EOF) {
				s.err = err
			}
			if n > 0 {
				return n, nil
			}
			continue
		}
		if err := s.step(s); err != nil {
			if errors.Is(err, io.ErrUnexpectedEOF) || (errors.Is(err, io.EOF) && s.step != nil) {
				err = errTruncated
			}
			s.err = err
		}
	}
	n := copy(p, s.out)
	s.out = s.out[n:]
	return n, nil
}

// done ends the stream after what is queued.
func (s *stripper) done() error {
	s.step = nil
	return io.EOF
}

var errTruncated = invalidImage("the file ends before the image does")

// read reads exactly n bytes, for a header or a segment to look into.
func (s *stripper) read(n int) ([]byte, error) {
	b := make([]byte, n)
	if _, err := io.ReadFull(s.r, b); err != nil {
		return nil, err
	}
	return b, nil
}

// JPEG: segments up to the first scan, the entropy-coded data (in which
// 0xFF is followed by 0x00 or a restart marker), further segments between
// the scans of a progressive image, then EOI.

func (s *stripper) jpegStart() error {
	b, err := s.read(2)
	if err != nil {
		return err
	}
	if b[0] != 0xFF || b[1] != 0xD8 {
		return invalidImage("a JPEG must begin with its start marker")
	}
	s.out = b
	s.step = (*stripper).jpegMarker
	return nil
}

// jpegMarker reads the marker of the next segment and handles it.
func (s *stripper) jpegMarker() error {
	c, err := s.r.ReadByte()
	if err != nil {
		return err
	}
	if c != 0xFF {
		return invalidImage("a JPEG segment must begin with 0xFF")
	}
	m := byte(0xFF)
	for m == 0xFF { // fill bytes
		if m, err = s.r.ReadByte(); err != nil {
			return err
		}
	}
	return s.jpegSegment(m)
}

// jpegSegment handles the segment of marker m (its 0xFF read).
func (s *stripper) jpegSegment(m byte) error {
	switch {
	case m == 0xD9: // EOI: what follows is no part of the image
		s.out = []byte{0xFF, 0xD9}
		return s.done()
	case m == 0x01 || (m >= 0xD0 && m <= 0xD7): // no length
		s.out = []byte{0xFF, m}
		return nil
	case m == 0x00 || m == 0xD8:
		return invalidImage("a JPEG segment has a wrong marker")
	}
	lb, err := s.read(2)
	if err != nil {
		return err
	}
	n := int(binary.BigEndian.Uint16(lb))
	if n < 2 {
		return invalidImage("a JPEG segment has a wrong length")
	}
	body, err := s.read(n - 2)
	if err != nil {
		return err
	}
	if !keepJPEGSegment(m, body) {
		if m == 0xE1 && !s.orientationKept && bytes.HasPrefix(body, exifHeader) {
			if o := exifOrientation(body[len(exifHeader):]); o > 1 {
				s.out = orientationSegment(o)
				s.orientationKept = true
			}
		}
		return nil
	}
	s.out = append([]byte{0xFF, m, lb[0], lb[1]}, body...)
	if m == 0xDA { // SOS: the scan's data follows
		s.step = (*stripper).jpegScan
	}
	return nil
}

// keepJPEGSegment: every segment but the application ones (APPn) and
// comments, of which only JFIF (APP0), the colour profile (APP2
// ICC_PROFILE) and Adobe's colour transform (APP14) are needed to show
// the image as it was.
func keepJPEGSegment(m byte, body []byte) bool {
	switch {
	case m == 0xFE: // COM
		return false
	case m == 0xE0:
		return bytes.HasPrefix(body, []byte("JFIF\x00")) || bytes.HasPrefix(body, []byte("JFXX\x00"))
	case m == 0xE2:
		return bytes.HasPrefix(body, []byte("ICC_PROFILE\x00"))
	case m == 0xEE:
		return bytes.HasPrefix(body, []byte("Adobe"))
	case m >= 0xE1 && m <= 0xEF: // EXIF and XMP (APP1), IPTC (APP13), makers' own
		return false
	}
	return true
}

// jpegScan passes entropy-coded data through up to the next marker.
func (s *stripper) jpegScan() error {
	chunk, err := s.r.ReadSlice(0xFF)
	if errors.Is(err, bufio.ErrBufferFull) {
		s.out = append([]byte(nil), chunk...)
		return nil
	}
	if err != nil {
		return err
	}
	s.out = append([]byte(nil), chunk[:len(chunk)-1]...)
	next, err := s.r.ReadByte()
	for err == nil && next == 0xFF {
		next, err = s.r.ReadByte()
	}
	if err != nil {
		return err
	}
	if next == 0x00 || (next >= 0xD0 && next <= 0xD7) { // stuffed byte, restart
		s.out = append(s.out, 0xFF, next)
		return nil
	}
	s.step = (*stripper).jpegMarker
	head := s.out
	s.out = nil
	err = s.jpegSegment(next) // io.EOF after EOI: its bytes are queued still
	s.out = append(head, s.out...)
	return err
}

var exifHeader = []byte("Exif\x00\x00")

// exifOrientation reads the Orientation tag (0x0112) of IFD0 from a TIFF
// structure; 1 (as stored) when it says nothing readable.
func exifOrientation(tiff []byte) int {
	if len(tiff) < 8 {
		return 1
	}
	var bo binary.ByteOrder
	switch string(tiff[:2]) {
	case "II":
		bo = binary.LittleEndian
	case "MM":
		bo = binary.BigEndian
	default:
		return 1
	}
	off := int64(bo.Uint32(tiff[4:8]))
	if off < 8 || off+2 > int64(len(tiff)) {
		return 1
	}
	n := int64(bo.Uint16(tiff[off:]))
	for i := range n {
		e := off + 2 + 12*i
		if e+12 > int64(len(tiff)) {
			return 1
		}
		if bo.Uint16(tiff[e:]) == 0x0112 && bo.Uint16(tiff[e+2:]) == 3 {
			if o := int(bo.Uint16(tiff[e+8:])); o >= 1 && o <= 8 {
				return o
			}
			return 1
		}
	}
	return 1
}

// orientationSegment is an APP1 EXIF segment holding only Orientation o.
func orientationSegment(o int) []byte {
	tiff := []byte{'M', 'M', 0, 42, 0, 0, 0, 8, // header, IFD0 at 8
		0, 1, // one entry
		0x01, 0x12, 0, 3, 0, 0, 0, 1, 0, byte(o), 0, 0, // Orientation, SHORT, 1
		0, 0, 0, 0} // no next IFD
	body := append(append([]byte{}, exifHeader...), tiff...)
	return append([]byte{0xFF, 0xE1, byte((len(body) + 2) >> 8), byte(len(body) + 2)}, body...)
}

// PNG: the signature, then chunks (length, type, data, CRC) up to IEND.
// Text chunks (tEXt, zTXt, iTXt: comments, XMP), EXIF (eXIf) and the
// time of the last change (tIME) go.

var pngSignature = []byte("\x89PNG\r\n\x1a\n")

func (s *stripper) pngStart() error {
	b, err := s.read(8)
	if err != nil {
		return err
	}
	if !bytes.Equal(b, pngSignature) {
		return invalidImage("a PNG must begin with its signature")
	}
	s.out = b
	s.step = (*stripper).pngChunk
	return nil
}

func (s *stripper) pngChunk() error {
	head, err := s.read(8)
	if err != nil {
		return err
	}
	n := int64(binary.BigEndian.Uint32(head)) + 4 // with the CRC
	if n > 1<<31+4 {
		return invalidImage("a PNG chunk is too long")
	}
	switch string(head[4:8]) {
	case "tEXt", "zTXt", "iTXt", "eXIf", "tIME":
		if _, err := io.CopyN(io.Discard, s.r, n); err != nil {
			return err
		}
		return nil
	case "IEND":
		body, err := s.read(int(min(n, 64)))
		if err != nil {
			return err
		}
		s.out = append(head, body...)
		return s.done()
	}
	s.out, s.copyLeft = head, n
	return nil
}

// WebP: a RIFF container whose size comes first, so the EXIF and XMP
// chunks cannot be dropped while streaming: their data is zeroed and
// their type made JUNK (unknown chunks are skipped by every reader), and
// the extended header's flags no longer announce them.

func (s *stripper) webpStart() error {
	b, err := s.read(12)
	if err != nil {
		return err
	}
	if string(b[:4]) != "RIFF" || string(b[8:12]) != "WEBP" {
		return invalidImage("a WebP must be a RIFF WEBP file")
	}
	s.out = b
	s.copyLeft = 0
	left := int64(binary.LittleEndian.Uint32(b[4:8])) - 4
	s.step = func(s *stripper) error { return s.webpChunk(&left) }
	return nil
}

func (s *stripper) webpChunk(left *int64) error {
	if *left <= 0 {
		return s.done()
	}
	head, err := s.read(8)
	if err != nil {
		return err
	}
	n := int64(binary.LittleEndian.Uint32(head[4:8]))
	n += n & 1 // padded to even
	*left -= 8 + n
	if *left < 0 {
		return invalidImage("a WebP chunk runs past the file's end")
	}
	switch string(head[:4]) {
	case "VP8X":
		if n != 10 {
			return invalidImage("a WebP's extended header has a wrong length")
		}
		body, err := s.read(int(n))
		if err != nil {
			return err
		}
		if len(body) > 0 {
			body[0] &^= 0x08 | 0x04 // EXIF, XMP
		}
		s.out = append(head, body...)
	case "EXIF", "XMP ":
		if _, err := io.CopyN(io.Discard, s.r, n); err != nil {
			return err
		}
		copy(head, "JUNK")
		s.out, s.zeroLeft = head, n
	default:
		s.out, s.copyLeft = head, n
	}
	return nil
}

// GIF: the header and colour table, then blocks: images (kept),
// extensions, of which comments and applications other than looping
// (NETSCAPE2.0, ANIMEXTS1.0; XMP is one) go, up to the trailer.

func (s *stripper) gifStart() error {
	b, err := s.read(13)
	if err != nil {
		return err
	}
	if string(b[:3]) != "GIF" {
		return invalidImage("a GIF must begin with GIF")
	}
	if b[10]&0x80 != 0 { // global colour table
		t, err := s.read(3 << (b[10]&7 + 1))
		if err != nil {
			return err
		}
		b = append(b, t...)
	}
	s.out = b
	s.step = (*stripper).gifBlock
	return nil
}

func (s *stripper) gifBlock() error {
	c, err := s.r.ReadByte()
	if err != nil {
		return err
	}
	switch c {
	case 0x3B: // trailer
		s.out = []byte{c}
		return s.done()
	case 0x2C: // image: descriptor, local colour table, LZW size, data
		d, err := s.read(9)
		if err != nil {
			return err
		}
		out := append([]byte{c}, d...)
		if d[8]&0x80 != 0 {
			t, err := s.read(3 << (d[8]&7 + 1))
			if err != nil {
				return err
			}
			out = append(out, t...)
		}
		lzw, err := s.r.ReadByte()
		if err != nil {
			return err
		}
		s.out = append(out, lzw)
		s.step = func(s *stripper) error { return s.gifSubBlock(true) }
		return nil
	case 0x21:
		label, err := s.r.ReadByte()
		if err != nil {
			return err
		}
		// The first sub-block names an application extension.
		n, err := s.r.ReadByte()
		if err != nil {
			return err
		}
		first, err := s.read(int(n))
		if err != nil {
			return err
		}
		app := label == 0xFF && (string(first) == "NETSCAPE2.0" || string(first) == "ANIMEXTS1.0")
		keep := label == 0xF9 || label == 0x01 || app // graphic control, plain text, looping
		if keep {
			s.out = append([]byte{c, label, n}, first...)
		}
		if n == 0 {
			return nil
		}
		s.step = func(s *stripper) error { return s.gifSubBlock(keep) }
		return nil
	}
	return invalidImage("a GIF block has a wrong introducer")
}

// gifSubBlock passes one data sub-block through (or drops it); the
// terminator ends the block.
func (s *stripper) gifSubBlock(keep bool) error {
	n, err := s.r.ReadByte()
	if err != nil {
		return err
	}
	if n == 0 {
		s.step = (*stripper).gifBlock
	}
	if !keep {
		_, err := io.CopyN(io.Discard, s.r, int64(n))
		return err
	}
	s.out, s.copyLeft = []byte{n}, int64(n)
	return nil
}
