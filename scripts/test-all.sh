#!/usr/bin/env bash
# `npm test`: every check and every test, the same here and in .ci/run. Each step prints its time when it
# ends, and the run its total, so a log shows where the minutes go. A failing step stops the run with that
# step's own exit status, after its time is printed.
set -euo pipefail
cd "$(dirname "$0")/.."
started=$SECONDS

# step NAME TITLE COMMAND...: runs COMMAND under a header, then prints "== NAME: N s".
step() {
  local name=$1 title=$2 t0=$SECONDS status=0
  shift 2
  echo "== $title"
  "$@" || status=$?
  echo "== $name: $((SECONDS - t0)) s"
  if [ "$status" -ne 0 ]; then
    echo "== total: $((SECONDS - started)) s (stopped: $name exited with status $status)"
    exit "$status"
  fi
}

step typecheck "typecheck" npm run -s typecheck
step lint "lint" npm run -s lint
step build "build" npm run -s build
step vitest "unit and contract tests (Vitest, real keychain)" bash scripts/vitest-all.sh
step e2e "end-to-end tests (Playwright, Debian Chromium, real keychain)" \
  bash scripts/with-keyring.sh npx playwright test
echo "== total: $((SECONDS - started)) s"
