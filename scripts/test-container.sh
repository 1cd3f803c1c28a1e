#!/usr/bin/env bash
# npm run test:container: builds the Dockerfile with podman, runs the image, and checks what a user of the image
# sees: its health check passes (HTTP and podman's own), a token request answers, the admin API takes the token
# from env and refuses a call without it, the server runs as a non-root user and writes its state to the /data
# volume, `commerce-mock verify` runs inside it as examples/ci/github-actions.yml runs it, and SIGTERM stops it
# with exit 0. Exits non-zero on the first failure, printing the container's logs; removes what it started.
#
# No image registry is reachable here, so the base image the Dockerfile names (node:24-bookworm-slim) is made
# locally when it is missing: a Debian bookworm minbase root (mmdebstrap) with Node of the image's major version
# (this machine's, or Node's official binary from the npm registry) and this machine's npm copied in, tagged with
# the exact name. It is kept between runs (rebuilt when that node changes).
# Needs root and Debian's podman, runc, mmdebstrap and uidmap (`apt-get install -y podman runc mmdebstrap uidmap`).
set -euo pipefail
cd "$(dirname "$0")/.."

APP_IMAGE=localhost/commerce-mock:test
ROOTFS_IMAGE=localhost/commerce-mock-stand-in/debian:bookworm-minbase
STAND_IN_LABEL=io.commerce-mock.stand-in
RUN_ID="$$"
CONTAINER="commerce-mock-test-$RUN_ID"
VOLUME="commerce-mock-test-data-$RUN_ID"
# Given to the container and to the checks through the environment only (never argv, never printed).
export COMMERCE_MOCK_ADMIN_TOKEN="container-test-$RUN_ID-$RANDOM$RANDOM"
WORK="$(mktemp -d)"
STARTED_CONTAINER=""

# Without systemd podman cannot schedule the HEALTHCHECK timer and says so at each run, stop and rm; the check is
# run by hand below (`podman healthcheck run`), so that one complaint is left out of the output.
pm() { podman --runtime runc "$@" 2> >(grep -v 'unable to get systemd connection' >&2); }

phase_start=$(date +%s.%N)
timings=()
phase_done() {
  local now seconds
  now=$(date +%s.%N)
  seconds=$(awk -v a="$phase_start" -v b="$now" 'BEGIN { printf "%.1f", b - a }')
  timings+=("$(printf '%-34s %6ss' "$1" "$seconds")")
  echo "== $1: ${seconds}s"
  phase_start=$now
}

fail() {
  echo "test:container FAILED: $*" >&2
  if [ -n "$STARTED_CONTAINER" ]; then
    echo "---- container logs ($CONTAINER) ----" >&2
    pm logs "$CONTAINER" >&2 || true
    echo "---- end of container logs ----" >&2
  fi
  exit 1
}

cleanup() {
  if [ -n "$STARTED_CONTAINER" ]; then pm rm --force --time 5 "$CONTAINER" >/dev/null 2>&1 || true; fi
  pm volume rm --force "$VOLUME" >/dev/null 2>&1 || true
  rm -rf "$WORK"
}
trap cleanup EXIT

# ---- preflight: tools, and the containers.conf these machines need ----
for tool in podman runc mmdebstrap node; do
  command -v "$tool" >/dev/null || fail "$tool is missing (apt-get install -y podman runc mmdebstrap uidmap)"
done
[ "$(id -u)" -eq 0 ] || fail "run as root (rootful podman with runc)"
# These machines refuse podman's default ulimits; `default_ulimits = []` under [containers] turns them off.
ensure_no_default_ulimits() {
  local conf=/etc/containers/containers.conf
  mkdir -p "$(dirname "$conf")"
  touch "$conf"
  if grep -Eq '^[[:space:]]*default_ulimits[[:space:]]*=[[:space:]]*\[[[:space:]]*\][[:space:]]*$' "$conf"; then return; fi
  if grep -Eq '^[[:space:]]*default_ulimits[[:space:]]*=' "$conf"; then
    sed -i -E 's/^[[:space:]]*default_ulimits[[:space:]]*=.*/default_ulimits = []/' "$conf"
  elif grep -Eq '^[[:space:]]*\[containers\][[:space:]]*$' "$conf"; then
    sed -i -E '0,/^[[:space:]]*\[containers\][[:space:]]*$/s//[containers]\ndefault_ulimits = []/' "$conf"
  else
    printf '\n[containers]\ndefault_ulimits = []\n' >>"$conf"
  fi
  echo "set default_ulimits = [] under [containers] in $conf"
}
ensure_no_default_ulimits

