-- +goose Up
-- One row naming this deployment: a random id made at first start
-- (store.DeploymentID), shared by every instance on this database. It
-- keeps two deployments on one Redis apart (the default --redis-prefix).
CREATE TABLE deployment (
    id         INTEGER PRIMARY KEY CHECK (id = 1),
    name       TEXT NOT NULL,
    created_at TIMESTAMP NOT NULL
);

-- +goose Down
DROP TABLE deployment;
