#!/usr/bin/env bash
# `npm test`: every check and every test, the same here and in .ci/run.
set -euo pipefail
cd "$(dirname "$0")/.."
echo "== typecheck"; npm run -s typecheck
echo "== lint"; npm run -s lint
echo "== build"; npm run -s build
echo "== unit and contract tests (Vitest, real keychain)"; bash scripts/vitest-all.sh
echo "== end-to-end tests (Playwright, Debian Chromium, real keychain)"; bash scripts/with-keyring.sh npx playwright test
