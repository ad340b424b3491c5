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
	readerSubject, readerBody           string
	changeSubject, changeBody           string
	changedSubject, changedBody         string
}

var catalog = map[string]texts{
	"en": {
		resetSubject:   "Reset your Strata password",
		resetBody:      "Someone asked to reset the password of your Strata account.\n\nChoose a new password here (the link works once, for one hour):\n%s\n\nIf it was not you, ignore this e-mail: your password stays as it is.",
		inviteSubject:  "You are invited to %s on Strata",
		inviteBody:     "%s invites you to join %s on Strata as %s.\n\nAccept the invitation and choose your password (the link is valid for 7 days):\n%s\n\nTo decline:\n%s",
		addedSubject:   "You are invited to %s on Strata",
		addedBody:      "%s invites you to join %s on Strata as %s.\n\nSign in with your existing account and accept the invitation (the link is valid for 7 days):\n%s\n\nTo decline:\n%s",
		accessSubject:  "%s asks for access to %s",
		accessBody:     "%s (%s) asks for more access to %s on Strata.\n\nTheir message: %s\n\nManage the client's users here:\n%s",
		noNoteIs:       "(none)",
		readerSubject:  "Confirm your e-mail address for %s on Strata",
		readerBody:     "Someone signed up with this address to read the maps of %s on Strata.\n\nConfirm that it is yours and go on to the map (the link works once, for 24 hours):\n%s\n\nIf it was not you, ignore this e-mail: no account is created.",
		changeSubject:  "Confirm your new e-mail address on Strata",
		changeBody:     "You asked to use this address for your Strata account.\n\nConfirm it here (the link works once, for 24 hours):\n%s\n\nIf it was not you, ignore this e-mail: nothing changes.",
		changedSubject: "Your Strata e-mail address is about to change",
		changedBody:    "Someone signed in to your Strata account asked to change its e-mail address to %s. It changes only once a link mailed to that address is followed.\n\nIf it was not you, change your password now:\n%s",
	},
	"de": {
		resetSubject:   "Ihr Strata-Passwort zurücksetzen",
		resetBody:      "Jemand möchte das Passwort Ihres Strata-Kontos zurücksetzen.\n\nHier wählen Sie ein neues Passwort (der Link gilt einmal, eine Stunde lang):\n%s\n\nWaren Sie es nicht, ignorieren Sie diese E-Mail: Ihr Passwort bleibt unverändert.",
		inviteSubject:  "Einladung zu %s auf Strata",
		inviteBody:     "%s lädt Sie ein, %s auf Strata als %s beizutreten.\n\nNehmen Sie die Einladung an und wählen Sie Ihr Passwort (der Link gilt 7 Tage):\n%s\n\nZum Ablehnen:\n%s",
		addedSubject:   "Einladung zu %s auf Strata",
		addedBody:      "%s lädt Sie ein, %s auf Strata als %s beizutreten.\n\nMelden Sie sich mit Ihrem bestehenden Konto an und nehmen Sie die Einladung an (der Link gilt 7 Tage):\n%s\n\nZum Ablehnen:\n%s",
		accessSubject:  "%s bittet um Zugang zu %s",
		accessBody:     "%s (%s) bittet um mehr Zugang zu %s auf Strata.\n\nNachricht: %s\n\nDie Benutzer des Kunden verwalten Sie hier:\n%s",
		noNoteIs:       "(keine)",
		readerSubject:  "Bestätigen Sie Ihre E-Mail-Adresse für %s auf Strata",
		readerBody:     "Jemand hat sich mit dieser Adresse angemeldet, um die Karten von %s auf Strata zu lesen.\n\nBestätigen Sie, dass es Ihre Adresse ist, und öffnen Sie die Karte (der Link gilt einmal, 24 Stunden lang):\n%s\n\nWaren Sie es nicht, ignorieren Sie diese E-Mail: Es wird kein Konto angelegt.",
		changeSubject:  "Bestätigen Sie Ihre neue E-Mail-Adresse auf Strata",
		changeBody:     "Sie möchten diese Adresse für Ihr Strata-Konto verwenden.\n\nBestätigen Sie sie hier (der Link gilt einmal, 24 Stunden lang):\n%s\n\nWaren Sie es nicht, ignorieren Sie diese E-Mail: Es ändert sich nichts.",
		changedSubject: "Ihre E-Mail-Adresse auf Strata soll geändert werden",
		changedBody:    "In Ihrem Strata-Konto wurde beantragt, die E-Mail-Adresse in %s zu ändern. Sie ändert sich erst, wenn der an diese Adresse gesendete Link geöffnet wird.\n\nWaren Sie es nicht, ändern Sie jetzt Ihr Passwort:\n%s",
	},
	"fr": {
		resetSubject:   "Réinitialiser votre mot de passe Strata",
		resetBody:      "Quelqu’un a demandé à réinitialiser le mot de passe de votre compte Strata.\n\nChoisissez un nouveau mot de passe ici (le lien est valable une fois, pendant une heure) :\n%s\n\nSi ce n’était pas vous, ignorez cet e-mail : votre mot de passe reste inchangé.",
		inviteSubject:  "Invitation à %s sur Strata",
		inviteBody:     "%s vous invite à rejoindre %s sur Strata en tant que %s.\n\nAcceptez l’invitation et choisissez votre mot de passe (le lien est valable 7 jours) :\n%s\n\nPour refuser :\n%s",
		addedSubject:   "Invitation à %s sur Strata",
		addedBody:      "%s vous invite à rejoindre %s sur Strata en tant que %s.\n\nConnectez-vous avec votre compte existant et acceptez l’invitation (le lien est valable 7 jours) :\n%s\n\nPour refuser :\n%s",
		accessSubject:  "%s demande l’accès à %s",
		accessBody:     "%s (%s) demande plus d’accès à %s sur Strata.\n\nSon message : %s\n\nGérez les utilisateurs du client ici :\n%s",
		noNoteIs:       "(aucun)",
		readerSubject:  "Confirmez votre adresse e-mail pour %s sur Strata",
		readerBody:     "Quelqu’un s’est inscrit avec cette adresse pour lire les cartes de %s sur Strata.\n\nConfirmez qu’elle est à vous et ouvrez la carte (le lien est valable une fois, pendant 24 heures) :\n%s\n\nSi ce n’était pas vous, ignorez cet e-mail : aucun compte n’est créé.",
		changeSubject:  "Confirmez votre nouvelle adresse e-mail sur Strata",
		changeBody:     "Vous avez demandé à utiliser cette adresse pour votre compte Strata.\n\nConfirmez-la ici (le lien est valable une fois, pendant 24 heures) :\n%s\n\nSi ce n’était pas vous, ignorez cet e-mail : rien ne change.",
		changedSubject: "Votre adresse e-mail Strata va changer",
		changedBody:    "Une demande a été faite depuis votre compte Strata pour remplacer son adresse e-mail par %s. Elle ne change qu’une fois suivi le lien envoyé à cette adresse.\n\nSi ce n’était pas vous, changez votre mot de passe maintenant :\n%s",
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

// InvitationToAccount invites an address that has an account: its owner
// signs in and accepts, or declines; nothing changes before.
func InvitationToAccount(lang, to, inviter, client, role, acceptLink, declineLink string) Message {
	t := textsFor(lang)
	return Message{To: to, Subject: fmt.Sprintf(t.addedSubject, client),
		Text: fmt.Sprintf(t.addedBody, inviter, client, role, acceptLink, declineLink)}
}

// ReaderSignUp asks a reader who signed up at a partial map to prove the
// address; the account exists only once the link is followed.
func ReaderSignUp(lang, to, client, link string) Message {
	t := textsFor(lang)
	return Message{To: to, Subject: fmt.Sprintf(t.readerSubject, client), Text: fmt.Sprintf(t.readerBody, client, link)}
}

// EmailChange asks the new address of an account to prove itself.
func EmailChange(lang, to, link string) Message {
	t := textsFor(lang)
	return Message{To: to, Subject: t.changeSubject, Text: fmt.Sprintf(t.changeBody, link)}
}

// EmailChangeNotice tells the old address that a change to newEmail waits.
func EmailChangeNotice(lang, to, newEmail, resetLink string) Message {
	t := textsFor(lang)
	return Message{To: to, Subject: t.changedSubject, Text: fmt.Sprintf(t.changedBody, newEmail, resetLink)}
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
