package api

import (
	"bytes"
	"encoding/json"
	"fmt"
	"html/template"
	"net/http"
	"sort"
	"strings"
)

// The browsable API reference at /api/docs: the OpenAPI description laid
// out as a page, made on the server so that it needs no script (the CSP
// allows none from elsewhere) and cannot differ from /api/v1/openapi.json.

var apiDocsPage = template.Must(template.New("docs").Parse(`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Strata API reference</title>
<style>
body{font:15px/1.5 system-ui,sans-serif;margin:0 auto;max-width:980px;padding:24px;color:#1a2433}
h1{font-size:26px}h2{margin-top:36px;border-bottom:1px solid #d5dbe3;padding-bottom:4px;text-transform:capitalize}
.op{border:1px solid #d5dbe3;border-radius:8px;margin:14px 0;padding:10px 14px}
.m{display:inline-block;min-width:64px;font-weight:700;font-family:ui-monospace,monospace}
.GET{color:#176b3a}.POST{color:#1d4ed8}.PATCH{color:#9a5b00}.DELETE{color:#b42318}
code,pre{font-family:ui-monospace,monospace;font-size:13px}pre{background:#f4f6f9;padding:8px;border-radius:6px;overflow:auto}
summary{cursor:pointer}.d{color:#4a5568}
</style></head><body>
<h1>Strata API reference</h1>
<p>{{.Intro}}</p>
<p>The same description as OpenAPI 3.1: <a href="/api/v1/openapi.json">/api/v1/openapi.json</a>.</p>
{{range .Tags}}<h2 id="{{.Name}}">{{.Name}}</h2>
{{range .Ops}}<div class="op" id="{{.ID}}"><div><span class="m {{.Method}}">{{.Method}}</span> <code>{{.Path}}</code></div>
<div>{{.Summary}}</div>{{if .Description}}<div class="d">{{.Description}}</div>{{end}}
{{if .Params}}<div>Parameters: {{range $i, $p := .Params}}{{if $i}}, {{end}}<code>{{$p}}</code>{{end}}</div>{{end}}
{{if .Request}}<details><summary>Request body</summary><pre>{{.Request}}</pre></details>{{end}}
<details><summary>Answer {{.Status}}</summary>{{if .Response}}<pre>{{.Response}}</pre>{{else}}<p>No body.</p>{{end}}</details>
</div>{{end}}{{end}}
<h2 id="schemas">Schemas</h2>
{{range .Schemas}}<details id="schema-{{.Name}}"><summary><code>{{.Name}}</code></summary><pre>{{.JSON}}</pre></details>{{end}}
</body></html>
`))

type docsOp struct {
	ID, Method, Path, Summary, Description, Status string
	Params                                         []string
	Request, Response                              string
}

type docsTag struct {
	Name string
	Ops  []docsOp
}

type docsSchema struct{ Name, JSON string }

// specDoc is the part of the OpenAPI description the page lays out.
type specDoc struct {
	Info struct {
		Description string `json:"description"`
	} `json:"info"`
	Paths map[string]map[string]struct {
		OperationID string `json:"operationId"`
		Summary     string `json:"summary"`
		Description string `json:"description"`
		Parameters  []struct {
			Name string `json:"name"`
			In   string `json:"in"`
		} `json:"parameters"`
		RequestBody *struct {
			Content map[string]struct {
				Schema json.RawMessage `json:"schema"`
			} `json:"content"`
		} `json:"requestBody"`
		Responses map[string]struct {
			Content map[string]struct {
				Schema json.RawMessage `json:"schema"`
			} `json:"content"`
		} `json:"responses"`
	} `json:"paths"`
	Components struct {
		Schemas map[string]json.RawMessage `json:"schemas"`
	} `json:"components"`
}

func indentJSON(raw json.RawMessage) string {
	var b bytes.Buffer
	if err := json.Indent(&b, raw, "", "  "); err != nil {
		return string(raw)
	}
	return b.String()
}

// serveAPIDocs answers the API reference page.
func (s *Server) serveAPIDocs(w http.ResponseWriter, _ *http.Request) error {
	page, err := s.description.page()
	if err != nil {
		return err
	}
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	_, _ = w.Write(page) // a failed write means the client went away
	return nil
}

// renderAPIDocs lays the description out as the reference page.
func renderAPIDocs(raw []byte) ([]byte, error) {
	var spec specDoc
	if err := json.Unmarshal(raw, &spec); err != nil {
		return nil, fmt.Errorf("read the openapi description: %w", err)
	}
	byTag := map[string]*docsTag{}
	var tags []*docsTag
	for _, op := range operations {
		o, ok := spec.Paths[op.path][strings.ToLower(op.method)]
		if !ok {
			return nil, fmt.Errorf("%s %s is not in the openapi description", op.method, op.path)
		}
		d := docsOp{ID: o.OperationID, Method: op.method, Path: op.path, Summary: o.Summary, Description: o.Description,
			Status: fmt.Sprint(op.status)}
		for _, p := range o.Parameters {
			d.Params = append(d.Params, p.Name+" ("+p.In+")")
		}
		if o.RequestBody != nil {
			if c, ok := o.RequestBody.Content["application/json"]; ok {
				d.Request = indentJSON(c.Schema)
			}
		}
		if c, ok := o.Responses[fmt.Sprint(op.status)].Content["application/json"]; ok {
			d.Response = indentJSON(c.Schema)
		}
		t := byTag[op.tag]
		if t == nil {
			t = &docsTag{Name: op.tag}
			byTag[op.tag] = t
			tags = append(tags, t)
		}
		t.Ops = append(t.Ops, d)
	}
	schemas := make([]docsSchema, 0, len(spec.Components.Schemas))
	for name, s := range spec.Components.Schemas {
		schemas = append(schemas, docsSchema{Name: name, JSON: indentJSON(s)})
	}
	sort.Slice(schemas, func(i, j int) bool { return schemas[i].Name < schemas[j].Name })
	var page bytes.Buffer
	if err := apiDocsPage.Execute(&page, struct {
		Intro   string
		Tags    []*docsTag
		Schemas []docsSchema
	}{spec.Info.Description, tags, schemas}); err != nil {
		return nil, fmt.Errorf("api docs page: %w", err)
	}
	return page.Bytes(), nil
}
