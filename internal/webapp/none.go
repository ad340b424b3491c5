//go:build !webdist

// Package webapp holds the built web app. Without the webdist build tag (as
// in `go test ./...`, before any web build) there is none, and the server
// says so instead of serving a page.
package webapp

import "io/fs"

// Dist returns nil: this binary was built without the web app.
func Dist() fs.FS { return nil }
