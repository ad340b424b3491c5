package accounts

import (
	"context"
	"errors"
	"strings"

	"github.com/strata-maps/strata/internal/auth"
	"github.com/strata-maps/strata/internal/domain"
	"github.com/strata-maps/strata/internal/store"
)

// Actor returns the user with the roles they hold now.
func (s *Service) Actor(ctx context.Context, u domain.User) (domain.Actor, error) {
	ms, err := s.store.Memberships(ctx, u.ID)
	if err != nil {
		return domain.Actor{}, err
	}
	return domain.NewActor(u, ms), nil
}

// User returns the user with the id, with their roles, if the asker may see
// them: only oneself, or anyone for a superuser. Others do not exist for
// the asker.
func (s *Service) User(ctx context.Context, asker domain.Actor, id int64) (domain.Actor, error) {
	if id == asker.User.ID {
		return asker, nil
	}
	if !asker.User.IsSuperuser {
		return domain.Actor{}, domain.Errorf(domain.CodeNotFound, "user %d not found", id)
	}
	u, err := s.store.UserByID(ctx, id)
	if err != nil {
		return domain.Actor{}, err
	}
	return s.Actor(ctx, u)
}

// Preferences are the settings of the web app a user keeps.
type Preferences struct {
	RemovalConfirmation *bool `json:"removalConfirmation"`
}

// ProfileChange changes a user's settings; nil fields stay.
type ProfileChange struct {
	Name      *string `json:"name"`
	FirstName *string `json:"first_name"`
	Surname   *string `json:"surname"`
	// Email takes effect once proven (RequestEmailChange), and needs
	// CurrentPassword.
	Email           *string      `json:"email"`
	CurrentPassword string       `json:"current_password,omitempty"`
	AvatarURL       *string      `json:"avatar_url"` // "" removes the picture
	Language        *string      `json:"language" enum:"en,de,fr"`
	Preferences     *Preferences `json:"preferences"`
}

// Profile is a user's settings after a change.
type Profile struct {
	User domain.User
	// PendingEmail is the address waiting for its proof, or "".
	PendingEmail string
}

const (
	maxUserNameLen = 200
	maxNamePartLen = 100
)

// UpdateProfile changes the target's settings for the asker (the target, or
// a superuser). A new address is asked for first, so that a wrong password
// changes nothing.
func (s *Service) UpdateProfile(ctx context.Context, asker, target domain.User, in ProfileChange) (Profile, error) {
	u := target
	var v domain.Validation
	if in.Name != nil {
		name := strings.TrimSpace(*in.Name)
		v.Check(len([]rune(name)) <= maxUserNameLen, "name", domain.TooLong(200))
		v.Check(domain.SingleLine(name), "name", domain.LineBreak())
		v.Check(!domain.HasBidiControl(name), "name", domain.BidiControl())
		u.Name = name
	}
	for _, f := range []struct {
		field string
		src   *string
		dst   *string
	}{{"first_name", in.FirstName, &u.FirstName}, {"surname", in.Surname, &u.Surname}} {
		if f.src != nil {
			*f.dst = strings.TrimSpace(*f.src)
			v.Check(len([]rune(*f.dst)) <= maxNamePartLen, f.field, domain.TooLong(100))
			v.Check(domain.SingleLine(*f.dst), f.field, domain.LineBreak())
			v.Check(!domain.HasBidiControl(*f.dst), f.field, domain.BidiControl())
		}
	}
	if in.FirstName != nil || in.Surname != nil {
		// The profile's names make the name others see.
		if full := strings.TrimSpace(u.FirstName + " " + u.Surname); full != "" {
			u.Name = full
		}
	}
	if in.Email != nil {
		// Named with the other fields; RequestEmailChange checks the rest.
		v.Check(domain.ValidEmail(domain.NormalizeEmail(*in.Email)), "email", domain.Invalid("email"))
	}
	if in.AvatarURL != nil {
		if *in.AvatarURL == "" {
			u.AvatarURL = nil
		} else {
			v.Check(domain.ValidImageURL(*in.AvatarURL), "avatar_url", domain.Invalid("image_url"))
			pic := *in.AvatarURL
			u.AvatarURL = &pic
		}
	}
	if in.Language != nil {
		l := domain.Language(*in.Language)
		v.Check(l.Valid(), "language", domain.NotAllowed(domain.LangEN, domain.LangDE, domain.LangFR))
		u.Language = &l
	}
	if in.Preferences != nil && in.Preferences.RemovalConfirmation != nil {
		u.Preferences.RemovalConfirmation = *in.Preferences.RemovalConfirmation
	}
	if err := v.Err(); err != nil {
		return Profile{}, err
	}
	pending := ""
	if in.Email != nil && domain.NormalizeEmail(*in.Email) != u.Email {
		var err error
		pending, err = s.RequestEmailChange(ctx, EmailChange{Asker: asker, Target: target, Email: *in.Email, CurrentPassword: in.CurrentPassword})
		if err != nil {
			return Profile{}, err
		}
	} else {
		var err error
		if pending, err = s.PendingEmail(ctx, u.ID); err != nil {
			return Profile{}, err
		}
	}
	if err := s.store.UpdateUser(ctx, u); err != nil {
		return Profile{}, err
	}
	return Profile{User: u, PendingEmail: pending}, nil
}

// PasswordChange is a signed-in user's change of their own password.
type PasswordChange struct {
	CurrentPassword      string `json:"current_password" required:"true"`
	Password             string `json:"password" required:"true"`
	PasswordConfirmation string `json:"password_confirmation" required:"true"`
	// KeepSession is the token hash of the session asking, which stays
	// signed in; every other session of the user ends.
	KeepSession string `json:"-"`
}

var errWrongPassword = &domain.Error{Code: domain.CodeInvalid, Message: "the current password is wrong",
	Problems: domain.Problems{"current_password": domain.WrongPassword()}}

// ChangePassword sets a new password after checking the current one like
// a sign-in (with its limit per account), and signs every other session of
// the user out.
func (s *Service) ChangePassword(ctx context.Context, u domain.User, in PasswordChange) error {
	if err := auth.ValidatePassword(in.Password, in.PasswordConfirmation, u.Email, u.Name, u.FirstName, u.Surname); err != nil {
		return err
	}
	// Counted before the hash runs, like a sign-in; a success takes it back.
	key := "account:" + u.Email
	taken, retry, err := s.loginFailures.Take(ctx, key)
	if err != nil {
		return err
	}
	if !taken {
		return tooManyAttempts(retry)
	}
	hash, err := s.store.PasswordHash(ctx, u.ID)
	ok := false
	if err == nil && hash != "" {
		ok, err = auth.CheckPassword(in.CurrentPassword, hash)
	}
	if err == nil && ok {
		err = s.loginFailures.Undo(ctx, key)
	} else if err != nil { // busy or broken: not the user's failure
		err = errors.Join(err, s.loginFailures.Undo(ctx, key))
	}
	if err != nil {
		return err
	}
	if !ok {
		return errWrongPassword
	}
	newHash, err := auth.HashPassword(in.Password)
	if err != nil {
		return err
	}
	err = s.store.Tx(ctx, func(tx *store.Store) error {
		if err := tx.SetPasswordHash(ctx, u.ID, newHash); err != nil {
			return err
		}
		return tx.DeleteSessionsOfUser(ctx, u.ID, in.KeepSession)
	})
	if err != nil {
		return err
	}
	s.rechecks.Users(ctx, u.ID)
	return nil
}
