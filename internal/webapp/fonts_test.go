package webapp

import "testing"

func TestFontsAreListed(t *testing.T) {
	fonts, err := Fonts()
	if err != nil {
		t.Fatal(err)
	}
	if len(fonts) == 0 {
		t.Fatal("no fonts")
	}
	for _, f := range fonts {
		if f.FamilyName == "" || f.Package == "" || len(f.Faces) == 0 {
			t.Fatalf("incomplete font %+v", f)
		}
		for _, face := range f.Faces {
			if face.File == "" || face.Weight < 100 || face.Weight > 900 || (face.Style != "normal" && face.Style != "italic") {
				t.Fatalf("bad face %+v of %s", face, f.FamilyName)
			}
		}
	}
}
