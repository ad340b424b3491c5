package api

import (
	"context"
	"errors"
	"io"
	"mime"
	"mime/multipart"
	"net/http"

	"github.com/strata-maps/strata/internal/access"
	"github.com/strata-maps/strata/internal/domain"
	"github.com/strata-maps/strata/internal/editing"
	"github.com/strata-maps/strata/internal/publishing"
)

// A map's sections (GET/PUT /maps/{id}/{section}, the quizzes, the BibTeX
// import) and the readers' quiz answers. The rules are editing's and
// publishing's; here the body is read and the section's lock honoured.

// sectionLocks are the live channel's lock types of the sections: another
// editor holding one refuses a change of its section (409 element_locked).
var sectionLocks = map[string]string{
	domain.SectionEditorsNote: "editors_note", domain.SectionGlossary: "glossary", domain.SectionReferences: "source",
	domain.SectionHeader: "header_bar", domain.SectionTOC: "table_of_contents", domain.SectionSocialSharing: "social_sharing",
	domain.SectionCookieConsent: "cookie_consent", domain.SectionQuizzes: "quiz",
}

// The answers of the sections' calls: the section with the map's revision.
type (
	editorsNoteAnswer struct {
		domain.EditorsNote
		Revision int64 `json:"revision"`
	}
	glossaryAnswer struct {
		domain.Glossary
		Revision int64 `json:"revision"`
	}
	referencesAnswer struct {
		domain.References
		Revision int64 `json:"revision"`
	}
	headerAnswer struct {
		domain.Header
		Revision int64 `json:"revision"`
	}
	tocAnswer struct {
		domain.TOC
		Revision int64 `json:"revision"`
	}
	socialSharingAnswer struct {
		domain.SocialSharing
		Revision int64 `json:"revision"`
	}
	cookieConsentAnswer struct {
		domain.CookieConsent
		Revision int64 `json:"revision"`
	}
	quizAnswer struct {
		domain.Quiz
		// Counts are the readers' answers to the published quiz, per
		// question and answer.
		Counts   []quizCount `json:"counts" nullable:"false"`
		Revision int64       `json:"revision"`
	}
	quizzesAnswer struct {
		Quizzes  []domain.Quiz `json:"quizzes" nullable:"false"`
		Revision int64         `json:"revision"`
	}
	bibtexAnswer struct {
		editing.BibTeXImport
		Revision int64 `json:"revision"`
	}
)

// quizCount is how many readers chose an answer.
type quizCount struct {
	QuestionID int64 `json:"question_id"`
	AnswerID   int64 `json:"answer_id"`
	Count      int64 `json:"count"`
}

// getSection answers a section read by read, wrapped with the revision.
func getSection[T, A any](read func(context.Context, int64) (T, error), wrap func(T, int64) A) mapHandler {
	return func(w http.ResponseWriter, r *http.Request, _ domain.Actor, m domain.Map) error {
		v, err := read(r.Context(), m.ID)
		if err != nil {
			return err
		}
		writeJSON(w, http.StatusOK, wrap(v, m.Revision))
		return nil
	}
}

// putSection replaces a section: the role the section needs, its lock
// free of other editors, then the service's rules. The body may be what
// the GET answered, revision included (decodeRevised).
func putSection[T, A any](s *Server, section string, put func(context.Context, int64, int64, T) (T, editing.Result, error), wrap func(T, int64) A) mapHandler {
	return func(w http.ResponseWriter, r *http.Request, a domain.Actor, m domain.Map) error {
		var req T
		r, err := decodeRevised(w, r, &req)
		if err != nil {
			return err
		}
		if err := s.maySetSection(r, a, m, section); err != nil {
			return err
		}
		v, res, err := put(r.Context(), m.ID, a.User.ID, req)
		if err != nil {
			return err
		}
		writeChange(w, http.StatusOK, res, wrap(v, res.Revision))
		return nil
	}
}

// maySetSection checks the role a section needs and its lock.
func (s *Server) maySetSection(r *http.Request, a domain.Actor, m domain.Map, section string) error {
	if err := s.editing.MaySetSection(r.Context(), a, m, section); err != nil {
		return err
	}
	return s.unlocked(r, a, m, map[string]string{sectionKey(sectionLocks[section], m.ID): section})
}

