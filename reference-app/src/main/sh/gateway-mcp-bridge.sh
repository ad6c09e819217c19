#!/bin/sh
# gateway mcp, the light way (issue 46): an agent's stdio MCP server that relays every message to
# the running gateway's own Streamable HTTP front door (http://127.0.0.1:<port>/mcp), with curl, so
# that an agent window starts no JVM (docs/agents.md; docs/performance.md, "A stdio window through
# the bridge"). The launcher (./gateway) runs this for `gateway mcp [--home DIR] [--port N]`.
#
#   agent -> stdin, one JSON-RPC message a line -> POST /mcp, one curl each, in the background
#   POST's answer (JSON, or an event stream)    -> stdout, one message a line
#   the session's GET stream (list_changed, roots/list, elicitation) -> stdout
#   stdin's end                                 -> the answers under way, then DELETE /mcp
#   SIGTERM, SIGINT, SIGHUP                     -> DELETE /mcp at once: the session ends
#   SIGKILL (no trap runs)                      -> the GET stream's loop, at its next renewal
#                                                  (every minute), ends the session and cleans up
#   the gateway stopped, or crashed             -> each request answered with a JSON-RPC error
#   ... crashed (its pid file names a dead pid) -> the launcher starts it again (--detached)
#   ... and running again (the session unknown) -> the gateway makes the window's session again
#                                                  from the initialize it kept for the window
#                                                  (Provider-Gateway-Window), answers in it with
#                                                  the new Mcp-Session-Id, which this script takes
#                                                  up, and tells the agent the tools changed
#   a request before initialize (a probe)       -> "Method not found", as the JVM answers it
#   a batch (a JSON array), before or after it  -> "Invalid Request", as the JVM answers it: MCP
#                                                  since 2025-06-18 has no batches
#   a gateway that does not answer (frozen)     -> each request answered with a JSON-RPC error
#                                                  after $GATEWAY_BRIDGE_TIMEOUT s (default 30; a
#                                                  tools/call, which may wait for a person at a
#                                                  gate, after 900 s): every curl has a time limit
#
# Its session is the agent's own: it opens it with the home's agent token, which curl reads as a
# header from <home>/mcp-bridge.token.header (owner-only, made by the gateway beside
# mcp-bridge.token; named to curl by its path, `-H @file`: the token is never on a command line,
# where `ps` would show it, nor in this script's temporary folder, which a window killed with its
# whole process group leaves behind), and names its folder, this process's working directory, in
# the header Provider-Gateway-Project, so that the session's project is the one the agent was
# started in, as with the JVM's `gateway mcp` (docs/security.md).
#
# Its temporary folder, ${TMPDIR:-/tmp}/gateway-mcp-bridge.XXXXXX (owner-only), holds the session's
# id, port and curl configs, and the pids of the bridge and its stream's loop (pid): removed at
# every end the script sees (stdin's end, TERM, INT, HUP), by the stream's loop when the bridge was
# killed alone, and otherwise (the whole group killed) by the next bridge's start, which removes
# this user's bridge folders none of whose recorded processes runs, or by `gateway uninstall`.
#
# When no gateway answers, it does what `gateway mcp` always did: it hands the window to the JVM's
# `gateway mcp` (GATEWAY_MCP_JVM=1, through the launcher named by GATEWAY_BRIDGE_LAUNCHER), which
# starts the home's shared gateway and serves this window itself; the next windows find that
# gateway and are light. The same with no curl, no token file, a token the gateway refuses, or
# arguments this script does not take (--print-config, --revoke, --help): the JVM says what they
# mean. Run without a launcher, it answers initialize with a JSON-RPC error and says why on stderr.
#
# Writes to stdout: a message of up to 4000 bytes is one write(2), which a pipe or socket never
# splits; a longer one is written under a lock (mkdir, atomic), so that two answers never mix.
# POSIX sh, curl, awk, sed, mkdir, mktemp; no bash, no JVM.
LC_ALL=C
export LC_ALL
set -f

launcher=${GATEWAY_BRIDGE_LAUNCHER:-}

# How long the window waits for the gateway (seconds): to connect, and for the answer to anything
# but a tools/call, which a gate may hold while it asks the person (up to 5 minutes) and a provider
# while it works. A gateway that hangs (stopped, or frozen) then costs an error, not the window:
# the WindowContract tests, which give it 2 s.
bound=${GATEWAY_BRIDGE_TIMEOUT:-30}
case $bound in
  ''|*[!0-9]*|0) bound=30 ;;
