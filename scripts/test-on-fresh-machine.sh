#!/usr/bin/env bash
# The README's two commands, `npm install` then `npm test`, in a fresh clone of this repository's
# HEAD, with every system Chromium and PostgreSQL server binary hidden, as on a machine that has
# neither: the tests must find both in npm packages. The install is npm's strict one: a dependency's
# install script that package.json's allowScripts does not name fails it, and those it denies are
# skipped, as npm 12 skips every script not allowed; and it must print no install-scripts warning.
# Needs root (unshare --mount).
#   bash scripts/test-on-fresh-machine.sh
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
work=$(mktemp -d /tmp/site-fresh-XXXXXX)
trap 'rm -rf "$work"' EXIT
git clone --quiet "$root" "$work/site"
# A temporary folder of its own: as root, tools/postgres.ts keeps a copy of the PostgreSQL binaries
# in the temporary folder, once per version, and one left there by an earlier run would stand in for
# what this clone's install made. `nobody`, who runs PostgreSQL, must reach it, as it reaches /tmp.
chmod 755 "$work"
mkdir -m 1777 "$work/tmp"

# What a system package manager installs for these two: browsers on PATH and their folders,
# PostgreSQL's versioned server binaries and its wrappers.
hide=(
  /usr/bin/chromium /usr/bin/chromium-browser /usr/bin/google-chrome /usr/bin/google-chrome-stable
  /usr/lib/chromium /opt/google /snap/bin/chromium
  /usr/lib/postgresql /usr/share/postgresql /usr/bin/initdb /usr/bin/pg_ctl /usr/bin/postgres
  /usr/bin/pg_ctlcluster
)

start=$(date +%s)
unshare --mount --propagation private bash -euo pipefail -c '
  work=$1; shift
  export TMPDIR=$work/tmp
  for path in "$@"; do
    if [ -d "$path" ]; then mount -t tmpfs -o ro,size=1k tmpfs "$path"
    elif [ -e "$path" ]; then mount --bind /dev/null "$path"
    fi
  done
  for name in chromium chromium-browser google-chrome google-chrome-stable initdb pg_ctl postgres; do
    if found=$(command -v "$name") && [ -s "$found" ]; then echo "still visible: $found" >&2; exit 1; fi
  done
  if ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1; then echo "PostgreSQL still visible" >&2; exit 1; fi
  echo "System Chromium and PostgreSQL hidden; running npm install && npm test in $work/site"
  cd "$work/site"
  npm install --no-audit --no-fund --strict-allow-scripts 2>&1 | tee "$work/install.log"
  if grep -i "install-scripts\|allowScripts" "$work/install.log"; then
    echo "npm install warned about install scripts" >&2; exit 1
  fi
  npm test
' bash "$work" "${hide[@]}"
echo "npm install --strict-allow-scripts && npm test passed in a fresh clone in $(($(date +%s) - start)) s"
