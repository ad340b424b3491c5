package domain

import (
	"errors"
	"testing"
	"time"
)

func fieldsOf(t *testing.T, err error) map[string]string {
	t.Helper()
	if err == nil {
		return nil
	}
	var de *Error
	if !errors.As(err, &de) || de.Code != CodeInvalid {
		t.Fatalf("not a validation error: %v", err)
	}
	return de.Details()
}

func TestClientSettingsAllowOneOfCNAMEAndSubdomain(t *testing.T) {
	for _, c := range []struct {
		name string
		cs   ClientSettings
		bad  []string
	}{
		{"empty", ClientSettings{}, nil},
		{"cname", ClientSettings{CNAMEDomain: "maps.acme.example"}, nil},
		{"subdomain", ClientSettings{Subdomain: "acme"}, nil},
		{"both", ClientSettings{CNAMEDomain: "maps.acme.example", Subdomain: "acme"}, []string{"cname_domain", "subdomain"}},
		{"bad names", ClientSettings{CNAMEDomain: "not a domain"}, []string{"cname_domain"}},
		{"bad subdomain", ClientSettings{Subdomain: "-acme"}, []string{"subdomain"}},
		{"urls", ClientSettings{LogoURL: "javascript:alert(1)", APIServerAddress: "ftp://x"}, []string{"logo_url", "api_server_address"}},
		{"inline logo", ClientSettings{LogoURL: "data:image/png;base64,iVBORw0KGgo="}, nil},
	} {
		got := fieldsOf(t, c.cs.Validate())
		if len(got) != len(c.bad) {
			t.Errorf("%s: %v, want %v", c.name, got, c.bad)
		}
		for _, f := range c.bad {
			if got[f] == "" {
				t.Errorf("%s: %s not named in %v", c.name, f, got)
			}
		}
	}
}

func TestTestingPeriodExpires(t *testing.T) {
	end := time.Date(2026, 1, 31, 0, 0, 0, 0, time.UTC)
	p := TestingPeriod{EndsAt: &end}
	if p.Expired(end.Add(-time.Second)) || !p.Expired(end) || (TestingPeriod{}).Expired(end) {
		t.Fatal("expiry")
	}
}

// A deactivated client opens for no member, whatever the role, and for
// every superuser; an active one for everyone the other rules admit.
func TestDeactivatedClientOpensOnlyForSuperusers(t *testing.T) {
	off, on := Client{Name: "acme", Title: "Acme"}, Client{Name: "acme", Title: "Acme", Active: true}
	for _, r := range []Role{RoleGuest, RoleStudent, RoleEditor, RoleAdmin} {
		a := Actor{User: User{ID: 1}, Roles: map[string][]Role{"acme": {r}}}
		if err := off.OpenFor(a); ErrorCode(err) != CodeClientDeactivated {
			t.Errorf("%s: %v", r, err)
		}
		if err := on.OpenFor(a); err != nil {
			t.Errorf("%s, active: %v", r, err)
		}
	}
	if err := off.OpenFor(Actor{User: User{ID: 2, IsSuperuser: true}}); err != nil {
		t.Errorf("superuser: %v", err)
	}
}
