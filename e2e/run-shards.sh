#!/bin/sh
# Runs the browser tests as E2E_SHARDS (default 2) Playwright runs side by side. Each run is a
# process of its own, so it starts its own server on its own port and fresh demo data directory
# (playwright.config.ts): the shards share nothing but the machine. Each report is printed whole
# once its run has ended; the exit status is a failure when any run failed.
set -u
shards=${E2E_SHARDS:-2}
logs=$(mktemp -d "${TMPDIR:-/tmp}/strata-e2e-shards.XXXXXX")
pids=""
i=1
while [ "$i" -le "$shards" ]; do
	npx playwright test --shard="$i/$shards" --output="test-results/shard-$i" "$@" >"$logs/$i.log" 2>&1 &
	pids="$pids $!"
	i=$((i + 1))
done
status=0
for pid in $pids; do
	wait "$pid" || status=1
done
i=1
while [ "$i" -le "$shards" ]; do
	echo "=== browser tests, shard $i of $shards"
	cat "$logs/$i.log"
	i=$((i + 1))
done
rm -rf "$logs"
exit "$status"