// sectionRoutes registers the sections' calls.
func (s *Server) sectionRoutes(m routeTable) {
	read, edit := access.Read, access.Edit
	ed := s.editing
	section := func(name string, get, put mapHandler) {
		m.HandleFunc("GET /api/v1/maps/{id}/"+name, s.onMap(read, get))
		m.HandleFunc("PUT /api/v1/maps/{id}/"+name, s.onMap(edit, put))
	}
	section(domain.SectionEditorsNote, getSection(ed.EditorsNote, wrapEditorsNote), putSection(s, domain.SectionEditorsNote, ed.PutEditorsNote, wrapEditorsNote))
	section(domain.SectionGlossary, getSection(ed.Glossary, wrapGlossary), putSection(s, domain.SectionGlossary, ed.PutGlossary, wrapGlossary))
	section(domain.SectionReferences, getSection(ed.References, wrapReferences), putSection(s, domain.SectionReferences, ed.PutReferences, wrapReferences))
	section(domain.SectionHeader, getSection(ed.Header, wrapHeader), putSection(s, domain.SectionHeader, ed.PutHeader, wrapHeader))
	section(domain.SectionTOC, getSection(ed.TOC, wrapTOC), putSection(s, domain.SectionTOC, ed.PutTOC, wrapTOC))
	section(domain.SectionSocialSharing, getSection(ed.SocialSharing, wrapSocialSharing), putSection(s, domain.SectionSocialSharing, ed.PutSocialSharing, wrapSocialSharing))
	section(domain.SectionCookieConsent, getSection(ed.CookieConsent, wrapCookieConsent), putSection(s, domain.SectionCookieConsent, ed.PutCookieConsent, wrapCookieConsent))
	m.HandleFunc("POST /api/v1/maps/{id}/references/import", s.onMap(edit, s.importBibTeX))
	m.HandleFunc("GET /api/v1/maps/{id}/quizzes", s.onMap(read, s.listQuizzes))
	m.HandleFunc("POST /api/v1/maps/{id}/quizzes", s.onMap(edit, s.saveQuiz))
	m.HandleFunc("GET /api/v1/maps/{id}/quizzes/{quizId}", s.onMap(read, s.getQuiz))
	m.HandleFunc("PUT /api/v1/maps/{id}/quizzes/{quizId}", s.onMap(edit, s.saveQuiz))
	m.HandleFunc("DELETE /api/v1/maps/{id}/quizzes/{quizId}", s.onMap(edit, s.deleteQuiz))
	m.HandleFunc("POST /api/v1/public/maps/{url}/quizzes/{quizId}/answers", s.handle(s.answerQuiz))
}

func wrapEditorsNote(v domain.EditorsNote, rev int64) editorsNoteAnswer {
	return editorsNoteAnswer{v, rev}
}
func wrapGlossary(v domain.Glossary, rev int64) glossaryAnswer       { return glossaryAnswer{v, rev} }
func wrapReferences(v domain.References, rev int64) referencesAnswer { return referencesAnswer{v, rev} }
func wrapHeader(v domain.Header, rev int64) headerAnswer             { return headerAnswer{v, rev} }
func wrapTOC(v domain.TOC, rev int64) tocAnswer                      { return tocAnswer{v, rev} }
func wrapSocialSharing(v domain.SocialSharing, rev int64) socialSharingAnswer {
	return socialSharingAnswer{v, rev}
}
func wrapCookieConsent(v domain.CookieConsent, rev int64) cookieConsentAnswer {
	return cookieConsentAnswer{v, rev}
}

// bibtexUpload is the import's body as a form: the file in the field file.
type bibtexUpload struct {
	File multipart.File `formData:"file" required:"true" description:"The BibTeX file, at most 1 MB."`
}

// importBibTeX reads a BibTeX file sent as a form's file or as the body
// itself, and adds its entries to the references.
func (s *Server) importBibTeX(w http.ResponseWriter, r *http.Request, a domain.Actor, m domain.Map) error {
	if err := s.maySetSection(r, a, m, domain.SectionReferences); err != nil {
		return err
	}
	data, err := bibtexBody(r)
	if err != nil {
		return err
	}
	if err := checkText(data); err != nil {
		return err
	}
	got, res, err := s.editing.ImportBibTeX(r.Context(), m.ID, a.User.ID, data)
	if err != nil {
		return err
	}
	if res.Revision == 0 { // nothing imported: nothing changed
		res.Revision = m.Revision
	}
	writeChange(w, http.StatusOK, res, bibtexAnswer{got, res.Revision})
	return nil
}

var errBibTeXTooLarge = &domain.Error{Code: domain.CodeTooLarge, Message: "a BibTeX file may have at most 1 MB",
	Problems: domain.Problems{"file": domain.TooLarge(editing.MaxBibTeXBytes)}}

