package store

import (
	"context"
	"encoding/json"
	"fmt"
	"math"
	"time"

	"github.com/strata-maps/strata/internal/domain"
)

// LockClient takes the client's row for the transaction on PostgreSQL, so
// that two creations counted against one quota run one after the other
// (SQLite's write lock, taken at BEGIN, already does this).
func (s *Store) LockClient(ctx context.Context, clientID int64) error {
	q := `SELECT id FROM clients WHERE id = $1`
	if s.dialect == Postgres {
		q += ` FOR UPDATE`
	}
	var id int64
	if err := s.q.QueryRowContext(ctx, q, clientID).Scan(&id); err != nil {
		return fmt.Errorf("lock client %d: %w", clientID, notFound(err, "client"))
	}
	return nil
}

// quotaCounts are the queries counting what each quota limits; $1 is the
// client. Active readers are the members whose every role is guest, and the
// registered readers of its partial maps who hold no other role.
var quotaCounts = map[domain.QuotaKind]string{
	domain.QuotaMap:          `SELECT COUNT(*) FROM maps WHERE client_id = $1 AND is_template = FALSE`,
	domain.QuotaTemplate:     `SELECT COUNT(*) FROM maps WHERE client_id = $1 AND is_template = TRUE`,
	domain.QuotaLiveMap:      `SELECT COUNT(*) FROM maps WHERE client_id = $1 AND is_template = FALSE AND live = TRUE`,
	domain.QuotaUser:         `SELECT COUNT(DISTINCT user_id) FROM memberships WHERE client_id = $1`,
	domain.QuotaMediaStorage: `SELECT CAST(COALESCE(SUM(stored_size), 0) AS BIGINT) FROM media_assets WHERE client_id = $1`,
	domain.QuotaEditingUser: `SELECT COUNT(*) FROM (
		SELECT user_id FROM memberships WHERE client_id = $1 AND role IN ('student', 'editor', 'admin')
		UNION SELECT ms.user_id FROM memberships ms WHERE ms.client_id = $1 AND ` + editGrantOf("ms.user_id") + `) AS editors`,
	domain.QuotaActiveReaders: `SELECT COUNT(*) FROM (
		SELECT m.user_id FROM memberships m WHERE m.client_id = $1 AND m.role = 'guest'
		UNION SELECT r.user_id FROM client_readers r WHERE r.client_id = $1) AS readers
		WHERE NOT EXISTS (SELECT 1 FROM memberships o WHERE o.client_id = $1 AND o.user_id = readers.user_id AND o.role <> 'guest')
		AND NOT ` + editGrantOf("readers.user_id"),
}

// editGrantOf is the condition that the user holds a per-map "edit" on a
// map of client $1: a guest raised so edits, and takes an editing-user
// seat rather than an active reader's.
func editGrantOf(user string) string {
	return `EXISTS (SELECT 1 FROM map_permissions p JOIN maps pm ON pm.id = p.map_id
		WHERE pm.client_id = $1 AND p.user_id = ` + user + ` AND p.access = 'edit')`
}

// HasEditGrant reports whether the user holds a per-map "edit" on a map of
// the client.
func (s *Store) HasEditGrant(ctx context.Context, clientID, userID int64) (bool, error) {
	var n int
	err := s.q.QueryRowContext(ctx, `SELECT COUNT(*) FROM users u WHERE u.id = $2 AND `+editGrantOf("u.id"), clientID, userID).Scan(&n)
	if err != nil {
		return false, fmt.Errorf("edit grants of user %d in client %d: %w", userID, clientID, err)
	}
	return n > 0, nil
}

