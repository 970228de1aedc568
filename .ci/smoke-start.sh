#!/usr/bin/env bash
# The README's quick start on this checkout, as a new user runs it: `npm start` with no data
# folder yet, then the health check and the sign-in page answer. Stops the server afterwards.
set -euo pipefail
cd "$(dirname "$0")/.."

if [ -e data ]; then
  echo "smoke: data/ exists already; the first start must create it" >&2
  exit 1
fi
log=$(mktemp)
# Its own process group, so stopping it stops npm and the server under it.
setsid npm start >"$log" 2>&1 &
pid=$!
stop() { kill -TERM -- "-$pid" 2>/dev/null || true; wait "$pid" 2>/dev/null || true; }
trap stop EXIT

base=http://localhost:8080
for _ in $(seq 1 180); do
  if curl -fsS "$base/api/v1/health" >/dev/null 2>&1; then break; fi
  if ! kill -0 "$pid" 2>/dev/null; then
    echo "smoke: npm start exited" >&2
    cat "$log" >&2
    exit 1
  fi
  sleep 1
done
curl -fsS "$base/api/v1/health"
echo
# The app, the light sign-in page (served without the app's scripts) and the embedded issuer's
# discovery document.
curl -fsS "$base/screener" | grep -q '<div id="root">' || { echo "smoke: /screener is not the app" >&2; exit 1; }
curl -fsS "$base/signin" | grep -q '<title>OptionScout: Sign In</title>' || { echo "smoke: /signin is not the sign-in page" >&2; exit 1; }
curl -fsS "$base/oidc/.well-known/openid-configuration" | grep -q '"issuer"'
# Development conveniences are not on under npm start.
code=$(curl -s -o /dev/null -w '%{http_code}' -X POST -H 'content-type: application/json' \
  -d '{"offsetDays":30}' "$base/api/v1/dev/clock")
[ "$code" = 404 ] || { echo "smoke: /api/v1/dev/clock answered $code under npm start" >&2; exit 1; }
[ "$(stat -c %a data)" = 700 ] || { echo "smoke: data/ is not owner-only" >&2; exit 1; }
echo "smoke: npm start on a fresh data folder answers"
