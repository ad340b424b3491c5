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

// ReaderSignUp is a sign-up at a partial map by someone not signed in.
type ReaderSignUp struct {
	ClientID             int64
	ClientTitle          string
	MapURL               string // the map's public address, to go on to
	Name                 string
	Email                string
	Password             string
	PasswordConfirmation string
	Language             string // of the page, for the mail
}

// SignUpReader keeps a pending sign-up and mails a link to the address.
// Nothing else exists until the link is followed: no account, no seat, no
// session; so an address nobody proved gives nobody anything.
func (s *Service) SignUpReader(ctx context.Context, in ReaderSignUp) (email string, err error) {
	name, email := strings.TrimSpace(in.Name), domain.NormalizeEmail(in.Email)
	var v domain.Validation
	checkName(&v, "name", name, maxReaderNameLen)
	v.Check(domain.ValidEmail(email), "email", domain.Invalid("email"))
	if err := v.Err(); err != nil {
		return "", err
	}
	if err := auth.ValidatePassword(in.Password, in.PasswordConfirmation, email, name, in.ClientTitle); err != nil {
		return "", err
	}
	switch _, err := s.store.UserByEmail(ctx, email); {
	case err == nil:
		return "", errAccountExists
	case !isNotFound(err):
		return "", err
	}
	// Refused early when no seat is free; following the link checks again.
	if err := s.store.RequireQuota(ctx, in.ClientID, domain.QuotaActiveReaders, true); err != nil {
		return "", err
	}
	hash, err := auth.HashPassword(in.Password)
	if err != nil {
		return "", err
	}
	lang := domain.Language(in.Language)
	if !lang.Valid() {
		lang = domain.LangEN
	}
	token, tokenHash := auth.NewToken()
	cid := in.ClientID
	if err := s.store.CreateEmailProof(ctx, store.EmailProof{Hash: tokenHash, Kind: store.ProofReaderSignUp, Email: email, ClientID: &cid,
		Name: name, PasswordHash: hash, Language: string(lang), MapURL: in.MapURL, ExpiresAt: time.Now().Add(ProofTTL)}); err != nil {
		return "", err
	}
	if err := s.mail.Send(ctx, mail.ReaderSignUp(string(lang), email, in.ClientTitle, s.link(verifyPath(token)))); err != nil {
		return "", fmt.Errorf("sign-up mail: %w", err)
	}
	return email, nil
}

func verifyPath(token string) string { return "/verify-email?token=" + url.QueryEscape(token) }

// Verified is what following a proof's link did.
type Verified struct {
	Kind string // store.ProofReaderSignUp or store.ProofEmailChange
	User domain.User
	// MapURL: the partial map a new reader goes on to.
	MapURL string
}

// VerifyEmail follows a proof's link: a reader's account is created (and
// takes its seat), or a user's new address replaces the old one. The caller
// signs a new reader in.
func (s *Service) VerifyEmail(ctx context.Context, token string) (Verified, error) {
	var out Verified
	err := s.store.Tx(ctx, func(tx *store.Store) error {
		p, err := tx.UseEmailProof(ctx, auth.HashToken(token))
		if err != nil {
			return err
		}
		out.Kind, out.MapURL = p.Kind, p.MapURL
		switch p.Kind {
		case store.ProofReaderSignUp:
			u, err := tx.CreateUser(ctx, store.NewUser{Email: p.Email, Name: p.Name, PasswordHash: p.PasswordHash})
			if domain.ErrorCode(err) == domain.CodeConflict {
				return errAccountExists
			}
			if err != nil {
				return err
			}
			if p.Language != "" {
				l := domain.Language(p.Language)
				u.Language = &l
				if err := tx.UpdateUser(ctx, u); err != nil {
					return err
				}
			}
			out.User = u
			return addReader(ctx, tx, *p.ClientID, u.ID)
		case store.ProofEmailChange:
			if err := tx.SetUserEmail(ctx, *p.UserID, p.Email); err != nil {
				return err
			}
			out.User, err = tx.UserByID(ctx, *p.UserID)
			return err
		}
		return fmt.Errorf("e-mail proof of unknown kind %q", p.Kind)
	})
	if err != nil {
		return Verified{}, err
	}
	return out, nil
}

// EmailChange is a request to change a user's address.
type EmailChange struct {
	// Asker is the signed-in user: the target, or a superuser.
	Asker  domain.User
	Target domain.User
	Email  string
	// CurrentPassword is the asker's.
	CurrentPassword string
}

// RequestEmailChange checks the asker's password and mails a link to the
// new address; the address changes only when it is followed. The old
// address is told. It returns the normalised new address.
func (s *Service) RequestEmailChange(ctx context.Context, in EmailChange) (string, error) {
	email := domain.NormalizeEmail(in.Email)
	var v domain.Validation
	v.Check(domain.ValidEmail(email), "email", domain.Invalid("email"))
	v.Check(in.CurrentPassword != "", "current_password", domain.Required().Saying("is required to change the e-mail address"))
	if err := v.Err(); err != nil {
		return "", err
	}
	if email == in.Target.Email {
		return "", &domain.Error{Code: domain.CodeInvalid, Message: "this is the account's address already",
			Problems: domain.Problems{"email": domain.Unchanged().Saying("is the current address")}}
	}
	if err := s.checkPassword(ctx, in.Asker, in.CurrentPassword); err != nil {
		return "", err
	}
	switch _, err := s.store.UserByEmail(ctx, email); {
	case err == nil:
		return "", &domain.Error{Code: domain.CodeConflict, Message: "another account has this e-mail address",
			Problems: domain.Problems{"email": domain.Taken()}}
	case !isNotFound(err):
		return "", err
	}
	token, tokenHash := auth.NewToken()
	uid := in.Target.ID
	err := s.store.Tx(ctx, func(tx *store.Store) error {
		// One change waits at a time: a new request replaces the last.
		if err := tx.DropEmailChanges(ctx, uid); err != nil {
			return err
		}
		return tx.CreateEmailProof(ctx, store.EmailProof{Hash: tokenHash, Kind: store.ProofEmailChange, Email: email, UserID: &uid,
			ExpiresAt: time.Now().Add(ProofTTL)})
	})
	if err != nil {
		return "", err
	}
	lang := languageOf(in.Target)
	if err := s.mail.Send(ctx, mail.EmailChange(lang, email, s.link(verifyPath(token)))); err != nil {
		return "", fmt.Errorf("e-mail change mail: %w", err)
	}
	s.sendOrLog(ctx, mail.EmailChangeNotice(lang, in.Target.Email, email, s.link("/reset-password")))
	return email, nil
}

// PendingEmail is the address the user asked for and has not proven yet.
func (s *Service) PendingEmail(ctx context.Context, userID int64) (string, error) {
	return s.store.PendingEmail(ctx, userID)
}
