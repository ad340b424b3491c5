package api

import (
	"encoding/json"
	"errors"
	"mime"
	"mime/multipart"
	"net/http"
	"strconv"
	"strings"
	"time"

	"github.com/klauspost/compress/gzhttp"

	"github.com/strata-maps/strata/internal/domain"
	"github.com/strata-maps/strata/internal/media"
	"github.com/strata-maps/strata/internal/store"
)

// The media handlers translate HTTP to internal/media and back.

var errMediaNotReady = domain.Errorf(domain.CodeUnavailable, "media storage is not set up")

// mediaHandlers are the media calls, given the media service once, when
// the routes are made (mediaRoutes registers them only with one).
type mediaHandlers struct {
	*Server
	media *media.Service
}

// uploadForm opens the request's multipart form as a stream. A large file
// may take longer than the server's read timeout: the upload gets an hour.
func uploadForm(w http.ResponseWriter, r *http.Request) (*multipart.Reader, error) {
	mt, params, err := mime.ParseMediaType(r.Header.Get("Content-Type"))
	if err != nil || mt != "multipart/form-data" || params["boundary"] == "" {
		return nil, &domain.Error{Code: domain.CodeFileMissing, Message: "send the file as multipart/form-data, in the field file",
			Problems: domain.Problems{"file": domain.Required()}}
	}
	_ = http.NewResponseController(w).SetReadDeadline(time.Now().Add(time.Hour)) // not every writer can; the default stays
	return multipart.NewReader(r.Body, params["boundary"]), nil
}

func (h mediaHandlers) listMedia(w http.ResponseWriter, r *http.Request, a domain.Actor, cs store.ClientSummary) error {
	page, err := readPage(r)
	if err != nil {
		return err
	}
	q := r.URL.Query()
	list, next, err := h.media.List(r.Context(), cs.ID, media.ListQuery{Q: q.Get("q"), Type: domain.MediaType(q.Get("type")),
		Container: domain.MediaContainer(q.Get("container")), Page: page})
	if err != nil {
		return err
	}
	for i := range list {
		list[i] = media.WithURLs(list[i], cs.Name)
	}
	writeJSON(w, http.StatusOK, mediaListAnswer{Media: list, NextCursor: next})
	return nil
}

func (h mediaHandlers) uploadMedia(w http.ResponseWriter, r *http.Request, a domain.Actor, cs store.ClientSummary) error {
	form, err := uploadForm(w, r)
	if err != nil {
		return err
	}
	asset, err := h.media.Upload(r.Context(), a, cs.ID, form)
	if err != nil {
		return bodyLimitError(err)
	}
	writeJSON(w, http.StatusCreated, media.WithURLs(asset, cs.Name))
	return nil
}

// bodyLimitError answers a body cut at the server's bound as too large.
func bodyLimitError(err error) error {
	var tooLarge *http.MaxBytesError
	if errors.As(err, &tooLarge) {
		return domain.Errorf(domain.CodeTooLarge, "the body is larger than %d bytes", tooLarge.Limit)
	}
	return err
}

func (h mediaHandlers) replaceMediaFile(w http.ResponseWriter, r *http.Request, a domain.Actor, cs store.ClientSummary) error {
	if _, err := h.media.Get(r.Context(), cs.ID, r.PathValue("key")); err != nil {
		return err
	}
	form, err := uploadForm(w, r)
	if err != nil {
		return err
	}
	asset, err := h.media.Replace(r.Context(), a, cs.ID, r.PathValue("key"), form)
	if err != nil {
		return bodyLimitError(err)
	}
	writeJSON(w, http.StatusOK, media.WithURLs(asset, cs.Name))
	return nil
}

func (h mediaHandlers) mediaStats(w http.ResponseWriter, r *http.Request, a domain.Actor, cs store.ClientSummary) error {
	st, err := h.media.Stats(r.Context(), cs.ID)
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, st)
	return nil
}

