package accounts

import (
	"context"
	"fmt"
	"strings"
	"time"

	"github.com/strata-maps/strata/internal/domain"
)

// A client's licence (quotas, testing period) is a superuser's to set; its
// members read it. Its general settings are its admins'.

// Quotas returns every limit of the client with its count now.
func (s *Service) Quotas(ctx context.Context, clientID int64) (map[domain.QuotaKind]domain.Quota, error) {
	return s.store.Quotas(ctx, clientID)
}

const maxQuota = 1_000_000

// maxMediaQuota bounds the media storage quota, in bytes: 1 PB.
const maxMediaQuota = 1 << 50

// SetQuotas sets some of the client's limits (nil: unlimited) and returns
// them all.
func (s *Service) SetQuotas(ctx context.Context, a domain.Actor, clientID int64, limits map[domain.QuotaKind]*int) (map[domain.QuotaKind]domain.Quota, error) {
	if !a.User.IsSuperuser {
		return nil, errSuperuserOnly
	}
	var v domain.Validation
	for k, max := range limits {
		v.Check(k.Valid(), string(k), domain.NotAllowed(domain.QuotaKinds...))
		top := maxQuota
		if k == domain.QuotaMediaStorage { // bytes, not things
			top = maxMediaQuota
		}
		v.Check(max == nil || (*max >= 0 && *max <= top), string(k), domain.OutOfRange(0, top).Saying(fmt.Sprintf("must be null (unlimited) or from 0 to %d", top)))
	}
	if err := v.Err(); err != nil {
		return nil, err
	}
	if err := s.store.SetQuotas(ctx, clientID, limits); err != nil {
		return nil, err
	}
	return s.store.Quotas(ctx, clientID)
}

// TestingPeriod returns the client's trial.
func (s *Service) TestingPeriod(ctx context.Context, clientID int64) (domain.TestingPeriod, error) {
	set, err := s.store.ClientSettings(ctx, clientID)
	return set.Trial, err
}

// TestingPeriodChange replaces a client's trial.
type TestingPeriodChange struct {
	EndsAt          *time.Time        `json:"ends_at" nullable:"true"` // null: no end
	PaymentInterval string            `json:"payment_interval,omitempty" enum:"monthly,yearly"`
	BuyURLs         map[string]string `json:"buy_urls,omitempty"`
}

// SetTestingPeriod replaces the client's trial.
func (s *Service) SetTestingPeriod(ctx context.Context, a domain.Actor, clientID int64, in TestingPeriodChange) (domain.TestingPeriod, error) {
	if !a.User.IsSuperuser {
		return domain.TestingPeriod{}, errSuperuserOnly
	}
	var v domain.Validation
	v.Check(in.PaymentInterval == "monthly" || in.PaymentInterval == "yearly", "payment_interval", domain.NotAllowed(domain.PaymentIntervals...))
	for interval, u := range in.BuyURLs {
		v.Check(interval == "monthly" || interval == "yearly", "buy_urls", domain.NotAllowed(domain.PaymentIntervals...).Saying("are keyed by monthly and yearly"))
		v.Check(domain.ValidHTTPURL(u), "buy_urls."+interval, domain.Invalid("url"))
	}
	if err := v.Err(); err != nil {
		return domain.TestingPeriod{}, err
	}
	set, err := s.store.ClientSettings(ctx, clientID)
	if err != nil {
		return domain.TestingPeriod{}, err
	}
	set.Trial = domain.TestingPeriod{EndsAt: in.EndsAt, PaymentInterval: in.PaymentInterval, BuyURLs: in.BuyURLs}
	if err := s.store.UpdateClientSettings(ctx, clientID, set); err != nil {
		return domain.TestingPeriod{}, err
	}
	return set.Trial, nil
}

// ClientSettings returns the client's general settings.
func (s *Service) ClientSettings(ctx context.Context, clientID int64) (domain.ClientSettings, error) {
	return s.store.ClientSettings(ctx, clientID)
}

// ClientSettingsChange changes a client's general settings; nil fields
// stay. The API key is not among them: it has its own call.
type ClientSettingsChange struct {
	CompanyName         *string `json:"company_name"`
	LogoURL             *string `json:"logo_url"`
	LoginText           *string `json:"login_text"`
	CNAMEDomain         *string `json:"cname_domain"`
	Subdomain           *string `json:"subdomain"`
	AnalyticsPropertyID *string `json:"analytics_property_id"`
	APIServerAddress    *string `json:"api_server_address"`
	SupportAccess       *bool   `json:"support_access"`
}

// UpdateClientSettings changes the settings of an active client and
// returns them all.
func (s *Service) UpdateClientSettings(ctx context.Context, c domain.Client, in ClientSettingsChange) (domain.ClientSettings, error) {
	if err := requireActive(c); err != nil {
		return domain.ClientSettings{}, err
	}
	set, err := s.store.ClientSettings(ctx, c.ID)
	if err != nil {
		return domain.ClientSettings{}, err
	}
	for _, f := range []struct {
		src *string
		dst *string
		low bool // host names compare without case
	}{
		{in.CompanyName, &set.CompanyName, false}, {in.LogoURL, &set.LogoURL, false}, {in.LoginText, &set.LoginText, false},
		{in.CNAMEDomain, &set.CNAMEDomain, true}, {in.Subdomain, &set.Subdomain, true},
		{in.AnalyticsPropertyID, &set.AnalyticsPropertyID, false}, {in.APIServerAddress, &set.APIServerAddress, false},
	} {
		if f.src != nil {
			*f.dst = strings.TrimSpace(*f.src)
			if f.low {
				*f.dst = strings.ToLower(*f.dst)
			}
		}
	}
	if in.SupportAccess != nil {
		set.SupportAccess = *in.SupportAccess
	}
	if err := set.Validate(); err != nil {
		return domain.ClientSettings{}, err
	}
	if err := s.store.UpdateClientSettings(ctx, c.ID, set); err != nil {
		return domain.ClientSettings{}, err
	}
	return set, nil
}
