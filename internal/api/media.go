package api

import (
	"mime/multipart"
	"net/http"

	"github.com/strata-maps/strata/internal/access"
	"github.com/strata-maps/strata/internal/domain"
	"github.com/strata-maps/strata/internal/store"
)

// A client's media library (docs/api.md "Media"): uploads, the library's
// list and metadata, media templates, and the files served to members, to
// a map's readers and to a published map's readers.

// mediaRoutes registers the media calls. Members of the client read
// (guests too) and students and up change; a map's readers fetch the
// files the map uses.
func (s *Server) mediaRoutes(m routeTable) {
	h := mediaHandlers{Server: s, media: s.media}
	// A server without media storage answers each call 503, once the
	// caller's access is checked as with storage.
	onClient := func(role domain.Role, f clientHandler) http.HandlerFunc {
		if s.media == nil {
			f = func(http.ResponseWriter, *http.Request, domain.Actor, store.ClientSummary) error {
				return errMediaNotReady
			}
		}
		return s.onClient(role, f)
	}
	onMap := func(act access.Action, f mapHandler) http.HandlerFunc {
		if s.media == nil {
			f = func(http.ResponseWriter, *http.Request, domain.Actor, domain.Map) error { return errMediaNotReady }
		}
		return s.onMap(act, f)
	}
	handle := func(f handler) http.HandlerFunc {
		if s.media == nil {
			f = func(http.ResponseWriter, *http.Request) error { return errMediaNotReady }
		}
		return s.handle(f)
	}
	student, guest := domain.RoleStudent, domain.RoleGuest
	m.HandleFunc("GET /api/v1/clients/{name}/media", onClient(guest, h.listMedia))
	m.HandleFunc("POST /api/v1/clients/{name}/media", onClient(student, h.uploadMedia))
	m.HandleFunc("GET /api/v1/clients/{name}/media/stats", onClient(guest, h.mediaStats))
	m.HandleFunc("GET /api/v1/clients/{name}/media/templates", onClient(guest, h.listMediaTemplates))
	m.HandleFunc("POST /api/v1/clients/{name}/media/templates", onClient(student, h.createMediaTemplate))
	m.HandleFunc("PATCH /api/v1/clients/{name}/media/templates/{templateId}", onClient(student, h.patchMediaTemplate))
	m.HandleFunc("DELETE /api/v1/clients/{name}/media/templates/{templateId}", onClient(student, h.deleteMediaTemplate))
	m.HandleFunc("GET /api/v1/clients/{name}/media/{key}", onClient(guest, h.getMedia))
	m.HandleFunc("PATCH /api/v1/clients/{name}/media/{key}", onClient(student, h.patchMedia))
	m.HandleFunc("DELETE /api/v1/clients/{name}/media/{key}", onClient(student, h.deleteMedia))
	m.HandleFunc("GET /api/v1/clients/{name}/media/{key}/uses", onClient(guest, h.mediaUses))
	m.HandleFunc("PUT /api/v1/clients/{name}/media/{key}/file", onClient(student, h.replaceMediaFile))
	m.HandleFunc("GET /api/v1/clients/{name}/media/{key}/file", onClient(guest, h.clientMediaFile))
	m.HandleFunc("GET /api/v1/maps/{id}/media/{key}", onMap(access.Read, h.mapMediaFile))
	m.HandleFunc("GET /api/v1/public/maps/{url}/media/{key}", handle(h.publicMediaFile))
}

// mediaUpload documents an upload's form (the handler streams it).
type mediaUpload struct {
	File     multipart.File `formData:"file" required:"true" description:"The file; its type is decided from its bytes."`
	Metadata string         `formData:"metadata" description:"A JSON object of metadata fields (MediaMetadataPatch), applied after the template's."`
	Template int64          `formData:"template" description:"A media template's id whose metadata is applied first."`
}

// mediaFileUpload documents a replacement's form.
type mediaFileUpload struct {
	File multipart.File `formData:"file" required:"true" description:"The new file; the same checks as an upload."`
}

// mediaListQuery documents the library's list parameters.
type mediaListQuery struct {
	Q         string                `query:"q" description:"Words found in the title, keywords, search terms or name (case-insensitive)."`
	Type      domain.MediaType      `query:"type" description:"Only assets of this type."`
	Container domain.MediaContainer `query:"container" description:"Only assets meant for this container."`
	pageQuery
}

// mediaFileQuery documents a file's parameters.
type mediaFileQuery struct {
	W        int  `query:"w" description:"256, 1024 or 2048: an image's copy of this width (the original when the image is not wider)."`
	V        int  `query:"v" description:"The asset's version: with it the answer is cached for a year (the URL changes when the file does)."`
	Download bool `query:"download" description:"Answer as an attachment with the file's name."`
}

type mediaListAnswer struct {
	Media      []domain.MediaAsset `json:"media" nullable:"false"`
	NextCursor *string             `json:"next_cursor" required:"true"`
}

// mediaPatchRequest is a metadata change: the fields present replace the
// asset's (the handler applies the JSON as sent).
type mediaPatchRequest struct {
	Metadata domain.MediaMetadataPatch `json:"metadata" required:"true"`
}

type mediaTemplatesAnswer struct {
	Templates []domain.MediaTemplate `json:"templates" nullable:"false"`
}

// newMediaTemplateRequest creates a media template; its metadata are
// applied to empty metadata.
type newMediaTemplateRequest struct {
	Name     string                     `json:"name" required:"true"`
	Metadata *domain.MediaMetadataPatch `json:"metadata"`
}

// mediaTemplatePatchRequest renames a template or changes its metadata
// (the fields present replace the template's).
type mediaTemplatePatchRequest struct {
	Name     *string                    `json:"name"`
	Metadata *domain.MediaMetadataPatch `json:"metadata"`
}