func (h mediaHandlers) getMedia(w http.ResponseWriter, r *http.Request, a domain.Actor, cs store.ClientSummary) error {
	asset, err := h.media.Get(r.Context(), cs.ID, r.PathValue("key"))
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, media.WithURLs(asset, cs.Name))
	return nil
}

func (h mediaHandlers) patchMedia(w http.ResponseWriter, r *http.Request, a domain.Actor, cs store.ClientSummary) error {
	var req struct {
		Metadata json.RawMessage `json:"metadata"`
	}
	if err := decodeJSON(w, r, &req); err != nil {
		return err
	}
	if len(req.Metadata) == 0 {
		return &domain.Error{Code: domain.CodeInvalid, Message: "metadata is required", Problems: domain.Problems{"metadata": domain.Required()}}
	}
	asset, err := h.media.PatchMetadata(r.Context(), cs.ID, r.PathValue("key"), req.Metadata)
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, media.WithURLs(asset, cs.Name))
	return nil
}

func (h mediaHandlers) deleteMedia(w http.ResponseWriter, r *http.Request, a domain.Actor, cs store.ClientSummary) error {
	if err := h.media.Delete(r.Context(), cs.ID, r.PathValue("key")); err != nil {
		return err
	}
	w.WriteHeader(http.StatusNoContent)
	return nil
}

// mediaUsesAnswer lists where the client's maps use an asset (never null:
// the store answers an empty list).
type mediaUsesAnswer struct {
	Uses []domain.MediaUse `json:"uses" nullable:"false"`
}

func (h mediaHandlers) mediaUses(w http.ResponseWriter, r *http.Request, a domain.Actor, cs store.ClientSummary) error {
	uses, err := h.media.Uses(r.Context(), cs.ID, r.PathValue("key"))
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, mediaUsesAnswer{Uses: uses})
	return nil
}

func (h mediaHandlers) listMediaTemplates(w http.ResponseWriter, r *http.Request, a domain.Actor, cs store.ClientSummary) error {
	ts, err := h.media.Templates(r.Context(), cs.ID)
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, mediaTemplatesAnswer{Templates: ts})
	return nil
}

func (h mediaHandlers) createMediaTemplate(w http.ResponseWriter, r *http.Request, a domain.Actor, cs store.ClientSummary) error {
	var req struct {
		Name     string          `json:"name"`
		Metadata json.RawMessage `json:"metadata"`
	}
	if err := decodeJSON(w, r, &req); err != nil {
		return err
	}
	t, err := h.media.CreateTemplate(r.Context(), cs.ID, req.Name, req.Metadata)
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusCreated, t)
	return nil
}

func templateID(r *http.Request) (int64, error) {
	id, err := strconv.ParseInt(r.PathValue("templateId"), 10, 64)
	if err != nil || id <= 0 {
		return 0, domain.Errorf(domain.CodeNotFound, "media template not found")
	}
	return id, nil
}

func (h mediaHandlers) patchMediaTemplate(w http.ResponseWriter, r *http.Request, a domain.Actor, cs store.ClientSummary) error {
	id, err := templateID(r)
	if err != nil {
		return err
	}
	var req struct {
		Name     *string         `json:"name"`
		Metadata json.RawMessage `json:"metadata"`
	}
	if err := decodeJSON(w, r, &req); err != nil {
		return err
	}
	t, err := h.media.PatchTemplate(r.Context(), cs.ID, id, req.Name, req.Metadata)
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, t)
	return nil
}

func (h mediaHandlers) deleteMediaTemplate(w http.ResponseWriter, r *http.Request, a domain.Actor, cs store.ClientSummary) error {
	id, err := templateID(r)
	if err != nil {
		return err
	}
	if err := h.media.DeleteTemplate(r.Context(), cs.ID, id); err != nil {
		return err
	}
	w.WriteHeader(http.StatusNoContent)
	return nil
}

