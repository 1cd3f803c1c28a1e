#!/usr/bin/env bash
# Runs examples/vitest against a packed commerce-mock, as a user's project would: copies the example to a fresh
# temporary folder, installs the tarball given (and vitest from the registry) there, runs the example's tests and
# exits with their code. Usage: scripts/run-example.sh <commerce-mock-x.y.z.tgz>
set -euo pipefail

if [[ $# -ne 1 || ! -f "$1" ]]; then
  echo "usage: $0 <commerce-mock tarball (npm pack)>" >&2
  exit 2
fi
tarball="$(cd "$(dirname "$1")" && pwd)/$(basename "$1")"
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
work="$(mktemp -d "${TMPDIR:-/tmp}/commerce-mock-example-XXXXXX")"
trap 'rm -rf "$work"' EXIT

cp -R "$root/examples/vitest/." "$work/"
cd "$work"
# The example names the repository (file:../..) for use in place; here it takes the tarball instead.
npm pkg set "devDependencies.commerce-mock=file:$tarball"
npm install --no-audit --no-fund --loglevel=error
npx vitest run
