package domain_test

import (
	"encoding/base64"
	"errors"
	"testing"

	"github.com/strata-maps/strata/internal/domain"
)

func limit(n int) *int { return &n }

// problemOf is the problem err names for field.
func problemOf(err error, field string) domain.Problem {
	var e *domain.Error
	if !errors.As(err, &e) {
		return domain.Problem{}
	}
	return e.Problems[field]
}

func TestPageQueryBounds(t *testing.T) {
	p, err := domain.PageQuery{}.Read("maps:1")
	if err != nil || p.Limit != domain.DefaultPageLimit || p.After != nil || p.Fetch() != domain.DefaultPageLimit+1 {
		t.Fatalf("the first page by default: %+v %v", p, err)
	}
	for _, n := range []int{1, domain.MaxPageLimit} {
		if p, err := (domain.PageQuery{Limit: limit(n)}).Read("maps:1"); err != nil || p.Limit != n {
			t.Fatalf("limit %d: %+v %v", n, p, err)
		}
	}
	for _, n := range []int{0, -1, domain.MaxPageLimit + 1} {
		_, err := domain.PageQuery{Limit: limit(n)}.Read("maps:1")
		pr := problemOf(err, "limit")
		if pr.Code != domain.ProblemOutOfRange || pr.Params["min"] != 1 || pr.Params["max"] != domain.MaxPageLimit {
			t.Fatalf("limit %d: %v %+v", n, err, pr)
		}
	}
}

func TestCursorsBelongToTheirList(t *testing.T) {
	p, err := domain.PageQuery{Limit: limit(2)}.Read("versions:7")
	if err != nil {
		t.Fatal(err)
	}
	rows := []domain.Key{{Num: 5, ID: 9}, {Num: 5, ID: 8}, {Num: 3, ID: 2}}
	page, next := domain.Cut(p, rows, func(k domain.Key) domain.Key { return k })
	if len(page) != 2 || next == nil {
		t.Fatalf("a page of 2 out of 3: %v %v", page, next)
	}
	if last, none := domain.Cut(p, rows[:2], func(k domain.Key) domain.Key { return k }); len(last) != 2 || none != nil {
		t.Fatalf("the last page has a cursor: %v", none)
	}
	after, err := domain.PageQuery{Cursor: *next}.Read("versions:7")
	if err != nil || after.After == nil || *after.After != (domain.Key{Num: 5, ID: 8}) {
		t.Fatalf("the cursor's key: %+v %v", after.After, err)
	}
	for name, c := range map[string]string{
		"another map's":    *next,
		"not base64":       "%%%",
		"not JSON":         base64.RawURLEncoding.EncodeToString([]byte("nope")),
		"another kind's":   base64.RawURLEncoding.EncodeToString([]byte(`{"l":"maps:8","i":1}`)),
		"without its list": base64.RawURLEncoding.EncodeToString([]byte(`{"i":1}`)),
		// PostgreSQL refuses NUL in text: a forged key was a 500 there.
		"a key with NUL": base64.RawURLEncoding.EncodeToString([]byte(`{"l":"versions:8","t":"a\u0000b","i":1}`)),
	} {
		_, err := domain.PageQuery{Cursor: c}.Read("versions:8")
		if pr := problemOf(err, "cursor"); domain.ErrorCode(err) != domain.CodeInvalid || pr.Code != domain.ProblemInvalid || pr.Params["format"] != "cursor" {
			t.Fatalf("%s cursor: %v %+v", name, err, pr)
		}
	}
}
