#!/usr/bin/env bash
# Every Vitest file, under the real keychain (with-keyring.sh). A file whose test process was killed by a
# signal (SIGSEGV, SIGBUS, SIGABRT: a crash inside the Node runtime itself, before any assertion could
# fail) is run once more, and the log says so in a banner. A failed test, a crash that comes
# back, or any other error fails as it would without this script.
set -uo pipefail
cd "$(dirname "$0")/.."
log=$(mktemp /tmp/rinkside-vitest.XXXXXX)
trap 'rm -f "$log"' EXIT
bash scripts/with-keyring.sh npx vitest run "$@" 2>&1 | tee "$log"
status=${PIPESTATUS[0]}
[ "$status" -eq 0 ] && exit 0

plain=$(sed 's/\x1b\[[0-9;]*m//g' "$log")
crashed=$(grep -oE 'exited unexpectedly with signal SIG[A-Z]+ .* while running test file [^ ]+' <<<"$plain" |
  sed -E 's/.* while running test file //' | sort -u)
# Only a run whose every problem is such a crash is given its second chance.
if [ -z "$crashed" ] || grep -qE '^ *(Test Files|Tests) .*[0-9]+ failed' <<<"$plain"; then exit "$status"; fi
errors=$(grep -oE 'Errors +[0-9]+ errors?' <<<"$plain" | grep -oE '[0-9]+' | head -1)
if [ "${errors:-0}" -ne "$(wc -l <<<"$crashed")" ]; then exit "$status"; fi

echo
echo "== A test process was killed by a signal (a crash of the Node runtime, not a failed test) in:"
sed 's/^/==   /' <<<"$crashed"
echo "== Running those files once more; a second crash or a failure fails the run."
mapfile -t files <<<"$crashed"
bash scripts/with-keyring.sh npx vitest run "${files[@]}"