func (h mediaHandlers) clientMediaFile(w http.ResponseWriter, r *http.Request, a domain.Actor, cs store.ClientSummary) error {
	asset, err := h.media.Get(r.Context(), cs.ID, r.PathValue("key"))
	if err != nil {
		return err
	}
	return h.serveMedia(w, r, asset, nil)
}

func (h mediaHandlers) mapMediaFile(w http.ResponseWriter, r *http.Request, a domain.Actor, m domain.Map) error {
	asset, err := h.media.MapAsset(r.Context(), m, r.PathValue("key"))
	if err != nil {
		return err
	}
	return h.serveMedia(w, r, asset, nil)
}

func (h mediaHandlers) publicMediaFile(w http.ResponseWriter, r *http.Request) error {
	p, err := h.publishedFor(r, r.PathValue("url"))
	if err != nil {
		return err
	}
	if p.Live == nil {
		return domain.Errorf(domain.CodeNotFound, "media asset not found")
	}
	m, err := h.store.MapByID(r.Context(), p.MapID)
	if err != nil {
		return err
	}
	asset, err := h.media.PublishedAsset(r.Context(), m.ClientID, p.Live.ID,
		func() ([]byte, error) { return h.publishing.ReaderDocument(r.Context(), p) }, r.PathValue("key"))
	if err != nil {
		return err
	}
	return h.serveMedia(w, r, asset, p.EmbedDomains)
}

// serveMedia answers an asset's file: ETag, long caching when the URL
// names the version, ranges, and SVG sandboxed. Only Strata's pages may
// show it in a frame, and the sites a published map is embedded in
// (embedDomains), as for the map's page: frame-ancestors checks every
// frame up to the top.
func (mh mediaHandlers) serveMedia(w http.ResponseWriter, r *http.Request, asset domain.MediaAsset, embedDomains []string) error {
	q := r.URL.Query()
	width := 0
	if v := q.Get("w"); v != "" {
		n, err := strconv.Atoi(v)
		if err != nil {
			return &domain.Error{Code: domain.CodeInvalid, Message: "w must be 256, 1024 or 2048",
				Problems: domain.Problems{"w": domain.NotAllowed("256", "1024", "2048")}}
		}
		width = n
	}
	f, err := mh.media.Open(r.Context(), asset, width)
	if err != nil {
		return err
	}
	defer f.Close()
	h := w.Header()
	// Sent as stored: the API's gzip would drop Accept-Ranges from SVG and
	// PDF answers and send other bytes under the file's ETag.
	h.Set(gzhttp.HeaderNoCompression, "1")
	h.Set("Content-Type", f.ContentType)
	h.Set("ETag", `"`+f.Tag+`"`)
	h.Set("X-Content-Type-Options", "nosniff")
	if q.Get("v") == strconv.Itoa(asset.Version) {
		h.Set("Cache-Control", "private, max-age=31536000, immutable")
	} else {
		h.Set("Cache-Control", "private, no-cache")
	}
	ancestors := "; frame-ancestors " + strings.Join(append([]string{"'self'"}, embedDomains...), " ")
	if asset.Type == domain.MediaVector {
		h.Set("Content-Security-Policy", "sandbox; default-src 'none'; style-src 'unsafe-inline'"+ancestors)
	} else {
		h.Set("Content-Security-Policy", "default-src 'none'; sandbox"+ancestors)
	}
	if len(embedDomains) == 0 {
		// For browsers without frame-ancestors; it cannot name other sites.
		h.Set("X-Frame-Options", "SAMEORIGIN")
	}
	if q.Get("download") == "1" || q.Get("download") == "true" {
		h.Set("Content-Disposition", mime.FormatMediaType("attachment", map[string]string{"filename": asset.Name}))
	} else {
		h.Set("Content-Disposition", "inline")
	}
	http.ServeContent(w, r, "", f.ModTime(), f)
	return nil
}
