#!/usr/bin/env bash
# sqlmap against the search and lookup endpoints, where text reaches SQL. On demand, not in CI:
#   apt-get install -y sqlmap            # Debian package
#   apps/server/test/reliability/sqlmap.sh [--level 5 --risk 3 ...sqlmap options; default --level 3 --risk 2]
# SQLMAP_KEEP=1 keeps the server and sqlmap logs; SQLMAP_PORT picks the port (4611).
# Starts the real server on 127.0.0.1 with a throw-away PGlite DATA_DIR (or DATABASE_URL if set: use
# an empty database), seeds one delivered loan through the API, then runs sqlmap with a staff token on
#   GET /api/v1/customers?query=&orderBy=&q=        (customer search, any staff)
#   GET /api/v1/loans?q=&query=&orderBy=            (global loans list, admin)
#   GET /api/v1/payments?q=&query=&orderBy=         (Pagos Recibidos, admin)
#   GET /public/api/v1/loans/search?num=&phone=     (public lookup, anonymous)
#   GET /public/api/v1/loans/<id>                   (public statement, the id in the path)
# The public routes allow 30 requests a minute per client: the server runs with TRUST_PROXY=true and
# sqlmap's xforwardedfor tamper gives every request its own client address, so sqlmap is answered
# by the route, not by the rate limiter (429). Exit 0 only when sqlmap finds no injection point.
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../../../.." && pwd)"
PORT="${SQLMAP_PORT:-4611}"
BASE="http://127.0.0.1:${PORT}"
WORK="$(mktemp -d /tmp/prestaya-sqlmap-XXXXXX)"
ADMIN_USER='admin@prestaya.mx'
ADMIN_PASS='sqlmap-Admin-123'
EXTRA=("$@")
[ ${#EXTRA[@]} -eq 0 ] && EXTRA=(--level 3 --risk 2)

command -v sqlmap >/dev/null || { echo 'sqlmap no está instalado: apt-get install -y sqlmap' >&2; exit 2; }

cleanup() {
  [ -n "${SERVER_PID:-}" ] && kill "$SERVER_PID" 2>/dev/null || true
  wait 2>/dev/null || true
  if [ -n "${SQLMAP_KEEP:-}" ]; then echo "logs kept in $WORK"; else rm -rf "$WORK"; fi
}
trap cleanup EXIT

if curl -fs "$BASE/health" >/dev/null 2>&1; then echo "port $PORT is taken: set SQLMAP_PORT" >&2; exit 2; fi
echo "== server on $BASE (DATA_DIR=$WORK/data)"
(
  cd "$ROOT"
  PORT="$PORT" HOST=127.0.0.1 DATA_DIR="$WORK/data" WEB_DIST="$WORK/no-web" LOG_LEVEL=warn \
    ADMIN_USERNAME="$ADMIN_USER" ADMIN_PASSWORD="$ADMIN_PASS" LOGIN_RATE_LIMIT_MAX=1000 TRUST_PROXY=true \
    exec node --import tsx apps/server/src/server.ts
) >"$WORK/server.log" 2>&1 &
SERVER_PID=$!
for _ in $(seq 1 240); do
  curl -fs "$BASE/health" >/dev/null 2>&1 && break
  kill -0 "$SERVER_PID" 2>/dev/null || { cat "$WORK/server.log"; exit 1; }
  sleep 0.5
done
curl -fs "$BASE/health" >/dev/null || { echo 'the server did not start' >&2; cat "$WORK/server.log"; exit 1; }

json() { node -e 'let s="";process.stdin.on("data",d=>s+=d).on("end",()=>{const v=JSON.parse(s);console.log(eval("v"+process.argv[1]))})' "$1"; }
api() { # method path [json]
  curl -fsS -X "$1" "$BASE$2" -H "authorization: Bearer $TOKEN" -H 'content-type: application/json' ${3:+-d "$3"}
}

TOKEN="$(curl -fsS -X POST "$BASE/api/v1/auth/login" -H 'content-type: application/json' \
  -d "{\"username\":\"$ADMIN_USER\",\"password\":\"$ADMIN_PASS\"}" | json .access_token)"
ACCOUNT="$(api POST /api/v1/bank-accounts '{"name":"Caja","bankName":"Efectivo","customerName":"Oficina","balance":50000}' | json .data.id)"
CUSTOMER="$(api POST /api/v1/customers '{"name":"Ana","lastName":"Pérez","phone":"5512345678","curp":"PEAA800101MDFRRN09"}' | json .data.id)"
LOAN="$(api POST "/api/v1/customers/$CUSTOMER/loans" '{"amount":10000}' | json .data.id)"
api PUT "/api/v1/loans/$LOAN/approve" "{\"bankAccountId\":\"$ACCOUNT\"}" >/dev/null
NUM="$(api PUT "/api/v1/loans/$LOAN/activate" | json .data.num)"
echo "== seeded loan #$NUM ($LOAN), customer phone 5512345678"

COMMON=(--batch --flush-session --dbms=PostgreSQL --output-dir="$WORK/sqlmap" --tamper=xforwardedfor
  --threads=4 --timeout=20 --retries=1 "${EXTRA[@]}")
STAFF=(--headers="Authorization: Bearer $TOKEN")
FOUND=0
run() { # label, sqlmap args…
  local label="$1"; shift
  echo "== sqlmap: $label"
  sqlmap "${COMMON[@]}" "$@" >"$WORK/$label.log" 2>&1 || true
  if grep -qE 'sqlmap identified the following injection point|is vulnerable' "$WORK/$label.log"; then
    echo "!! $label: INJECTABLE"; FOUND=1
    sed -n '/identified the following injection point/,/^---$/p' "$WORK/$label.log"
  else
    local requests
    requests="$(grep -oE 'fetched data logged|[0-9]+ HTTP\(s\) requests' "$WORK/$label.log" | tail -1 || true)"
    grep -E 'do not appear to be injectable|does not seem to be injectable|not injectable' "$WORK/$label.log" |
      sed 's/^/   /' | sort -u | head -6
    [ -n "$requests" ] && echo "   $requests"
  fi
  # The status codes sqlmap met (400/404 are the validation refusing it); a 5xx fails the run.
  grep -A1 -E 'HTTP error codes detected' "$WORK/$label.log" | tail -1 | sed 's/^/   codes: /' || true
  if grep -A1 -E 'HTTP error codes detected' "$WORK/$label.log" | grep -qE '5[0-9]{2} \('; then
    echo "!! $label: the server answered 5xx"; FOUND=1
  fi
}

run customers-search -u "$BASE/api/v1/customers?query=Ana&q=PENDING&orderBy=name&order=asc&page=1&size=10" \
  -p 'query,q,orderBy' "${STAFF[@]}"
run loans-list -u "$BASE/api/v1/loans?q=ACTIVE&query=Ana&orderBy=num&order=asc&page=1" -p 'q,query,orderBy' "${STAFF[@]}"
run payments-list -u "$BASE/api/v1/payments?q=VALIDATING&query=Ana&orderBy=amount" -p 'q,query,orderBy' "${STAFF[@]}"
run public-lookup -u "$BASE/public/api/v1/loans/search?num=$NUM&phone=5512345678" -p 'num,phone'
run public-statement -u "$BASE/public/api/v1/loans/$LOAN*"

if [ "$FOUND" -ne 0 ]; then echo 'RESULT: sqlmap found an injection point'; exit 1; fi
echo 'RESULT: sqlmap found no injectable parameter'