BASE_IMAGE=$(sed -n 's/^ARG NODE_IMAGE=//p' Dockerfile | head -n 1)
[ -n "$BASE_IMAGE" ] || fail "Dockerfile has no ARG NODE_IMAGE=… default"
BASE_QUALIFIED="docker.io/library/$BASE_IMAGE"
wanted_major=$(sed -n 's/^node:\([0-9]*\).*/\1/p' <<<"$BASE_IMAGE")
# The stand-in's node: this machine's when it is the image's major version, else Node's official binary of that
# version from the npm registry (scripts/node-release.mjs).
NODE_BIN=$(readlink -f "$(command -v node)")
if [ "$(node -p 'process.versions.node.split(".")[0]')" != "$wanted_major" ]; then
  NODE_BIN="$(node scripts/node-release.mjs "$wanted_major")/node" || fail "could not fetch Node $wanted_major from the npm registry"
fi
NODE_VERSION=$("$NODE_BIN" --version)
# npm sets npm_execpath (…/npm/bin/npm-cli.js) for the scripts it runs; else ask the npm on PATH.
NPM_CLI=$(readlink -f "${npm_execpath:-$(command -v npm)}")
NPM_DIR=$(dirname "$(dirname "$NPM_CLI")")
[ -f "$NPM_DIR/package.json" ] || fail "cannot find npm's own directory (from $NPM_CLI)"
NPM_CACHE=$(npm config get cache 2>/dev/null)
mkdir -p "$NPM_CACHE"
[ "${NODE_VERSION#v}" != "${NODE_VERSION#v$wanted_major.}" ] ||
  fail "$BASE_IMAGE is missing and the node found is $NODE_VERSION: a stand-in must be Node $wanted_major"
phase_done "preflight"

# ---- the base image: the real one if present, else the cached stand-in, else a new stand-in ----
if pm image exists "$BASE_QUALIFIED"; then
  made_for=$(pm image inspect --format "{{index .Config.Labels \"$STAND_IN_LABEL\"}}" "$BASE_QUALIFIED")
else
  made_for="missing"
fi
if [ -z "$made_for" ] || [ "$made_for" = "<no value>" ]; then
  echo "using $BASE_QUALIFIED as it is (not a stand-in made here)"
elif [ "$made_for" = "node $NODE_VERSION" ]; then
  echo "using the cached stand-in $BASE_QUALIFIED (node $NODE_VERSION)"
else
  if ! pm image exists "$ROOTFS_IMAGE"; then
    echo "making a Debian bookworm minbase root with mmdebstrap (about 30 s on an idle machine)"
    # Without docs, man pages and translations, as the official slim images are made.
    mmdebstrap --quiet --variant=minbase --include=ca-certificates \
      --dpkgopt='path-exclude=/usr/share/doc/*' --dpkgopt='path-exclude=/usr/share/man/*' \
      --dpkgopt='path-exclude=/usr/share/locale/*' --dpkgopt='path-exclude=/usr/share/info/*' \
      bookworm "$WORK/base.tar" ||
      fail "mmdebstrap could not make the Debian root"
    pm import --quiet --change 'ENV PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin' \
      --change 'CMD ["bash"]' "$WORK/base.tar" "$ROOTFS_IMAGE" >/dev/null
    rm -f "$WORK/base.tar"
    phase_done "base: mmdebstrap + podman import"
  fi
  mkdir -p "$WORK/stand-in"
  cp "$NODE_BIN" "$WORK/stand-in/node"
  cp -a "$NPM_DIR" "$WORK/stand-in/npm"
  # The same layout and user as the official image: node in /usr/local/bin, npm in /usr/local/lib/node_modules,
  # a `node` user and group with id 1000.
  cat >"$WORK/stand-in/Containerfile" <<EOF
FROM $ROOTFS_IMAGE
COPY node /usr/local/bin/node
COPY npm/ /usr/local/lib/node_modules/npm/
RUN ln -s ../lib/node_modules/npm/bin/npm-cli.js /usr/local/bin/npm \\
 && ln -s ../lib/node_modules/npm/bin/npx-cli.js /usr/local/bin/npx \\
 && groupadd --gid 1000 node && useradd --uid 1000 --gid node --shell /bin/bash --create-home node \\
 && node --version && npm --version