esac
call_bound=900
[ "$call_bound" -gt "$bound" ] || call_bound=$bound
limits="--connect-timeout $bound --max-time"

# Writes one message and its line break, whole.
emit() {
  if [ ${#1} -le 4000 ]; then
    printf '%s\n' "$1"
  else
    lock
    printf '%s\n' "$1"
    unlock
  fi
}
lock() {
  until mkdir "$tmp/lock" 2>/dev/null; do
    sleep 0.005 2>/dev/null || sleep 1
  done
}
unlock() { rmdir "$tmp/lock"; }

# Prints the value of the key $2 at the top level of the message $1 (a string, quotes and all, or a
# number), wherever it stands (the TypeScript SDK writes "id" last, others first) and whatever keys
# of that name its params hold.
top_level() {
  printf '%s\n' "$1" | awk -v key="\"$2\"" '{
    s = $0; n = length(s); depth = 0; i = 1
    while (i <= n) {
      c = substr(s, i, 1)
      if (c == "\"") {
        j = i + 1
        while (j <= n && substr(s, j, 1) != "\"") j += substr(s, j, 1) == "\\" ? 2 : 1
        if (depth == 1 && substr(s, i, j - i + 1) == key &&
            match(substr(s, j + 1), /^[[:space:]]*:[[:space:]]*("([^"\\]|\\.)*"|-?[0-9]+)/)) {
          v = substr(s, j + 1 + RSTART - 1, RLENGTH); sub(/^[[:space:]]*:[[:space:]]*/, "", v)
          print v; exit
        }
        i = j + 1; continue
      }
      if (c == "{" || c == "[") depth++; else if (c == "}" || c == "]") depth--
      i++
    }
  }'
}

# Answers a request line ($1) with a JSON-RPC error ($2; code $3, else -32000), when it has an id.
reply_error() {
  id=$(top_level "$1" id)
  [ -n "$id" ] || return 0
  text=$(printf '%s' "$2" | sed 's/\\/\\\\/g; s/"/\\"/g')
  emit "{\"jsonrpc\":\"2.0\",\"id\":$id,\"error\":{\"code\":${3:--32000},\"message\":\"$text\"}}"
}

# Whether the message $1 is a batch (a JSON array), which MCP (2025-06-18) no longer has: answered
# here, as the JVM's window answers it (JsonRpcLineGuard), before or after initialize; the gateway
# would refuse it with an error of no id, which an agent could match to none of its requests.
batch() {
  case ${1#"${1%%[![:space:]]*}"} in
    '['*)
      emit '{"jsonrpc":"2.0","id":null,"error":{"code":-32600,"message":"Invalid Request: a message must be a JSON object (batches are not supported)"}}'
      ;;
    *) return 1 ;;
  esac
}

# The JVM's gateway mcp, before any of stdin was read.
jvm() {
  if [ -n "$launcher" ]; then
    GATEWAY_MCP_JVM=1 exec "$launcher" mcp "$@"
  fi
  echo "gateway mcp (bridge): $reason; and no launcher to hand the window to (GATEWAY_BRIDGE_LAUNCHER)" >&2
  IFS= read -r first || exit 1
  reply_error "$first" "provider gateway: $reason"
  exit 1
}

# The JVM's gateway mcp, with the initialize ($1) this script already read given back first; the
# script's arguments follow it.
jvm_after() {
  first=$1
  shift
  if [ -n "$launcher" ]; then
    cleanup
    { printf '%s\n' "$first"; exec cat; } | GATEWAY_MCP_JVM=1 "$launcher" mcp "$@"
    exit $?
  fi
  echo "gateway mcp (bridge): $reason" >&2
  reply_error "$first" "provider gateway: $reason"
  cleanup
  exit 1
}

