package mail

import (
	"fmt"
	"strings"
)

// The mails Strata sends, in the recipient's language (English when unknown).

type texts struct {
	resetSubject, resetBody             string
	inviteSubject, inviteBody           string
	addedSubject, addedBody             string
	accessSubject, accessBody, noNoteIs string
}

var catalog = map[string]texts{
	"en": {
		resetSubject:  "Reset your Strata password",
		resetBody:     "Someone asked to reset the password of your Strata account.\n\nChoose a new password here (the link works once, for one hour):\n%s\n\nIf it was not you, ignore this e-mail: your password stays as it is.",
		inviteSubject: "You are invited to %s on Strata",
		inviteBody:    "%s invites you to join %s on Strata as %s.\n\nAccept the invitation and choose your password (the link is valid for 7 days):\n%s\n\nTo decline:\n%s",
		addedSubject:  "You now have access to %s on Strata",
		addedBody:     "%s added you to %s on Strata as %s.\n\nSign in with your existing account:\n%s",
		accessSubject: "%s asks for access to %s",
		accessBody:    "%s (%s) asks for more access to %s on Strata.\n\nTheir message: %s\n\nManage the client's users here:\n%s",
		noNoteIs:      "(none)",
	},
	"de": {
		resetSubject:  "Ihr Strata-Passwort zurücksetzen",
		resetBody:     "Jemand möchte das Passwort Ihres Strata-Kontos zurücksetzen.\n\nHier wählen Sie ein neues Passwort (der Link gilt einmal, eine Stunde lang):\n%s\n\nWaren Sie es nicht, ignorieren Sie diese E-Mail: Ihr Passwort bleibt unverändert.",
		inviteSubject: "Einladung zu %s auf Strata",
		inviteBody:    "%s lädt Sie ein, %s auf Strata als %s beizutreten.\n\nNehmen Sie die Einladung an und wählen Sie Ihr Passwort (der Link gilt 7 Tage):\n%s\n\nZum Ablehnen:\n%s",
		addedSubject:  "Sie haben jetzt Zugang zu %s auf Strata",
		addedBody:     "%s hat Sie zu %s auf Strata als %s hinzugefügt.\n\nMelden Sie sich mit Ihrem bestehenden Konto an:\n%s",
		accessSubject: "%s bittet um Zugang zu %s",
		accessBody:    "%s (%s) bittet um mehr Zugang zu %s auf Strata.\n\nNachricht: %s\n\nDie Benutzer des Kunden verwalten Sie hier:\n%s",
		noNoteIs:      "(keine)",
	},
	"fr": {
		resetSubject:  "Réinitialiser votre mot de passe Strata",
		resetBody:     "Quelqu’un a demandé à réinitialiser le mot de passe de votre compte Strata.\n\nChoisissez un nouveau mot de passe ici (le lien est valable une fois, pendant une heure) :\n%s\n\nSi ce n’était pas vous, ignorez cet e-mail : votre mot de passe reste inchangé.",
		inviteSubject: "Invitation à %s sur Strata",
		inviteBody:    "%s vous invite à rejoindre %s sur Strata en tant que %s.\n\nAcceptez l’invitation et choisissez votre mot de passe (le lien est valable 7 jours) :\n%s\n\nPour refuser :\n%s",
		addedSubject:  "Vous avez désormais accès à %s sur Strata",
		addedBody:     "%s vous a ajouté à %s sur Strata en tant que %s.\n\nConnectez-vous avec votre compte existant :\n%s",
		accessSubject: "%s demande l’accès à %s",
		accessBody:    "%s (%s) demande plus d’accès à %s sur Strata.\n\nSon message : %s\n\nGérez les utilisateurs du client ici :\n%s",
		noNoteIs:      "(aucun)",
	},
}

func textsFor(lang string) texts {
	if t, ok := catalog[lang]; ok {
		return t
	}
	return catalog["en"]
}

// PasswordReset is the mail with a reset link.
func PasswordReset(lang, to, link string) Message {
	t := textsFor(lang)
	return Message{To: to, Subject: t.resetSubject, Text: fmt.Sprintf(t.resetBody, link)}
}

// Invitation is the mail inviting a new address into a client.
func Invitation(lang, to, inviter, client, role, acceptLink, declineLink string) Message {
	t := textsFor(lang)
	return Message{To: to, Subject: fmt.Sprintf(t.inviteSubject, client),
		Text: fmt.Sprintf(t.inviteBody, inviter, client, role, acceptLink, declineLink)}
}

// AddedToClient tells an existing account that it was given a role.
func AddedToClient(lang, to, inviter, client, role, loginLink string) Message {
	t := textsFor(lang)
	return Message{To: to, Subject: fmt.Sprintf(t.addedSubject, client),
		Text: fmt.Sprintf(t.addedBody, inviter, client, role, loginLink)}
}

// AccessRequest tells a client admin that a member asks for more access.
func AccessRequest(lang, to, requester, requesterEmail, client, note, link string) Message {
	t := textsFor(lang)
	if strings.TrimSpace(note) == "" {
		note = t.noNoteIs
	}
	return Message{To: to, Subject: fmt.Sprintf(t.accessSubject, requester, client),
		Text: fmt.Sprintf(t.accessBody, requester, requesterEmail, client, note, link)}
}
