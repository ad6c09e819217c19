#!/bin/sh
# Installs the provider gateway from this unpacked archive for the user who runs it
# (docs/install.md). Needs only sh and the usual file tools (cp, ln, mkdir, mv, rm, sed, readlink;
# id and chown for --system; cksum, find, nice, setsid and sleep for the launcher's start-up cache):
#
#   ${XDG_DATA_HOME:-~/.local/share}/provider-gateway/<version>/   this folder, copied
#   ${XDG_DATA_HOME:-~/.local/share}/provider-gateway/current       a link to it
#   ${XDG_BIN_HOME:-~/.local/bin}/gateway                           a link to current/bin/gateway
#
# Agents' settings (`gateway setup`) and the service (`gateway service install`) name the last
# path, which stays the same across upgrades. An upgrade (another version installed over one)
# moves `current`, writes every service unit of `gateway service` again for the new runtime (which
# restarts a running service), writes agents' settings from `gateway setup` again in the new
# version's form (`gateway setup --refresh`) and removes the old version's folder. Installing the same version
# again replaces its folder.
#
# `install.sh --system`, run as root, installs it for every user of the machine instead, in
# root-owned places no user (nor their agent) can change (docs/team.md):
#
#   /opt/provider-gateway/<version>/ and current    this folder, copied, root's, mode 755/644
#   /usr/local/bin/gateway                         a link to current/bin/gateway
#   /etc/provider-gateway/settings.json            the organisation's settings, created as {}
#
# Each user's gateway still runs as that user with its home under their $HOME. GATEWAY_SYSTEM_ROOT
# (tests) puts all three under another folder; the copy's lib/jvm.options then names that folder's
# etc/provider-gateway, so the installed gateway reads its settings there.
set -eu

system=
case ${1:-} in
  '') ;;
  --system) system=1 ;;
  *)
    echo "install.sh: unknown argument '$1': install.sh installs for the user who runs it, install.sh --system (as root) for every user" >&2
    exit 2
    ;;
esac

src=$(cd -P -- "$(dirname -- "$0")" && pwd)
version=$(sed -n 's/^VERSION="\(.*\)"$/\1/p' "$src/release" 2>/dev/null || true)
case $version in
  '' | */* | .*)
    echo "install.sh: $src/release names no version: is this the unpacked archive?" >&2
    exit 1
    ;;
esac
# place NAME [COMMAND…]: checks the folder's places ($data, $bin, $link, $target), copies this folder
# to $dest (running "$@" on the copy first, if given) and moves `current` and the link to it. A
# `gateway` at $link that is not ours is left alone, and $1 stops saying so. The new folder is
# copied whole under a temporary name, then put in place: a half-copied version is never `current`.
place() {
  name=$1
  shift
  if [ -e "$link" ] || [ -L "$link" ]; then
    if [ ! -L "$link" ] || [ "$(readlink -- "$link")" != "$target" ]; then
      echo "$name: $link exists and is not this installation's link to $target; move it away and run $name again" >&2
      exit 1
    fi
  fi
  mkdir -p -- "$data" "$bin"
  chmod 755 "$data"
  previous=
  if [ -L "$data/current" ]; then
    previous=$(readlink -- "$data/current")
  fi
  if [ "$src" != "$(cd -P -- "$dest" 2>/dev/null && pwd)" ]; then
    rm -r -f -- "$dest.partial"
    cp -R -- "$src" "$dest.partial"
    if [ $# -gt 0 ]; then
      "$@" "$dest.partial"
    fi
    if [ -e "$dest" ]; then
      mv -- "$dest" "$dest.replaced.$$"
    fi
    mv -- "$dest.partial" "$dest"
    rm -r -f -- "$dest.replaced.$$"
  fi
  ln -s -f -n -- "$version" "$data/current"
  ln -s -f -n -- "$target" "$link"
}

# remove_previous: the version `current` named before, once another is installed.
remove_previous() {
  if [ -n "$previous" ] && [ "$previous" != "$version" ] && [ -d "$data/$previous" ]; then
    case $previous in
      */* | .* | '') ;;
      *)
        rm -r -f -- "${data:?}/$previous"
        echo "Removed $previous ($data/$previous): upgraded to $version"
        ;;
    esac
  fi
}

# rootify COPY: the system copy names its settings folder when it is not /etc's, and is root's and
# written by root alone, whatever the unpacked archive's owner and modes were: a user who could
# change a file there could change every user's gate.
rootify() {
  if [ -n "$root" ]; then
    printf '%s\n' "-Dprovider-gateway.system-dir=$etc" >>"$1/lib/jvm.options"
  fi
  chown -R 0:0 "$1"
  chmod -R go-w "$1"
}

