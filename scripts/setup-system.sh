#!/usr/bin/env bash
# Installs the Debian packages the tests need: Chromium (Playwright drives it; browsers cannot be
# downloaded here), gnome-keyring + D-Bus (a real Secret Service for the keychain tests), fonts
# (readable screenshots), PostgreSQL (the department tests start throwaway clusters of their own from
# /usr/lib/postgresql/<newest>/bin; the package's default cluster is not used), openssl (the TLS test
# makes its certificates) and faketime (a laptop's clock six hours off, in the department's fault
# tests). Idempotent: does nothing when all are present.
set -euo pipefail
pkgs=(chromium gnome-keyring dbus-x11 libsecret-1-0 fonts-dejavu-core fonts-liberation postgresql openssl faketime)
missing=()
for p in "${pkgs[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'install ok installed' || missing+=("$p")
done
if ((${#missing[@]} == 0)); then
  echo "setup-system: all present (${pkgs[*]})"
  exit 0
fi
echo "setup-system: installing ${missing[*]}"
SUDO=""
if [ "$(id -u)" != 0 ]; then SUDO="sudo"; fi
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -qq
$SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
echo "setup-system: done"