ENV NODE_VERSION=${NODE_VERSION#v}
CMD ["node"]
EOF
  pm build --quiet --pull=never --network=host --label "$STAND_IN_LABEL=node $NODE_VERSION" \
    -t "$BASE_QUALIFIED" "$WORK/stand-in" >/dev/null || fail "could not build the stand-in base image"
  rm -rf "$WORK/stand-in"
  echo "made the stand-in $BASE_QUALIFIED (node $NODE_VERSION, npm $(node "$NPM_CLI" --version))"
fi
phase_done "base image ready"

# ---- the image itself ----
previous_id=$(pm image inspect --format '{{.Id}}' "$APP_IMAGE" 2>/dev/null || true)
# The machine's npm cache is lent to the build's RUN steps, so `npm ci --prefer-offline` barely touches the registry;
# the deps and build stages run side by side (--jobs 2); docker format, since OCI images drop HEALTHCHECK. A CI
# run starts with no cache, so it skips committing a cache layer per step (--layers=false); elsewhere the layers
# make the next build skip `npm ci` until package-lock.json changes.
layers=true
[ "${CI:-}" = "true" ] && layers=false
build_start=$SECONDS
pm build --pull=never --format docker --jobs 2 --layers="$layers" --network=host -v "$NPM_CACHE:/root/.npm" \
  -t "$APP_IMAGE" . 2>&1 | while IFS= read -r line; do printf '[+%3ss] %s\n' "$((SECONDS - build_start))" "$line"; done ||
  fail "podman build failed"
current_id=$(pm image inspect --format '{{.Id}}' "$APP_IMAGE")
if [ -n "$previous_id" ] && [ "$previous_id" != "$current_id" ]; then pm rmi "$previous_id" >/dev/null 2>&1 || true; fi
phase_done "podman build"

# ---- run it and wait for its health ----
# In a network namespace of its own with loopback only (--network=none): the image listens on its default port, which
# nothing else on this machine can hold or take (a port found free here and bound later could be, by anyone in
# between), and every check runs inside the container (podman exec), as its HEALTHCHECK does.
PORT=4010
BASE="http://127.0.0.1:$PORT"
pm volume create "$VOLUME" >/dev/null
STARTED_CONTAINER=yes
pm run --detach --name "$CONTAINER" --network=none -e COMMERCE_MOCK_ADMIN_TOKEN \
  -v "$VOLUME:/data" "$APP_IMAGE" >/dev/null < /dev/null || fail "podman run failed"
answers_200() { pm exec "$CONTAINER" node -e 'fetch(process.argv[1]).then((r) => process.exit(r.status === 200 ? 0 : 1), () => process.exit(1))' "$1"; }

deadline=$((SECONDS + 90))
until answers_200 "$BASE/__admin/health"; do
  [ "$(pm inspect --format '{{.State.Running}}' "$CONTAINER")" = "true" ] || fail "the container stopped before it answered"
  [ $SECONDS -lt $deadline ] || fail "GET /__admin/health did not answer 200 within 90 s"
  sleep 0.5
done
phase_done "run until /__admin/health is 200"

pm healthcheck run "$CONTAINER" || fail "podman healthcheck run: the image's HEALTHCHECK did not pass"
health=$(pm inspect --format '{{.State.Health.Status}}' "$CONTAINER")
[ "$health" = "healthy" ] || fail "inspected health status is '$health', not healthy"
phase_done "HEALTHCHECK (podman healthcheck run)"

# ---- what a user of the image relies on ----
pm cp scripts/container-checks.mjs "$CONTAINER:/tmp/container-checks.mjs"
pm exec "$CONTAINER" node /tmp/container-checks.mjs "$BASE" || fail "the running image did not answer as it should"
user=$(pm exec "$CONTAINER" id -u)
[ "$user" != "0" ] || fail "the server runs as root"
pm exec "$CONTAINER" sh -c 'ls /data/db.json* >/dev/null' || fail "nothing was written to the /data volume"
pm exec "$CONTAINER" sh -c 'ls /data' | grep -q . || fail "the /data volume is empty"
phase_done "token, admin token, user, volume"

# The CI example's verify step, as it runs there: pacts copied into the running container, `commerce-mock verify`
# run inside it against the container's own server (admin token from the container's env), the report copied out.
pm exec "$CONTAINER" mkdir -p /tmp/pacts
pm cp pacts/. "$CONTAINER:/tmp/pacts/"
pm exec "$CONTAINER" node bin/commerce-mock.js verify /tmp/pacts --provider-base-url "http://127.0.0.1:$PORT" \
  --target mock --report /tmp/commerce-mock-verify | tail -n 1 || fail "commerce-mock verify failed inside the container"
pm cp "$CONTAINER:/tmp/commerce-mock-verify/verify-report.json" "$WORK/verify.json"
node -e 'const { summary } = JSON.parse(require("node:fs").readFileSync(process.argv[1], "utf8"));
  if (!(summary.verified > 0 && summary.failed === 0)) { console.error(summary); process.exit(1); }' "$WORK/verify.json" ||
  fail "the verify report copied out of the container does not say every interaction verified"
phase_done "commerce-mock verify in the container"

pm stop --time 10 "$CONTAINER" >/dev/null || fail "podman stop failed"
exit_code=$(pm inspect --format '{{.State.ExitCode}}' "$CONTAINER")
[ "$exit_code" = "0" ] || fail "the server exited $exit_code on SIGTERM, not 0"
pm rm "$CONTAINER" >/dev/null
STARTED_CONTAINER=""
phase_done "stop (SIGTERM, exit 0) and remove"

echo "test:container passed ($(pm image inspect --format '{{.Size}}' "$APP_IMAGE" | awk '{ printf "%.0f MB", $1 / 1e6 }') image)"
printf '  %s\n' "${timings[@]}"
