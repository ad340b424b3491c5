package api

import (
	"github.com/strata-maps/strata/internal/domain"
)

// The client's settings answer and the map template answer (spec
// account-area §2–§9); the account area has a file per resource, API keys
// are in api_keys.go, map templates in map_templates.go.

type clientSettingsJSON struct {
	Title               string `json:"title"`
	CompanyName         string `json:"company_name"`
	LogoURL             string `json:"logo_url"`
	LoginText           string `json:"login_text"`
	CNAMEDomain         string `json:"cname_domain"`
	Subdomain           string `json:"subdomain"`
	AnalyticsPropertyID string `json:"analytics_property_id"`
	APIServerAddress    string `json:"api_server_address"`
	SupportAccess       bool   `json:"support_access"`
}

func newClientSettingsJSON(title string, cs domain.ClientSettings) clientSettingsJSON {
	return clientSettingsJSON{Title: title, CompanyName: cs.CompanyName, LogoURL: cs.LogoURL, LoginText: cs.LoginText,
		CNAMEDomain: cs.CNAMEDomain, Subdomain: cs.Subdomain, AnalyticsPropertyID: cs.AnalyticsPropertyID,
		APIServerAddress: cs.APIServerAddress, SupportAccess: cs.SupportAccess}
}

// templateJSON is a map template as the chooser lists it: a built-in one
// (id 0, key set) or one of the client's own (id set).
type templateJSON struct {
	ID               int64   `json:"id"`
	Key              string  `json:"key"`
	Builtin          bool    `json:"builtin"`
	Premium          bool    `json:"premium"`
	Name             string  `json:"name"`
	Description      string  `json:"description"`
	Theme            string  `json:"theme"`
	Section          string  `json:"section"`
	Palette          string  `json:"palette"`
	Width            int     `json:"width"`
	Height           int     `json:"height"`
	VisibilityLevels int     `json:"visibility_levels"`
	CreatedBy        *int64  `json:"created_by" required:"true"`
	Mine             bool    `json:"mine"`
	Preview          preview `json:"preview"`
}
