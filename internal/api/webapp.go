package api

import (
	"errors"
	"io/fs"
	"net/http"
	"path"
	"strings"
)

// newWebApp serves the built single-page app: hashed files under /assets/
// are cached for good, other files briefly, and every other path gets
// index.html so that the app's router decides. Paths under /api/ never get
// here (ServeHTTP routes them first).
func newWebApp(dist fs.FS) http.Handler {
	if dist == nil {
		return http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) {
			http.Error(w, "This strata binary was built without its web app. Build it with `make build` (which runs the web build and embeds it).", http.StatusServiceUnavailable)
		})
	}
	files := http.FileServerFS(dist)
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Method != http.MethodGet && r.Method != http.MethodHead {
			w.Header().Set("Allow", "GET, HEAD")
			http.Error(w, "method not allowed", http.StatusMethodNotAllowed)
			return
		}
		name := strings.TrimPrefix(path.Clean(r.URL.Path), "/")
		if strings.HasPrefix(name, "assets/") {
			// Vite puts a content hash in every asset's name: it never changes.
			if st, err := fs.Stat(dist, name); err != nil || st.IsDir() {
				http.NotFound(w, r) // a missing asset must not get the app shell
				return
			}
			w.Header().Set("Cache-Control", "public, max-age=31536000, immutable")
			files.ServeHTTP(w, r)
			return
		}
		if name != "" && name != "index.html" {
			if st, err := fs.Stat(dist, name); err == nil && !st.IsDir() {
				w.Header().Set("Cache-Control", "public, max-age=3600")
				files.ServeHTTP(w, r)
				return
			} else if err != nil && !errors.Is(err, fs.ErrNotExist) {
				http.Error(w, "cannot read the web app", http.StatusInternalServerError)
				return
			}
		}
		// The app shell must be revalidated so that a new release is picked up.
		w.Header().Set("Cache-Control", "no-cache")
		http.ServeFileFS(w, r, dist, "index.html")
	})
}