# Who listens where a connection to 127.0.0.1 at port $1 may arrive, by the kernel's tables of
# sockets (/proc/net/tcp and tcp6, from $3: local address and port in hex, state 0A, uid):
# 127.0.0.1 and every address, as IPv4 and as IPv6 (Java's sockets are IPv6 ones, bound to
# ::ffff:127.0.0.1). Exits 0 when user $2 alone listens there, 1 when another user does too, 2 when
# nobody does, 3 when it cannot be told (no table).
listener() {
  [ -r "$3/tcp" ] || [ -r "$3/tcp6" ] || return 3
  set -- "$1" "$2" "$3/tcp" "$3/tcp6"
  [ -r "$4" ] || set -- "$1" "$2" "$3"
  [ -r "$3" ] || set -- "$1" "$2" "$4"
  awk -v port="$1" -v uid="$2" '
    BEGIN {
      port = sprintf(":%04X", port)
      reach["0100007F" port]; reach["00000000" port]
      reach["0000000000000000FFFF00000100007F" port]; reach["0000000000000000FFFF000000000000" port]
      reach["00000000000000000000000000000000" port]
    }
    $4 == "0A" && ($2 in reach) { seen = 1; if ($8 != uid) other = 1 }
    END { exit other ? 1 : seen ? 0 : 2 }' "$3" ${4:+"$4"}
}

home=
port=
asked_port=
expect=
for word in "$@"; do
  if [ -n "$expect" ]; then
    case $expect in
      home) home=$word ;;
      port) port=$word; asked_port=$word ;;
    esac
    expect=
    continue
  fi
  case $word in
    --home) expect=home ;;
    --home=*) home=${word#--home=} ;;
    --port) expect=port ;;
    --port=*) port=${word#--port=}; asked_port=$port ;;
    *) reason="an argument for the JVM: $word"; jvm "$@" ;;
  esac
done
if [ -z "$home" ]; then
  case "${COPILOT_HOME:-}" in
    *[![:space:]]*) home=$COPILOT_HOME/extensions/tap ;;
    *) home=${HOME:-/}/.copilot/extensions/tap ;;
  esac
fi
command -v curl >/dev/null 2>&1 || { reason="no curl"; jvm "$@"; }
# The agent token, as the header curl sends: it must be this user's, in a file only this user may
# read (the gateway makes it 0600). A gateway of an older build makes only mcp-bridge.token: its
# windows go to the JVM until it is started again.
token_file=$home/mcp-bridge.token.header
# shellcheck disable=SC2015 # the JVM (jvm exits) when any test fails: meant as written
[ -f "$token_file" ] && [ -O "$token_file" ] && [ -r "$token_file" ] && [ -s "$token_file" ] \
  || { reason="no agent token in $token_file (a gateway makes it when it starts)"; jvm "$@"; }
listing=$(ls -ln -- "$token_file" 2>/dev/null)
case $listing in
  -rw-------*|-r--------*) ;;
  *) reason="$token_file may be read by others"; jvm "$@" ;;
esac
# This user's id, as ls shows the token file's owner ([ -O ] above: this user), with no `id`.
owner() { uid=$3; }
# shellcheck disable=SC2086 # ls's fields, as the function's arguments (set -f: no globbing)
owner $listing
# curl reads the header from the file itself, at each request (curl 7.55 and later).
auth=@$token_file
# The home's gateway.pid, read into $pid: 0 when its process runs, 1 when there is no such file
# (none was started, or it stopped cleanly and removed it), 2 when it names no pid, 3 when it names
# a process that is not running (a crash), or one that is not the home's gateway: after a crash the
# kernel gives the pid to the next process it starts (a `sleep`, say), so where the kernel's table
# of locks can be read the process must hold the lock on the home's gateway.lock, as every gateway
# does while it runs (HomeGatewayProcess in the JVM). kill -0 reaches only this user's processes.
home_pid() {
  pid=
  [ -f "$home/gateway.pid" ] || return 1
  IFS= read -r pid <"$home/gateway.pid" || pid=
  case $pid in
    ''|*[!0-9]*) return 2 ;;
  esac
  kill -0 "$pid" 2>/dev/null || return 3
  [ -r /proc/locks ] || return 0
  # shellcheck disable=SC2046 # ls's fields: the inode first (set -f: no globbing)
  set -- $(ls -di -- "$home/gateway.lock" 2>/dev/null)
  [ -n "${1:-}" ] || return 3
  # 1: POSIX  ADVISORY  WRITE <pid> <major>:<minor>:<inode> 0 EOF; "1: -> POSIX …" only waits.
  awk -v p="$pid" -v i="$1" '$2 != "->" && $5 == p { n = split($6, f, ":"); if (f[n] == i) held = 1 }
    END { exit !held }' /proc/locks || return 3
}
# A detached gateway (the shared one, the service's) names its pid: one that is not running left
# its port behind (a crash), and whoever listens there now is not it.
home_pid
case $? in
  2) reason="no pid in $home/gateway.pid"; jvm "$@" ;;
  3) reason="the gateway of $home (pid $pid) is not running"; jvm "$@" ;;
