package api

import (
	"net/http"
	"slices"

	"github.com/strata-maps/strata/internal/accounts"
	"github.com/strata-maps/strata/internal/domain"
	"github.com/strata-maps/strata/internal/editing"
	"github.com/strata-maps/strata/internal/publishing"
)

// mapDocument is the whole document of a map (GET /maps/{id}), as
// appendDocument streams it. Its lists are never null: document.Append
// writes nodes and edges as arrays and fills the templates, and the store
// makes a layer of every level (domain.Layers).
type mapDocument struct {
	Map             editing.MapSettings       `json:"map"`
	Nodes           []domain.Node             `json:"nodes" nullable:"false"`
	Edges           []domain.Edge             `json:"edges" nullable:"false"`
	ObjectTemplates []domain.ObjectTemplate   `json:"object_templates" nullable:"false"`
	GlobalDesign    map[string]map[string]any `json:"global_design"`
	Layers          []domain.Layer            `json:"layers" nullable:"false"`
	Revision        int64                     `json:"revision"`
}

// publicMapDocument is a published map's live version as readers get it:
// the document with what readers are shown, and the version's sections.
type publicMapDocument struct {
	mapDocument
	publishing.ReaderSections
}

// liveQuery names the map whose live channel a socket joins.
type liveQuery struct {
	MapID      int64  `query:"map_id" required:"true"`
	ClientSlug string `query:"client_slug" description:"The map's client, as the page's address names it."`
}

// changeType is a change log row's type (editing.Type*), so that the
// description lists them; CheckAnswer holds every change the API tests see
// to the list.
type changeType string

// Enum lists the change types (jsonschema-go's Enum).
func (changeType) Enum() []any {
	var out []any
	for _, t := range slices.Concat(editingChangeTypes, publishingChangeTypes) {
		out = append(out, t)
	}
	return out
}

// editingChangeTypes are the changes of the document's editing;
// publishingChangeTypes those of publishing, which also move the live
// state (the editor treats them apart). The description lists both.
var (
	editingChangeTypes = []string{
		editing.TypeMap, editing.TypeNodePosition, editing.TypeNodeRemoved, editing.TypeNodeCloned,
		editing.TypeNodeCreated, editing.TypeNodeDesign, editing.TypeNodeContent, editing.TypeNodeVisibility,
		editing.TypeNodeHidden, editing.TypeNodeLocked, editing.TypeNodeOrder, editing.TypeNodeTemplates,
		editing.TypeEdgeCreated, editing.TypeEdgeRemoved, editing.TypeEdgeAllRemoved, editing.TypeEdgeDesign,
		editing.TypeEdgeContent, editing.TypeEdgeVisibility, editing.TypeEdgeLocked, editing.TypeEdgeTemplates,
		editing.TypeGlobalDesign, editing.TypeObjectTemplate, editing.TypeLayerRemoved, editing.TypeLayerHidden,
		editing.TypeLayerLocked, editing.TypeElementsRestored,
		editing.TypeEditorsNote, editing.TypeGlossary, editing.TypeReferences, editing.TypeHeader, editing.TypeTOC,
		editing.TypeSocialSharing, editing.TypeCookieConsent, editing.TypeQuiz, editing.TypeQuizRemoved,
	}
	publishingChangeTypes = []string{editing.TypeMapPublished, editing.TypeMapReset, editing.TypeStateRestored}
)

// mediaFileDescription is how every media file is served.
const mediaFileDescription = "ETag; Cache-Control private, max-age=31536000, immutable with v; range requests (206); " +
	"X-Content-Type-Options: nosniff; SVG with a sandboxing Content-Security-Policy."