// PendingSeats counts the seats of kind that the client's open invitations
// (unused, unexpired) hold: one per invited address that is no member yet,
// for the editing-user and active-reader kinds only where the invited role
// takes that kind of seat.
func (s *Store) PendingSeats(ctx context.Context, clientID int64, kind domain.QuotaKind) (int, error) {
	q := `SELECT COUNT(DISTINCT t.email) FROM tokens t
		WHERE t.kind = 'invitation' AND t.client_id = $1 AND t.used_at IS NULL AND t.expires_at > $2
		AND NOT EXISTS (SELECT 1 FROM memberships ms JOIN users u ON u.id = ms.user_id WHERE ms.client_id = $1 AND u.email = t.email)`
	switch kind {
	case domain.QuotaEditingUser:
		q += ` AND t.role IN ('student', 'editor', 'admin')`
	case domain.QuotaActiveReaders:
		q += ` AND t.role = 'guest'`
	case domain.QuotaUser:
	default:
		return 0, nil
	}
	var n int
	if err := s.q.QueryRowContext(ctx, q, clientID, s.now()).Scan(&n); err != nil {
		return 0, fmt.Errorf("pending %s seats of client %d: %w", kind, clientID, err)
	}
	return n, nil
}

// HasOpenInvitation reports whether the address has an open invitation to
// the client whose role takes a seat of kind (any role for the user kind).
func (s *Store) HasOpenInvitation(ctx context.Context, clientID int64, email string, kind domain.QuotaKind) (bool, error) {
	q := `SELECT COUNT(*) FROM tokens
		WHERE kind = 'invitation' AND client_id = $1 AND used_at IS NULL AND expires_at > $2 AND email = $3`
	switch kind {
	case domain.QuotaEditingUser:
		q += ` AND role IN ('student', 'editor', 'admin')`
	case domain.QuotaActiveReaders:
		q += ` AND role = 'guest'`
	}
	var n int
	if err := s.q.QueryRowContext(ctx, q, clientID, s.now(), email).Scan(&n); err != nil {
		return false, fmt.Errorf("open invitations of %s: %w", email, err)
	}
	return n > 0, nil
}

// Quota returns one of the client's limits with its count now.
func (s *Store) Quota(ctx context.Context, clientID int64, kind domain.QuotaKind) (domain.Quota, error) {
	q := domain.Quota{Kind: kind}
	if err := s.q.QueryRowContext(ctx, quotaCounts[kind], clientID).Scan(&q.Count); err != nil {
		return q, fmt.Errorf("count %s of client %d: %w", kind, clientID, err)
	}
	var max int
	err := s.q.QueryRowContext(ctx, `SELECT max_count FROM client_quotas WHERE client_id = $1 AND kind = $2`, clientID, string(kind)).Scan(&max)
	switch {
	case err == nil:
		q.Max = &max
	case !isNoRows(err):
		return q, fmt.Errorf("quota %s of client %d: %w", kind, clientID, err)
	}
	return q, nil
}

// Quotas returns every limit of the client with its count.
func (s *Store) Quotas(ctx context.Context, clientID int64) (map[domain.QuotaKind]domain.Quota, error) {
	out := make(map[domain.QuotaKind]domain.Quota, len(domain.QuotaKinds))
	for _, k := range domain.QuotaKinds {
		q, err := s.Quota(ctx, clientID, k)
		if err != nil {
			return nil, err
		}
		out[k] = q
	}
	return out, nil
}

// RequireQuota refuses, with the spec's message, one more of kind when the
// client is at its limit. Call it inside the transaction of the creation
// it limits: it locks the client, so that the count stays true until commit.
func (s *Store) RequireQuota(ctx context.Context, clientID int64, kind domain.QuotaKind, isAdmin bool) error {
	return s.Tx(ctx, func(tx *Store) error {
		if err := tx.LockClient(ctx, clientID); err != nil {
			return err
		}
		q, err := tx.Quota(ctx, clientID, kind)
		if err != nil {
			return err
		}
		if !q.Allows(1) {
			return domain.QuotaError(q, isAdmin)
		}
		return nil
	})
}

