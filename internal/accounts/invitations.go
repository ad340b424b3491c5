package accounts

import (
	"context"
	"fmt"
	"net/url"
	"strings"
	"time"

	"github.com/strata-maps/strata/internal/auth"
	"github.com/strata-maps/strata/internal/domain"
	"github.com/strata-maps/strata/internal/mail"
	"github.com/strata-maps/strata/internal/store"
)

// Invite is an admin's invitation of an address into a client.
type Invite struct {
	Client  domain.Client
	Inviter domain.User
	Email   string
	Role    string
}

// Invited is an invitation as it was sent.
type Invited struct {
	Email      string
	Role       domain.Role
	ExpiresAt  time.Time
	HasAccount bool
}

// Invite mails an invitation. Whether or not the address has an account,
// nothing else changes: the membership exists once the address's owner
// accepts (Register, or Accept while signed in as that address).
func (s *Service) Invite(ctx context.Context, in Invite) (Invited, error) {
	email := domain.NormalizeEmail(in.Email)
	var v domain.Validation
	v.Check(domain.ValidEmail(email), "email", domain.Invalid("email"))
	role := domain.Role(in.Role)
	v.Check(role.Valid(), "role", domain.NotAllowed(domain.Roles...))
	if err := v.Err(); err != nil {
		return Invited{}, err
	}
	if err := requireActive(in.Client); err != nil {
		return Invited{}, err
	}
	if err := limit(ctx, s.invitations, fmt.Sprint(in.Inviter.ID), "invitations"); err != nil {
		return Invited{}, err
	}
	existing, err := s.store.UserByEmail(ctx, email)
	hasAccount := err == nil
	if err != nil && !isNotFound(err) {
		return Invited{}, err
	}
	// An open invitation holds the seats its invitee will take: the one
	// past the limit is refused now, to the admin, and the count and the
	// new invitation are one transaction with the client locked, so that
	// two sent at once for the last seat cannot both pass. Accepting
	// checks again (the limit may have been lowered meanwhile).
	token, hash := auth.NewToken()
	expires := time.Now().Add(auth.InvitationTTL).UTC().Truncate(time.Second)
	err = s.store.Tx(ctx, func(tx *store.Store) error {
		if err := requireInvitationSeats(ctx, tx, in.Client.ID, email, existing.ID, role); err != nil {
			return err
		}
		return tx.CreateToken(ctx, store.Token{Hash: hash, Kind: store.TokenInvitation, Email: email,
			ClientID: &in.Client.ID, Role: role, CreatedBy: &in.Inviter.ID, ExpiresAt: expires})
	})
	if err != nil {
		return Invited{}, err
	}
	q := url.QueryEscape(token)
	accept, decline := s.link("/register?token="+q), s.link("/decline?token="+q)
	m := mail.Invitation(languageOf(in.Inviter), email, DisplayName(in.Inviter), in.Client.Title, string(role), accept, decline)
	if hasAccount {
		m = mail.InvitationToAccount(languageOf(existing), email, DisplayName(in.Inviter), in.Client.Title, string(role), accept, decline)
	}
	if err := s.mail.Send(ctx, m); err != nil {
		// An invitation nobody received must not hold a seat.
		if rerr := s.store.RevokeInvitation(context.WithoutCancel(ctx), in.Client.ID, store.InvitationID(hash)); rerr != nil {
			s.log.Warn("revoking an unsent invitation", "err", rerr)
		}
		return Invited{}, fmt.Errorf("invitation mail: %w", err)
	}
	return Invited{Email: email, Role: role, ExpiresAt: expires, HasAccount: hasAccount}, nil
}

// InvitationView is what the invitation's page shows.
type InvitationView struct {
	Email       string
	ClientName  string
	ClientTitle string
	Role        domain.Role
	HasAccount  bool
}