// operations is the contract of /api/v1 (see operation). Every route of
// routes.go is here (contract_test.go holds the list to the route table).
var operations = []operation{
	{method: "GET", path: "/api/v1/openapi.json", tag: "api", summary: "This description of the API, as OpenAPI 3.1",
		status: http.StatusOK, out: new(map[string]any)},

	// The live channel (docs/live-protocol.md).
	{method: "GET", path: "/api/v1/live", tag: "live", summary: "Upgrade to the live channel's WebSocket",
		query: new(liveQuery), status: http.StatusSwitchingProtocols,
		description: "JSON text frames {event, data}: the client sends LiveClientFrame, the server sends LiveServerFrame " +
			"(see the schemas). A user who may not read the map is refused before the upgrade (401, 404)."},

	// Sessions, passwords, invitations (spec account-area §1).
	{method: "POST", path: "/api/v1/auth/login", tag: "sessions", summary: "Sign in: sets the HttpOnly session cookie",
		in: new(loginRequest), status: http.StatusOK, out: new(userJSON),
		description: "401 invalid_credentials alike for a wrong password and an unknown address; 429 with Retry-After after too many failures."},
	{method: "POST", path: "/api/v1/auth/logout", tag: "sessions", summary: "Sign out: the session ends on the server", status: http.StatusNoContent},
	{method: "GET", path: "/api/v1/auth/session", tag: "sessions", summary: "The signed-in user", status: http.StatusOK, out: new(userJSON)},
	{method: "POST", path: "/api/v1/auth/password_reset/tokens", tag: "sessions", summary: "Mail a link to set a new password (202 whether or not the address has an account)",
		in: new(resetRequest), status: http.StatusAccepted},
	{method: "POST", path: "/api/v1/auth/password_reset/tokens/{token}", tag: "sessions", summary: "Set a new password with a mailed link (410 when used or old)",
		in: new(accounts.PasswordReset), status: http.StatusNoContent},
	{method: "GET", path: "/api/v1/auth/invitations/{token}", tag: "sessions", summary: "What an invitation is for", status: http.StatusOK, out: new(invitationJSON)},
	{method: "POST", path: "/api/v1/auth/register", tag: "sessions", summary: "Accept an invitation with a new account, signed in",
		in: new(registerRequest), status: http.StatusOK, out: new(userJSON)},
	{method: "POST", path: "/api/v1/auth/accept", tag: "sessions", summary: "Accept an invitation as the signed-in user",
		in: new(tokenRequest), status: http.StatusOK, out: new(userJSON)},
	{method: "POST", path: "/api/v1/auth/decline", tag: "sessions", summary: "Decline an invitation", in: new(tokenRequest), status: http.StatusNoContent},
	{method: "POST", path: "/api/v1/auth/email_verifications", tag: "sessions", summary: "Prove an e-mail address with its mailed link",
		in: new(tokenRequest), status: http.StatusOK, out: new(verifiedJSON)},
	{method: "GET", path: "/api/v1/users/{id}", tag: "users", summary: "A user's settings (oneself, or anyone for a superuser)",
		status: http.StatusOK, out: new(userWithPendingJSON)},
	{method: "PATCH", path: "/api/v1/users/{id}", tag: "users", summary: "Change one's name, picture or address (the address once proven)",
		in: new(accounts.ProfileChange), status: http.StatusOK, out: new(userWithPendingJSON)},
	{method: "POST", path: "/api/v1/users/{id}/password", tag: "users", summary: "Change one's password; every other session ends",
		in: new(accounts.PasswordChange), status: http.StatusNoContent},

	// Clients and their members (spec account-area §2–§9).
	{method: "GET", path: "/api/v1/clients", tag: "clients", summary: "The clients one belongs to (all for a superuser)", status: http.StatusOK, out: new(clientsAnswer)},
	{method: "POST", path: "/api/v1/clients", tag: "clients", summary: "Create a client (superusers)", in: new(accounts.NewClient), status: http.StatusCreated, out: new(clientJSON)},
	{method: "PATCH", path: "/api/v1/clients/{name}", tag: "clients", summary: "Rename, deactivate or reactivate a client",
		in: new(accounts.ClientChange), status: http.StatusOK, out: new(clientJSON)},
	{method: "DELETE", path: "/api/v1/clients/{name}", tag: "clients", summary: "Delete a deactivated client", status: http.StatusNoContent},
	{method: "POST", path: "/api/v1/clients/{name}/access_requests", tag: "clients", summary: "Ask the admins for more access",
		in: new(accounts.AccessRequest), status: http.StatusAccepted},
	{method: "GET", path: "/api/v1/clients/{name}/access_requests", tag: "clients", summary: "Requests for access (admins), newest first, a page at a time",
		query: new(pageQuery), status: http.StatusOK, out: new(accessRequestsAnswer)},
	{method: "POST", path: "/api/v1/clients/{name}/invitations", tag: "clients", summary: "Invite an address with a role (admins)",
		in: new(inviteRequest), status: http.StatusCreated, out: new(invitedJSON)},
	{method: "DELETE", path: "/api/v1/clients/{name}/invitations/{id}", tag: "clients", summary: "Revoke an open invitation (admins): its links stop working",
		params: map[string]string{"id": "string"}, status: http.StatusNoContent},
	{method: "GET", path: "/api/v1/clients/{name}/invitations", tag: "clients", summary: "Open invitations (admins)", status: http.StatusOK, out: new(invitationsAnswer)},
	{method: "GET", path: "/api/v1/clients/{name}/users", tag: "clients", summary: "The client's members, by e-mail address, a page at a time (admins)",
		query: new(pageQuery), status: http.StatusOK, out: new(membersAnswer)},
	{method: "PATCH", path: "/api/v1/clients/{name}/users/{userId}", tag: "clients", summary: "Change a member's role, rights or map access (admins; a client keeps an admin)",
		in: new(accounts.MemberChange), status: http.StatusOK, out: new(memberJSON)},
	{method: "DELETE", path: "/api/v1/clients/{name}/users/{userId}", tag: "clients", summary: "Remove a member (admins; a client keeps an admin)", status: http.StatusNoContent},
	{method: "GET", path: "/api/v1/clients/{name}/readers", tag: "clients", summary: "The readers of the client's partial maps, by e-mail address, a page at a time (admins)",
		query: new(pageQuery), status: http.StatusOK, out: new(readersAnswer)},
	{method: "DELETE", path: "/api/v1/clients/{name}/readers/{userId}", tag: "clients", summary: "Remove a registered reader, freeing the seat", status: http.StatusNoContent},
	{method: "GET", path: "/api/v1/clients/{name}/quotas", tag: "clients", summary: "The client's quotas and their use", status: http.StatusOK, out: new(quotasAnswer)},
	{method: "PATCH", path: "/api/v1/clients/{name}/quotas", tag: "clients", summary: "Set quotas (superusers; null is unlimited)",
		in: new(map[domain.QuotaKind]*int), status: http.StatusOK, out: new(quotasAnswer)},
	{method: "GET", path: "/api/v1/clients/{name}/testing_period", tag: "clients", summary: "The client's testing period", status: http.StatusOK, out: new(testingPeriodJSON)},
	{method: "PATCH", path: "/api/v1/clients/{name}/testing_period", tag: "clients", summary: "Set the testing period (superusers)",
		in: new(accounts.TestingPeriodChange), status: http.StatusOK, out: new(testingPeriodJSON)},
	{method: "GET", path: "/api/v1/clients/{name}/settings", tag: "clients", summary: "The client's general settings (admins)", status: http.StatusOK, out: new(clientSettingsJSON)},
	{method: "PATCH", path: "/api/v1/clients/{name}/settings", tag: "clients", summary: "Change the general settings (admins)",
		in: new(accounts.ClientSettingsChange), status: http.StatusOK, out: new(clientSettingsJSON)},

	// A client's maps and map templates (spec account-area §4).
	{method: "GET", path: "/api/v1/clients/{name}/maps", tag: "clients", summary: "The map overview, newest first, a page at a time",
		query: new(pageQuery), status: http.StatusOK, out: new(mapsAnswer)},
	{method: "POST", path: "/api/v1/clients/{name}/maps", tag: "clients", summary: "Create a map or a map template, from scratch or a template",
		in: new(newMapRequest), status: http.StatusCreated, out: new(mapJSON)},
	{method: "GET", path: "/api/v1/clients/{name}/templates", tag: "clients", summary: "The map templates to start from (built-in and the client's)",
		status: http.StatusOK, out: new(mapTemplatesAnswer)},
	{method: "PATCH", path: "/api/v1/clients/{name}/templates/{templateId}", tag: "clients", summary: "Change a map template's description (its author or an admin)",
		in: new(editing.TemplateInfo), status: http.StatusOK, out: new(mapJSON)},
	{method: "DELETE", path: "/api/v1/clients/{name}/templates/{templateId}", tag: "clients", summary: "Delete a map template (its author or an admin)", status: http.StatusNoContent},
	{method: "POST", path: "/api/v1/maps/{id}/clone", tag: "maps", summary: "Copy a map, or make a map template of it",
		in: new(mapCloneRequest), status: http.StatusCreated, out: new(mapJSON)},
	{method: "DELETE", path: "/api/v1/maps/{id}", tag: "maps", summary: "Delete a map (editors and admins)", status: http.StatusNoContent},

	// Publishing (spec account-area §5).
	{method: "PATCH", path: "/api/v1/maps/{id}/live", tag: "publishing", summary: "Switch the map's live toggle (editors and admins, within the live-map seats)",
		in: new(liveRequest), status: http.StatusOK, out: new(liveAnswer)},
	{method: "GET", path: "/api/v1/maps/{id}/publication", tag: "publishing", summary: "The map's publication: address, access, live version", status: http.StatusOK, out: new(publicationAnswer)},
	{method: "PATCH", path: "/api/v1/maps/{id}/publication", tag: "publishing", summary: "Change the publication settings",
		in: new(publicationRequest), status: http.StatusOK, out: new(publicationAnswer)},
	{method: "POST", path: "/api/v1/maps/{id}/publish", tag: "publishing", summary: "Publish the working copy as a new live version",
		in: new(editing.VersionNote), status: http.StatusCreated, out: new(publicationAnswer)},
	{method: "DELETE", path: "/api/v1/maps/{id}/publication/live", tag: "publishing", summary: "Take the live version down; the working copy stays",
		status: http.StatusOK, out: new(publicationAnswer)},
	{method: "POST", path: "/api/v1/maps/{id}/publication/reset", tag: "publishing", summary: "Put the live version in place of the working copy",
		status: http.StatusOK, out: new(restoredAnswer)},
	{method: "GET", path: "/api/v1/maps/{id}/versions", tag: "publishing", summary: "The map's stored versions, newest first, a page at a time",
		query: new(pageQuery), status: http.StatusOK, out: new(versionsAnswer)},
	{method: "POST", path: "/api/v1/maps/{id}/versions", tag: "publishing", summary: "Keep the working copy as a version without publishing it",
		in: new(editing.VersionNote), status: http.StatusCreated, out: new(versionAnswer)},
	{method: "POST", path: "/api/v1/maps/{id}/versions/{versionId}/publish", tag: "publishing", summary: "Make a stored version live",
		status: http.StatusCreated, out: new(publicationAnswer)},
	{method: "POST", path: "/api/v1/maps/{id}/versions/{versionId}/restore", tag: "publishing", summary: "Put a stored version in place of the working copy",
		status: http.StatusOK, out: new(restoredAnswer)},

	{method: "GET", path: "/api/v1/maps/{id}/protocol", tag: "publishing", summary: "The map's change log, newest first, a page at a time (admins)",
		query: new(protocolQuery), status: http.StatusOK, out: new(protocolAnswer)},

	// The public map (spec account-area §5): for anyone its access mode admits.
	{method: "GET", path: "/api/v1/public/maps/{url}", tag: "public map", summary: "A published map's live version, as its readers get it",
		status: http.StatusOK, out: new(publicMapDocument), etag: true,
		description: "Only what the map shows readers: hidden nodes and layers are left out. Its ETag names the live version; " +
			"401 or 403 reader_required when the access mode asks for a sign-in or a reader's registration. " +
			"The version's sections come under their names (null when never written): the editor's note only when shown, " +
			"the table of contents only with entries whose node readers are shown, the quizzes without their correct answers."},
	{method: "POST", path: "/api/v1/public/maps/{url}/quizzes/{quizId}/answers", tag: "public map", summary: "Answer a quiz of the live version: which answers were right",
		in: new(publishing.QuizAnswers), status: http.StatusOK, out: new(publishing.QuizResult),
		description: "Counted anonymously, per question and answer (editors see the counts in the quiz); 429 after too many from one address."},
	{method: "GET", path: "/api/v1/public/maps/{url}/nodes/{nodeId}", tag: "public map", summary: "A published node's whole content",
		status: http.StatusOK, out: new(publicNodeAnswer)},
	{method: "POST", path: "/api/v1/public/maps/{url}/readers", tag: "public map", summary: "Register as a reader of a map open to registered readers",
		in: new(readerRequest), status: http.StatusCreated, out: new(userJSON), alt: map[int]any{http.StatusAccepted: new(pendingReaderJSON)},
		description: "201 signed in as a reader; 202 when the address must be proven first (a link is mailed)."},
	{method: "POST", path: "/api/v1/public/logout", tag: "public map", summary: "Sign out of an embedded public map (the reader cookie)",
		status: http.StatusNoContent},
	{method: "GET", path: "/api/v1/clients/{name}/features", tag: "clients", summary: "What the client's maps may use: fonts, external content",
		query: new(featuresQuery), status: http.StatusOK, out: new(featuresAnswer)},

	// A map's content and web settings (spec account-area §3): each replaced
	// whole, under its section lock (409 element_locked while another editor
	// holds it); the table of contents and quizzes need an editor.
	{method: "GET", path: "/api/v1/maps/{id}/editors_note", tag: "sections", summary: "The editor's note (About this map)", status: http.StatusOK, out: new(editorsNoteAnswer)},
	{method: "PUT", path: "/api/v1/maps/{id}/editors_note", tag: "sections", summary: "Replace the editor's note",
		in: new(editorsNoteRequest), ifMatch: true, status: http.StatusOK, out: new(editorsNoteAnswer)},
	{method: "GET", path: "/api/v1/maps/{id}/glossary", tag: "sections", summary: "The glossary", status: http.StatusOK, out: new(glossaryAnswer)},
	{method: "PUT", path: "/api/v1/maps/{id}/glossary", tag: "sections", summary: "Replace the glossary",
		in: new(glossaryRequest), ifMatch: true, status: http.StatusOK, out: new(glossaryAnswer)},
	{method: "GET", path: "/api/v1/maps/{id}/references", tag: "sections", summary: "The references (bibliography)", status: http.StatusOK, out: new(referencesAnswer)},
	{method: "PUT", path: "/api/v1/maps/{id}/references", tag: "sections", summary: "Replace the references",
		in: new(referencesRequest), ifMatch: true, status: http.StatusOK, out: new(referencesAnswer)},
	{method: "POST", path: "/api/v1/maps/{id}/references/import", tag: "sections", summary: "Add the entries of a BibTeX file to the references",
		in: new(bibtexUpload), ifMatch: true, status: http.StatusOK, out: new(bibtexAnswer),
		description: "The file as the form field file, or as the body itself (text/plain or application/x-bibtex); at most 1 MB (413). " +
			"Answers the entries read and those skipped with why (key taken, no title or author, references full); " +
			"a file that is not BibTeX is refused (400, problems.file says what is wrong)."},
	{method: "GET", path: "/api/v1/maps/{id}/header", tag: "sections", summary: "The header bar", status: http.StatusOK, out: new(headerAnswer)},
	{method: "PUT", path: "/api/v1/maps/{id}/header", tag: "sections", summary: "Replace the header bar",
		in: new(headerRequest), ifMatch: true, status: http.StatusOK, out: new(headerAnswer)},
	{method: "GET", path: "/api/v1/maps/{id}/toc", tag: "sections", summary: "The table of contents", status: http.StatusOK, out: new(tocAnswer)},
	{method: "PUT", path: "/api/v1/maps/{id}/toc", tag: "sections", summary: "Replace the table of contents (editors)",
		in: new(tocRequest), ifMatch: true, status: http.StatusOK, out: new(tocAnswer),
		description: "Up to four levels; every entry points at a node on the map."},
	{method: "GET", path: "/api/v1/maps/{id}/social_sharing", tag: "sections", summary: "The social sharing settings", status: http.StatusOK, out: new(socialSharingAnswer)},
	{method: "PUT", path: "/api/v1/maps/{id}/social_sharing", tag: "sections", summary: "Replace the social sharing settings",
		in: new(socialSharingRequest), ifMatch: true, status: http.StatusOK, out: new(socialSharingAnswer)},
	{method: "GET", path: "/api/v1/maps/{id}/cookie_consent", tag: "sections", summary: "The cookie consent", status: http.StatusOK, out: new(cookieConsentAnswer)},
	{method: "PUT", path: "/api/v1/maps/{id}/cookie_consent", tag: "sections", summary: "Replace the cookie consent",
		in: new(cookieConsentRequest), ifMatch: true, status: http.StatusOK, out: new(cookieConsentAnswer)},
	{method: "GET", path: "/api/v1/maps/{id}/quizzes", tag: "sections", summary: "The map's quizzes", status: http.StatusOK, out: new(quizzesAnswer)},
	{method: "POST", path: "/api/v1/maps/{id}/quizzes", tag: "sections", summary: "Create a quiz (editors)",
		in: new(domain.Quiz), ifMatch: true, status: http.StatusCreated, out: new(quizAnswer),
		description: "Ids of the quiz, its questions and answers are given by the server."},
	{method: "GET", path: "/api/v1/maps/{id}/quizzes/{quizId}", tag: "sections", summary: "A quiz, with the counts of the readers' answers",
		status: http.StatusOK, out: new(quizAnswer)},
	{method: "PUT", path: "/api/v1/maps/{id}/quizzes/{quizId}", tag: "sections", summary: "Replace a quiz (editors)",
		in: new(quizRequest), ifMatch: true, status: http.StatusOK, out: new(quizAnswer),
		description: "Questions and answers sent with their ids keep them (and their counts); those without get new ones."},
	{method: "DELETE", path: "/api/v1/maps/{id}/quizzes/{quizId}", tag: "sections", summary: "Delete a quiz (editors)",
		ifMatch: true, status: http.StatusOK, out: new(revisionAnswer)},

	// API keys for scripts (admins of the client; never with a key).
	{method: "POST", path: "/api/v1/clients/{name}/api_keys", tag: "api keys", summary: "Create an API key; the answer is the only time the key is shown",
		in: new(apiKeyRequest), status: http.StatusCreated, out: new(createdAPIKeyJSON)},
	{method: "GET", path: "/api/v1/clients/{name}/api_keys", tag: "api keys", summary: "The client's API keys (never the keys themselves)",
		status: http.StatusOK, out: new(apiKeysAnswer)},
	{method: "DELETE", path: "/api/v1/clients/{name}/api_keys/{id}", tag: "api keys", summary: "Revoke an API key: it stops working at once",
		status: http.StatusNoContent},

	// The media library (docs/api.md "Media"): members read (guests too), students and up change.
	{method: "GET", path: "/api/v1/clients/{name}/media", tag: "media", summary: "The client's media, newest first, a page at a time",
		query: new(mediaListQuery), status: http.StatusOK, out: new(mediaListAnswer)},
	{method: "POST", path: "/api/v1/clients/{name}/media", tag: "media", summary: "Upload a file (multipart/form-data, streamed)",
		in: new(mediaUpload), status: http.StatusCreated, out: new(domain.MediaAsset),
		description: "The type is decided from the bytes. 400 file_missing, 415 unsupported_media_type, 400 invalid_image, " +
			"413 file_too_large (problems.file: too_large with max and type), 400 image_too_large (past the pixel limit), " +
			"400 unsafe_svg, 409 quota_exceeded (media_storage, in bytes), 400 validation_failed for bad metadata."},
	{method: "GET", path: "/api/v1/clients/{name}/media/stats", tag: "media", summary: "Storage used per type, the quota and the per-type limits",
		status: http.StatusOK, out: new(domain.MediaStats)},
	{method: "GET", path: "/api/v1/clients/{name}/media/templates", tag: "media", summary: "The media templates (metadata presets)",
		status: http.StatusOK, out: new(mediaTemplatesAnswer)},
	{method: "POST", path: "/api/v1/clients/{name}/media/templates", tag: "media", summary: "Create a media template",
		in: new(newMediaTemplateRequest), status: http.StatusCreated, out: new(domain.MediaTemplate)},
	{method: "PATCH", path: "/api/v1/clients/{name}/media/templates/{templateId}", tag: "media", summary: "Rename a media template or change its metadata",
		in: new(mediaTemplatePatchRequest), status: http.StatusOK, out: new(domain.MediaTemplate)},
	{method: "DELETE", path: "/api/v1/clients/{name}/media/templates/{templateId}", tag: "media", summary: "Delete a media template",
		status: http.StatusNoContent},
	{method: "GET", path: "/api/v1/clients/{name}/media/{key}", tag: "media", summary: "An asset", status: http.StatusOK, out: new(domain.MediaAsset)},
	{method: "PATCH", path: "/api/v1/clients/{name}/media/{key}", tag: "media", summary: "Change an asset's metadata",
		in: new(mediaPatchRequest), status: http.StatusOK, out: new(domain.MediaAsset)},
	{method: "DELETE", path: "/api/v1/clients/{name}/media/{key}", tag: "media", summary: "Delete an asset no map uses",
		status: http.StatusNoContent, description: "409 media_in_use while a map uses it: the error's uses list where."},
	{method: "GET", path: "/api/v1/clients/{name}/media/{key}/uses", tag: "media", summary: "Where the client's maps use an asset",
		status: http.StatusOK, out: new(mediaUsesAnswer), description: "What a deletion would be refused for (media_in_use), asked before it."},
	{method: "PUT", path: "/api/v1/clients/{name}/media/{key}/file", tag: "media", summary: "Replace an asset's file (same key, version + 1)",
		in: new(mediaFileUpload), status: http.StatusOK, out: new(domain.MediaAsset),
		description: "The same checks as an upload; the type may change among the allowed types."},
	{method: "GET", path: "/api/v1/clients/{name}/media/{key}/file", tag: "media", summary: "An asset's file, for members of the client",
		query: new(mediaFileQuery), status: http.StatusOK, file: true, description: mediaFileDescription},
	{method: "GET", path: "/api/v1/maps/{id}/media/{key}", tag: "media", summary: "A file the map uses, for whoever may read the map",
		query: new(mediaFileQuery), status: http.StatusOK, file: true,
		description: "404 unless the map's nodes, object templates, background or header logo use the key. " + mediaFileDescription},
	{method: "GET", path: "/api/v1/public/maps/{url}/media/{key}", tag: "public map", summary: "A file the published map uses, for its readers",
		query: new(mediaFileQuery), status: http.StatusOK, file: true,
		description: "404 unless the live version uses the key. " + mediaFileDescription},

	// Map editing (spec map-editor.md §7).
	{method: "GET", path: "/api/v1/maps/{id}", tag: "maps", summary: "The whole document of a map",
		status: http.StatusOK, out: new(mapDocument), etag: true,
		description: "The revision is also in the X-Map-Revision header, and the ETag. A map the caller may not read answers 404."},
	{method: "PATCH", path: "/api/v1/maps/{id}", tag: "maps", summary: "Change a map's settings",
		in: new(mapPatchRequest), ifMatch: true, status: http.StatusOK, out: new(revisionAnswer)},
	{method: "GET", path: "/api/v1/maps/{id}/changes", tag: "maps", summary: "The changes after a revision (catch-up), oldest first, a page at a time",
		query: new(changesQuery), status: http.StatusOK, out: new(changesAnswer),
		description: "Follow next_cursor (with the same since) until it is null: the pages then held every change up to `revision`. " +
			"410 gone when the change log no longer reaches back to `since`: load the map again."},
	{method: "GET", path: "/api/v1/maps/{id}/permissions", tag: "maps", summary: "Who may open the map, and how",
		status: http.StatusOK, out: new(permissionsBody)},
	{method: "PATCH", path: "/api/v1/maps/{id}/permissions", tag: "maps", summary: "Change who may open the map (admins)",
		in: new(permissionsPatch), status: http.StatusOK, out: new(permissionsBody)},
	{method: "PATCH", path: "/api/v1/maps/{id}/elements", tag: "maps", summary: "Change nodes, edges, levels and the map's settings in one transaction",
		in: new(editing.ElementsPatch), ifMatch: true, status: http.StatusOK, out: new(revisionAnswer),
		description: "409 element_locked when another editor holds an element it changes."},
	{method: "PATCH", path: "/api/v1/maps/{id}/global", tag: "maps", summary: "Change the map's global design, section by section",
		in: new(globalDesignPatch), ifMatch: true, status: http.StatusOK, out: new(revisionAnswer)},
	{method: "POST", path: "/api/v1/maps/{id}/nodes", tag: "maps", summary: "Create a node",
		in: new(editing.NewNode), ifMatch: true, status: http.StatusCreated, out: new(nodeAnswer)},
	{method: "POST", path: "/api/v1/maps/{id}/nodes/clone", tag: "maps", summary: "Clone a node",
		in: new(nodeCloneRequest), ifMatch: true, status: http.StatusCreated, out: new(nodeAnswer)},
	{method: "GET", path: "/api/v1/maps/{id}/nodes/{nodeId}", tag: "maps", summary: "One node, whole",
		status: http.StatusOK, out: new(nodeAnswer)},
	{method: "PATCH", path: "/api/v1/maps/{id}/nodes/{nodeId}", tag: "maps", summary: "Change a node's design",
		in: new(nodeDesignPatchRequest), ifMatch: true, status: http.StatusOK, out: new(revisionAnswer)},
	{method: "DELETE", path: "/api/v1/maps/{id}/nodes/{nodeId}", tag: "maps", summary: "Delete a node and its edges (kept 30 days for undo)",
		ifMatch: true, status: http.StatusOK, out: new(revisionAnswer)},
	{method: "POST", path: "/api/v1/maps/{id}/restorations", tag: "maps", summary: "Put deleted nodes, edges, templates or a level back",
		in: new(editing.Restoration), ifMatch: true, status: http.StatusOK, out: new(restorationAnswer)},
	{method: "POST", path: "/api/v1/maps/{id}/edges", tag: "maps", summary: "Create an edge (also at …/edges/)",
		in: new(editing.NewEdge), ifMatch: true, status: http.StatusCreated, out: new(edgeAnswer)},
	{method: "PATCH", path: "/api/v1/maps/{id}/edges/{edgeId}", tag: "maps", summary: "Change an edge's design",
		in: new(edgeDesignPatchRequest), ifMatch: true, status: http.StatusOK, out: new(revisionAnswer)},
	{method: "DELETE", path: "/api/v1/maps/{id}/edges/{edgeId}", tag: "maps", summary: "Delete an edge (kept 30 days for undo)",
		ifMatch: true, status: http.StatusOK, out: new(revisionAnswer)},
	{method: "GET", path: "/api/v1/maps/{id}/templates/objects", tag: "maps", summary: "The map's object templates (also at …/objects/)",
		status: http.StatusOK, out: new(objectTemplatesAnswer)},
	{method: "POST", path: "/api/v1/maps/{id}/templates/objects", tag: "maps", summary: "Create an object template (also at …/objects/)",
		in: new(editing.NewTemplate), ifMatch: true, status: http.StatusCreated, out: new(templateAnswer)},
	{method: "PATCH", path: "/api/v1/maps/{id}/templates/objects/{templateId}", tag: "maps", summary: "Rename or redesign an object template",
		in: new(editing.TemplatePatch), ifMatch: true, status: http.StatusOK, out: new(templateAnswer)},
	{method: "DELETE", path: "/api/v1/maps/{id}/templates/objects/{templateId}", tag: "maps", summary: "Delete an object template (kept 30 days for undo)",
		ifMatch: true, status: http.StatusOK, out: new(revisionAnswer)},
}
