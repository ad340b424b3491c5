package media

import (
	"bytes"
	"encoding/binary"
	"image"
	"image/color"
	"image/gif"
	"image/jpeg"
	"image/png"
	"testing"

	"github.com/strata-maps/strata/internal/domain"
)

func encoded(t *testing.T, enc func(*bytes.Buffer, image.Image) error) []byte {
	t.Helper()
	img := image.NewPaletted(image.Rect(0, 0, 4, 4), color.Palette{color.Black, color.White})
	var b bytes.Buffer
	if err := enc(&b, img); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

// box is an ISO base media box: size, type, body.
func box(typ string, body []byte) []byte {
	b := binary.BigEndian.AppendUint32(nil, uint32(8+len(body)))
	return append(append(b, typ...), body...)
}

func TestSniffDecidesFromTheBytes(t *testing.T) {
	wav := append([]byte("RIFF\x24\x00\x00\x00WAVEfmt "), make([]byte, 32)...)
	webp := append([]byte("RIFF\x1a\x00\x00\x00WEBPVP8L\x0d\x00\x00\x00\x2f"), make([]byte, 16)...)
	cases := []struct {
		name string
		head []byte
		ct   string
		typ  domain.MediaType
		ok   bool
	}{
		{"png", encoded(t, func(b *bytes.Buffer, i image.Image) error { return png.Encode(b, i) }), "image/png", domain.MediaImage, true},
		{"jpeg", encoded(t, func(b *bytes.Buffer, i image.Image) error { return jpeg.Encode(b, i, nil) }), "image/jpeg", domain.MediaImage, true},
		{"gif", encoded(t, func(b *bytes.Buffer, i image.Image) error { return gif.Encode(b, i, nil) }), "image/gif", domain.MediaImage, true},
		{"webp", webp, "image/webp", domain.MediaImage, true},
		{"svg", []byte(`<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg"/>`), "image/svg+xml", domain.MediaVector, true},
		{"mp4", box("ftyp", []byte("isom\x00\x00\x02\x00isomiso2mp41")), "video/mp4", domain.MediaVideo, true},
		{"webm", []byte("\x1a\x45\xdf\xa3\x9f\x42\x86\x81\x01\x42\xf7\x81\x01\x42\xf2\x81\x04\x42\xf3\x81\x08\x42\x82\x84webm\x42\x87\x81\x04\x42\x85\x81\x02"), "video/webm", domain.MediaVideo, true},
		{"mp3", append([]byte("ID3\x03\x00\x00\x00\x00\x00\x0aTIT2\x00\x00\x00\x01\x00\x00\x00"), make([]byte, 16)...), "audio/mpeg", domain.MediaAudio, true},
		{"ogg", append(append([]byte("OggS\x00\x02"), make([]byte, 22)...), "OpusHead\x01\x02\x38\x01\x80\xbb\x00\x00\x00\x00\x00"...), "audio/ogg", domain.MediaAudio, true},
		{"flac", append([]byte("fLaC\x00\x00\x00\x22"), make([]byte, 34)...), "audio/flac", domain.MediaAudio, true},
		{"wav", wav, "audio/wav", domain.MediaAudio, true},
		{"pdf", []byte("%PDF-1.7\n%\xe2\xe3\xcf\xd3\n1 0 obj\n"), "application/pdf", domain.MediaOther, true},
		// Whatever the name said, these are not taken.
		{"html", []byte("<!DOCTYPE html><html><body><script>alert(1)</script>"), "text/html", "", false},
		{"svg inside html", []byte(`<html><svg xmlns="http://www.w3.org/2000/svg"/></html>`), "text/html", "", false},
		{"executable", []byte("MZ\x90\x00\x03\x00\x00\x00\x04\x00\x00\x00\xff\xff"), "application/vnd.microsoft.portable-executable", "", false},
		{"zip", []byte("PK\x03\x04\x14\x00\x00\x00\x08\x00"), "application/zip", "", false},
		{"text", []byte("just some words"), "text/plain", "", false},
	}
	for _, c := range cases {
		ct, typ, ok := sniff(c.head)
		if ok != c.ok || typ != c.typ || (c.ct != "" && ct != c.ct && c.ok) {
			t.Errorf("%s: %q %q %v, want %q %q %v", c.name, ct, typ, ok, c.ct, c.typ, c.ok)
		}
	}
}

func TestCheckSVG(t *testing.T) {
	const ns = `xmlns="http://www.w3.org/2000/svg" xmlns:x="http://www.w3.org/1999/xlink"`
	good := []string{
		`<svg ` + ns + ` width="10" height="10"><rect width="10" height="10" style="fill:red"/></svg>`,
		`<?xml version="1.0" encoding="UTF-8"?><!-- a comment --><svg ` + ns + `><a x:href="https://example.org/"><text>link</text></a></svg>`,
		`<svg ` + ns + `><image x:href="data:image/png;base64,iVBORw0KGgo="/><style>.a{fill:#123}</style></svg>`,
		`<svg ` + ns + `><desc id="metadata:credits">x</desc></svg>`,
		// An external DTD only (as editors write it): no declarations of
		// its own, and browsers never fetch it.
		`<?xml version="1.0"?><!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.1//EN" "http://www.w3.org/Graphics/SVG/1.1/DTD/svg11.dtd"><svg ` + ns + `/>`,
	}
	for _, s := range good {
		if err := checkSVG([]byte(s)); err != nil {
			t.Errorf("refused %s: %v", s, err)
		}
	}
	unsafe := map[string]string{
		"script":                 `<svg ` + ns + `><script>alert(1)</script></svg>`,
		"script in capitals":     `<svg ` + ns + `><SCRIPT>alert(1)</SCRIPT></svg>`,
		"script of a prefix":     `<svg ` + ns + ` xmlns:s="http://www.w3.org/2000/svg"><s:script>alert(1)</s:script></svg>`,
		"handler":                `<svg ` + ns + `><rect onclick="alert(1)"/></svg>`,
		"handler in capitals":    `<svg ` + ns + ` ONLOAD="alert(1)"/>`,
		"javascript link":        `<svg ` + ns + `><a x:href="javascript:alert(1)"><text>x</text></a></svg>`,
		"javascript by entity":   `<svg ` + ns + `><a href="&#106;avascript:alert(1)"><text>x</text></a></svg>`,
		"javascript spaced":      `<svg ` + ns + `><a href=" java&#x0A;script:alert(1)"><text>x</text></a></svg>`,
		"javascript set by anim": `<svg ` + ns + `><a><set attributeName="href" to="javascript:alert(1)"/><text>x</text></a></svg>`,
		"html data link":         `<svg ` + ns + `><a href="data:text/html,&lt;script&gt;alert(1)&lt;/script&gt;"><text>x</text></a></svg>`,
		"svg data image":         `<svg ` + ns + `><image href="data:image/svg+xml;base64,PHN2Zz48L3N2Zz4="/></svg>`,
		"xhtml data link":        `<svg ` + ns + `><a href="data:application/xhtml+xml,x"><text>x</text></a></svg>`,
		"foreignObject":          `<svg ` + ns + `><foreignObject><div xmlns="http://www.w3.org/1999/xhtml">x</div></foreignObject></svg>`,
		"iframe":                 `<svg ` + ns + `><iframe src="https://example.org"/></svg>`,
		"entity declaration":     `<!DOCTYPE svg [<!ENTITY a "aaaaaaaaaa">]><svg ` + ns + `><text>&a;</text></svg>`,
		"xml-stylesheet program": `<?xml-stylesheet type="text/xsl" href="evil.xsl"?><svg ` + ns + `/>`,
		"vbscript":               `<svg ` + ns + `><a href="vbscript:msgbox(1)"><text>x</text></a></svg>`,
		// A DTD's attribute defaults put a handler on elements that show none.
		"handler by a DTD default":  `<!DOCTYPE svg [<!ATTLIST svg onload CDATA "alert(1)">]><svg ` + ns + `/>`,
		"handler by a DTD, spaced":  "<!DOCTYPE svg [\n  <!attlist svg onload CDATA 'alert(1)'>\n]><svg " + ns + `/>`,
		"an empty internal subset":  `<!DOCTYPE svg []><svg ` + ns + `/>`,
		"a declaration outside one": `<!ATTLIST svg onload CDATA "alert(1)"><svg ` + ns + `/>`,
		"a second DOCTYPE":          `<!DOCTYPE svg><!DOCTYPE svg [<!ATTLIST svg onload CDATA "alert(1)">]><svg ` + ns + `/>`,
	}
	for name, s := range unsafe {
		if err := checkSVG([]byte(s)); domain.ErrorCode(err) != domain.CodeUnsafeSVG {
			t.Errorf("%s: %v, want unsafe_svg", name, err)
		}
	}
	invalid := map[string]string{
		"not XML":           `<svg ` + ns + `><rect></svg>`,
		"another root":      `<html><svg ` + ns + `/></html>`,
		"no element":        `<?xml version="1.0"?>`,
		"undeclared entity": `<svg ` + ns + `><text>&nbsp;</text></svg>`,
	}
	for name, s := range invalid {
		if err := checkSVG([]byte(s)); domain.ErrorCode(err) != domain.CodeInvalidImage {
			t.Errorf("%s: %v, want invalid_image", name, err)
		}
	}
	if w, h := svgSize([]byte(`<svg ` + ns + ` viewBox="0 0 300.4 150"/>`)); w == nil || *w != 300 || *h != 150 {
		t.Errorf("viewBox size %v %v", w, h)
	}
	if w, _ := svgSize([]byte(`<svg ` + ns + ` width="100%" height="50%"/>`)); w != nil {
		t.Errorf("a relative size is no size: %v", *w)
	}
}
