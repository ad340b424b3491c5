#!/bin/sh
# Runs the strata binary under test on a fresh demo data directory, removed again on exit.
set -eu
: "${STRATA_BIN:?STRATA_BIN must name the strata binary}"
: "${STRATA_E2E_ADDR:=127.0.0.1:18181}"

dir=$(mktemp -d "${TMPDIR:-/tmp}/strata-e2e.XXXXXX")
trap 'rm -rf "$dir"' EXIT
trap 'exit 143' TERM INT

"$STRATA_BIN" demo --data-dir "$dir"
"$STRATA_BIN" serve --addr "$STRATA_E2E_ADDR" --data-dir "$dir"
