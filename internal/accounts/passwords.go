package accounts

import (
	"context"
	"net/url"
	"time"

	"github.com/strata-maps/strata/internal/auth"
	"github.com/strata-maps/strata/internal/domain"
	"github.com/strata-maps/strata/internal/mail"
	"github.com/strata-maps/strata/internal/store"
)

// RequestPasswordReset mails a reset link to the address if it has an
// account, within a limit per address. Only a malformed address is an
// error: whatever happens after, the asker learns nothing of whether the
// address has an account, and a failure is logged.
func (s *Service) RequestPasswordReset(ctx context.Context, email string) error {
	email = domain.NormalizeEmail(email)
	if !domain.ValidEmail(email) {
		return &domain.Error{Code: domain.CodeInvalid, Message: "enter an e-mail address",
			Problems: domain.Problems{"email": domain.Invalid("email")}}
	}
	if err := s.mailPasswordReset(ctx, email); err != nil {
		s.log.ErrorContext(ctx, "password reset mail", "err", err)
	}
	return nil
}

func (s *Service) mailPasswordReset(ctx context.Context, email string) error {
	ok, _, err := s.resetRequests.Take(ctx, "reset:"+email)
	if err != nil || !ok {
		return err
	}
	u, err := s.store.UserByEmail(ctx, email)
	if isNotFound(err) {
		return nil
	}
	if err != nil {
		return err
	}
	token, hash := auth.NewToken()
	uid := u.ID
	if err := s.store.CreateToken(ctx, store.Token{Hash: hash, Kind: store.TokenPasswordReset, UserID: &uid, Email: u.Email,
		ExpiresAt: time.Now().Add(auth.PasswordResetTTL)}); err != nil {
		return err
	}
	return s.mail.Send(ctx, mail.PasswordReset(languageOf(u), u.Email, s.link("/reset-password?token="+url.QueryEscape(token))))
}

// PasswordReset sets a new password with a mailed link's token.
type PasswordReset struct {
	Token                string `json:"-"`
	Password             string `json:"password" required:"true"`
	PasswordConfirmation string `json:"password_confirmation" required:"true"`
}

// ResetPassword sets the new password and signs the user out everywhere:
// whoever knew the old one loses the account. An unusable token is told
// before a weak password: the page then offers to ask for a new link.
func (s *Service) ResetPassword(ctx context.Context, in PasswordReset) error {
	hash := auth.HashToken(in.Token)
	t, err := s.store.PeekToken(ctx, hash, store.TokenPasswordReset)
	if err != nil {
		return err
	}
	userData := []string{t.Email}
	switch u, err := s.store.UserByEmail(ctx, t.Email); {
	case err == nil:
		userData = append(userData, u.Name, u.FirstName, u.Surname)
	case !isNotFound(err):
		return err
	}
	if err := auth.ValidatePassword(in.Password, in.PasswordConfirmation, userData...); err != nil {
		return err
	}
	pwHash, err := auth.HashPassword(in.Password)
	if err != nil {
		return err
	}
	var userID int64
	err = s.store.Tx(ctx, func(tx *store.Store) error {
		t, err := tx.UseToken(ctx, hash, store.TokenPasswordReset)
		if err != nil {
			return err
		}
		userID = *t.UserID
		if err := tx.SetPasswordHash(ctx, userID, pwHash); err != nil {
			return err
		}
		return tx.DeleteSessionsOfUser(ctx, userID, "")
	})
	if err != nil {
		return err
	}
	s.rechecks.Users(ctx, userID)
	return nil
}
