package api

import (
	"encoding/json"
	"net/http"

	"github.com/strata-maps/strata/internal/domain"
	"github.com/strata-maps/strata/internal/editing"
)

// mapDocument is the whole document of a map (GET /maps/{id}), as
// appendDocument streams it.
type mapDocument struct {
	Map             editing.MapSettings       `json:"map"`
	Nodes           []domain.Node             `json:"nodes"`
	Edges           []domain.Edge             `json:"edges"`
	ObjectTemplates []domain.ObjectTemplate   `json:"object_templates"`
	GlobalDesign    map[string]map[string]any `json:"global_design"`
	Layers          []domain.Layer            `json:"layers"`
	Revision        int64                     `json:"revision"`
}

// operations is the contract of /api/v1 (see operation). Every route of
// routes.go is here, or in undocumentedRoutes until it is written down
// (contract_test.go holds both lists to the route table).
var operations = []operation{
	{method: "GET", path: "/api/v1/openapi.json", tag: "api", summary: "This description of the API, as OpenAPI 3.1",
		status: http.StatusOK, out: new(map[string]any)},

	// API keys for scripts (admins of the client; never with a key).
	{method: "POST", path: "/api/v1/clients/{name}/api_keys", tag: "api keys", summary: "Create an API key; the answer is the only time the key is shown",
		in: new(apiKeyRequest), status: http.StatusCreated, out: new(createdAPIKeyJSON)},
	{method: "GET", path: "/api/v1/clients/{name}/api_keys", tag: "api keys", summary: "The client's API keys (never the keys themselves)",
		status: http.StatusOK, out: new(apiKeysAnswer)},
	{method: "DELETE", path: "/api/v1/clients/{name}/api_keys/{id}", tag: "api keys", summary: "Revoke an API key: it stops working at once",
		status: http.StatusNoContent},

	// Map editing (spec map-editor.md §7).
	{method: "GET", path: "/api/v1/maps/{id}", tag: "maps", summary: "The whole document of a map",
		status: http.StatusOK, out: new(mapDocument), etag: true,
		description: "The revision is also in the X-Map-Revision header, and the ETag. A map the caller may not read answers 404."},
	{method: "PATCH", path: "/api/v1/maps/{id}", tag: "maps", summary: "Change a map's settings",
		in: new(editing.MapPatch), ifMatch: true, status: http.StatusOK, out: new(revisionAnswer)},
	{method: "GET", path: "/api/v1/maps/{id}/changes", tag: "maps", summary: "The changes after a revision (catch-up)",
		query: new(changesQuery), status: http.StatusOK, out: new(changesAnswer),
		description: "410 gone when the change log no longer reaches back to `since`: load the map again."},
	{method: "GET", path: "/api/v1/maps/{id}/permissions", tag: "maps", summary: "Who may open the map, and how",
		status: http.StatusOK, out: new(permissionsBody)},
	{method: "PATCH", path: "/api/v1/maps/{id}/permissions", tag: "maps", summary: "Change who may open the map (admins)",
		in: new(permissionsBody), status: http.StatusOK, out: new(permissionsBody)},
	{method: "PATCH", path: "/api/v1/maps/{id}/elements", tag: "maps", summary: "Change nodes, edges, levels and the map's settings in one transaction",
		in: new(editing.ElementsPatch), ifMatch: true, status: http.StatusOK, out: new(revisionAnswer),
		description: "409 element_locked when another editor holds an element it changes."},
	{method: "PATCH", path: "/api/v1/maps/{id}/global", tag: "maps", summary: "Change the map's global design, section by section",
		in: new(map[string]json.RawMessage), ifMatch: true, status: http.StatusOK, out: new(revisionAnswer)},
	{method: "POST", path: "/api/v1/maps/{id}/nodes", tag: "maps", summary: "Create a node",
		in: new(editing.NewNode), ifMatch: true, status: http.StatusCreated, out: new(nodeAnswer)},
	{method: "POST", path: "/api/v1/maps/{id}/nodes/clone", tag: "maps", summary: "Clone a node",
		in: new(nodeCloneRequest), ifMatch: true, status: http.StatusCreated, out: new(nodeAnswer)},
	{method: "GET", path: "/api/v1/maps/{id}/nodes/{nodeId}", tag: "maps", summary: "One node, whole",
		status: http.StatusOK, out: new(nodeAnswer)},
	{method: "PATCH", path: "/api/v1/maps/{id}/nodes/{nodeId}", tag: "maps", summary: "Change a node's design",
		in: new(designPatchRequest), ifMatch: true, status: http.StatusOK, out: new(revisionAnswer)},
	{method: "DELETE", path: "/api/v1/maps/{id}/nodes/{nodeId}", tag: "maps", summary: "Delete a node and its edges (kept 30 days for undo)",
		ifMatch: true, status: http.StatusOK, out: new(revisionAnswer)},
	{method: "POST", path: "/api/v1/maps/{id}/restorations", tag: "maps", summary: "Put deleted nodes, edges, templates or a level back",
		in: new(editing.Restoration), ifMatch: true, status: http.StatusOK, out: new(restorationAnswer)},
	{method: "POST", path: "/api/v1/maps/{id}/edges", tag: "maps", summary: "Create an edge (also at …/edges/)",
		in: new(editing.NewEdge), ifMatch: true, status: http.StatusCreated, out: new(edgeAnswer)},
	{method: "PATCH", path: "/api/v1/maps/{id}/edges/{edgeId}", tag: "maps", summary: "Change an edge's design",
		in: new(designPatchRequest), ifMatch: true, status: http.StatusOK, out: new(revisionAnswer)},
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
