package api

import (
	"net/http"
	"time"

	"github.com/strata-maps/strata/internal/accounts"
	"github.com/strata-maps/strata/internal/domain"
	"github.com/strata-maps/strata/internal/store"
)

// A client's licence: quotas and testing period (accounts.Quotas,
// SetQuotas, TestingPeriod, SetTestingPeriod).

type quotasAnswer struct {
	Quotas map[domain.QuotaKind]domain.Quota `json:"quotas" nullable:"false"`
}

func (s *Server) getQuotas(w http.ResponseWriter, r *http.Request, a domain.Actor, cs store.ClientSummary) error {
	qs, err := s.accounts.Quotas(r.Context(), cs.ID)
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, quotasAnswer{Quotas: qs})
	return nil
}

func (s *Server) setQuotas(w http.ResponseWriter, r *http.Request, a domain.Actor, cs store.ClientSummary) error {
	var req map[domain.QuotaKind]*int
	if err := decodeJSON(w, r, &req); err != nil {
		return err
	}
	qs, err := s.accounts.SetQuotas(r.Context(), a, cs.ID, req)
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, quotasAnswer{Quotas: qs})
	return nil
}

type testingPeriodJSON struct {
	EndsAt          *time.Time        `json:"ends_at" required:"true"`
	Expired         bool              `json:"expired"`
	PaymentInterval string            `json:"payment_interval" enum:"monthly,yearly"`
	BuyURLs         map[string]string `json:"buy_urls" nullable:"false"`
}

func newTestingPeriodJSON(t domain.TestingPeriod) testingPeriodJSON {
	buy := t.BuyURLs
	if buy == nil {
		buy = map[string]string{}
	}
	return testingPeriodJSON{EndsAt: t.EndsAt, Expired: t.Expired(time.Now()), PaymentInterval: t.PaymentInterval, BuyURLs: buy}
}

func (s *Server) getTestingPeriod(w http.ResponseWriter, r *http.Request, a domain.Actor, cs store.ClientSummary) error {
	t, err := s.accounts.TestingPeriod(r.Context(), cs.ID)
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, newTestingPeriodJSON(t))
	return nil
}

func (s *Server) setTestingPeriod(w http.ResponseWriter, r *http.Request, a domain.Actor, cs store.ClientSummary) error {
	var req accounts.TestingPeriodChange
	if err := decodeJSON(w, r, &req); err != nil {
		return err
	}
	t, err := s.accounts.SetTestingPeriod(r.Context(), a, cs.ID, req)
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, newTestingPeriodJSON(t))
	return nil
}
