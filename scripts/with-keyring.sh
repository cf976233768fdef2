#!/usr/bin/env bash
# Runs a command inside a private D-Bus session with an unlocked gnome-keyring, so tests use a real
# Secret Service (TOOLCHAIN.md, "The keychain in tests"). The keyring file and the browser's profile
# live in a temp folder, never in $HOME; it is removed when the command ends. The session runs as a
# child (not `exec`), so this shell is still there for its EXIT trap; its exit status is the command's,
# whatever happens while cleaning up.
set -euo pipefail
tmp=$(mktemp -d /tmp/rinkside-keyring.XXXXXX)
# Every process started inside carries this exact entry in its environment: the keyring daemon (it
# daemonises, so dbus-run-session neither waits for it nor stops it) and whatever the command left running.
marker="XDG_RUNTIME_DIR=$tmp/runtime"

# Whether process $1 still runs (a zombie writes nothing more).
running() {
  local stat
  read -r stat <"/proc/$1/stat" 2>/dev/null || return 1
  stat=${stat##*) }
  [ "${stat%% *}" != Z ]
}

# The running processes that carry $marker. The clean-up's own commands do not: it unsets it first.
leftovers() {
  local file pid
  for file in $(grep -lzxF -- "$marker" /proc/[0-9]*/environ 2>/dev/null); do
    pid=${file#/proc/}
    pid=${pid%/environ}
    if [ "$pid" != "$$" ] && running "$pid"; then echo "$pid"; fi
  done
}

# Stops the leftovers (TERM, then KILL) and waits until they are gone, so nothing writes into the folder
# while it is removed. A round may find children that a stopping process started.
stop_leftovers() {
  local sig pids pid i alive
  for sig in TERM TERM KILL; do
    pids=$(leftovers)
    [ -n "$pids" ] || return 0
    # shellcheck disable=SC2086 # one word per pid
    kill -s "$sig" $pids 2>/dev/null
    for ((i = 0; i < 100; i++)); do
      alive=
      for pid in $pids; do running "$pid" && alive=1; done
      [ -n "$alive" ] || break
      sleep 0.05
    done
  done
}

# Never changes the exit status: a folder that cannot be removed is reported on stderr, and left.
cleanup() {
  local status=$? i
  set +e
  unset XDG_DATA_HOME XDG_RUNTIME_DIR XDG_CONFIG_HOME XDG_CACHE_HOME
  stop_leftovers
  for ((i = 0; i < 5; i++)); do
    rm -rf -- "$tmp" 2>/dev/null
    [ -e "$tmp" ] || break
    sleep 0.2
  done
  if [ -e "$tmp" ]; then echo "with-keyring.sh: could not remove $tmp; the command's exit status ($status) stands." >&2; fi
  exit "$status"
}
trap cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM
mkdir -p "$tmp/data" "$tmp/runtime" "$tmp/config" "$tmp/cache"
chmod 700 "$tmp/runtime"
export XDG_DATA_HOME="$tmp/data" XDG_RUNTIME_DIR="$tmp/runtime" XDG_CONFIG_HOME="$tmp/config" XDG_CACHE_HOME="$tmp/cache"
status=0
dbus-run-session -- bash -c 'printf %s rinkside-test | gnome-keyring-daemon --unlock --components=secrets >/dev/null 2>&1; exec "$@"' bash "$@" || status=$?
exit "$status"