esac
if [ -f "$home/gateway.port" ]; then
  IFS= read -r port <"$home/gateway.port" || port=
fi
case ${port:-9400} in
  ''|*[!0-9]*) reason="no port"; jvm "$@" ;;
esac
url=http://127.0.0.1:${port:-9400}/mcp
# Whoever listens there must be this user: a gateway that crashed (a console's names no pid) left
# its port file behind, and another user may listen on that port now, to be sent the token, which
# stays the same across the gateway's starts. The kernel's table of listening sockets says whose
# each one is; where there is none to read (not Linux), the JVM, which makes the gateway prove it
# holds the home's token before it sends anything, serves the window.
listener "${port:-9400}" "$uid" /proc/net
case $? in
  0) ;;
  1) reason="another user listens on port ${port:-9400} (the home's gateway is not running)"; jvm "$@" ;;
  2) reason="no gateway answers at $url"; jvm "$@" ;;
  *) reason="who listens on port ${port:-9400} cannot be told (no /proc/net/tcp)"; jvm "$@" ;;
esac

# The folder the agent started this window in, physical, without a subshell (cd -P sets PWD). One
# with a line break in its name is named not at all: it would end the header and start another.
cd -P -- . 2>/dev/null && folder=$PWD
nl=$(printf '\nx')
nl=${nl%x}
case $folder in
  *"$nl"*|*"$(printf '\r')"*) folder= ;;
esac

# Folders earlier bridges of this user left (their whole process group killed: no trap ran), by
# name and owner: gone when none of the processes they record (pid) runs. A folder of a bridge
# before pids were recorded (it holds curl.conf, the token with it) when nothing in it changed for
# ten minutes: a running one writes its stream's config at every renewal (a minute).
sweep() {
  set +f
  for old in "${TMPDIR:-/tmp}"/gateway-mcp-bridge.*; do
    # shellcheck disable=SC2015 # skipped when any test fails: meant as written
    [ -d "$old" ] && [ ! -h "$old" ] && [ -O "$old" ] || continue
    if [ -f "$old/pid" ]; then
      alive=
      while IFS= read -r was; do
        case $was in
          '' | *[!0-9]*) ;;
          *) ! kill -0 "$was" 2>/dev/null || alive=1 ;;
        esac
      done <"$old/pid"
      [ -n "$alive" ] || rm -r -f -- "$old"
    elif [ -f "$old/curl.conf" ] && [ -z "$(find "$old" -mmin -10 2>/dev/null | head -n 1)" ]; then
      rm -r -f -- "$old"
    fi
  done
  set -f
}
sweep

umask 077
tmp=$(mktemp -d "${TMPDIR:-/tmp}/gateway-mcp-bridge.XXXXXX") || { reason="no temporary folder"; jvm "$@"; }
cleanup() { rm -r -f -- "$tmp"; }
trap 'cleanup; exit 143' TERM INT HUP
printf '%s\n' "$$" >"$tmp/pid"
# The window's id, sent with every request (Provider-Gateway-Window): the gateway keeps this
# window's initialize under it, to make the session again after it was started again.
window=$(od -An -N16 -tx1 /dev/urandom 2>/dev/null | tr -d ' \n')
case $window in
  ????????????????*) ;;
  *) window=bridge-$$-$(date +%s) ;;
esac
cr=$(printf '\r')

