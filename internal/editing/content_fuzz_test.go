package editing

import (
	"strings"
	"testing"

	"golang.org/x/net/html"
)

// FuzzRichTextSanitizer: whatever HTML a client sends, what the policy keeps
// runs no code, once parsed as the browser will parse it.
func FuzzRichTextSanitizer(f *testing.F) {
	for _, s := range []string{
		`<p>Der <b>Plan</b> <a href="https://example.org">link</a></p>`,
		`<img src=x onerror=alert(1)>`,
		`<a href="javascript:alert(1)">x</a>`,
		`<svg><script>alert(1)</script></svg>`,
		`<p style="background:url(javascript:alert(1))">x</p>`,
		`<scr<script>ipt>alert(1)</script>`,
		`<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>`,
		`<a href="jav&#x09;ascript:alert(1)">x</a>`,
		"<a href=\"java\x00script:alert(1)\">x</a>",
		`<noscript><p title="</noscript><img src=x onerror=alert(1)>">`,
	} {
		f.Add(s)
	}
	p := richTextPolicy()
	f.Fuzz(func(t *testing.T, in string) {
		out := p.Sanitize(in)
		// Judge what a browser builds from the output, not its text.
		doc, err := html.Parse(strings.NewReader(out))
		if err != nil {
			t.Fatal(err)
		}
		for n := range doc.Descendants() {
			if n.Type != html.ElementNode {
				continue
			}
			switch n.Data {
			case "script", "iframe", "object", "embed", "style", "form", "svg", "math", "base", "meta", "link", "noscript":
				if !(n.Data == "meta" || n.Data == "base" || n.Data == "link") || n.Parent == nil || n.Parent.Data != "head" {
					t.Fatalf("<%s> survived: %q → %q", n.Data, in, out)
				}
			}
			for _, a := range n.Attr {
				v := strings.ToLower(strings.Join(strings.Fields(a.Val), ""))
				if strings.HasPrefix(a.Key, "on") || a.Key == "style" ||
					((a.Key == "href" || a.Key == "src") && (strings.HasPrefix(v, "javascript:") || strings.HasPrefix(v, "vbscript:") || strings.HasPrefix(v, "data:"))) {
					t.Fatalf("attribute %s=%q survived: %q → %q", a.Key, a.Val, in, out)
				}
			}
		}
	})
}
