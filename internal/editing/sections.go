package editing

import (
	"context"
	"encoding/json"
	"fmt"

	"github.com/strata-maps/strata/internal/domain"
	"github.com/strata-maps/strata/internal/store"
)

// A map's sections (domain.Sections) are replaced whole by their PUT: the
// value is checked against the map's languages and levels, rich text is
// sanitised as node content is, and the change is logged under the
// section's name with its new value, so that every editor applies it.

// Change types of the sections: each section's name, and a quiz's.
const (
	TypeEditorsNote   = domain.SectionEditorsNote
	TypeGlossary      = domain.SectionGlossary
	TypeReferences    = domain.SectionReferences
	TypeHeader        = domain.SectionHeader
	TypeTOC           = domain.SectionTOC
	TypeSocialSharing = domain.SectionSocialSharing
	TypeCookieConsent = domain.SectionCookieConsent
	TypeQuiz          = "quiz"
	TypeQuizRemoved   = "quiz_removed"
)

// SectionChangeTypes lists the change types of the sections.
var SectionChangeTypes = []string{TypeEditorsNote, TypeGlossary, TypeReferences, TypeHeader, TypeTOC,
	TypeSocialSharing, TypeCookieConsent, TypeQuiz, TypeQuizRemoved}

// maxSectionJSON bounds one section as stored.
const maxSectionJSON = 4 << 20

// MaySetSection is the spec's rule of who changes a section (account-area
// §6): the table of contents and quizzes need an editor; the rest whoever
// may edit the map (the caller checked that: a student and up, or a guest
// an admin raised to edit this map).
func (s *Service) MaySetSection(ctx context.Context, a domain.Actor, m domain.Map, section string) error {
	if section != domain.SectionTOC && section != domain.SectionQuizzes {
		return nil
	}
	c, err := s.store.ClientByID(ctx, m.ClientID)
	if err != nil {
		return err
	}
	if !a.Can(c.Name, domain.RoleEditor) {
		return domain.Errorf(domain.CodeForbidden, "only editors and admins may change the %s; ask an admin", section)
	}
	return nil
}

func (s *Service) rules(m domain.Map) domain.SectionRules {
	return domain.SectionRules{Languages: m.Languages, Levels: m.VisibilityLevels, Sanitize: s.html.Sanitize}
}

// readSection decodes a stored section; one never written is the zero
// value with its lists and texts empty, as fill makes it.
func readSection[T any](ctx context.Context, st *store.Store, mapID int64, name string, fill func(*T)) (T, error) {
	var out T
	data, err := st.Section(ctx, mapID, name)
	if err != nil {
		return out, err
	}
	if data != nil {
		if err := json.Unmarshal(data, &out); err != nil {
			return out, fmt.Errorf("section %s of map %d: stored JSON: %w", name, mapID, err)
		}
	}
	fill(&out)
	return out, nil
}

// putSection checks a section's new value and stores it, logging the
// change typ with the delta made of the stored value.
func putSection[T any](s *Service, ctx context.Context, mapID, userID int64, name string, in T,
	check func(e *edit, r domain.SectionRules, v *T, val *domain.Validation) error, delta func(*T) Delta) (T, Result, error) {
	res, err := s.run(ctx, mapID, userID, func(e *edit) error {
		if err := e.full(); err != nil {
			return err
		}
		var val domain.Validation
		if err := check(e, s.rules(e.m), &in, &val); err != nil {
			return err
		}
		if err := val.Err(); err != nil {
			return err
		}
		if err := e.storeSection(name, in); err != nil {
			return err
		}
		return e.record(name, delta(&in))
	})
	return in, res, err
}

// storeSection writes a section's value, bounded in size.
func (e *edit) storeSection(name string, value any) error {
	data, err := json.Marshal(value)
	if err != nil {
		return fmt.Errorf("encode section %s: %w", name, err)
	}
	if len(data) > maxSectionJSON {
		return &domain.Error{Code: domain.CodeInvalid, Message: "the " + name + " is too large",
			Problems: domain.Problems{name: domain.TooLarge(maxSectionJSON)}}
	}
	return e.tx.PutSection(e.ctx, e.m.ID, name, data)
}

// plain adapts a rule that needs nothing of the map's rows.
func plain[T any](f func(r domain.SectionRules, v *T, val *domain.Validation)) func(*edit, domain.SectionRules, *T, *domain.Validation) error {
	return func(_ *edit, r domain.SectionRules, v *T, val *domain.Validation) error {
		f(r, v, val)
		return nil
	}
}

// empty fills a section never written: its lists and texts empty.
func empty[T any](f func(r domain.SectionRules, v *T, val *domain.Validation)) func(*T) {
	return func(v *T) {
		var ignored domain.Validation
		f(domain.SectionRules{}, v, &ignored)
	}
}

// EditorsNote answers the map's editor's note.
func (s *Service) EditorsNote(ctx context.Context, mapID int64) (domain.EditorsNote, error) {
	return readSection(ctx, s.store, mapID, domain.SectionEditorsNote, empty(domain.SectionRules.CheckEditorsNote))
}

