#!/bin/sh
# Runs the strata binary under test on a fresh demo data directory, removed again on exit.
# STRATA_E2E_DATA_DIR names an empty directory to use (the tests read its mail outbox);
# without it a temporary one is made.
set -eu
: "${STRATA_BIN:?STRATA_BIN must name the strata binary}"
: "${STRATA_E2E_ADDR:=127.0.0.1:18181}"

dir=${STRATA_E2E_DATA_DIR:-}
if [ -z "$dir" ]; then
	dir=$(mktemp -d "${TMPDIR:-/tmp}/strata-e2e.XXXXXX")
fi
trap 'rm -rf "$dir"' EXIT
trap 'exit 143' TERM INT

"$STRATA_BIN" demo --data-dir "$dir" --log-level warn
# The links in mails point at the address the tests use.
"$STRATA_BIN" serve --addr "$STRATA_E2E_ADDR" --data-dir "$dir" --public-url "http://$STRATA_E2E_ADDR" --log-level warn
