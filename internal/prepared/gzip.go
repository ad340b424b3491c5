package prepared

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"hash/crc32"
	"io"
	"sync"

	"github.com/klauspost/compress/flate"
)

// A gzip stream may carry its data in any number of deflate blocks. Each
// piece of the document (its head, each chunk of elements, the lists'
// brackets) is compressed on its own, without a dictionary from the piece
// before, and ended with a sync flush, which leaves it on a byte boundary:
// the pieces concatenate into one valid deflate stream, closed by an empty
// final block. The gzip trailer's CRC-32 is combined from the pieces'.

// finalBlock is an empty stored block with the final bit set.
var finalBlock = []byte{0x01, 0x00, 0x00, 0xff, 0xff}

// gzipHeader has no name, no time, and "unknown" as the operating system.
var gzipHeader = []byte{0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 0xff}

// packed is a piece's compressed bytes with the CRC-32 and length of what
// they decompress to.
type packed struct {
	gz   []byte
	crc  uint32
	size int64
}

// compressor packs pieces at one level, reusing its deflate writers.
type compressor struct {
	level   int
	writers sync.Pool
}

func newCompressor(level int) *compressor {
	return &compressor{level: level}
}

// pack compresses raw into a piece that ends on a byte boundary.
func (c *compressor) pack(raw []byte) (packed, error) {
	var buf bytes.Buffer
	buf.Grow(len(raw)/6 + 64)
	w, _ := c.writers.Get().(*flate.Writer)
	if w == nil {
		var err error
		if w, err = flate.NewWriter(&buf, c.level); err != nil {
			return packed{}, fmt.Errorf("deflate at level %d: %w", c.level, err)
		}
	} else {
		w.Reset(&buf)
	}
	defer c.writers.Put(w)
	if _, err := w.Write(raw); err != nil {
		return packed{}, fmt.Errorf("deflate: %w", err)
	}
	if err := w.Flush(); err != nil {
		return packed{}, fmt.Errorf("deflate: %w", err)
	}
	return packed{gz: buf.Bytes(), crc: crc32.ChecksumIEEE(raw), size: int64(len(raw))}, nil
}

// gzipLength is the length of the gzip stream of the pieces.
func gzipLength(pieces []*packed) int64 {
	n := int64(len(gzipHeader) + len(finalBlock) + 8)
	for _, p := range pieces {
		n += int64(len(p.gz))
	}
	return n
}

// writeGzip writes the pieces as one gzip stream.
func writeGzip(w io.Writer, pieces []*packed, crc uint32, size int64) error {
	if _, err := w.Write(gzipHeader); err != nil {
		return err
	}
	for _, p := range pieces {
		if _, err := w.Write(p.gz); err != nil {
			return err
		}
	}
	var trailer [13]byte
	copy(trailer[:], finalBlock)
	binary.LittleEndian.PutUint32(trailer[5:], crc)
	binary.LittleEndian.PutUint32(trailer[9:], uint32(size)) // the length modulo 2³², as gzip has it
	_, err := w.Write(trailer[:])
	return err
}

// combineCRC is the CRC-32 (IEEE) of the pieces' data one after the other.
func combineCRC(pieces []*packed) (crc uint32, size int64) {
	for _, p := range pieces {
		crc = crc32Combine(crc, p.crc, p.size)
		size += p.size
	}
	return crc, size
}

// crc32Combine answers the CRC-32 of A followed by B from crcA, crcB and
// B's length, as zlib's crc32_combine does: crcA is multiplied by x^(8·lenB)
// modulo the polynomial, in O(log lenB) steps. Go's hash/crc32 has no
// such function.
func crc32Combine(crcA, crcB uint32, lenB int64) uint32 {
	if lenB <= 0 {
		return crcA
	}
	return multModP(xPow2NModP(lenB, 3), crcA) ^ crcB
}

const crcPoly = 0xedb88320 // IEEE, reflected

// multModP multiplies a and b modulo the polynomial (reflected bits).
func multModP(a, b uint32) uint32 {
	m := uint32(1) << 31
	var p uint32
	for {
		if a&m != 0 {
			p ^= b
			if a&(m-1) == 0 {
				break
			}
		}
		m >>= 1
		if b&1 != 0 {
			b = b>>1 ^ crcPoly
		} else {
			b >>= 1
		}
	}
	return p
}

// xPow2N[k] is x^(2^k) modulo the polynomial.
var xPow2N = func() (t [32]uint32) {
	p := uint32(1) << 30 // x¹
	t[0] = p
	for k := 1; k < 32; k++ {
		p = multModP(p, p)
		t[k] = p
	}
	return t
}()

// xPow2NModP is x^(n·2^k) modulo the polynomial.
func xPow2NModP(n int64, k uint) uint32 {
	p := uint32(1) << 31 // x⁰
	for n != 0 {
		if n&1 != 0 {
			p = multModP(xPow2N[k&31], p)
		}
		n >>= 1
		k++
	}
	return p
}
