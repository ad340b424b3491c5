-- +goose Up
-- Client settings (spec §3 account fields). CNAME domain and subdomain are
-- NULL when unset, so that the unique indexes allow any number of unset ones.
ALTER TABLE clients ADD COLUMN company_name TEXT NOT NULL DEFAULT '';
ALTER TABLE clients ADD COLUMN logo_url TEXT NOT NULL DEFAULT '';
ALTER TABLE clients ADD COLUMN login_text TEXT NOT NULL DEFAULT '';
ALTER TABLE clients ADD COLUMN cname_domain TEXT;
ALTER TABLE clients ADD COLUMN subdomain TEXT;
ALTER TABLE clients ADD COLUMN analytics_property_id TEXT NOT NULL DEFAULT '';
ALTER TABLE clients ADD COLUMN api_key TEXT NOT NULL DEFAULT '';
ALTER TABLE clients ADD COLUMN api_server_address TEXT NOT NULL DEFAULT '';
ALTER TABLE clients ADD COLUMN support_access BOOLEAN NOT NULL DEFAULT FALSE;
-- The testing period: NULL trial_ends_at means a client without a trial.
ALTER TABLE clients ADD COLUMN trial_ends_at TIMESTAMP;
ALTER TABLE clients ADD COLUMN payment_interval TEXT NOT NULL DEFAULT 'monthly';
ALTER TABLE clients ADD COLUMN buy_urls TEXT NOT NULL DEFAULT '{}';
CREATE UNIQUE INDEX clients_cname_domain ON clients (cname_domain);
CREATE UNIQUE INDEX clients_subdomain ON clients (subdomain);

-- A client's limits; a kind without a row is unlimited.
CREATE TABLE client_quotas (
    client_id  INTEGER NOT NULL REFERENCES clients(id) ON DELETE CASCADE,
    kind       TEXT NOT NULL CHECK (kind IN ('active_readers', 'editing_user', 'live_map', 'map', 'template', 'user')),
    max_count  INTEGER NOT NULL CHECK (max_count >= 0),
    PRIMARY KEY (client_id, kind)
);

-- What an admin sets per member besides the role.
CREATE TABLE member_settings (
    client_id               INTEGER NOT NULL REFERENCES clients(id) ON DELETE CASCADE,
    user_id                 INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    premium_templates       BOOLEAN NOT NULL DEFAULT FALSE,
    support_access_consent  BOOLEAN NOT NULL DEFAULT FALSE,
    PRIMARY KEY (client_id, user_id)
);

-- Map templates are maps flagged as such; live is the overview's toggle.
ALTER TABLE maps ADD COLUMN is_template BOOLEAN NOT NULL DEFAULT FALSE;
ALTER TABLE maps ADD COLUMN theme TEXT NOT NULL DEFAULT '';
ALTER TABLE maps ADD COLUMN section TEXT NOT NULL DEFAULT '';
ALTER TABLE maps ADD COLUMN palette TEXT NOT NULL DEFAULT '';
ALTER TABLE maps ADD COLUMN live BOOLEAN NOT NULL DEFAULT FALSE;
ALTER TABLE maps ADD COLUMN created_by INTEGER REFERENCES users(id) ON DELETE SET NULL;

ALTER TABLE users ADD COLUMN first_name TEXT NOT NULL DEFAULT '';
ALTER TABLE users ADD COLUMN surname TEXT NOT NULL DEFAULT '';

ALTER TABLE access_requests ADD COLUMN map_id INTEGER REFERENCES maps(id) ON DELETE CASCADE;

-- +goose Down
ALTER TABLE access_requests DROP COLUMN map_id;
ALTER TABLE users DROP COLUMN surname;
ALTER TABLE users DROP COLUMN first_name;
ALTER TABLE maps DROP COLUMN created_by;
ALTER TABLE maps DROP COLUMN live;
ALTER TABLE maps DROP COLUMN palette;
ALTER TABLE maps DROP COLUMN section;
ALTER TABLE maps DROP COLUMN theme;
ALTER TABLE maps DROP COLUMN is_template;
DROP TABLE member_settings;
DROP TABLE client_quotas;
DROP INDEX clients_subdomain;
DROP INDEX clients_cname_domain;
ALTER TABLE clients DROP COLUMN buy_urls;
ALTER TABLE clients DROP COLUMN payment_interval;
ALTER TABLE clients DROP COLUMN trial_ends_at;
ALTER TABLE clients DROP COLUMN support_access;
ALTER TABLE clients DROP COLUMN api_server_address;
ALTER TABLE clients DROP COLUMN api_key;
ALTER TABLE clients DROP COLUMN analytics_property_id;
ALTER TABLE clients DROP COLUMN subdomain;
ALTER TABLE clients DROP COLUMN cname_domain;
ALTER TABLE clients DROP COLUMN login_text;
ALTER TABLE clients DROP COLUMN logo_url;
ALTER TABLE clients DROP COLUMN company_name;
