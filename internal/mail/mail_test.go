package mail

import (
	"bytes"
	"context"
	"errors"
	"io"
	"log/slog"
	"mime"
	"mime/quotedprintable"
	"net"
	netmail "net/mail"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/emersion/go-smtp"
)

// A real SMTP server on a loopback port, recording what it receives.
type received struct {
	mu   sync.Mutex
	msgs []receivedMsg
}

type receivedMsg struct {
	from string
	to   []string
	data string
}

type backend struct{ r *received }

func (b backend) NewSession(*smtp.Conn) (smtp.Session, error) { return &session{r: b.r}, nil }

type session struct {
	r   *received
	cur receivedMsg
}

func (s *session) Mail(from string, _ *smtp.MailOptions) error { s.cur.from = from; return nil }
func (s *session) Rcpt(to string, _ *smtp.RcptOptions) error {
	s.cur.to = append(s.cur.to, to)
	return nil
}
func (s *session) Data(r io.Reader) error {
	b, err := io.ReadAll(r)
	if err != nil {
		return err
	}
	s.cur.data = string(b)
	s.r.mu.Lock()
	s.r.msgs = append(s.r.msgs, s.cur)
	s.r.mu.Unlock()
	return nil
}
func (s *session) Reset()        { s.cur = receivedMsg{} }
func (s *session) Logout() error { return nil }

func startSMTPServer(t *testing.T) (addr string, r *received) {
	t.Helper()
	r = &received{}
	srv := smtp.NewServer(backend{r: r})
	srv.Domain = "localhost"
	srv.AllowInsecureAuth = true
	srv.ReadTimeout, srv.WriteTimeout = 5*time.Second, 5*time.Second
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	go func() {
		if err := srv.Serve(ln); err != nil && !errors.Is(err, smtp.ErrServerClosed) {
			t.Errorf("smtp server: %v", err)
		}
	}()
	t.Cleanup(func() { srv.Close() })
	return ln.Addr().String(), r
}

func TestSMTPDeliversToARealServer(t *testing.T) {
	addr, r := startSMTPServer(t)
	s, err := New("smtp://"+addr+"?from=noreply@maps.example.org", "", "", slog.New(slog.NewTextHandler(io.Discard, nil)))
	if err != nil {
		t.Fatal(err)
	}
	msg := PasswordReset("de", "ada@example.org", "https://maps.example.org/reset-password?token=abc")
	if err := s.Send(context.Background(), msg); err != nil {
		t.Fatal(err)
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	if len(r.msgs) != 1 {
		t.Fatalf("server received %d messages, want 1", len(r.msgs))
	}
	got := r.msgs[0]
	if got.from != "noreply@maps.example.org" || len(got.to) != 1 || got.to[0] != "ada@example.org" {
		t.Fatalf("envelope from %q to %v", got.from, got.to)
	}
	parsed, err := netmail.ReadMessage(strings.NewReader(got.data))
	if err != nil {
		t.Fatal(err)
	}
	body, err := io.ReadAll(quotedprintable.NewReader(parsed.Body))
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(body), "reset-password?token=abc") || !strings.Contains(string(body), "möchte das Passwort") {
		t.Fatalf("body lacks the link or the German text:\n%s", body)
	}
}

func TestSMTPFailureIsAnError(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := ln.Addr().String()
	ln.Close() // nothing listens there now
	s, err := NewSMTP("smtp://"+addr, "")
	if err != nil {
		t.Fatal(err)
	}
	if err := s.Send(context.Background(), Message{To: "a@example.org", Subject: "x", Text: "y"}); err == nil {
		t.Fatal("sending to a closed port succeeded")
	}
}

func TestOutboxWritesWholeMessages(t *testing.T) {
	dir := t.TempDir()
	var logged bytes.Buffer
	o := &Outbox{Dir: dir, Log: slog.New(slog.NewTextHandler(&logged, nil))}
	for i := 0; i < 3; i++ {
		if err := o.Send(context.Background(), Invitation("fr", "bo@example.org", "Ada", "Acme", "editor", "https://x/register?token=t", "https://x/decline?token=t")); err != nil {
			t.Fatal(err)
		}
	}
	files, err := filepath.Glob(filepath.Join(dir, "*.eml"))
	if err != nil || len(files) != 3 {
		t.Fatalf("outbox holds %v (%v), want 3 .eml files", files, err)
	}
	b, err := os.ReadFile(files[0])
	if err != nil {
		t.Fatal(err)
	}
	parsed, err := netmail.ReadMessage(bytes.NewReader(b))
	if err != nil {
		t.Fatal(err)
	}
	subject, err := new(mime.WordDecoder).DecodeHeader(parsed.Header.Get("Subject"))
	if err != nil || subject != "Invitation à Acme sur Strata" || parsed.Header.Get("To") != "<bo@example.org>" {
		t.Errorf("headers %v: subject %q (%v)", parsed.Header, subject, err)
	}
	if !strings.Contains(string(b), "https://x/register?token=t") {
		t.Errorf("message lacks its link:\n%s", b)
	}
	if !strings.Contains(logged.String(), "bo@example.org") {
		t.Error("the mail was not written to the log")
	}
	if strings.Contains(logged.String(), "token=t") {
		t.Errorf("a token reached the info log:\n%s", logged.String())
	}
}

// A subject or recipient with a line break never becomes a header of its
// own, in the outbox or over SMTP.
func TestMailRefusesHeaderBreaks(t *testing.T) {
	addr, got := startSMTPServer(t)
	s, err := NewSMTP("smtp://"+addr+"?from=strata@example.org", "")
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	o := &Outbox{Dir: dir, Log: slog.New(slog.NewTextHandler(io.Discard, nil))}
	for _, m := range []Message{
		{To: "a@example.org", Subject: "Hi\r\nBcc: victim@example.org", Text: "x"},
		{To: "a@example.org\nBcc: victim@example.org", Subject: "Hi", Text: "x"},
		Invitation("en", "a@example.org", "Eve", "Acme\r\nBcc: victim@example.org", "admin", "https://x/r", "https://x/d"),
	} {
		for name, sender := range map[string]Sender{"outbox": o, "smtp": s} {
			if err := sender.Send(context.Background(), m); !errors.Is(err, ErrHeaderBreak) {
				t.Errorf("%s sent %q / %q: %v", name, m.To, m.Subject, err)
			}
		}
	}
	if files, _ := filepath.Glob(filepath.Join(dir, "*.eml")); len(files) != 0 || len(got.msgs) != 0 {
		t.Fatalf("a message with a header break went out: %v %v", files, got.msgs)
	}
}

func TestCatalogsHaveEveryText(t *testing.T) {
	for lang, tx := range catalog {
		if tx.resetBody == "" || tx.inviteBody == "" || tx.addedBody == "" || tx.accessBody == "" || tx.noNoteIs == "" ||
			tx.readerBody == "" || tx.changeBody == "" || tx.changedBody == "" {
			t.Errorf("%s catalog is incomplete", lang)
		}
		if strings.Count(tx.inviteBody, "%s") != 5 || strings.Count(tx.accessBody, "%s") != 5 || strings.Count(tx.resetBody, "%s") != 1 ||
			strings.Count(tx.addedBody, "%s") != 5 || strings.Count(tx.readerBody, "%s") != 2 || strings.Count(tx.changeBody, "%s") != 1 || strings.Count(tx.changedBody, "%s") != 2 {
			t.Errorf("%s catalog has the wrong number of placeholders", lang)
		}
	}
}
