package api

import (
	"net/http"

	"github.com/strata-maps/strata/internal/access"
	"github.com/strata-maps/strata/internal/domain"
	"github.com/strata-maps/strata/internal/live"
)

// routeTable registers routes on the API's mux and remembers their
// patterns, which the contract test holds to the documented operations.
type routeTable struct {
	mux      *http.ServeMux
	patterns *[]string
}

func (t routeTable) HandleFunc(pattern string, h http.HandlerFunc) {
	t.mux.HandleFunc(pattern, h)
	*t.patterns = append(*t.patterns, pattern)
}

// The route table states what each call needs: handle (anyone), signedIn
// (a session), onClient (a member with at least the role), onMap (the
// action on the map, which the access service decides). byKey marks the calls a script may make with an
// API key of the client, and the key's scope they need (read or edit);
// every other call refuses keys (api_keys.go). Handlers return their
// errors; these adapters answer them in the envelope.

// routes is the one route table of /api/v1.
func (s *Server) routes() {
	m := routeTable{mux: s.api, patterns: &s.patterns}
	m.HandleFunc("GET /api/v1/openapi.json", s.handle(s.serveOpenAPI))
	m.HandleFunc("GET /api/docs", s.handle(s.serveAPIDocs))
	m.HandleFunc("POST /api/v1/auth/login", s.handle(s.login))
	m.HandleFunc("POST /api/v1/auth/logout", s.handle(s.logout))
	m.HandleFunc("GET /api/v1/auth/session", s.signedIn(s.session))
	m.HandleFunc("POST /api/v1/auth/password_reset/tokens", s.handle(s.requestPasswordReset))
	m.HandleFunc("POST /api/v1/auth/password_reset/tokens/{token}", s.handle(s.resetPassword))
	m.HandleFunc("GET /api/v1/auth/invitations/{token}", s.handle(s.invitation))
	m.HandleFunc("POST /api/v1/auth/register", s.handle(s.register))
	m.HandleFunc("POST /api/v1/auth/decline", s.handle(s.decline))
	m.HandleFunc("POST /api/v1/auth/accept", s.signedIn(s.accept))
	m.HandleFunc("POST /api/v1/auth/email_verifications", s.handle(s.verifyEmail))

	m.HandleFunc("GET /api/v1/users/{id}", s.signedIn(s.getUser))
	m.HandleFunc("PATCH /api/v1/users/{id}", s.signedIn(s.patchUser))
	m.HandleFunc("POST /api/v1/users/{id}/password", s.signedIn(s.changePassword))

	m.HandleFunc("GET /api/v1/live", s.signedIn(s.liveSocket))

	admin, student, guest := domain.RoleAdmin, domain.RoleStudent, domain.RoleGuest
	keyRead, keyEdit := domain.AccessRead, domain.AccessEdit
	m.HandleFunc("GET /api/v1/clients", s.signedIn(s.listClients))
	m.HandleFunc("POST /api/v1/clients", s.signedIn(s.createClient))
	m.HandleFunc("PATCH /api/v1/clients/{name}", s.onClient(admin, s.patchClient))
	m.HandleFunc("DELETE /api/v1/clients/{name}", s.onClient(admin, s.deleteClient))
	m.HandleFunc("POST /api/v1/clients/{name}/access_requests", s.onClient(guest, s.requestAccess))
	m.HandleFunc("POST /api/v1/clients/{name}/invitations", s.onClient(admin, s.invite))
	m.HandleFunc("GET /api/v1/clients/{name}/invitations", s.onClient(admin, s.listInvitations))
	m.HandleFunc("DELETE /api/v1/clients/{name}/invitations/{id}", s.onClient(admin, s.revokeInvitation))
	m.HandleFunc("GET /api/v1/clients/{name}/maps", byKey(keyRead, s.onClient(guest, s.listMaps)))
	m.HandleFunc("POST /api/v1/clients/{name}/maps", byKey(keyEdit, s.onClient(student, s.createMap)))
	m.HandleFunc("GET /api/v1/clients/{name}/access_requests", s.onClient(admin, s.listAccessRequests))
	m.HandleFunc("GET /api/v1/clients/{name}/quotas", s.onClient(guest, s.getQuotas))
	m.HandleFunc("PATCH /api/v1/clients/{name}/quotas", s.onClient(admin, s.setQuotas))
	m.HandleFunc("GET /api/v1/clients/{name}/testing_period", s.onClient(guest, s.getTestingPeriod))
	m.HandleFunc("GET /api/v1/clients/{name}/features", s.onClient(guest, s.getFeatures))
	m.HandleFunc("PATCH /api/v1/clients/{name}/testing_period", s.onClient(admin, s.setTestingPeriod))
	m.HandleFunc("GET /api/v1/clients/{name}/settings", s.onClient(admin, s.getClientSettings))
	m.HandleFunc("PATCH /api/v1/clients/{name}/settings", s.onClient(admin, s.patchClientSettings))
	m.HandleFunc("GET /api/v1/clients/{name}/api_keys", s.onClient(admin, s.listAPIKeys))
	m.HandleFunc("POST /api/v1/clients/{name}/api_keys", s.onClient(admin, s.createAPIKey))
	m.HandleFunc("DELETE /api/v1/clients/{name}/api_keys/{id}", s.onClient(admin, s.revokeAPIKey))
	m.HandleFunc("GET /api/v1/clients/{name}/users", s.onClient(admin, s.listMembers))
	m.HandleFunc("PATCH /api/v1/clients/{name}/users/{userId}", s.onClient(admin, s.patchMember))
	m.HandleFunc("DELETE /api/v1/clients/{name}/users/{userId}", s.onClient(admin, s.removeMember))
	m.HandleFunc("GET /api/v1/clients/{name}/readers", s.onClient(admin, s.listReaders))
	m.HandleFunc("DELETE /api/v1/clients/{name}/readers/{userId}", s.onClient(admin, s.removeReader))
	m.HandleFunc("GET /api/v1/clients/{name}/templates", s.onClient(guest, s.listMapTemplates))
	m.HandleFunc("PATCH /api/v1/clients/{name}/templates/{templateId}", s.signedIn(s.patchMapTemplate))
	m.HandleFunc("DELETE /api/v1/clients/{name}/templates/{templateId}", s.signedIn(s.deleteMapTemplate))
	s.mediaRoutes(m)

	read, edit, publish := access.Read, access.Edit, access.Publish
	m.HandleFunc("GET /api/v1/maps/{id}", byKey(keyRead, s.onMap(read, s.getMap)))
	m.HandleFunc("PATCH /api/v1/maps/{id}", byKey(keyEdit, s.onMap(edit, s.patchMapSettings)))
	m.HandleFunc("DELETE /api/v1/maps/{id}", s.onMap(edit, s.deleteMap))
	m.HandleFunc("POST /api/v1/maps/{id}/clone", s.onMap(edit, s.cloneMap))
	m.HandleFunc("PATCH /api/v1/maps/{id}/live", s.onMap(publish, s.setLive))
	m.HandleFunc("GET /api/v1/maps/{id}/changes", byKey(keyRead, s.onMap(read, s.listChanges)))
	m.HandleFunc("GET /api/v1/maps/{id}/publication", s.onMap(read, s.getPublication))
	m.HandleFunc("PATCH /api/v1/maps/{id}/publication", s.onMap(publish, s.patchPublication))
	m.HandleFunc("DELETE /api/v1/maps/{id}/publication/live", s.onMap(publish, s.deleteLive))
	m.HandleFunc("POST /api/v1/maps/{id}/publish", s.onMap(publish, s.publish))
	m.HandleFunc("GET /api/v1/maps/{id}/versions", byKey(keyRead, s.onMap(read, s.listVersions)))
	m.HandleFunc("POST /api/v1/maps/{id}/versions", s.onMap(edit, s.saveVersion))
	m.HandleFunc("POST /api/v1/maps/{id}/versions/{versionId}/publish", s.onMap(publish, s.publishVersion))
	m.HandleFunc("POST /api/v1/maps/{id}/versions/{versionId}/restore", s.onMap(edit, s.restoreVersion))
	m.HandleFunc("POST /api/v1/maps/{id}/publication/reset", s.onMap(edit, s.resetToLive))
	m.HandleFunc("GET /api/v1/maps/{id}/protocol", s.onMap(read, s.protocol))
	m.HandleFunc("GET /api/v1/public/maps/{url}", s.handle(s.publicMap))
	m.HandleFunc("GET /api/v1/public/maps/{url}/nodes/{nodeId}", s.handle(s.publicNode))
	m.HandleFunc("POST /api/v1/public/maps/{url}/readers", s.handle(s.registerReader))
	m.HandleFunc("POST /api/v1/public/logout", s.handle(s.logout))
	m.HandleFunc("GET /api/v1/maps/{id}/permissions", s.onMap(read, s.mapPermissions))
	m.HandleFunc("PATCH /api/v1/maps/{id}/permissions", s.onMap(access.SetPermissions, s.setMapPermissions))
	m.HandleFunc("PATCH /api/v1/maps/{id}/elements", byKey(keyEdit, s.onMap(edit, s.patchElements)))
	m.HandleFunc("PATCH /api/v1/maps/{id}/global", byKey(keyEdit, s.onMap(edit, s.patchGlobalDesign)))
	m.HandleFunc("POST /api/v1/maps/{id}/nodes", byKey(keyEdit, s.onMap(edit, s.createNode)))
	m.HandleFunc("POST /api/v1/maps/{id}/nodes/clone", byKey(keyEdit, s.onMap(edit, s.cloneNode)))
	m.HandleFunc("POST /api/v1/maps/{id}/restorations", byKey(keyEdit, s.onMap(edit, s.restoreElements)))
	ed := s.editing
	m.HandleFunc("GET /api/v1/maps/{id}/nodes/{nodeId}", byKey(keyRead, s.onMap(read, s.getNode)))
	m.HandleFunc("PATCH /api/v1/maps/{id}/nodes/{nodeId}", byKey(keyEdit, s.onMap(edit, s.onElement("nodeId", live.NodeKey, true, ed.PatchNodeDesign))))
	m.HandleFunc("DELETE /api/v1/maps/{id}/nodes/{nodeId}", byKey(keyEdit, s.onMap(edit, s.onElement("nodeId", live.NodeKey, false, withoutDesign(ed.DeleteNode)))))
	// The spec writes the edge collection with a trailing slash; both forms work.
	m.HandleFunc("POST /api/v1/maps/{id}/edges", byKey(keyEdit, s.onMap(edit, s.createEdge)))
	m.HandleFunc("POST /api/v1/maps/{id}/edges/{$}", byKey(keyEdit, s.onMap(edit, s.createEdge)))
	m.HandleFunc("PATCH /api/v1/maps/{id}/edges/{edgeId}", byKey(keyEdit, s.onMap(edit, s.onElement("edgeId", live.EdgeKey, true, ed.PatchEdgeDesign))))
	m.HandleFunc("DELETE /api/v1/maps/{id}/edges/{edgeId}", byKey(keyEdit, s.onMap(edit, s.onElement("edgeId", live.EdgeKey, false, withoutDesign(ed.DeleteEdge)))))
	m.HandleFunc("GET /api/v1/maps/{id}/templates/objects/{$}", byKey(keyRead, s.onMap(read, s.listTemplates)))
	m.HandleFunc("GET /api/v1/maps/{id}/templates/objects", byKey(keyRead, s.onMap(read, s.listTemplates)))
	m.HandleFunc("POST /api/v1/maps/{id}/templates/objects/{$}", byKey(keyEdit, s.onMap(edit, s.createTemplate)))
	m.HandleFunc("POST /api/v1/maps/{id}/templates/objects", byKey(keyEdit, s.onMap(edit, s.createTemplate)))
	m.HandleFunc("PATCH /api/v1/maps/{id}/templates/objects/{templateId}", byKey(keyEdit, s.onMap(edit, s.patchTemplate)))
	s.sectionRoutes(m)
	m.HandleFunc("DELETE /api/v1/maps/{id}/templates/objects/{templateId}", byKey(keyEdit, s.onMap(edit, s.onElement("templateId", templateKey, false, withoutDesign(ed.DeleteTemplate)))))
}
