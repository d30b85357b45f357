#!/usr/bin/env bash
# Sets up a checkout: dependencies from the npm registry, a Chromium to drive, and the build.
# Nothing here downloads a browser of its own: Loupe uses an installed Chrome/Chromium.
set -euo pipefail
cd "$(dirname "$0")/.."

major=$(node -p 'process.versions.node.split(".")[0]')
if [ "$major" -lt 20 ]; then
  echo "setup: Node.js 20 or newer is needed to develop Loupe (found $(node -v))." >&2
  exit 1
fi

have_browser() {
  [ -n "${LOUPE_CHROMIUM_PATH:-}" ] && [ -x "${LOUPE_CHROMIUM_PATH}" ] && return 0
  for candidate in /usr/bin/chromium /usr/bin/chromium-browser /usr/bin/google-chrome /usr/bin/google-chrome-stable \
    "/Applications/Google Chrome.app/Contents/MacOS/Google Chrome" "/Applications/Chromium.app/Contents/MacOS/Chromium"; do
    [ -x "$candidate" ] && return 0
  done
  command -v chromium >/dev/null 2>&1 || command -v google-chrome >/dev/null 2>&1
}

if ! have_browser; then
  if command -v apt-get >/dev/null 2>&1 && [ "$(id -u)" -eq 0 ]; then
    echo "setup: no Chrome or Chromium found; installing Debian's chromium package." >&2
    apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null
  else
    echo "setup: no Chrome or Chromium found. Install one (Debian/Ubuntu: sudo apt-get install chromium;" >&2
    echo "       macOS: brew install --cask chromium) or set LOUPE_CHROMIUM_PATH, then run this again." >&2
    exit 1
  fi
fi

# The Python and Go clients' tests (clients/python, clients/go) need python3 (3.9+) and go (1.19+).
# Debian's packages are enough: neither client downloads anything to build or test.
need_command() { # COMMAND DEBIAN_PACKAGE HOMEBREW_PACKAGE
  command -v "$1" >/dev/null 2>&1 && return 0
  if command -v apt-get >/dev/null 2>&1 && [ "$(id -u)" -eq 0 ]; then
    echo "setup: no $1 found; installing Debian's $2 package (for the clients' tests)." >&2
    apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "$2" >/dev/null
  else
    echo "setup: no $1 found; the tests of clients/ need it. Install it (Debian/Ubuntu: sudo apt-get install $2;" >&2
    echo "       macOS: brew install $3), then run this again." >&2
    exit 1
  fi
}
need_command python3 python3 python
need_command go golang-go go

# The Cloud's Postgres tests start a throwaway PostgreSQL cluster of their own (test/support/postgres-cluster.ts)
# from the server binaries; without them those tests skip and say why. Debian puts them outside PATH.
if ! ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1 && ! command -v initdb >/dev/null 2>&1; then
  if command -v apt-get >/dev/null 2>&1 && [ "$(id -u)" -eq 0 ]; then
    echo "setup: no PostgreSQL server found; installing Debian's postgresql package (for the Cloud's Postgres tests)." >&2
    apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postgresql >/dev/null
  else
    echo "setup: no PostgreSQL server found: the Cloud's Postgres tests will skip. To run them, install one" >&2
    echo "       (Debian/Ubuntu: sudo apt-get install postgresql; macOS: brew install postgresql)." >&2
  fi
fi

if [ -f package-lock.json ]; then npm ci --no-audit --no-fund; else npm install --no-audit --no-fund; fi
npm run build
