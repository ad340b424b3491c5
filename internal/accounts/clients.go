package accounts

import (
	"context"
	"fmt"
	"strings"

	"github.com/strata-maps/strata/internal/access"
	"github.com/strata-maps/strata/internal/domain"
	"github.com/strata-maps/strata/internal/mail"
	"github.com/strata-maps/strata/internal/store"
)

// Clients lists the clients the actor belongs to; a superuser sees all.
// Each counts the maps the actor may read (access.Reach).
func (s *Service) Clients(ctx context.Context, a domain.Actor) ([]store.ClientSummary, error) {
	return s.store.ClientSummaries(ctx, access.Reach(a))
}

// ClientFor is the one access check for a client's calls: a client the
// actor does not belong to does not exist for them (not_found); a
// deactivated one is closed to its members (client_deactivated,
// Client.OpenFor); a member whose role ranks below required is refused
// (forbidden).
func (s *Service) ClientFor(ctx context.Context, a domain.Actor, name string, required domain.Role) (store.ClientSummary, error) {
	if !a.IsMember(name) {
		return store.ClientSummary{}, domain.Errorf(domain.CodeNotFound, "client %q not found", name)
	}
	cs, err := s.store.ClientSummary(ctx, name, access.Reach(a))
	if err != nil {
		return store.ClientSummary{}, err
	}
	if err := cs.OpenFor(a); err != nil {
		return store.ClientSummary{}, err
	}
	if !a.Can(name, required) {
		return store.ClientSummary{}, domain.Errorf(domain.CodeForbidden, "this needs the %s role in %s", required, cs.Title)
	}
	return cs, nil
}

const maxClientTitleLen = 200

func checkTitle(v *domain.Validation, title string) string {
	title = strings.TrimSpace(title)
	v.Check(title != "", "title", domain.Required())
	v.Check(len([]rune(title)) <= maxClientTitleLen, "title", domain.TooLong(maxClientTitleLen))
	v.Check(domain.SingleLine(title), "title", domain.LineBreak())
	return title
}

// NewClient is a client to create.
type NewClient struct {
	Name  string `json:"name" required:"true"` // the URL-safe slug
	Title string `json:"title" required:"true"`
}

// CreateClient creates a client: a superuser's act.
func (s *Service) CreateClient(ctx context.Context, a domain.Actor, in NewClient) (store.ClientSummary, error) {
	if !a.User.IsSuperuser {
		return store.ClientSummary{}, errSuperuserOnly
	}
	var v domain.Validation
	v.Check(domain.ValidClientName(in.Name), "name", domain.Invalid("slug"))
	title := checkTitle(&v, in.Title)
	if err := v.Err(); err != nil {
		return store.ClientSummary{}, err
	}
	c, err := s.store.CreateClient(ctx, in.Name, title)
	if err != nil {
		return store.ClientSummary{}, err
	}
	return store.ClientSummary{Client: c}, nil
}

// ClientChange changes a client; nil fields stay.
type ClientChange struct {
	Title *string `json:"title"`
	// Active deactivates or reactivates the client: a superuser's act.
	Active *bool `json:"active"`
}

// UpdateClient changes a client's title or state. A deactivated client is
// frozen: only reactivating it is allowed.
func (s *Service) UpdateClient(ctx context.Context, a domain.Actor, c store.ClientSummary, in ClientChange) (store.ClientSummary, error) {
	if in.Active != nil && *in.Active != c.Active && !a.User.IsSuperuser {
		return c, errSuperuserOnly
	}
	var v domain.Validation
	title := c.Title
	if in.Title != nil {
		title = checkTitle(&v, *in.Title)
	}
	if err := v.Err(); err != nil {
		return c, err
	}
	active := c.Active
	if in.Active != nil {
		active = *in.Active
	}
	if title != c.Title && !active {
		return c, requireActive(c.Client)
	}
	c.Title, c.Active = title, active
	if err := s.store.UpdateClient(ctx, c.Client); err != nil {
		return c, err
	}
	s.rechecks.Client(ctx, c.ID) // a deactivated client's members' sockets close
	return c, nil
}

// DeleteClient deletes a client for good: a superuser's act, and only once
// the client is deactivated, so that nobody deletes one in use by mistake.
func (s *Service) DeleteClient(ctx context.Context, a domain.Actor, c domain.Client) error {
	if !a.User.IsSuperuser {
		return errSuperuserOnly
	}
	if c.Active {
		return domain.Errorf(domain.CodeConflict, "deactivate %s before deleting it", c.Title)
	}
	if err := s.store.DeleteClient(ctx, c.ID); err != nil {
		return err
	}
	s.rechecks.Client(ctx, c.ID)
	return nil
}

const maxAccessRequestLen = 2000

// AccessRequest is a member's request for more access, to the client or
// to one of its maps.
type AccessRequest struct {
	Client  domain.Client `json:"-"`
	Message string        `json:"message,omitempty"`
	MapID   *int64        `json:"map_id"`
}

// RequestAccess stores the request and mails every admin of the client,
// within a daily limit per user (each request mails every admin).
func (s *Service) RequestAccess(ctx context.Context, a domain.Actor, in AccessRequest) error {
	msg := strings.TrimSpace(in.Message)
	if len([]rune(msg)) > maxAccessRequestLen {
		return &domain.Error{Code: domain.CodeInvalid, Message: "the message is too long",
			Problems: domain.Problems{"message": domain.TooLong(maxAccessRequestLen)}}
	}
	if in.MapID != nil {
		// A map the user cannot see is named like one that does not exist.
		m, c, explicit, err := s.store.MapHead(ctx, *in.MapID, a.User.ID)
		if err != nil || c.ID != in.Client.ID || !access.Decide(a, c, m, explicit).May(access.Read) {
			return &domain.Error{Code: domain.CodeNotFound, Message: "map not found",
				Problems: domain.Problems{"map_id": domain.NotFound(*in.MapID).Saying("is not a map of this client")}}
		}
	}
	if err := limit(ctx, s.accessRequests, fmt.Sprint(a.User.ID), "access requests"); err != nil {
		return err
	}
	if err := s.store.CreateAccessRequest(ctx, in.Client.ID, a.User.ID, in.MapID, msg); err != nil {
		return err
	}
	admins, err := s.store.ClientAdmins(ctx, in.Client.ID)
	if err != nil {
		return err
	}
	// The request is stored; a mail that fails is logged, not the user's problem.
	for _, ad := range admins {
		s.sendOrLog(ctx, mail.AccessRequest(languageOf(ad), ad.Email, DisplayName(a.User), a.User.Email, in.Client.Title, msg,
			s.link("/clients/"+in.Client.Name)))
	}
	return nil
}

// AccessRequestsPage is a page of the client's access requests, newest
// first; NextCursor asks for the next one, nil on the last.
type AccessRequestsPage struct {
	Requests   []store.AccessRequest
	NextCursor *string
}

// AccessRequests answers a page of the client's access requests.
func (s *Service) AccessRequests(ctx context.Context, clientID int64, q domain.PageQuery) (AccessRequestsPage, error) {
	p, err := q.Read(fmt.Sprintf("access_requests:%d", clientID))
	if err != nil {
		return AccessRequestsPage{}, err
	}
	list, err := s.store.AccessRequests(ctx, clientID, p)
	if err != nil {
		return AccessRequestsPage{}, err
	}
	list, next := domain.Cut(p, list, func(ar store.AccessRequest) domain.Key { return domain.Key{ID: ar.ID} })
	return AccessRequestsPage{Requests: list, NextCursor: next}, nil
}