// RequireSeat checks the quotas that giving the user role in the client
// uses: a user seat when they are not a member yet, and an editing-user or
// reader seat when the role moves them into that kind.
func (s *Store) RequireSeat(ctx context.Context, clientID, userID int64, role domain.Role) error {
	current, err := s.rolesIn(ctx, clientID, userID)
	if err != nil {
		return err
	}
	if len(current) == 0 {
		if err := s.RequireQuota(ctx, clientID, domain.QuotaUser, true); err != nil {
			return err
		}
	}
	if len(current) == 0 || domain.SeatKind(domain.HighestRole(current)) != domain.SeatKind(role) {
		return s.RequireQuota(ctx, clientID, domain.SeatKind(role), true)
	}
	return nil
}

func (s *Store) rolesIn(ctx context.Context, clientID, userID int64) ([]domain.Role, error) {
	rows, err := s.q.QueryContext(ctx, `SELECT role FROM memberships WHERE client_id = $1 AND user_id = $2`, clientID, userID)
	if err != nil {
		return nil, fmt.Errorf("roles of user %d in client %d: %w", userID, clientID, err)
	}
	defer rows.Close()
	var out []domain.Role
	for rows.Next() {
		var r string
		if err := rows.Scan(&r); err != nil {
			return nil, fmt.Errorf("scan role: %w", err)
		}
		out = append(out, domain.Role(r))
	}
	return out, rows.Err()
}

// SetQuotas sets the client's limits: a nil max makes the kind unlimited.
func (s *Store) SetQuotas(ctx context.Context, clientID int64, limits map[domain.QuotaKind]*int) error {
	return s.Tx(ctx, func(tx *Store) error {
		for k, max := range limits {
			var err error
			if max == nil {
				_, err = tx.q.ExecContext(ctx, `DELETE FROM client_quotas WHERE client_id = $1 AND kind = $2`, clientID, string(k))
			} else {
				_, err = tx.q.ExecContext(ctx,
					`INSERT INTO client_quotas (client_id, kind, max_count) VALUES ($1, $2, $3)
					 ON CONFLICT (client_id, kind) DO UPDATE SET max_count = excluded.max_count`, clientID, string(k), *max)
			}
			if err != nil {
				return fmt.Errorf("set quota %s of client %d: %w", k, clientID, err)
			}
		}
		return nil
	})
}

// ClientSettings returns the account fields of a client.
func (s *Store) ClientSettings(ctx context.Context, clientID int64) (domain.ClientSettings, error) {
	var (
		cs               domain.ClientSettings
		cname, subdomain *string
		buy              string
	)
	err := s.q.QueryRowContext(ctx,
		`SELECT company_name, logo_url, login_text, cname_domain, subdomain, analytics_property_id,
		        api_server_address, support_access, trial_ends_at, payment_interval, buy_urls
		 FROM clients WHERE id = $1`, clientID).
		Scan(&cs.CompanyName, &cs.LogoURL, &cs.LoginText, &cname, &subdomain, &cs.AnalyticsPropertyID,
			&cs.APIServerAddress, &cs.SupportAccess, &cs.Trial.EndsAt, &cs.Trial.PaymentInterval, &buy)
	if err != nil {
		return cs, fmt.Errorf("settings of client %d: %w", clientID, notFound(err, "client"))
	}
	if cname != nil {
		cs.CNAMEDomain = *cname
	}
	if subdomain != nil {
		cs.Subdomain = *subdomain
	}
	if err := json.Unmarshal([]byte(buy), &cs.Trial.BuyURLs); err != nil {
		return cs, fmt.Errorf("buy links of client %d: %w", clientID, err)
	}
	return cs, nil
}

func nullIfEmpty(s string) *string {
	if s == "" {
		return nil
	}
	return &s
}

