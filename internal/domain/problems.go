package domain

import (
	"fmt"
	"strings"
)

// Reason codes of field problems: the `problems` of the REST error envelope
// name each bad field's code and its parameters, so that a client words the
// problem in its own language instead of parsing the English `details`.
// The codes are part of the API: add new ones, never rename one.
const (
	// ProblemRequired: the field is missing or empty.
	ProblemRequired = "required"
	// ProblemTooLong: more than params.max characters.
	ProblemTooLong = "too_long"
	// ProblemTooShort: fewer than params.min characters.
	ProblemTooShort = "too_short"
	// ProblemOutOfRange: a number outside params.min..params.max.
	ProblemOutOfRange = "out_of_range"
	// ProblemTooSmall: a number below params.min.
	ProblemTooSmall = "too_small"
	// ProblemTooMany: a list or count above params.max items.
	ProblemTooMany = "too_many"
	// ProblemTooLarge: more than params.max bytes.
	ProblemTooLarge = "too_large"
	// ProblemInvalid: not of the expected form; params.format, when
	// present, names it (email, url, url_or_path, image_url, domain, slug,
	// map_url, colour, json, object, id, whole_number, user_path, etag,
	// text, template_id, palette, revision, query, cursor, bibtex).
	ProblemInvalid = "invalid"
	// ProblemNotAllowed: not one of params.allowed.
	ProblemNotAllowed = "not_allowed"
	// ProblemWrongType: a JSON value of another type than params.type
	// (string, boolean, object, array, number).
	ProblemWrongType = "wrong_type"
	// ProblemUnknown: a name the server does not know (a field, a design
	// field, a section, a quota kind).
	ProblemUnknown = "unknown"
	// ProblemTaken: the value is someone else's already (an e-mail address,
	// a name, a domain).
	ProblemTaken = "taken"
	// ProblemUnchanged: the value is the current one, so nothing would change.
	ProblemUnchanged = "unchanged"
	// ProblemMismatch: a confirmation differs from what it confirms.
	ProblemMismatch = "mismatch"
	// ProblemWrongPassword: the current password given is not the user's.
	ProblemWrongPassword = "wrong_password"
	// ProblemCommonPassword: the password is among those tried first.
	ProblemCommonPassword = "common_password"
	// ProblemWeakPassword: the password is easy to guess: the user's own
	// name or address, a word with a year or digits, a keyboard pattern.
	ProblemWeakPassword = "weak_password"
	// ProblemLineBreak: a single-line text holds a line break.
	ProblemLineBreak = "line_break"
	// ProblemControlCharacter: the text holds control characters.
	ProblemControlCharacter = "control_character"
	// ProblemNotFound: the thing named does not exist where it is looked for
	// (params.id, when present, names it).
	ProblemNotFound = "not_found"
	// ProblemWrongKind: the thing named exists but is of the other kind.
	ProblemWrongKind = "wrong_kind"
	// ProblemDuplicate: the same item is named twice (params.id, when present).
	ProblemDuplicate = "duplicate"
	// ProblemLocked: another user edits the element (params.user_id, when known).
	ProblemLocked = "locked"
	// ProblemExclusive: cannot be set together with params.with.
	ProblemExclusive = "exclusive"
	// ProblemBelowField: must not be below the field params.field.
	ProblemBelowField = "below_field"
	// ProblemSelfReference: an element cannot point at itself.
	ProblemSelfReference = "self_reference"
	// ProblemNoSharedLevel: the elements share no zoom level.
	ProblemNoSharedLevel = "no_shared_level"
	// ProblemLastOne: the only one left cannot be removed.
	ProblemLastOne = "last_one"
	// ProblemQuotaExceeded: the client's quota params.kind allows params.max.
	ProblemQuotaExceeded = "quota_exceeded"
	// ProblemEmbedOnly: the map is read only where it is embedded.
	ProblemEmbedOnly = "embed_only"
	// ProblemMayRegister: signing up as a reader would give access.
	ProblemMayRegister = "may_register"
	// ProblemRule: a rule of the spec without a code of its own; the
	// English reason says which.
	ProblemRule = "rule"
	// ProblemUnknownMedia: a design names a media key that is no asset of
	// the map's client.
	ProblemUnknownMedia = "unknown_media"
	// ProblemBidiControl: a name holds a direction control (U+202E…),
	// which would show it reordered: "x\u202Egnp.exe" as "xexe.png".
	ProblemBidiControl = "bidi_control"
)

// Problems are the problems of a request's fields: field → problem.
type Problems map[string]Problem

// ProblemCodes are all the codes, for the tests that hold the docs and
// the clients to them.
var ProblemCodes = []string{
	ProblemRequired,
	ProblemTooLong,
	ProblemTooShort,
	ProblemOutOfRange,
	ProblemTooSmall,
	ProblemTooMany,
	ProblemTooLarge,
	ProblemInvalid,
	ProblemNotAllowed,
	ProblemWrongType,
	ProblemUnknown,
	ProblemTaken,
	ProblemUnchanged,
	ProblemMismatch,
	ProblemWrongPassword,
	ProblemCommonPassword,
	ProblemWeakPassword,
	ProblemLineBreak,
	ProblemControlCharacter,
	ProblemNotFound,
	ProblemWrongKind,
	ProblemDuplicate,
	ProblemLocked,
	ProblemExclusive,
	ProblemBelowField,
	ProblemSelfReference,
	ProblemNoSharedLevel,
	ProblemLastOne,
	ProblemQuotaExceeded,
	ProblemEmbedOnly,
	ProblemMayRegister,
	ProblemRule,
	ProblemUnknownMedia,
	ProblemBidiControl,
}