# Reads `curl -i` output on stdin (the answer to the message $1, number $2, or the GET stream's)
# and writes the messages it carries. The session's id goes to a file: the initialize's, and the
# one the gateway made again for this window (decision 78), which every later request then names.
relay() {
  status='' type='' length=''
  IFS= read -r line || { [ -z "$1" ] || reply_error "$1" "provider gateway: no answer from $url (in time)"; return; }
  line=${line%"$cr"}
  status=${line#* }
  status=${status%% *}
  while IFS= read -r line; do
    line=${line%"$cr"}
    [ -n "$line" ] || break
    case $line in
      [Cc]ontent-[Tt]ype:*) type=${line#*:} ;;
      [Cc]ontent-[Ll]ength:*) length=${line#*:} ;;
      [Mm]cp-[Ss]ession-[Ii]d:*)
        value=${line#*:}
        value=${value#"${value%%[! ]*}"}
        if [ "$2" = 0 ]; then
          printf '%s\n' "$value" >"$tmp/sid"
        else
          renewed "$value"
        fi
        ;;
    esac
  done
  case $status in
    202|204) return ;;
    2??) ;;
    *)
      relay_refusal "$1"
      return
      ;;
  esac
  case $type in
    *text/event-stream*)
      # An event is whole at its blank line: only then is its data passed on (one message; JSON
      # split over several data lines is joined with a space, which JSON reads as a line break)
      # and, on the GET stream, its id kept to resume from. An event cut off (the stream's renewal,
      # below) is sent again on the next stream. An event without data (the stream's first, which
      # only gives an id) is no message.
      data='' id=''
      while IFS= read -r line; do
        line=${line%"$cr"}
        case $line in
          data:*) line=${line#data:}; data=${data:+$data }${line# } ;;
          id:*) id=${line#id:}; id=${id# } ;;
          '')
            [ -z "$data" ] || emit "$data"
            case $2:$id in
              get:*[!0-9-]*|get:) ;;
              get:*) printf '%s\n' "$id" >"$tmp/last-event" ;;
            esac
            data='' id=''
            ;;
        esac
      done
      ;;
    *)
      length=$(printf '%s' "$length" | tr -d ' ')
      case $length in
        ''|*[!0-9]*) length=99999 ;;
      esac
      if [ "$length" -le 4000 ]; then
        awk 'length' # one write of at most 4001 bytes
      else
        file=$tmp/body.$2
        cat >"$file"
        lock
        awk 'length' "$file"
        unlock
        rm -f -- "$file"
      fi
      ;;
  esac
}

# An answer that is not a success ($status, its body on stdin) to the message $1: the gateway's
# JSON-RPC error as it is, or one made of it for the message's id.
relay_refusal() {
  body=$(cat)
  echo "gateway mcp (bridge): HTTP $status from $url: $body" >&2
  case $body in
    *'"id":null'*|*'"id": null'*|'') reply_error "$1" "provider gateway: HTTP $status: $body" ;;
    *) emit "$body" ;;
  esac
}

# Whether the session's port is still this user's alone: looked at before anything is sent, since
# the token goes with every message, and a gateway that crashed leaves its port to whoever takes
# it next (see the look at the start). A look reads the kernel's socket tables: 15-20 ms a message
# on a machine with a thousand sockets, most of it the kernel's. A look that stood for a while (a
# second, say) would let a stranger who binds the port the moment a gateway crashes have the token
# with the next message of that while.
ours() {
  IFS= read -r at <"$tmp/port" || at=
  listener "$at" "$uid" /proc/net
}

# Sets named_port to the port the home's gateway.port names, or to $1 when it names none.
home_port() {
  named_port=$1
  if [ -f "$home/gateway.port" ]; then
    IFS= read -r named <"$home/gateway.port" || named=
    case $named in
      ''|*[!0-9]*) ;;
      *) named_port=$named ;;
    esac
  fi
}

# Follows the home's gateway to the port its file names now (it runs again, elsewhere): the
# session's id stays, and the gateway there makes the window's session again from it.
follow_port() {
  IFS= read -r at <"$tmp/port" || at=
  home_port "$at"
  [ "$named_port" = "$at" ] || session_conf "$named_port" "$(cat "$tmp/sid")"
}

# Takes up the session $1 that answered, when the gateway made the window's session again.
renewed() {
  IFS= read -r current <"$tmp/sid" || current=
  [ -n "$1" ] && [ "$1" != "$current" ] || return 0
  IFS= read -r at <"$tmp/port" || at=
  rm -f -- "$tmp/last-event"
  session_conf "$at" "$1"
  echo "gateway mcp (bridge): the gateway made this window's session again: a new one at port $at" >&2
}

# POSTs the message $1 (number $2) in the session as it is now, and writes what answers it.
post() {
  follow_port
  if ! ours; then
    reply_error "$1" "provider gateway: no gateway of this user listens at $url (stopped?); this window uses it again once it runs"
    return
  fi
  limit=$bound
  case $1 in
    *'"tools/call"'*) limit=$call_bound ;;
  esac
  # shellcheck disable=SC2086 # $limits: curl's options, words
  printf '%s\n' "$1" \
    | curl -q --noproxy '*' -sS -i -N -K "$tmp/session.conf" -H "$auth" $limits "$limit" \
      -H 'Content-Type: application/json' -H 'Accept: application/json, text/event-stream' \
      --data-binary @- 2>>"$tmp/curl.err" \
    | relay "$1" "$2"
}

