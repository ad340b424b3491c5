package publishing

import (
	"context"
	"strings"

	"github.com/strata-maps/strata/internal/domain"
	"github.com/strata-maps/strata/internal/store"
)

// Publication answers the map's publication; anyone who may read the map
// may see it.
func (s *Service) Publication(ctx context.Context, m domain.Map) (State, error) {
	p, err := s.store.Publication(ctx, m.ID)
	if err != nil {
		return State{}, err
	}
	return State{p, m.Live, m.Revision}, nil
}

// Settings is a change to a publication's settings; nil fields stay.
type Settings struct {
	URL            *string
	AccessMode     *string
	EmbedOnly      *bool
	EmbedDomains   *string // one domain per line or comma
	SEOTitle       *string
	SEODescription *string
}

// ChangeSettings changes the publication's settings. The map's address
// and access are for those who may publish (account-area §6); its SEO
// texts for anyone who edits it.
func (s *Service) ChangeSettings(ctx context.Context, a domain.Actor, m domain.Map, in Settings) (State, error) {
	if in.URL != nil || in.AccessMode != nil || in.EmbedOnly != nil || in.EmbedDomains != nil {
		if err := s.MayPublish(ctx, a, m); err != nil {
			return State{}, domain.Errorf(domain.CodeForbidden, "the map's address and access are for admins and editors")
		}
	}
	p, err := s.store.Publication(ctx, m.ID)
	if err != nil {
		return State{}, err
	}
	v := &domain.Validation{}
	if in.URL != nil {
		p.URL = strings.TrimSpace(*in.URL)
		if p.URL != "" {
			domain.ValidateMapURL(v, "url", p.URL)
		}
	}
	if in.AccessMode != nil {
		p.AccessMode = domain.AccessMode(*in.AccessMode)
		v.Check(p.AccessMode.Valid(), "access_mode", domain.NotAllowed(domain.AccessLimited, domain.AccessPartial, domain.AccessAccessible))
	}
	if in.EmbedOnly != nil {
		p.EmbedOnly = *in.EmbedOnly
	}
	if in.EmbedDomains != nil {
		p.EmbedDomains = domain.ParseEmbedDomains(v, "embed_domains", *in.EmbedDomains)
	}
	if in.SEOTitle != nil {
		p.SEOTitle = strings.TrimSpace(*in.SEOTitle)
		v.Check(len([]rune(p.SEOTitle)) <= domain.SEOTitleMaxLen, "seo_title", domain.TooLong(120))
	}
	if in.SEODescription != nil {
		p.SEODescription = strings.TrimSpace(*in.SEODescription)
		v.Check(len([]rune(p.SEODescription)) <= domain.SEODescriptionMaxLen, "seo_description", domain.TooLong(300))
	}
	if err := v.Err(); err != nil {
		return State{}, err
	}
	if err := s.store.SavePublication(ctx, p); err != nil {
		return State{}, err
	}
	return State{p, m.Live, m.Revision}, nil
}

// SetLive sets the map overview's live toggle: editors and admins only
// (spec §4: students ask an admin). Turning a map live takes a live-map
// seat, checked in the same transaction; a template is never live.
func (s *Service) SetLive(ctx context.Context, a domain.Actor, m domain.Map, live bool) (domain.Map, error) {
	c, err := s.store.ClientByID(ctx, m.ClientID)
	if err != nil {
		return domain.Map{}, err
	}
	if !a.Can(c.Name, domain.RoleEditor) {
		return domain.Map{}, domain.Errorf(domain.CodeForbidden, "only editors and admins may set a map live; ask an admin")
	}
	isAdmin := a.Can(c.Name, domain.RoleAdmin)
	var got domain.Map
	err = s.store.Tx(ctx, func(tx *store.Store) error {
		var err error
		if got, err = tx.MapForUpdate(ctx, m.ID); err != nil {
			return err
		}
		if got.IsTemplate && live {
			return &domain.Error{Code: domain.CodeInvalid, Message: "a map template cannot be live",
				Problems: domain.Problems{"live": domain.Rule("a map template cannot be live")}}
		}
		if live && !got.Live {
			if err := tx.RequireQuota(ctx, got.ClientID, domain.QuotaLiveMap, isAdmin); err != nil {
				return err
			}
		}
		got.Live = live
		return tx.SetMapLive(ctx, m.ID, live)
	})
	return got, err
}
