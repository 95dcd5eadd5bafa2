#!/usr/bin/env bash
# Schemathesis over the whole OpenAPI document of a freshly started service (README: "The OpenAPI
# document"). The service runs as the `api` role on a temporary DATA_DIR with a new account, so no
# job is consumed and nothing renders: a create answers with its pending task, and that is all.
#
#   scripts/schemathesis.sh                  # 20 examples per operation and phase
#   MAX_EXAMPLES=100 scripts/schemathesis.sh # deeper, slower
#   scripts/schemathesis.sh --include-path-regex '^/api/lipsyncs'   # extra arguments go to `schemathesis run`
#
# Checks: no 5xx, every status and content type documented, every body in its documented schema.
# One worker: hypothesis describes strategies with `ast` in a way that is not thread-safe on
# Python 3.11 (with two workers a run ends in "Runtime Error: AST constructor recursion depth mismatch").
# Exit status is schemathesis's own (non-zero when a check failed). Reports land in $REPORT_DIR.
set -euo pipefail
cd "$(dirname "$0")/.."

VENV="${SCHEMATHESIS_VENV:-.venv-schemathesis}"
REQUIREMENTS=scripts/schemathesis-requirements.txt
MAX_EXAMPLES="${MAX_EXAMPLES:-20}"
REPORT_DIR="${REPORT_DIR:-.tmp/schemathesis}"
CHECKS="${CHECKS:-not_a_server_error,status_code_conformance,content_type_conformance,response_schema_conformance}"

if [ ! -f "$VENV/.installed" ] || [ "$REQUIREMENTS" -nt "$VENV/.installed" ]; then
  echo "installing schemathesis into $VENV" >&2
  python3 -m venv "$VENV"
  "$VENV/bin/pip" install -q --disable-pip-version-check -r "$REQUIREMENTS" >&2
  touch "$VENV/.installed"
fi

DATA_DIR="$(mktemp -d -t clipwright-schemathesis-XXXXXX)"
PORT="${PORT:-$(node -e "const s=require('net').createServer().listen(0,()=>{console.log(s.address().port);s.close()})")}"
export DATA_DIR PORT LOG_LEVEL="${LOG_LEVEL:-warn}"
# Thousands of requests from one client: not what the rate limit is for. A fuzzer's custom avatars
# would reach the per-account limit (a 400 that no single request causes). `sync: true` waits for a
# job that the api role never runs: answer at once with the pending task.
export RATE_LIMIT_BURST=1000000 RATE_LIMIT_PER_SECOND=1000000 AUTH_FAILURE_BURST=1000000 FETCH_TIMEOUT_MS="${FETCH_TIMEOUT_MS:-5000}"
export CUSTOM_AVATAR_LIMIT=1000000 TEXT_SYNC_TIMEOUT_MS=1

SERVICE_PID=""
cleanup() {
  if [ -n "$SERVICE_PID" ]; then kill "$SERVICE_PID" 2>/dev/null || true; wait "$SERVICE_PID" 2>/dev/null || true; fi
  rm -rf "$DATA_DIR"
}
trap cleanup EXIT

node bin/clipwright.mjs admin migrate >/dev/null
CREDS="$(node bin/clipwright.mjs admin accounts create --name schemathesis --credits 1000000 | tail -n 1)"
API_ID="$(node -e 'console.log(JSON.parse(process.argv[1]).api_id)' "$CREDS")"
API_KEY="$(node -e 'console.log(JSON.parse(process.argv[1]).api_key)' "$CREDS")"

node bin/clipwright.mjs api > "$DATA_DIR/service.log" 2>&1 &
SERVICE_PID=$!
BASE="http://127.0.0.1:$PORT"
for _ in $(seq 1 100); do
  curl -sf "$BASE/healthz" >/dev/null 2>&1 && break
  kill -0 "$SERVICE_PID" 2>/dev/null || { cat "$DATA_DIR/service.log" >&2; exit 1; }
  sleep 0.2
done

mkdir -p "$REPORT_DIR"
set +e
"$VENV/bin/schemathesis" run "$BASE/api/openapi.json" \
  --url "$BASE" \
  -H "X-API-ID: $API_ID" -H "X-API-KEY: $API_KEY" \
  --checks "$CHECKS" \
  --max-examples "$MAX_EXAMPLES" \
  --seed "${SEED:-1}" \
  --workers "${WORKERS:-1}" \
  --request-timeout 30 \
  --report junit,ndjson --report-dir "$REPORT_DIR" \
  "$@"
STATUS=$?
set -e
REPORT="$(ls -t "$REPORT_DIR"/ndjson-*.ndjson 2>/dev/null | head -n 1)"
[ -n "$REPORT" ] && python3 scripts/schemathesis-summary.py "$REPORT"
if grep -q '"level":50\|"level":60' "$DATA_DIR/service.log"; then
  echo "service errors logged (first 20 lines):" >&2
  grep '"level":50\|"level":60' "$DATA_DIR/service.log" | head -20 >&2
fi
exit "$STATUS"
