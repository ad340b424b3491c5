package domain

import (
	"os"
	"strings"
	"testing"
)

// Each code words its English reason from its parameters, the reason an
// override names wins, and a Validation keeps the first problem per field.
func TestProblemReasons(t *testing.T) {
	for _, tt := range []struct {
		p    Problem
		code string
		want string
	}{
		{Required(), ProblemRequired, "is required"},
		{TooLong(100), ProblemTooLong, "must have at most 100 characters"},
		{TooShort(10), ProblemTooShort, "must have at least 10 characters"},
		{OutOfRange(1, 12), ProblemOutOfRange, "must be from 1 to 12"},
		{OutOfRange(0.1, 2.5), ProblemOutOfRange, "must be from 0.1 to 2.5"},
		{TooMany(50), ProblemTooMany, "at most 50"},
		{TooLarge(4096), ProblemTooLarge, "must be at most 4096 bytes"},
		{NotAllowed(LangEN, LangDE, LangFR), ProblemNotAllowed, "must be en, de or fr"},
		{NotAllowed(Roles...), ProblemNotAllowed, "must be guest, student, editor or admin"},
		{Invalid("email"), ProblemInvalid, "is not an e-mail address"},
		{Invalid(""), ProblemInvalid, "is invalid"},
		{WrongType("boolean"), ProblemWrongType, "must be true or false"},
		{Taken(), ProblemTaken, "is taken"},
		{Mismatch(), ProblemMismatch, "does not match the password"},
		{CommonPassword(), ProblemCommonPassword, "is too common: it is among the passwords tried first"},
		{LineBreak(), ProblemLineBreak, SingleLineReason},
		{Duplicate(7), ProblemDuplicate, "names 7 twice"},
		{Locked(3), ProblemLocked, "is being edited by user 3"},
		{Exclusive("media"), ProblemExclusive, "cannot be set together with media"},
		{BelowField("min_level"), ProblemBelowField, "must not be below min_level"},
		{QuotaExceeded("map", 5), ProblemQuotaExceeded, "map"},
		{TooLong(200).Saying("at most 200, please"), ProblemTooLong, "at most 200, please"},
		{Rule("a template cannot follow another template"), ProblemRule, "a template cannot follow another template"},
	} {
		if tt.p.Code != tt.code || tt.p.Reason() != tt.want {
			t.Errorf("%+v: code %q reason %q, want %q %q", tt.p, tt.p.Code, tt.p.Reason(), tt.code, tt.want)
		}
	}
}

func TestValidationKeepsCodesAndReasons(t *testing.T) {
	var v Validation
	v.Check(true, "name", Required())
	v.Check(false, "name", TooLong(10))
	v.Check(false, "name", Required())
	v.Add("email", Taken())
	err := v.Err().(*Error)
	if err.Code != CodeInvalid || len(err.Problems) != 2 {
		t.Fatalf("%+v", err)
	}
	if p := err.Problems["name"]; p.Code != ProblemTooLong || p.Params["max"] != 10 {
		t.Errorf("first problem of name not kept: %+v", p)
	}
	if d := err.Details(); d["name"] != "must have at most 10 characters" || d["email"] != "is taken" {
		t.Errorf("details %v", d)
	}
	var none Validation
	if none.Err() != nil {
		t.Error("no problem, yet an error")
	}
}

// docs/api.md documents every code, so that a client can word each.
func TestEveryProblemCodeIsDocumented(t *testing.T) {
	doc, err := os.ReadFile("../../docs/api.md")
	if err != nil {
		t.Fatal(err)
	}
	for _, code := range ProblemCodes {
		if !strings.Contains(string(doc), "| `"+code+"` |") {
			t.Errorf("docs/api.md does not list the problem code %s", code)
		}
	}
}
