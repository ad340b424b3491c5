// Package mail sends Strata's e-mail: over SMTP when configured, otherwise
// to the log and to an outbox directory that a developer (or a browser test)
// can read.
package mail

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net/url"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync/atomic"
	"time"

	gomail "github.com/wneessen/go-mail"
)

// Message is one plain-text e-mail.
type Message struct {
	To      string
	Subject string
	Text    string
}

// Sender delivers messages.
type Sender interface {
	Send(ctx context.Context, m Message) error
}

// New returns the SMTP sender for smtpURL, or the outbox sender writing to
// outboxDir when smtpURL is empty. The sender address comes from the URL's
// `from` query parameter, else "strata@" the public host.
func New(smtpURL, outboxDir, publicHost string, log *slog.Logger) (Sender, error) {
	if smtpURL == "" {
		return &Outbox{Dir: outboxDir, Log: log}, nil
	}
	return NewSMTP(smtpURL, publicHost)
}

// Outbox writes each message to the log and, as an .eml file, to Dir.
type Outbox struct {
	Dir string
	Log *slog.Logger
	n   atomic.Int64
}

// Send implements Sender. The token a mail may carry is not logged at info
// level: only at debug, where a developer without SMTP finds the links.
func (o *Outbox) Send(ctx context.Context, m Message) error {
	// Built by the mail library as for SMTP, so that the outbox shows the
	// headers a recipient would get. The body stays 8-bit, readable as is.
	msg, err := m.build("strata@localhost", gomail.NoEncoding)
	if err != nil {
		return err
	}
	o.Log.InfoContext(ctx, "mail (no SMTP configured)", "to", m.To, "subject", m.Subject)
	o.Log.DebugContext(ctx, "mail text", "to", m.To, "text", m.Text)
	if o.Dir == "" {
		return nil
	}
	if err := os.MkdirAll(o.Dir, 0o750); err != nil {
		return fmt.Errorf("outbox: %w", err)
	}
	var body bytes.Buffer
	if _, err := msg.WriteTo(&body); err != nil {
		return fmt.Errorf("outbox: write mail to %s: %w", m.To, err)
	}
	name := fmt.Sprintf("%s-%04d.eml", time.Now().UTC().Format("20060102T150405.000000000"), o.n.Add(1))
	// Written under a temporary name and renamed, so that a reader never
	// sees half a message.
	tmp := filepath.Join(o.Dir, "."+name)
	if err := os.WriteFile(tmp, body.Bytes(), 0o640); err != nil {
		return fmt.Errorf("outbox: %w", err)
	}
	if err := os.Rename(tmp, filepath.Join(o.Dir, name)); err != nil {
		return fmt.Errorf("outbox: %w", err)
	}
	return nil
}

// ErrHeaderBreak is returned for a message whose recipient or subject holds
// a line break: callers refuse such names and titles before (400), so one
// reaching here is a bug, and it must not become a header of its own.
var ErrHeaderBreak = errors.New("mail header holds a line break")

// build makes the message with the mail library, which encodes the
// headers (RFC 2047), whatever text the subject holds.
func (m Message) build(from string, bodyEncoding gomail.Encoding) (*gomail.Msg, error) {
	if strings.ContainsAny(m.To, "\r\n") || strings.ContainsAny(m.Subject, "\r\n") {
		return nil, fmt.Errorf("mail to %q: %w", m.To, ErrHeaderBreak)
	}
	msg := gomail.NewMsg()
	if err := msg.FromFormat("Strata", from); err != nil {
		return nil, fmt.Errorf("mail from %q: %w", from, err)
	}
	if err := msg.To(m.To); err != nil {
		return nil, fmt.Errorf("mail to %q: %w", m.To, err)
	}
	msg.Subject(m.Subject)
	msg.SetDate()
	msg.SetBodyString(gomail.TypeTextPlain, m.Text, gomail.WithPartEncoding(bodyEncoding))
	return msg, nil
}

// SMTP sends over SMTP with STARTTLS when offered (smtp://) or implicit TLS
// (smtps://).
type SMTP struct {
	host string
	opts []gomail.Option
	from string
}

// NewSMTP parses smtp://user:pass@host:port?from=addr.
func NewSMTP(smtpURL, publicHost string) (*SMTP, error) {
	u, err := url.Parse(smtpURL)
	if err != nil {
		return nil, fmt.Errorf("SMTP URL: %w", err)
	}
	host := u.Hostname()
	if host == "" {
		return nil, fmt.Errorf("SMTP URL names no host")
	}
	opts := []gomail.Option{gomail.WithTimeout(15 * time.Second)}
	port := 587
	if u.Scheme == "smtps" {
		port = 465
		opts = append(opts, gomail.WithSSL())
	} else {
		opts = append(opts, gomail.WithTLSPolicy(gomail.TLSOpportunistic))
	}
	if p := u.Port(); p != "" {
		if port, err = strconv.Atoi(p); err != nil {
			return nil, fmt.Errorf("SMTP URL port %q: %w", p, err)
		}
	}
	opts = append(opts, gomail.WithPort(port))
	if u.User != nil {
		pass, _ := u.User.Password()
		opts = append(opts, gomail.WithSMTPAuth(gomail.SMTPAuthAutoDiscover),
			gomail.WithUsername(u.User.Username()), gomail.WithPassword(pass))
	}
	from := u.Query().Get("from")
	if from == "" {
		if publicHost == "" {
			publicHost = "localhost"
		}
		from = "strata@" + publicHost
	}
	return &SMTP{host: host, opts: opts, from: from}, nil
}

// Send implements Sender.
func (s *SMTP) Send(ctx context.Context, m Message) error {
	msg, err := m.build(s.from, gomail.EncodingQP)
	if err != nil {
		return err
	}
	c, err := gomail.NewClient(s.host, s.opts...)
	if err != nil {
		return fmt.Errorf("SMTP client: %w", err)
	}
	if err := c.DialAndSendWithContext(ctx, msg); err != nil {
		return fmt.Errorf("send mail to %s: %w", m.To, err)
	}
	return nil
}