// Problem is what is wrong with one field: a code, its parameters, and the
// English reason sent in `details` for scripts that read text.
type Problem struct {
	Code   string
	Params map[string]any
	// reason overrides the English derived from the code, where the old
	// wording says more than the code (e.g. which formats are accepted).
	reason string
}

// Saying returns p with its English reason set to reason.
func (p Problem) Saying(reason string) Problem {
	p.reason = reason
	return p
}

// Reason is the English phrase for p, as `details` carries it.
func (p Problem) Reason() string {
	if p.reason != "" {
		return p.reason
	}
	switch p.Code {
	case ProblemRequired:
		return "is required"
	case ProblemTooLong:
		return fmt.Sprintf("must have at most %v characters", p.Params["max"])
	case ProblemTooShort:
		return fmt.Sprintf("must have at least %v characters", p.Params["min"])
	case ProblemOutOfRange:
		return fmt.Sprintf("must be from %v to %v", p.Params["min"], p.Params["max"])
	case ProblemTooSmall:
		return fmt.Sprintf("must be at least %v", p.Params["min"])
	case ProblemTooMany:
		return fmt.Sprintf("at most %v", p.Params["max"])
	case ProblemTooLarge:
		return fmt.Sprintf("must be at most %v bytes", p.Params["max"])
	case ProblemNotAllowed:
		if allowed, ok := p.Params["allowed"].([]string); ok {
			return "must be " + choice(allowed)
		}
	case ProblemWrongType:
		return "must be " + jsonKindPhrase(fmt.Sprint(p.Params["type"]))
	case ProblemUnknown:
		return "is not a known field"
	case ProblemTaken:
		return "is taken"
	case ProblemUnchanged:
		return "is the current value"
	case ProblemMismatch:
		return "does not match the password"
	case ProblemWrongPassword:
		return "is wrong"
	case ProblemCommonPassword:
		return "is too common: it is among the passwords tried first"
	case ProblemWeakPassword:
		return "is too easy to guess: avoid your name, your address, the organisation's name and patterns such as a word with a year; a few unrelated words are strong"
	case ProblemLineBreak:
		return SingleLineReason
	case ProblemControlCharacter:
		return "must not contain control characters"
	case ProblemBidiControl:
		return "must not contain direction controls such as U+202E, which show it in another order"
	case ProblemNotFound:
		return "not found"
	case ProblemWrongKind:
		return "is of the other kind"
	case ProblemDuplicate:
		return "is listed twice"
	case ProblemLocked:
		return "is locked"
	case ProblemExclusive:
		return fmt.Sprintf("cannot be set together with %v", p.Params["with"])
	case ProblemBelowField:
		return fmt.Sprintf("must not be below %v", p.Params["field"])
	case ProblemSelfReference:
		return "cannot point at itself"
	case ProblemNoSharedLevel:
		return "shares no zoom level"
	case ProblemLastOne:
		return "is the only one"
	case ProblemQuotaExceeded:
		return fmt.Sprintf("%v", p.Params["kind"])
	case ProblemEmbedOnly:
		return "read it in the page that embeds it"
	case ProblemMayRegister:
		return "may register"
	}
	if r, ok := formatReasons[fmt.Sprint(p.Params["format"])]; ok && p.Code == ProblemInvalid {
		return r
	}
	return "is invalid"
}

// formatReasons word ProblemInvalid for each format.
var formatReasons = map[string]string{
	"email":        "is not an e-mail address",
	"url":          "must be an http(s) address",
	"url_or_path":  "must be an http(s) address or a path",
	"image_url":    "must be an http(s) address or a PNG, JPEG, WebP or SVG image of at most 256 KB",
	"domain":       "must be a domain name such as maps.example.org",
	"slug":         "must be lower-case letters, digits and inner hyphens, at most 63",
	"map_url":      "may hold lower-case letters, digits and hyphens inside",
	"colour":       "must be a colour such as #1a2b3c or transparent",
	"json":         "is not valid JSON",
	"object":       "must be an object",
	"id":           "must be the id of an element",
	"whole_number": "must be a whole number",
	"user_path":    "is not a user path",
	"etag":         "must be the map's ETag",
	"text":         "is not valid text",
}

// choice words a choice: "a", "a or b", "a, b or c".
func choice(allowed []string) string {
	if len(allowed) <= 1 {
		return strings.Join(allowed, "")
	}
	return strings.Join(allowed[:len(allowed)-1], ", ") + " or " + allowed[len(allowed)-1]
}

func jsonKindPhrase(kind string) string {
	switch kind {
	case "string":
		return "a string"
	case "boolean":
		return "true or false"
	case "object":
		return "an object"
	case "array":
		return "an array"
	}
	return "a number"
}