// Invitation reads an open invitation without using it.
func (s *Service) Invitation(ctx context.Context, token string) (InvitationView, error) {
	t, err := s.store.PeekToken(ctx, auth.HashToken(token), store.TokenInvitation)
	if err != nil {
		return InvitationView{}, err
	}
	c, err := s.store.ClientByID(ctx, *t.ClientID)
	if err != nil {
		return InvitationView{}, err
	}
	_, err = s.store.UserByEmail(ctx, t.Email)
	if err != nil && !isNotFound(err) {
		return InvitationView{}, err
	}
	return InvitationView{Email: t.Email, ClientName: c.Name, ClientTitle: c.Title, Role: t.Role, HasAccount: err == nil}, nil
}

// Register accepts an invitation with a new password: the token proves the
// mailbox, so the invited address's account is created, or, when one
// exists, takes the new password. Every session of that account ends
// (whoever signed in before does not get the new role); the caller signs
// the user in anew.
func (s *Service) Register(ctx context.Context, token, password, confirmation string) (domain.User, error) {
	hash := auth.HashToken(token)
	// An unusable link is told before a weak password: the page then
	// offers to ask for a new link rather than a new password.
	t, err := s.store.PeekToken(ctx, hash, store.TokenInvitation)
	if err != nil {
		return domain.User{}, err
	}
	userData := []string{t.Email}
	if t.ClientID != nil {
		c, err := s.store.ClientByID(ctx, *t.ClientID)
		if err != nil {
			return domain.User{}, err
		}
		userData = append(userData, c.Name, c.Title)
	}
	if err := auth.ValidatePassword(password, confirmation, userData...); err != nil {
		return domain.User{}, err
	}
	pwHash, err := auth.HashPassword(password)
	if err != nil {
		return domain.User{}, err
	}
	var u domain.User
	err = s.store.Tx(ctx, func(tx *store.Store) error {
		t, err := tx.UseToken(ctx, hash, store.TokenInvitation)
		if err != nil {
			return err
		}
		u, err = tx.UserByEmail(ctx, t.Email)
		switch {
		case isNotFound(err):
			name, _, _ := strings.Cut(t.Email, "@")
			u, err = tx.CreateUser(ctx, store.NewUser{Email: t.Email, Name: name, PasswordHash: pwHash})
		case err == nil:
			if err = tx.SetPasswordHash(ctx, u.ID, pwHash); err == nil {
				err = tx.DeleteSessionsOfUser(ctx, u.ID, "")
			}
		}
		if err != nil {
			return err
		}
		return join(ctx, tx, u.ID, t)
	})
	if err != nil {
		return domain.User{}, err
	}
	s.rechecks.Users(ctx, u.ID) // the sessions it ended close their live sockets
	return u, nil
}

func join(ctx context.Context, tx *store.Store, userID int64, t store.Token) error {
	if err := tx.RequireSeat(ctx, *t.ClientID, userID, t.Role); err != nil {
		return err
	}
	return tx.AddMembership(ctx, userID, *t.ClientID, t.Role)
}

// Accept accepts an invitation for the signed-in user, whose address must
// be the invited one: the token proves the mailbox, the session the account.
func (s *Service) Accept(ctx context.Context, user domain.User, token string) error {
	hash := auth.HashToken(token)
	return s.store.Tx(ctx, func(tx *store.Store) error {
		t, err := tx.PeekToken(ctx, hash, store.TokenInvitation)
		if err != nil {
			return err
		}
		if t.Email != user.Email {
			return domain.Errorf(domain.CodeForbidden, "this invitation is for another e-mail address: sign in with the invited address")
		}
		if t, err = tx.UseToken(ctx, hash, store.TokenInvitation); err != nil {
			return err
		}
		return join(ctx, tx, user.ID, t)
	})
}

// Decline uses the invitation up; nothing else changes.
func (s *Service) Decline(ctx context.Context, token string) error {
	_, err := s.store.UseToken(ctx, auth.HashToken(token), store.TokenInvitation)
	return err
}

// Invitations lists the client's open invitations.
func (s *Service) Invitations(ctx context.Context, clientID int64) ([]store.Invitation, error) {
	return s.store.OpenInvitations(ctx, clientID)
}

// RevokeInvitation ends an open invitation: its links no longer work.
func (s *Service) RevokeInvitation(ctx context.Context, clientID int64, id string) error {
	return s.store.RevokeInvitation(ctx, clientID, id)
}