# Prints a curl config of the gateway's address at port $1 and the window's id (the token is no
# part of it: each curl reads it from the home, -H "$auth").
address_conf() {
  printf 'url = "http://127.0.0.1:%s/mcp"\n' "$1"
  printf 'header = "Provider-Gateway-Window: %s"\n' "$window"
}

# POSTs the agent's initialize to the gateway at port $1, and writes the answer, headers and all,
# to the file $2: the session's start.
initialize_at() {
  address_conf "$1" >"$tmp/initialize.conf"
  # shellcheck disable=SC2086 # $limits: curl's options, words
  printf '%s\n' "$init" \
    | curl -q --noproxy '*' -sS -i -K "$tmp/initialize.conf" -H "$auth" $limits "$bound" \
      -H "Provider-Gateway-Project: $folder" \
      -H 'Content-Type: application/json' -H 'Accept: application/json, text/event-stream' \
      --data-binary @- -o "$2" 2>>"$tmp/curl.err"
}

# Prints the protocol version the initialize's answer in the file $1 names, if any.
version_in() {
  sed -n 's/^.*"protocolVersion"[[:space:]]*:[[:space:]]*"\([^"]*\)".*$/\1/p' "$1" | head -n 1
}

# Writes the session's curl config: the gateway's address at port $1, the session's id $2 and the
# protocol version. Replaced whole (a rename), as requests read it at any moment.
session_conf() {
  {
    address_conf "$1"
    printf 'header = "Mcp-Session-Id: %s"\n' "$2"
    [ -z "$version" ] || printf 'header = "MCP-Protocol-Version: %s"\n' "$version"
  } >"$tmp/session.new"
  mv -f -- "$tmp/session.new" "$tmp/session.conf"
  printf '%s\n' "$1" >"$tmp/port.new" && mv -f -- "$tmp/port.new" "$tmp/port"
  printf '%s\n' "$2" >"$tmp/sid.new" && mv -f -- "$tmp/sid.new" "$tmp/sid"
}

# initialize: at once, before anything else, as it makes the session. What comes before it is
# answered here as the JVM's gateway mcp answers it: Claude Code (2.1.332) opens with a
# server/discover probe of the 2026-07-28 revision and sends initialize once an error answers it;
# the gateway would refuse the probe (no session yet), and the window would end.
while IFS= read -r init || { cleanup; exit 0; }; do
  ! batch "$init" || continue
  method=$(top_level "$init" method)
  [ "$method" != '"initialize"' ] || break
  reply_error "$init" "Method not found: $(printf '%s' "$method" | tr -d '"')" -32601
done
initialize_at "${port:-9400}" "$tmp/init"
case $? in
  0) ;;
  *) reason="no gateway answers at $url"; jvm_after "$init" "$@" ;;
esac
IFS= read -r line <"$tmp/init"
case $line in
  *' 401 '*|*' 401') reason="the gateway refused the token in $token_file"; jvm_after "$init" "$@" ;;
esac
relay "$init" 0 <"$tmp/init" >"$tmp/init.out"
[ -f "$tmp/sid" ] || { cat "$tmp/init.out"; reason="no session from $url"; echo "gateway mcp (bridge): $reason" >&2; cleanup; exit 1; }
IFS= read -r sid <"$tmp/sid"
version=$(version_in "$tmp/init.out")
session_conf "${port:-9400}" "$sid"

# The session's own stream, for what the gateway sends unasked. curl's --max-time renews it every
# $renew seconds, from the last event passed on (Last-Event-ID: the gateway keeps the events it
# sent and sends again what came after), and between two streams the loop looks whether this
# bridge is still there. A bridge killed with SIGKILL runs no trap: the stream, left behind, would
# hold its session and the session's providers open for as long as the gateway runs. Instead, at
# the next renewal, the loop ends the session (DELETE) and removes the bridge's files.
renew=${GATEWAY_MCP_BRIDGE_RENEW:-60}
case $renew in
  ''|*[!0-9]*|0) renew=60 ;;
