package api

import "testing"

// The prepared document is sent compressed only to a client that takes
// gzip: a weight of zero refuses it.
func TestAcceptsGzip(t *testing.T) {
	for header, want := range map[string]bool{
		"": false, "gzip": true, "deflate, gzip;q=0.5": true, "br, GZIP": true, "*": true, "x-gzip": true,
		"gzip;q=0": false, "gzip; q=0.0, deflate": false, "identity": false, "deflate, br": false, "gzipped": false,
	} {
		if got := acceptsGzip([]string{header}); got != want {
			t.Errorf("Accept-Encoding %q: %v, want %v", header, got, want)
		}
	}
}
