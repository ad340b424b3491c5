package editing

import "testing"

func TestRichTextLinkTargets(t *testing.T) {
	p := richTextPolicy()
	for _, c := range []struct{ in, want string }{
		{`<a href="https://example.org" target="_self">a</a>`, `<a href="https://example.org" target="_self" rel="nofollow noreferrer">a</a>`},
		{`<a href="https://example.org" target="_top">a</a>`, `<a href="https://example.org" target="_top" rel="nofollow noreferrer">a</a>`},
		{`<a href="https://example.org" target="_blank">a</a>`, `<a href="https://example.org" target="_blank" rel="nofollow noreferrer noopener">a</a>`},
		// A target that is no browsing context keyword is dropped, not kept as a frame name.
		{`<a href="https://example.org" target="evil">a</a>`, `<a href="https://example.org" rel="nofollow noreferrer">a</a>`},
		{`<a href="#ref-smith2020">[smith2020]</a>`, `<a href="#ref-smith2020" rel="nofollow noreferrer">[smith2020]</a>`},
	} {
		if got := p.Sanitize(c.in); got != c.want {
			t.Errorf("Sanitize(%s) = %s, want %s", c.in, got, c.want)
		}
	}
}