// UpdateClientSettings stores the account fields of a client. A CNAME
// domain or subdomain another client has is a conflict naming the field.
func (s *Store) UpdateClientSettings(ctx context.Context, clientID int64, cs domain.ClientSettings) error {
	buy, err := json.Marshal(cs.Trial.BuyURLs)
	if err != nil {
		return fmt.Errorf("encode buy links: %w", err)
	}
	var ends *time.Time
	if cs.Trial.EndsAt != nil {
		t := cs.Trial.EndsAt.UTC()
		ends = &t
	}
	_, err = s.q.ExecContext(ctx,
		`UPDATE clients SET company_name = $2, logo_url = $3, login_text = $4, cname_domain = $5, subdomain = $6,
		        analytics_property_id = $7, api_server_address = $8, support_access = $9,
		        trial_ends_at = $10, payment_interval = $11, buy_urls = $12, updated_at = $13
		 WHERE id = $1`,
		clientID, cs.CompanyName, cs.LogoURL, cs.LoginText, nullIfEmpty(cs.CNAMEDomain), nullIfEmpty(cs.Subdomain),
		cs.AnalyticsPropertyID, cs.APIServerAddress, cs.SupportAccess, ends, cs.Trial.PaymentInterval, string(buy), s.now())
	if isUniqueViolation(err) {
		return &domain.Error{Code: domain.CodeConflict, Message: "another client uses this domain",
			Problems: domain.Problems{"cname_domain": domain.Taken(), "subdomain": domain.Taken()}}
	}
	if err != nil {
		return fmt.Errorf("update settings of client %d: %w", clientID, err)
	}
	return nil
}

// rowScanner adapts a function to the Scan of a row.
type rowScanner func(dst ...any) error

func (f rowScanner) Scan(dst ...any) error { return f(dst...) }

// SetMemberRole replaces the user's roles in the client by one.
func (s *Store) SetMemberRole(ctx context.Context, clientID, userID int64, role domain.Role) error {
	return s.Tx(ctx, func(tx *Store) error {
		if _, err := tx.q.ExecContext(ctx, `DELETE FROM memberships WHERE client_id = $1 AND user_id = $2`, clientID, userID); err != nil {
			return fmt.Errorf("clear roles of user %d: %w", userID, err)
		}
		return tx.AddMembership(ctx, userID, clientID, role)
	})
}

// SetMemberSettings stores what an admin sets per member besides the role.
func (s *Store) SetMemberSettings(ctx context.Context, clientID, userID int64, premium, supportConsent bool) error {
	_, err := s.q.ExecContext(ctx,
		`INSERT INTO member_settings (client_id, user_id, premium_templates, support_access_consent) VALUES ($1, $2, $3, $4)
		 ON CONFLICT (client_id, user_id) DO UPDATE SET premium_templates = excluded.premium_templates,
		     support_access_consent = excluded.support_access_consent`, clientID, userID, premium, supportConsent)
	if err != nil {
		return fmt.Errorf("settings of member %d: %w", userID, err)
	}
	return nil
}

// RemoveMember takes the user out of the client: roles, settings and
// per-map accesses.
func (s *Store) RemoveMember(ctx context.Context, clientID, userID int64) error {
	return s.Tx(ctx, func(tx *Store) error {
		for _, q := range []string{
			`DELETE FROM memberships WHERE client_id = $1 AND user_id = $2`,
			`DELETE FROM member_settings WHERE client_id = $1 AND user_id = $2`,
			`DELETE FROM map_permissions WHERE user_id = $2 AND map_id IN (SELECT id FROM maps WHERE client_id = $1)`,
		} {
			if _, err := tx.q.ExecContext(ctx, q, clientID, userID); err != nil {
				return fmt.Errorf("remove member %d of client %d: %w", userID, clientID, err)
			}
		}
		return nil
	})
}

// Invitation is an open invitation to a client.
type Invitation struct {
	ID        string
	Email     string
	Role      domain.Role
	ExpiresAt time.Time
}

