package prepared

import (
	"bytes"
	"compress/gzip"
	"hash/crc32"
	"io"
	"math/rand/v2"
	"testing"
)

// The combined CRC is the CRC of the data one after the other, at any
// lengths, zero included.
func TestCRC32CombineIsTheCRCOfTheConcatenation(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for _, n := range []int{0, 1, 3, 64, 1000, 70000} {
		a, b := make([]byte, rng.IntN(5000)), make([]byte, n)
		for i := range a {
			a[i] = byte(rng.Uint32())
		}
		for i := range b {
			b[i] = byte(rng.Uint32())
		}
		want := crc32.ChecksumIEEE(append(append([]byte(nil), a...), b...))
		if got := crc32Combine(crc32.ChecksumIEEE(a), crc32.ChecksumIEEE(b), int64(len(b))); got != want {
			t.Errorf("%d+%d bytes: %08x, want %08x", len(a), n, got, want)
		}
	}
}

// Pieces compressed on their own make one gzip stream that any reader
// takes (Go's checks the CRC and length), with the length announced.
func TestPiecesMakeOneGzipStream(t *testing.T) {
	c := newCompressor(tightLevel)
	var want []byte
	var pieces []*packed
	for _, s := range []string{`{"a":[`, "", `1,2,3`, string(bytes.Repeat([]byte(`{"x":"yes"},`), 9000)), `]}`} {
		p, err := c.pack([]byte(s))
		if err != nil {
			t.Fatal(err)
		}
		pieces = append(pieces, &p)
		want = append(want, s...)
	}
	crc, size := combineCRC(pieces)
	var out bytes.Buffer
	if err := writeGzip(&out, pieces, crc, size); err != nil {
		t.Fatal(err)
	}
	if int64(out.Len()) != gzipLength(pieces) {
		t.Fatalf("wrote %d bytes, announced %d", out.Len(), gzipLength(pieces))
	}
	r, err := gzip.NewReader(&out)
	if err != nil {
		t.Fatal(err)
	}
	got, err := io.ReadAll(r)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, want) {
		t.Fatalf("got %d bytes, want %d", len(got), len(want))
	}
}