// bibtexBody reads the file: a multipart form's field file, or the body.
func bibtexBody(r *http.Request) ([]byte, error) {
	limited := func(rd io.Reader) ([]byte, error) {
		data, err := io.ReadAll(io.LimitReader(rd, editing.MaxBibTeXBytes+1))
		var tooLarge *http.MaxBytesError
		if errors.As(err, &tooLarge) || len(data) > editing.MaxBibTeXBytes {
			return nil, errBibTeXTooLarge
		}
		if err != nil {
			return nil, domain.Errorf(domain.CodeInvalid, "the file could not be read: %v", err)
		}
		return data, nil
	}
	mt, params, _ := mime.ParseMediaType(r.Header.Get("Content-Type"))
	if mt != "multipart/form-data" {
		return limited(r.Body)
	}
	mr := multipart.NewReader(r.Body, params["boundary"])
	for {
		part, err := mr.NextPart()
		if err == io.EOF {
			return nil, &domain.Error{Code: domain.CodeInvalid, Message: "the form has no file",
				Problems: domain.Problems{"file": domain.Required()}}
		}
		if err != nil {
			var tooLarge *http.MaxBytesError
			if errors.As(err, &tooLarge) {
				return nil, errBibTeXTooLarge
			}
			return nil, domain.Errorf(domain.CodeInvalid, "the form could not be read: %v", err)
		}
		if part.FormName() == "file" {
			return limited(part)
		}
	}
}

// checkText refuses a file that is not UTF-8 text (NUL and the other
// characters refused everywhere).
func checkText(data []byte) error {
	if reason := textReason(string(data)); reason != "" {
		return &domain.Error{Code: domain.CodeInvalid, Message: "the file is not text: it " + reason,
			Problems: domain.Problems{"file": domain.Invalid("text").Saying(reason)}}
	}
	return nil
}

func (s *Server) listQuizzes(w http.ResponseWriter, r *http.Request, _ domain.Actor, m domain.Map) error {
	qs, err := s.editing.Quizzes(r.Context(), m.ID)
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, quizzesAnswer{qs, m.Revision})
	return nil
}

func (s *Server) getQuiz(w http.ResponseWriter, r *http.Request, _ domain.Actor, m domain.Map) error {
	id, err := pathID(r, "quizId")
	if err != nil {
		return err
	}
	q, err := s.editing.Quiz(r.Context(), m.ID, id)
	if err != nil {
		return err
	}
	counts, err := s.store.QuizAnswerCounts(r.Context(), m.ID, id)
	if err != nil {
		return err
	}
	out := quizAnswer{Quiz: q, Counts: make([]quizCount, 0, len(counts)), Revision: m.Revision}
	for _, c := range counts {
		out.Counts = append(out.Counts, quizCount(c))
	}
	writeJSON(w, http.StatusOK, out)
	return nil
}

// saveQuiz creates a quiz (POST) or replaces one (PUT .../{quizId}).
func (s *Server) saveQuiz(w http.ResponseWriter, r *http.Request, a domain.Actor, m domain.Map) error {
	var id int64
	status := http.StatusCreated
	if r.PathValue("quizId") != "" {
		var err error
		if id, err = pathID(r, "quizId"); err != nil {
			return err
		}
		status = http.StatusOK
	}
	var req domain.Quiz
	r, err := decodeRevised(w, r, &req)
	if err != nil {
		return err
	}
	if err := s.maySetSection(r, a, m, domain.SectionQuizzes); err != nil {
		return err
	}
	q, res, err := s.editing.SaveQuiz(r.Context(), m.ID, a.User.ID, id, req)
	if err != nil {
		return err
	}
	writeChange(w, status, res, quizAnswer{Quiz: q, Counts: []quizCount{}, Revision: res.Revision})
	return nil
}

func (s *Server) deleteQuiz(w http.ResponseWriter, r *http.Request, a domain.Actor, m domain.Map) error {
	id, err := pathID(r, "quizId")
	if err != nil {
		return err
	}
	if err := s.maySetSection(r, a, m, domain.SectionQuizzes); err != nil {
		return err
	}
	res, err := s.editing.DeleteQuiz(r.Context(), m.ID, a.User.ID, id)
	if err != nil {
		return err
	}
	writeChange(w, http.StatusOK, res, nil)
	return nil
}

// answerQuiz counts a reader's answers to a quiz of the live version and
// says which were right.
func (s *Server) answerQuiz(w http.ResponseWriter, r *http.Request) error {
	p, err := s.publishedFor(r, r.PathValue("url"))
	if err != nil {
		return err
	}
	id, err := pathID(r, "quizId")
	if err != nil {
		return err
	}
	var req publishing.QuizAnswers
	if err := decodeJSON(w, r, &req); err != nil {
		return err
	}
	res, err := s.publishing.AnswerQuiz(r.Context(), p, clientAddress(r), id, req)
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, res)
	return nil
}
