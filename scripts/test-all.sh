#!/usr/bin/env bash
# `npm test`: static checks, the build, Vitest (unit + integration on PGlite and PostgreSQL) and
# Playwright (Debian Chromium); ends with one totals line. Needs TEST_DATABASE_URL (bash .ci/run sets it).
set -uo pipefail
cd "$(dirname "$0")/.."
mkdir -p test-results
rm -f test-results/vitest.json test-results/playwright.json test-results/steps.txt

step() {
  local name=$1; shift
  printf '\n== %s\n' "$name"
  if "$@"; then echo "$name ok" >> test-results/steps.txt; else echo "$name FAILED" >> test-results/steps.txt; fi
}

step lint npm run -s lint
step typecheck npm run -s typecheck
step i18n npm run -s i18n:check
step build npm run -s build
step vitest npx vitest run --reporter=default --reporter=json --outputFile.json=test-results/vitest.json
if grep -q "^build ok" test-results/steps.txt; then
  step playwright npx playwright test
else
  echo "playwright FAILED (no build)" >> test-results/steps.txt
fi
node --import tsx scripts/summarize-tests.ts test-results