// OpenInvitations lists the client's unused, unexpired invitations.
func (s *Store) OpenInvitations(ctx context.Context, clientID int64) ([]Invitation, error) {
	rows, err := s.q.QueryContext(ctx,
		`SELECT token_hash, email, role, expires_at FROM tokens
		 WHERE kind = 'invitation' AND client_id = $1 AND used_at IS NULL AND expires_at > $2 ORDER BY email, expires_at`, clientID, s.now())
	if err != nil {
		return nil, fmt.Errorf("invitations of client %d: %w", clientID, err)
	}
	defer rows.Close()
	var out []Invitation
	for rows.Next() {
		var (
			inv  Invitation
			role string
		)
		if err := rows.Scan(&inv.ID, &inv.Email, &role, &inv.ExpiresAt); err != nil {
			return nil, fmt.Errorf("scan invitation: %w", err)
		}
		inv.ID = InvitationID(inv.ID)
		inv.Role = domain.Role(role)
		out = append(out, inv)
	}
	return out, rows.Err()
}

// OverviewMap is a map as the map overview shows it.
type OverviewMap struct {
	domain.Map
	UpdatedByName string
	// Explicit is the asking user's explicit access, "" when none is set.
	Explicit domain.Access
}

// overviewColumns are an OverviewMap's, from maps m, who edited it last
// (ub) and the user's explicit access (mp).
const overviewColumns = `SELECT ` + mapColumns + `, COALESCE(ub.name, ''), COALESCE(mp.access, '')
	FROM maps m LEFT JOIN users ub ON ub.id = m.updated_by
	LEFT JOIN map_permissions mp ON mp.map_id = m.id AND mp.user_id = $2`

// MapTemplates lists the client's map templates with who edited each last
// and the user's explicit access, most recently changed first.
func (s *Store) MapTemplates(ctx context.Context, clientID, userID int64) ([]OverviewMap, error) {
	return s.overview(ctx, clientID, overviewColumns+`
		WHERE m.client_id = $1 AND m.is_template = TRUE ORDER BY m.updated_at DESC, m.id`, clientID, userID)
}

// MapOverview lists a page of the client's maps (no templates) with who
// edited each last and the user's explicit access, newest first by id (an
// order edits do not change): those after p.After, up to p.Fetch() of them.
// Unless the reach is all, maps the user's explicit access "none" hides
// are left out.
func (s *Store) MapOverview(ctx context.Context, clientID int64, reach MapReach, p domain.Page) ([]OverviewMap, error) {
	before := int64(math.MaxInt64)
	if p.After != nil {
		before = p.After.ID
	}
	return s.overview(ctx, clientID, overviewColumns+`
		WHERE m.client_id = $1 AND m.is_template = FALSE AND m.id < $3 AND ($4 OR COALESCE(mp.access, '') <> 'none')
		ORDER BY m.id DESC LIMIT $5`, clientID, reach.UserID, before, reach.All, p.Fetch())
}

func (s *Store) overview(ctx context.Context, clientID int64, query string, args ...any) ([]OverviewMap, error) {
	rows, err := s.q.QueryContext(ctx, query, args...)
	if err != nil {
		return nil, fmt.Errorf("overview of client %d: %w", clientID, err)
	}
	defer rows.Close()
	var out []OverviewMap
	for rows.Next() {
		var (
			om  OverviewMap
			acc string
		)
		om.Map, err = scanMap(rowScanner(func(dst ...any) error {
			return rows.Scan(append(dst, &om.UpdatedByName, &acc)...)
		}))
		if err != nil {
			return nil, fmt.Errorf("scan overview map: %w", err)
		}
		om.Explicit = domain.Access(acc)
		out = append(out, om)
	}
	return out, rows.Err()
}