// The constructors below are the one way a check states its problem.

func Required() Problem { return Problem{Code: ProblemRequired} }
func TooLong(max int) Problem {
	return Problem{Code: ProblemTooLong, Params: map[string]any{"max": max}}
}
func TooShort(min int) Problem {
	return Problem{Code: ProblemTooShort, Params: map[string]any{"min": min}}
}
func OutOfRange[N int | int64 | float64](min, max N) Problem {
	return Problem{Code: ProblemOutOfRange, Params: map[string]any{"min": min, "max": max}}
}
func TooSmall(min int) Problem {
	return Problem{Code: ProblemTooSmall, Params: map[string]any{"min": min}}
}
func TooMany(max int) Problem {
	return Problem{Code: ProblemTooMany, Params: map[string]any{"max": max}}
}
func TooLarge(maxBytes int) Problem {
	return Problem{Code: ProblemTooLarge, Params: map[string]any{"max": maxBytes}}
}

// Invalid is a value not of the form named by format ("" for no name).
func Invalid(format string) Problem {
	if format == "" {
		return Problem{Code: ProblemInvalid}
	}
	return Problem{Code: ProblemInvalid, Params: map[string]any{"format": format}}
}

// NotAllowed is a value not among allowed.
func NotAllowed[S ~string](allowed ...S) Problem {
	names := make([]string, len(allowed))
	for i, a := range allowed {
		names[i] = string(a)
	}
	return Problem{Code: ProblemNotAllowed, Params: map[string]any{"allowed": names}}
}

// WrongType is a JSON value that should have been of type kind (string,
// boolean, object, array or number).
func WrongType(kind string) Problem {
	return Problem{Code: ProblemWrongType, Params: map[string]any{"type": kind}}
}

// Unknown, Taken, … are the problems without parameters.
func Unknown() Problem          { return Problem{Code: ProblemUnknown} }
func Taken() Problem            { return Problem{Code: ProblemTaken} }
func Unchanged() Problem        { return Problem{Code: ProblemUnchanged} }
func Mismatch() Problem         { return Problem{Code: ProblemMismatch} }
func WrongPassword() Problem    { return Problem{Code: ProblemWrongPassword} }
func CommonPassword() Problem   { return Problem{Code: ProblemCommonPassword} }
func WeakPassword() Problem     { return Problem{Code: ProblemWeakPassword} }
func LineBreak() Problem        { return Problem{Code: ProblemLineBreak} }
func ControlCharacter() Problem { return Problem{Code: ProblemControlCharacter} }
func BidiControl() Problem      { return Problem{Code: ProblemBidiControl} }
func WrongKind() Problem        { return Problem{Code: ProblemWrongKind} }
func SelfReference() Problem    { return Problem{Code: ProblemSelfReference} }
func NoSharedLevel() Problem    { return Problem{Code: ProblemNoSharedLevel} }
func LastOne() Problem          { return Problem{Code: ProblemLastOne} }

// UnknownMedia is a media key that is no asset of the map's client.
func UnknownMedia() Problem {
	return Problem{Code: ProblemUnknownMedia, reason: "is not a media asset of the map's client"}
}

// Rule is a rule of the spec without a code of its own, said in English.
func Rule(reason string) Problem { return Problem{Code: ProblemRule, reason: reason} }

// NotFound is a reference to nothing; id, when not zero, names it.
func NotFound(id int64) Problem {
	if id == 0 {
		return Problem{Code: ProblemNotFound}
	}
	return Problem{Code: ProblemNotFound, Params: map[string]any{"id": id}}
}

// Duplicate is an item named twice; id, when not zero, names it.
func Duplicate(id int64) Problem {
	if id == 0 {
		return Problem{Code: ProblemDuplicate}
	}
	return Problem{Code: ProblemDuplicate, Params: map[string]any{"id": id}}.Saying(fmt.Sprintf("names %d twice", id))
}

// Locked is an element another user edits; userID, when not zero, names them.
func Locked(userID int64) Problem {
	if userID == 0 {
		return Problem{Code: ProblemLocked}
	}
	return Problem{Code: ProblemLocked, Params: map[string]any{"user_id": userID}}.
		Saying(fmt.Sprintf("is being edited by user %d", userID))
}

// Exclusive is a field that cannot be set together with the field other.
func Exclusive(other string) Problem {
	return Problem{Code: ProblemExclusive, Params: map[string]any{"with": other}}
}

// BelowField is a value below that of the field other.
func BelowField(other string) Problem {
	return Problem{Code: ProblemBelowField, Params: map[string]any{"field": other}}
}

// QuotaExceeded is the client's quota of kind, which allows max.
func QuotaExceeded(kind string, max int) Problem {
	return Problem{Code: ProblemQuotaExceeded, Params: map[string]any{"kind": kind, "max": max}}
}

// EmbedOnly and MayRegister are the hints of a refused public map.
func EmbedOnly() Problem   { return Problem{Code: ProblemEmbedOnly} }
func MayRegister() Problem { return Problem{Code: ProblemMayRegister} }