if [ -n "$system" ]; then
  if [ "$(id -u)" != 0 ]; then
    echo "install.sh --system: run it as root (it installs in /opt, /usr/local/bin and /etc); install.sh alone installs for you" >&2
    exit 1
  fi
  umask 022
  root=${GATEWAY_SYSTEM_ROOT:-}
  case $root in
    '' | /*) root=${root%/} ;;
    *)
      echo "install.sh --system: GATEWAY_SYSTEM_ROOT must be an absolute path, not '$root'" >&2
      exit 1
      ;;
  esac
  data=$root/opt/provider-gateway
  bin=$root/usr/local/bin
  etc=$root/etc/provider-gateway
  dest=$data/$version
  link=$bin/gateway
  target=$data/current/bin/gateway
  place "install.sh --system" rootify
  mkdir -p -- "$etc"
  chmod 755 "$etc"
  if [ ! -e "$etc/settings.json" ]; then
    printf '{}\n' >"$etc/settings.json"
    chmod 644 "$etc/settings.json"
    created=" (created, empty: docs/team.md says what it takes)"
  else
    created=" (kept as it was)"
  fi
  echo "Installed provider-gateway $version for every user in $dest"
  echo "  $link -> $target"
  echo "  the organisation's settings: $etc/settings.json$created"
  remove_previous
  echo "Next: gateway setup <agent> --managed (as root) writes each agent's managed settings;"
  echo "  each user's gateway runs as that user, its home under their \$HOME."
  exit 0
fi
if [ -z "${HOME:-}" ]; then
  echo "install.sh: HOME is not set" >&2
  exit 1
fi

absolute() { # $1 if it is an absolute path, else $2
  case ${1:-} in
    /*) printf '%s\n' "$1" ;;
    *) printf '%s\n' "$2" ;;
  esac
}
data=$(absolute "${XDG_DATA_HOME:-}" "$HOME/.local/share")/provider-gateway
bin=$(absolute "${XDG_BIN_HOME:-}" "$HOME/.local/bin")
dest=$data/$version
link=$bin/gateway
target=$data/current/bin/gateway

# The folders of $data's and $bin's paths not there yet (~/.local/share, ~/.local/bin on a fresh
# account), which place makes, and of the launcher's cache, which its first starts below make:
# recorded at the end, so that `gateway uninstall` removes them again once they are empty, and
# never a folder that was there before.
made=
cache=$(absolute "${XDG_CACHE_HOME:-}" "$HOME/.cache")/provider-gateway
for folder in "$data" "$bin" "$cache"; do
  while [ ! -e "$folder" ] && [ ! -L "$folder" ]; do
    made="$made$folder
"
    folder=$(dirname -- "$folder")
  done
done

place install.sh
echo "Installed provider-gateway $version in $dest"
echo "  $link -> $target"

# The launcher's first start of each kind trains its start-up cache beside it, in the background at
# the lowest priority, never inside a start (issue 76: a start that trained first took 22-44 s on a
# busy machine): both kinds are begun here, the rest (`--version`) and an agent's (`mcp --help`, the
# JVM's window, as the hook's JVM path uses it), so that an agent's first calls find them made.
"$link" --version >/dev/null 2>&1 || true
GATEWAY_MCP_JVM=1 "$link" mcp --help >/dev/null 2>&1 || true
echo "Its start-up caches for this machine are being made in the background (once per version)."

# The homes whose service `gateway service install` wrote (systemd user units; this archive is
# for Linux): each unit names the runtime and jar of the version that wrote it, so it is written
# again by this one, which restarts it when it runs.
units=$(absolute "${XDG_CONFIG_HOME:-}" "$HOME/.config")/systemd/user
unit_home() { # the home the unit $1 runs the gateway of, as its Description names it
  sed -n 's/^Description=Provider gateway for //p' "$1" | sed 's/%%/%/g'
}
if [ -n "$previous" ] && [ "$previous" != "$version" ] || [ "${GATEWAY_INSTALL_SERVICES:-}" = always ]; then
  for unit in "$units"/provider-gateway*.service; do
    [ -f "$unit" ] || continue
    home=$(unit_home "$unit")
    [ -n "$home" ] || continue
    echo "Service of $home: writing it again for $version"
    "$link" service install --home "$home" || echo "install.sh: 'gateway service install --home $home' failed; run it again by hand" >&2
  done
fi

# Agents' settings that `gateway setup` wrote, written again in this version's form: Codex runs a
# hook only while the trust setup wrote beside it matches the hook's command and timeout, and skips
# it silently otherwise, so a new form must come with its trust. The default home, and the homes
# of the services above.
refresh() { # $1: a home, or nothing for the default one
  refreshed=$("$link" setup --refresh ${1:+--home "$1"} 2>&1) \
    || echo "install.sh: 'gateway setup --refresh${1:+ --home $1}' failed; run it again by hand" >&2
  case $refreshed in
    'Nothing is set up'*) ;;
    *)
      echo "Agents set up with ${1:-the default home}: their settings written again for $version"
      printf '%s\n' "$refreshed" | sed 's/^/  /'
      ;;
  esac
}
if [ -n "$previous" ] && [ "$previous" != "$version" ]; then
  refresh ''
  for unit in "$units"/provider-gateway*.service; do
    [ -f "$unit" ] || continue
    home=$(unit_home "$unit")
    [ -z "$home" ] || refresh "$home"
  done
fi

remove_previous

# The ledger of the gateway's home lists what this wrote, so that `gateway uninstall` takes it
# back (docs/install.md).
set -f
saved_ifs=$IFS
IFS='
'
# shellcheck disable=SC2086 # split on line breaks alone, globbing off: one folder a line
set -- $made
IFS=$saved_ifs
set +f
"$link" uninstall --record-install "$dest" "$data/current" "$link" ${1+--record-made "$@"} >/dev/null 2>&1 || true

if ! command -v curl >/dev/null 2>&1; then
  echo "Note: no curl here. Agents' hooks still work, each starting a JVM (about half a second a"
  echo "  tool call); with curl they ask the running gateway over its socket in milliseconds."
fi
case ":${PATH:-}:" in
  *":$bin:"*) echo "Run: gateway --help" ;;
  *) echo "$bin is not on your PATH: add it (e.g. in ~/.profile: PATH=\"$bin:\$PATH\"), or run $link" ;;
esac