// PreviewPoints returns, per map, the centres and shapes of up to limit of
// its nodes (the first drawn), for the overview's preview pictures.
func (s *Store) PreviewPoints(ctx context.Context, clientID int64, limit int) (map[int64][]domain.PreviewPoint, error) {
	rows, err := s.q.QueryContext(ctx,
		`SELECT map_id, x, y, shape FROM (
		     SELECT n.map_id, n.x, n.y, n.shape, ROW_NUMBER() OVER (PARTITION BY n.map_id ORDER BY n.sort_order, n.id) AS k
		     FROM nodes n JOIN maps m ON m.id = n.map_id WHERE m.client_id = $1) p
		 WHERE k <= $2`, clientID, limit)
	if err != nil {
		return nil, fmt.Errorf("previews of client %d: %w", clientID, err)
	}
	defer rows.Close()
	out := map[int64][]domain.PreviewPoint{}
	for rows.Next() {
		var (
			id int64
			p  domain.PreviewPoint
		)
		if err := rows.Scan(&id, &p.X, &p.Y, &p.Shape); err != nil {
			return nil, fmt.Errorf("scan preview point: %w", err)
		}
		out[id] = append(out[id], p)
	}
	return out, rows.Err()
}

// SetMapLive sets the overview's live toggle of a map.
func (s *Store) SetMapLive(ctx context.Context, mapID int64, live bool) error {
	if _, err := s.q.ExecContext(ctx, `UPDATE maps SET live = $2 WHERE id = $1`, mapID, live); err != nil {
		return fmt.Errorf("set live of map %d: %w", mapID, err)
	}
	return nil
}

// UpdateTemplateInfo stores a map template's descriptive fields.
func (s *Store) UpdateTemplateInfo(ctx context.Context, m domain.Map) error {
	_, err := s.q.ExecContext(ctx,
		`UPDATE maps SET name = $2, description = $3, theme = $4, section = $5, palette = $6 WHERE id = $1`,
		m.ID, m.Name, m.Description, m.Theme, m.Section, m.Palette)
	if err != nil {
		return fmt.Errorf("update template %d: %w", m.ID, err)
	}
	return nil
}

// AccessRequest is a member's stored request for more access.
type AccessRequest struct {
	ID        int64
	UserID    int64
	UserName  string
	UserEmail string
	MapID     *int64
	Message   string
	CreatedAt time.Time
}

// AccessRequests lists a page of the client's requests, newest first (by
// id, which grows with each request): those after p.After, up to p.Fetch()
// of them.
func (s *Store) AccessRequests(ctx context.Context, clientID int64, p domain.Page) ([]AccessRequest, error) {
	before := int64(math.MaxInt64)
	if p.After != nil {
		before = p.After.ID
	}
	rows, err := s.q.QueryContext(ctx,
		`SELECT ar.id, ar.user_id, u.name, u.email, ar.map_id, ar.message, ar.created_at
		 FROM access_requests ar JOIN users u ON u.id = ar.user_id
		 WHERE ar.client_id = $1 AND ar.id < $2 ORDER BY ar.id DESC LIMIT $3`, clientID, before, p.Fetch())
	if err != nil {
		return nil, fmt.Errorf("access requests of client %d: %w", clientID, err)
	}
	defer rows.Close()
	var out []AccessRequest
	for rows.Next() {
		var ar AccessRequest
		if err := rows.Scan(&ar.ID, &ar.UserID, &ar.UserName, &ar.UserEmail, &ar.MapID, &ar.Message, &ar.CreatedAt); err != nil {
			return nil, fmt.Errorf("scan access request: %w", err)
		}
		out = append(out, ar)
	}
	return out, rows.Err()
}

// HasPremiumTemplates reports whether an admin gave the member premium
// templates.
func (s *Store) HasPremiumTemplates(ctx context.Context, clientID, userID int64) (bool, error) {
	var premium bool
	err := s.q.QueryRowContext(ctx, `SELECT premium_templates FROM member_settings WHERE client_id = $1 AND user_id = $2`,
		clientID, userID).Scan(&premium)
	if err != nil && !isNoRows(err) {
		return false, fmt.Errorf("premium flag of user %d: %w", userID, err)
	}
	return premium, nil
}