// PutEditorsNote replaces the editor's note.
func (s *Service) PutEditorsNote(ctx context.Context, mapID, userID int64, n domain.EditorsNote) (domain.EditorsNote, Result, error) {
	return putSection(s, ctx, mapID, userID, domain.SectionEditorsNote, n, plain(domain.SectionRules.CheckEditorsNote),
		func(v *domain.EditorsNote) Delta { return Delta{EditorsNote: v} })
}

// Glossary answers the map's glossary.
func (s *Service) Glossary(ctx context.Context, mapID int64) (domain.Glossary, error) {
	return readSection(ctx, s.store, mapID, domain.SectionGlossary, empty(domain.SectionRules.CheckGlossary))
}

// PutGlossary replaces the glossary.
func (s *Service) PutGlossary(ctx context.Context, mapID, userID int64, g domain.Glossary) (domain.Glossary, Result, error) {
	return putSection(s, ctx, mapID, userID, domain.SectionGlossary, g, plain(domain.SectionRules.CheckGlossary),
		func(v *domain.Glossary) Delta { return Delta{Glossary: v} })
}

// References answers the map's references.
func (s *Service) References(ctx context.Context, mapID int64) (domain.References, error) {
	return readSection(ctx, s.store, mapID, domain.SectionReferences, empty(domain.SectionRules.CheckReferences))
}

// PutReferences replaces the references.
func (s *Service) PutReferences(ctx context.Context, mapID, userID int64, r domain.References) (domain.References, Result, error) {
	return putSection(s, ctx, mapID, userID, domain.SectionReferences, r, plain(domain.SectionRules.CheckReferences),
		func(v *domain.References) Delta { return Delta{References: v} })
}

// Header answers the map's header bar.
func (s *Service) Header(ctx context.Context, mapID int64) (domain.Header, error) {
	return readSection(ctx, s.store, mapID, domain.SectionHeader, empty(domain.SectionRules.CheckHeader))
}

// PutHeader replaces the header bar.
func (s *Service) PutHeader(ctx context.Context, mapID, userID int64, h domain.Header) (domain.Header, Result, error) {
	return putSection(s, ctx, mapID, userID, domain.SectionHeader, h, func(e *edit, r domain.SectionRules, h *domain.Header, val *domain.Validation) error {
		r.CheckHeader(h, val)
		media := mediaRefs{}
		media.add(h.LogoMedia, "logo_media")
		return media.check(e, val)
	}, func(v *domain.Header) Delta { return Delta{Header: v} })
}

// TOC answers the map's table of contents.
func (s *Service) TOC(ctx context.Context, mapID int64) (domain.TOC, error) {
	return readSection(ctx, s.store, mapID, domain.SectionTOC, empty(domain.SectionRules.CheckTOC))
}

// PutTOC replaces the table of contents; every entry must point at a node
// on the map.
func (s *Service) PutTOC(ctx context.Context, mapID, userID int64, t domain.TOC) (domain.TOC, Result, error) {
	return putSection(s, ctx, mapID, userID, domain.SectionTOC, t, func(e *edit, r domain.SectionRules, t *domain.TOC, val *domain.Validation) error {
		r.CheckTOC(t, val)
		ids := make([]int64, 0, len(t.Entries))
		for _, en := range t.Entries {
			ids = append(ids, en.NodeID)
		}
		found, err := e.tx.NodesByID(e.ctx, e.m.ID, ids)
		if err != nil {
			return err
		}
		for i, en := range t.Entries {
			if _, ok := found[en.NodeID]; !ok && en.NodeID > 0 {
				val.Add(fmt.Sprintf("entries[%d].node_id", i), domain.NotFound(en.NodeID).Saying(fmt.Sprintf("node %d is not on this map", en.NodeID)))
			}
		}
		return nil
	}, func(v *domain.TOC) Delta { return Delta{TOC: v} })
}

// SocialSharing answers the map's social sharing settings.
func (s *Service) SocialSharing(ctx context.Context, mapID int64) (domain.SocialSharing, error) {
	return readSection(ctx, s.store, mapID, domain.SectionSocialSharing, empty(domain.SectionRules.CheckSocialSharing))
}

// PutSocialSharing replaces the social sharing settings.
func (s *Service) PutSocialSharing(ctx context.Context, mapID, userID int64, ss domain.SocialSharing) (domain.SocialSharing, Result, error) {
	return putSection(s, ctx, mapID, userID, domain.SectionSocialSharing, ss, plain(domain.SectionRules.CheckSocialSharing),
		func(v *domain.SocialSharing) Delta { return Delta{SocialSharing: v} })
}

// CookieConsent answers the map's cookie consent.
func (s *Service) CookieConsent(ctx context.Context, mapID int64) (domain.CookieConsent, error) {
	return readSection(ctx, s.store, mapID, domain.SectionCookieConsent, empty(domain.SectionRules.CheckCookieConsent))
}

// PutCookieConsent replaces the cookie consent.
func (s *Service) PutCookieConsent(ctx context.Context, mapID, userID int64, c domain.CookieConsent) (domain.CookieConsent, Result, error) {
	return putSection(s, ctx, mapID, userID, domain.SectionCookieConsent, c, plain(domain.SectionRules.CheckCookieConsent),
		func(v *domain.CookieConsent) Delta { return Delta{CookieConsent: v} })
}
