# Strata: `make run` serves the demo on SQLite; `make test` runs every test.
# Both install what they need on a fresh machine (Go and Node 20 are given).

SHELL := /bin/bash
.SHELLFLAGS := -eu -o pipefail -c
export PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD := 1

GO_TEST_FLAGS ?= -race -count=1 -timeout 25m
BIN := bin/strata
WEB_DEPS := web/node_modules/.installed
E2E_DEPS := e2e/node_modules/.installed
RELAY_DEPS := bench/relay/node_modules/.installed

.PHONY: run build web test test-go test-web test-e2e chromium versitygw bench bench-canvas bench-live bench-uploads clean fuzz api-types

run: build
	./$(BIN) demo --if-empty --log-level warn
	@echo "Strata is starting on http://localhost:8080"
	./$(BIN) serve

build: web
	go build -tags webdist -o $(BIN) ./cmd/strata

web: $(WEB_DEPS)
	cd web && npm run build

$(WEB_DEPS): web/package-lock.json
	cd web && npm ci --no-audit --no-fund
	touch $@

$(E2E_DEPS): e2e/package-lock.json
	cd e2e && npm ci --no-audit --no-fund
	touch $@

$(RELAY_DEPS): bench/relay/package-lock.json
	cd bench/relay && npm ci --no-audit --no-fund
	touch $@

# Debian's Chromium for the browser tests; a browser is never downloaded.
chromium:
	@if [ ! -x /usr/bin/chromium ]; then \
		echo "installing Debian's chromium for the browser tests"; \
		apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium; \
	fi

test: test-go test-web test-e2e

# versitygw serves a directory as S3 for the media tests' S3 runs (about
# two minutes to build once); they fail under CI without it.
VERSITYGW := $(shell go env GOPATH)/bin/versitygw
versitygw:
	@if [ ! -x "$(VERSITYGW)" ] && ! command -v versitygw >/dev/null; then \
		echo "installing versitygw for the S3 media tests"; \
		go install github.com/versity/versitygw/cmd/versitygw@v1.8.0; \
	fi

# go.mod must be tidy and staticcheck (a tool of the module) clean. The store
# and API suites run on SQLite, and again on PostgreSQL when
# STRATA_TEST_POSTGRES_URL is set (as .ci/run does).
test-go: versitygw
	@unformatted=$$(gofmt -l cmd internal); if [ -n "$$unformatted" ]; then echo "gofmt needed: $$unformatted"; exit 1; fi
	go mod tidy -diff
	go vet ./...
	go tool staticcheck ./...
	PATH="$$(go env GOPATH)/bin:$$PATH" go test $(GO_TEST_FLAGS) ./...
	# Whole-program analysis: too slow under -race, so it runs once without.
	go test -count=1 -timeout 15m ./internal/noexit

# Each fuzz target for FUZZ_TIME (their seed corpora run in test-go as
# ordinary tests). Findings land in the package's testdata/fuzz/ and then
# run in every test-go.
FUZZ_TIME ?= 1m
fuzz:
	@for pkg in ./internal/api ./internal/editing ./internal/bibtex; do \
		for target in $$(go test -list '^Fuzz' $$pkg | grep '^Fuzz'); do \
			echo "fuzzing $$pkg $$target for $(FUZZ_TIME)"; \
			go test -run '^$$' -fuzz "^$$target\$$" -fuzztime $(FUZZ_TIME) $$pkg; \
		done; \
	done

# The web's API types, generated from the server's OpenAPI description: run
# after changing a documented Go type (test-go and test-web fail until then).
api-types: $(WEB_DEPS)
	go run ./cmd/strata openapi > web/src/api/openapi.json
	cd web && npm run api-types

test-web: $(WEB_DEPS)
	cd web && npm run format:check && npm run api-types:check && npm run typecheck && npm run lint && npm test

# Two shards side by side, each with its own server (e2e/run-shards.sh); E2E_SHARDS=1 runs one.
test-e2e: build chromium $(E2E_DEPS)
	cd e2e && STRATA_BIN=../$(BIN) ./run-shards.sh

# Benchmark programs (not tests): they print their figures and append them to
# docs/benchmarks.md. They need the PostgreSQL named by BENCH_DATABASE_URL.
# bench/live runs Strata and the Node relay of bench/relay under the same
# load, each pinned to core 0 with the clients on core 1: run it on an
# otherwise quiet machine.
BENCH_DATABASE_URL ?= postgres://postgres@127.0.0.1:5432/postgres?sslmode=disable
bench: bench-canvas bench-live bench-uploads
	go run ./bench/document --database-url '$(BENCH_DATABASE_URL)'

bench-live: $(RELAY_DEPS)
	go run ./bench/live --database-url '$(BENCH_DATABASE_URL)' --relay bench/relay

# Peak memory of the real server (SQLite) while 8 decompression bombs and 20
# photos of about 19 MB are uploaded at once (issue 28).
bench-uploads:
	go run ./bench/uploads --out docs/benchmarks.md

# The editor's canvas in headless Chromium on generated maps (SQLite; no database needed).
bench-canvas: build chromium $(E2E_DEPS)
	cd e2e && node bench/canvas.mjs --bin ../$(BIN) --append ../docs/benchmarks.md

clean:
	rm -rf bin internal/webapp/dist web/node_modules e2e/node_modules bench/relay/node_modules
