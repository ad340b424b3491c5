// Package noexit holds one test: no request can end the process.
//
// A handler's panic is caught (ServeHTTP recovers, net/http too), but
// os.Exit and log.Fatal are not: github.com/nickng/bibtex called
// log.Fatalf on a field naming an undefined macro, and one 70-byte upload
// stopped every instance. The test builds the server's call graph from its
// entry points and fails on any path to os.Exit, log.Fatal*, log.Panic* or
// a panic of our own, whichever package the path runs through; and on a
// parser of what clients send (images, SVG, HTML, frames, BibTeX) called
// from a goroutine we start, where no recover stands between its panic
// and the process.
package noexit
