#!/usr/bin/env bash
# Runs a command inside a private D-Bus session with an unlocked gnome-keyring, so tests use a real
# Secret Service (TOOLCHAIN.md, "The keychain in tests"). The keyring file and the browser's profile
# live in a temp folder, never in $HOME; it is removed when the command ends. The session runs as a
# child (not `exec`), so this shell is still there for its EXIT trap; its exit status is the command's.
set -euo pipefail
tmp=$(mktemp -d /tmp/rinkside-keyring.XXXXXX)
trap 'rm -rf "$tmp"' EXIT
trap 'exit 130' INT
trap 'exit 143' TERM
mkdir -p "$tmp/data" "$tmp/runtime" "$tmp/config" "$tmp/cache"
chmod 700 "$tmp/runtime"
export XDG_DATA_HOME="$tmp/data" XDG_RUNTIME_DIR="$tmp/runtime" XDG_CONFIG_HOME="$tmp/config" XDG_CACHE_HOME="$tmp/cache"
status=0
dbus-run-session -- bash -c 'printf %s rinkside-test | gnome-keyring-daemon --unlock --components=secrets >/dev/null 2>&1; exec "$@"' bash "$@" || status=$?
exit "$status"