esac
bridge=$$
# Starts the home's gateway again, through the launcher, when it crashed: its gateway.pid names a
# process that is not running (a gateway that stops cleanly removes the file, and a person who
# stopped it is not overruled). The JVM's gateway mcp starts a gateway that is gone for its window;
# without this, a crash with no service to restart it left every window's calls denied by the
# agents' hooks until a person started it. A service (gateway service install) restarts a crashed
# gateway after 2 s, and one started here first would leave the service's failing (the port is
# taken) until its manager gives up: so the window waits $restart_after looks (2 s each) after it
# first finds the gateway crashed, and starts it only if it is still not back. Once per crash; of
# windows that try at once, the gateway's lock lets one run and the others exit. In a session of
# its own (setsid), so that the agent ending its window's processes does not end the gateway.
restart_after=${GATEWAY_MCP_BRIDGE_RESTART_AFTER:-5}
case $restart_after in
  ''|*[!0-9]*) restart_after=5 ;;
esac
tried=
crashed=
looks=0
restart_crashed() {
  [ -n "$launcher" ] || return 0
  home_pid
  [ $? = 3 ] && [ "$pid" != "$tried" ] || return 0
  dead=$pid
  [ "$dead" = "$crashed" ] || { crashed=$dead; looks=0; }
  looks=$((looks + 1))
  [ "$looks" -gt "$restart_after" ] || return 0
  tried=$dead
  echo "gateway mcp (bridge): the gateway of $home (pid $dead) is not running; starting it again" >&2
  detach=
  ! command -v setsid >/dev/null 2>&1 || detach=setsid
  (cd / && exec $detach "$launcher" --detached --home "$home" ${asked_port:+--port "$asked_port"} \
    </dev/null >/dev/null 2>&1) &
}
# DELETE /mcp: the session ends, and the gateway closes its stream.
end_session() {
  ! ours || curl -q --noproxy '*' -sS -o /dev/null -K "$tmp/session.conf" -H "$auth" -X DELETE \
    --connect-timeout 5 --max-time 5 2>/dev/null
}
stream() {
  while [ ! -f "$tmp/done" ]; do
    rc=
    follow_port
    if ours; then
      last=
      [ ! -f "$tmp/last-event" ] || IFS= read -r last <"$tmp/last-event"
      {
        cat "$tmp/session.conf"
        [ -z "$last" ] || printf 'header = "Last-Event-ID: %s"\n' "$last"
      } >"$tmp/stream.conf"
      {
        curl -q --noproxy '*' -sS -i -N -K "$tmp/stream.conf" -H "$auth" -H 'Accept: text/event-stream' \
          --connect-timeout "$bound" --max-time "$renew" \
          2>"$tmp/stream.err"
        echo $? >"$tmp/stream.rc"
      } | relay "" get
      IFS= read -r rc <"$tmp/stream.rc" || rc=
    fi
    if ! kill -0 "$bridge" 2>/dev/null; then
      end_session
      cleanup
      return 0
    fi
    [ ! -f "$tmp/done" ] || return 0
    # 28 is curl's own time limit, the renewal. Anything else: the gateway ended the stream (it
    # stopped, or the session ended) or none listens: the loop looks again in 2 s, and the gateway
    # that runs again makes the window's session again at the stream's next GET, and says on it
    # that the tools changed.
    if [ "$rc" != 28 ]; then
      ours || restart_crashed
      sleep 2
    fi
  done
}
stream &
# The stream's loop outlives a bridge killed alone, and removes the folder itself (above).
printf '%s\n' "$!" >>"$tmp/pid"
cat "$tmp/init.out"

# The window ends: stdin's end waits for the answers under way first (a one-shot client's); a signal
# is the agent stopping the window, and nothing but the session's DELETE (at most 5 s) is waited
# for: a gateway that hangs (stopped, say) would otherwise hold the window open until it answered.
finish() {
  trap - TERM INT HUP
  : >"$tmp/done"
  end_session
  [ "${1:-}" = signal ] || wait
  cleanup
}
trap 'finish signal; exit 0' TERM INT HUP

n=0
posts=
while IFS= read -r message || [ -n "$message" ]; do
  [ -n "$message" ] || continue
  ! batch "$message" || continue
  n=$((n + 1))
  # Requests (and answers) in the background, so that a long call holds nothing up; a notification
  # at once, so that it reaches the gateway before what the agent sends after it (initialized
  # before tools/list).
  case $message in
    *'"id"'*)
      post "$message" "$n" &
      posts="$posts $!"
      ;;
    *) post "$message" "$n" ;;
  esac
  message=
done
# stdin's end (a one-shot client's pipe, say): the answers under way first, then the session ends.
for job in $posts; do
  wait "$job"
done
finish eof
