package prepared

import (
	"io"
)

// Answer is a map's document at one revision, ready to be written. It is
// never changed, and may be written by any number of requests at once.
type Answer struct {
	Revision int64
	head     []byte // raw: the pieces between the lists are constants
	nodes    []*chunk
	edges    []*chunk
	pieces   []*packed // head, node chunks, between, edge chunks, end
	crc      uint32
	size     int64
}

// GzipLength is the length of what WriteGzip writes.
func (a *Answer) GzipLength() int64 { return gzipLength(a.pieces) }

// Size is the length of the document's JSON.
func (a *Answer) Size() int64 { return a.size }

// WriteGzip writes the document as a gzip stream.
func (a *Answer) WriteGzip(w io.Writer) error { return writeGzip(w, a.pieces, a.crc, a.size) }

// WriteJSON writes the document uncompressed, for a client that takes no
// gzip.
func (a *Answer) WriteJSON(w io.Writer) error {
	buf := make([]byte, 0, 2*chunkTarget)
	write := func(b []byte) error {
		_, err := w.Write(b)
		return err
	}
	if err := write(a.head); err != nil {
		return err
	}
	for i, list := range [][]*chunk{a.nodes, a.edges} {
		for _, c := range list {
			if err := write(c.appendRaw(buf[:0])); err != nil {
				return err
			}
		}
		if err := write([]byte(separators[i])); err != nil {
			return err
		}
	}
	return nil
}
