//go:build webdist

// Package webapp holds the built web app. Built with the webdist tag (as
// `make build` does), it embeds web/'s Vite build output from ./dist.
package webapp

import (
	"embed"
	"io/fs"
)

//go:embed all:dist
var dist embed.FS

// Dist returns the built web app, rooted at its index.html.
func Dist() fs.FS {
	sub, err := fs.Sub(dist, "dist")
	if err != nil {
		panic(err) // "dist" is a literal directory of the embed above
	}
	return sub
}
