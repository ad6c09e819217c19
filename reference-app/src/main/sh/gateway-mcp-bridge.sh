#!/bin/sh
# gateway mcp, the light way (issue 46; decision 79): an agent's stdio MCP server that relays every
# message to the running gateway's Streamable HTTP front door over the home's Unix socket
# (<home>/mcp.sock), with curl, so that an agent window starts no JVM (docs/agents.md). The launcher
# (./gateway) runs this for `gateway mcp [--home DIR] [--port N]`.
#
#   agent -> stdin, one JSON-RPC message a line -> POST /mcp, one curl each, in the background
#   POST's answer (JSON, or an event stream)    -> stdout, one message a line
#   the session's GET stream (list_changed, roots/list, elicitation) -> stdout
#   stdin's end                                 -> the answers under way, then DELETE /mcp
#   SIGTERM, SIGINT, SIGHUP                     -> DELETE /mcp at once: the session ends
#   SIGKILL (no trap runs)                      -> the GET stream's loop, at its next renewal
#                                                  (every minute), ends the session and cleans up
#   no gateway running (no socket) at start    -> started as the JVM's window starts it (below)
#   the gateway stopped (its socket gone)       -> each request answered with a JSON-RPC error
#   ... crashed (its socket left, refusing)     -> started again, the same way, after the service's
#                                                  first go (decision 74)
#   ... and running again                       -> the gateway makes the window's session again
#                                                  (Provider-Gateway-Window, decision 78), answers
#                                                  in it, and tells the agent the tools changed
#   a 2026-07-28 request (server/discover, or   -> POST /mcp with no session: the gateway serves
#     one naming its version in _meta), before     it in the window's modern session (issue 81,
#     initialize or after it                       decision 112), as the JVM's window does
#   another request before initialize           -> "Method not found", as the JVM answers it
#   a batch (a JSON array), before or after it  -> "Invalid Request", as the JVM answers it
#   a gateway that does not answer (frozen)     -> each request answered with a JSON-RPC error
#                                                  after $GATEWAY_BRIDGE_TIMEOUT s (default 30; a
#                                                  tools/call, which a gate may hold, after 900 s),
#                                                  its answer's event stream opened or not; an
#                                                  initialize so answered names the bound, and a
#                                                  launcher's JVM window takes the window over
#
# Whom the token goes to: the socket, checked as gateway-hook.sh checks hook.sock (this user's, in
# folders only this user or root could have put it in), is this home's gateway's; nothing goes over
# TCP. The token itself is read by curl from <home>/mcp-bridge.token.header (owner-only, `-H @file`:
# never on a command line nor in this script's folder), and the agent's folder, this process's
# working directory, goes in Provider-Gateway-Project (docs/security.md).
#
# Its temporary folder, ${TMPDIR:-/tmp}/gateway-mcp-bridge.XXXXXX (owner-only), holds the session's
# curl configs and id, and the pids of the bridge and its stream's loop (pid): removed at every end
# the script sees, by the stream's loop when the bridge was killed alone, and otherwise by the next
# bridge's start (the folders none of whose processes runs), or by `gateway uninstall`.
#
# A gateway is started one way, the JVM's window's: the launcher's `gateway mcp --start-gateway`
# (GATEWAY_MCP_JVM=1, through the launcher named by GATEWAY_BRIDGE_LAUNCHER; decision 79). With no
# curl, no token file, a socket it cannot believe, or arguments this script does not take
# (--print-config, --revoke, --help), it hands the window to the JVM's `gateway mcp`. Without a
# launcher it answers initialize with a JSON-RPC error and says why on stderr. A message of up to
# 4000 bytes is one write(2); a longer one is written under a lock (mkdir), so that two answers
# never mix. POSIX sh, curl, awk, sed.
LC_ALL=C
export LC_ALL
set -f

launcher=${GATEWAY_BRIDGE_LAUNCHER:-}
bound=${GATEWAY_BRIDGE_TIMEOUT:-30}
case $bound in
  ''|*[!0-9]*|0) bound=30 ;;
esac
call_bound=900
[ "$call_bound" -gt "$bound" ] || call_bound=$bound

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
# number), wherever it stands and whatever keys of that name its params hold.
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

# Whether the message $1 is a 2026-07-28 request: server/discover, or one naming its protocol
# version in _meta (the gateway reads it again, whole; this only picks where it goes).
modern() {
  case $1 in
    *'"io.modelcontextprotocol/protocolVersion"'*|*'"server/discover"'*) return 0 ;;
  esac
  return 1
}

# Whether the message $1 is a batch, which MCP (2025-06-18) no longer has: answered here, as the
# JVM's window answers it (JsonRpcLineGuard), with an error an agent can match.
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

# The JVM's gateway mcp, with the initialize ($1) this script already read given back first.
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

# Starts the home's gateway the one way the JVM's window starts it (decision 79): the launcher's
# `gateway mcp --start-gateway` (the home's service first, else a detached gateway from a copy of
# the jar), which returns once the gateway answers. With $1 = background, without waiting, in a
# session of its own (setsid), so that the agent ending its window's processes does not end it.
start_gateway() {
  [ -n "$launcher" ] || return 1
  detach=
  [ "${1:-}" != background ] || ! command -v setsid >/dev/null 2>&1 || detach=setsid
  set -- mcp --start-gateway --home "$home" ${asked_port:+--port "$asked_port"}
  if [ -n "$detach" ]; then
    (cd / && GATEWAY_MCP_JVM=1 exec setsid "$launcher" "$@" </dev/null >/dev/null 2>&1) &
  else
    (cd / && GATEWAY_MCP_JVM=1 exec "$launcher" "$@" </dev/null >/dev/null 2>&1)
  fi
}

home=
asked_port=
expect=
for word in "$@"; do
  if [ -n "$expect" ]; then
    case $expect in
      home) home=$word ;;
      port) asked_port=$word ;;
    esac
    expect=
    continue
  fi
  case $word in
    --home) expect=home ;;
    --home=*) home=${word#--home=} ;;
    --port) expect=port ;;
    --port=*) asked_port=${word#--port=} ;;
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
# The agent's folder, physical (cd -P sets PWD): one with a line break is named not at all, as it
# would end the header.
cd -P -- . 2>/dev/null && folder=$PWD
nl=$(printf '\nx')
nl=${nl%x}
case $folder in
  *"$nl"*|*"$(printf '\r')"*) folder= ;;
esac
# The home's socket, at the home's real path.
locate() {
  socket=
  cd -P -- "$home" 2>/dev/null && socket=$PWD/mcp.sock
  cd -- "${folder:-/}" 2>/dev/null || cd /
}
locate
# None there: no gateway runs, and it is started as the JVM's window would start it.
[ -S "$socket" ] || ! start_gateway || locate
# The agent token, as the header curl sends: this user's, in a file only this user may read (the
# gateway makes it as it starts).
token_file=$home/mcp-bridge.token.header
# shellcheck disable=SC2015 # the JVM (jvm exits) when any test fails: meant as written
[ -f "$token_file" ] && [ -O "$token_file" ] && [ -r "$token_file" ] && [ -s "$token_file" ] \
  || { reason="no agent token in $token_file (a gateway makes it when it starts)"; jvm "$@"; }
listing=$(ls -ln -- "$token_file" 2>/dev/null)
case $listing in
  -rw-------*|-r--------*) ;;
  *) reason="$token_file may be read by others"; jvm "$@" ;;
esac
# This user's id, as ls shows the token file's owner ([ -O ] above), with no `id`.
owner() { uid=$3; }
# shellcheck disable=SC2086 # ls's fields, as the function's arguments (set -f: no globbing)
owner $listing
auth=@$token_file

# Whether the socket is this user's, in folders only this user or root could have put it in (none
# writable by others, unless sticky), up to /: then whoever answers there is this home's gateway,
# as gateway-hook.sh believes hook.sock. One line of `ls` a path, or something is not as it looked.
trusted() {
  [ -S "$socket" ] && [ -O "$socket" ] || return 1
  set -- "$socket"
  dir=${socket%/*}
  while [ -n "$dir" ]; do
    set -- "$@" "$dir"
    dir=${dir%/*}
  done
  set -- "$@" /
  listing=$(ls -ldn -- "$@" 2>/dev/null) || return 1
  lines=0
  while read -r mode _ owner _; do
    lines=$((lines + 1))
    case $mode in
      s* | d????????[tT]*) ;;
      d????w* | d???????w*) return 1 ;;
      d*) ;;
      *) return 1 ;;
    esac
    [ "$owner" = "$uid" ] || [ "$owner" = 0 ] || return 1
  done <<EOF
$listing
EOF
  [ "$lines" -eq $# ]
}
trusted || { reason="no gateway's socket of this user at $socket"; jvm "$@"; }

# Folders earlier bridges of this user left (their whole process group killed: no trap ran): gone
# when none of the processes they record (pid) runs. One of a bridge before pids were recorded (it
# holds curl.conf, the token with it) when nothing in it changed for ten minutes.
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
# What every curl is given: no ~/.curlrc (-q), no proxy, the socket, the token from its file.
# The window's client: the process that started it (the launcher execs this script), named to the
# gateway, which the socket cannot tell: an agent's own program may answer its session's questions
# to the person in its prompt; a client an agent's model runs from its tools may not (issue 75).
client=$PPID
curl_to() {
  curl -q --noproxy '*' -sS --unix-socket "$socket" -H "$auth" \
    -H "Provider-Gateway-Window-Client: $client" "$@"
}
# As curl_to, in place of the (background) subshell it runs in: its $! is curl's, to be ended.
curl_exec() {
  exec curl -q --noproxy '*' -sS --unix-socket "$socket" -H "$auth" \
    -H "Provider-Gateway-Window-Client: $client" "$@"
}

# Reads `curl -i` output on stdin (the answer to the message $1, number $2, or the GET stream's)
# and writes the messages it carries. The session's id goes to a file: the initialize's, and the
# one the gateway made again for this window (decision 78), which every later request then names.
relay() {
  status='' type='' length=''
  IFS= read -r line || { [ -z "$1" ] || reply_error "$1" "$(unanswered "$2")"; return; }
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
        if [ "$2" = 0 ]; then printf '%s\n' "$value" >"$tmp/sid"; else renewed "$value"; fi
        ;;
    esac
  done
  case $status in
    202|204) return ;;
    2??) ;;
    *) relay_refusal "$1"; return ;;
  esac
  case $type in
    *text/event-stream*)
      # An event is whole at its blank line: only then is its data passed on (one message) and,
      # on the GET stream, its id kept to resume from. An event without data is no message. A
      # request's stream that ends (curl's time limit) before its answer costs it an error.
      data='' id='' answered=
      while IFS= read -r line; do
        line=${line%"$cr"}
        case $line in
          data:*) line=${line#data:}; data=${data:+$data }${line# } ;;
          id:*) id=${line#id:}; id=${id# } ;;
          '')
            if [ -n "$data" ]; then
              emit "$data"
              [ -z "$1" ] || [ -n "$(top_level "$data" method)" ] || answered=1
              # A subscription's answer: the gateway ended it (listen, below).
              case $2 in
                l*) [ -n "$(top_level "$data" method)" ] || : >"$tmp/answered.$2" ;;
              esac
            fi
            case $2:$id in
              get:*[!0-9-]*|get:) ;;
              get:*) printf '%s\n' "$id" >"$tmp/last-event" ;;
            esac
            data='' id=''
            ;;
        esac
      done
      [ -z "$1" ] || [ -n "$answered" ] || reply_error "$1" "$(unanswered "$2")"
      ;;
    *)
      length=$(printf '%s' "$length" | tr -d ' ')
      case $length in
        ''|*[!0-9]*) length=99999 ;;
      esac
      if [ "$length" -le 4000 ]; then
        awk 'length' # one write of at most 4001 bytes
      else
        cat >"$tmp/body.$2"
        lock
        awk 'length' "$tmp/body.$2"
        unlock
        rm -f -- "$tmp/body.$2"
      fi
      ;;
  esac
}

# Why the message number $1 got no answer, by its curl's exit status: 7, the socket refused (or is
# gone); 28, the time limit.
unanswered() {
  IFS= read -r rc <"$tmp/rc.$1" 2>/dev/null || rc=
  rm -f -- "$tmp/rc.$1"
  case $rc in
    7) echo "provider gateway: no gateway of this user listens at $socket (stopped?); this window uses it again once it runs" ;;
    *) echo "provider gateway: no answer from $socket (in time; curl exit ${rc:-unknown})" ;;
  esac
}

# An answer that is not a success ($status, its body on stdin) to the message $1: the gateway's
# JSON-RPC error as it is, or one made of it for the message's id.
relay_refusal() {
  body=$(cat)
  echo "gateway mcp (bridge): HTTP $status from $socket: $body" >&2
  case $body in
    *'"id":null'*|*'"id": null'*|'') reply_error "$1" "provider gateway: HTTP $status: $body" ;;
    *) emit "$body" ;;
  esac
}

# Writes the session's curl config: the window's id, the session's id $1 and the protocol version.
# Replaced whole (a rename), as requests read it at any moment.
session_conf() {
  {
    printf 'url = "http://gateway/mcp"\nheader = "Provider-Gateway-Window: %s"\n' "$window"
    [ -z "$1" ] || printf 'header = "Mcp-Session-Id: %s"\n' "$1"
    [ -z "${version:-}" ] || printf 'header = "MCP-Protocol-Version: %s"\n' "$version"
  } >"$tmp/session.new"
  mv -f -- "$tmp/session.new" "$tmp/session.conf"
  printf '%s\n' "$1" >"$tmp/sid.new" && mv -f -- "$tmp/sid.new" "$tmp/sid"
}

# Takes up the session $1 that answered, when the gateway made the window's session again.
renewed() {
  IFS= read -r current <"$tmp/sid" || current=
  [ -n "$1" ] && [ "$1" != "$current" ] || return 0
  rm -f -- "$tmp/last-event"
  session_conf "$1"
  echo "gateway mcp (bridge): the gateway made this window's session again: a new one" >&2
}

# POSTs the message $1 (number $2; 0: the initialize) in the session as it is now (time limit $3),
# and writes curl's `-i` output; its exit status goes to rc.$2.
post() {
  message=$1 number=$2 limit=$3
  shift 3
  # The initialize names the agent's folder, the session's project; so does every 2026-07-28
  # request, which is served in the window's modern session for that project.
  case $number in
    0|m*) set -- -H "Provider-Gateway-Project: $folder" ;;
    *) ! modern "$message" || set -- -H "Provider-Gateway-Project: $folder" ;;
  esac
  printf '%s\n' "$message" | {
    curl_to -i -N -K "$tmp/session.conf" --connect-timeout "$bound" --max-time "$limit" "$@" \
      -H 'Content-Type: application/json' -H 'Accept: application/json, text/event-stream' \
      --data-binary @- 2>>"$tmp/curl.err"
    echo $? >"$tmp/rc.$number"
  }
}

# Sends the message $1 (number $2) and writes what answers it.
send() {
  limit=$bound
  case $1 in
    *'"tools/call"'*) limit=$call_bound ;;
  esac
  post "$1" "$2" "$limit" | relay "$1" "$2"
  rm -f -- "$tmp/rc.$2"
}

renew=${GATEWAY_MCP_BRIDGE_RENEW:-60}
case $renew in
  ''|*[!0-9]*|0) renew=60 ;;
esac
bridge=$$
# A gateway that crashed leaves its socket behind, refusing; one that stopped cleanly removes it, and
# a person who stopped it is not overruled (decision 74). A service restarts a crashed gateway after
# 2 s, and one started here first would leave the service's failing: so the window waits
# $restart_after looks (2 s each) and starts it (start_gateway) only if it is still not back. Once
# per crash (per socket left behind); of windows that try at once, the gateway's lock lets one run.
restart_after=${GATEWAY_MCP_BRIDGE_RESTART_AFTER:-5}
case $restart_after in
  ''|*[!0-9]*) restart_after=5 ;;
esac
tried=
crashed=
looks=0
restart_crashed() {
  [ -n "$launcher" ] && [ -S "$socket" ] || return 0
  # shellcheck disable=SC2046 # ls's fields: the inode first (set -f: no globbing)
  set -- $(ls -di -- "$socket" 2>/dev/null)
  left=${1:-}
  [ -n "$left" ] && [ "$left" != "$tried" ] || return 0
  [ "$left" = "$crashed" ] || { crashed=$left; looks=0; }
  looks=$((looks + 1))
  [ "$looks" -gt "$restart_after" ] || return 0
  tried=$left
  echo "gateway mcp (bridge): the gateway of $home is not running (its socket refuses); starting it again" >&2
  start_gateway background
}

# The 2026-07-28 era, for a window whose agent never sends initialize (Claude Code takes it as soon
# as server/discover is served): each request is POSTed on its own with no session (the gateway
# serves it in this window's modern session, Provider-Gateway-Window), in the background as after
# initialize; a subscriptions/listen is held open and, when its stream breaks because the gateway
# stopped or crashed, POSTed again once one answers (the client keeps its subscription; the new
# gateway acknowledges it and tells it of its tools); a notifications/cancelled of one ends it here
# too. In place of the session's stream, a watch of the bridge's own (a subscription to nothing)
# notices a crashed gateway and starts it again as the stream does, and ends the window's
# subscriptions when this bridge was killed alone.
watching=
watch() {
  printf '%s\n' '{"jsonrpc":"2.0","id":"gateway-mcp-bridge-watch","method":"subscriptions/listen","params":{"notifications":{},"_meta":{"io.modelcontextprotocol/protocolVersion":"2026-07-28","io.modelcontextprotocol/clientCapabilities":{},"io.modelcontextprotocol/clientInfo":{"name":"gateway-mcp-bridge","version":"1"}}}}' >"$tmp/watch.json"
  again=
  while [ -d "$tmp" ] && [ ! -f "$tmp/done" ] && [ ! -f "$tmp/watch-done" ]; do
    # After a break, a gateway that answers makes the window's session again at once (its
    # providers started before the agent's next call, as the session's stream does after a
    # restart): a tools/list in the agent's name, its answer not the agent's.
    if [ -n "$again" ] && curl_to -o /dev/null -K "$tmp/session.conf" \
      -H "Provider-Gateway-Project: $folder" -H 'Content-Type: application/json' \
      -H 'Accept: application/json, text/event-stream' --connect-timeout "$bound" \
      --max-time "$bound" --data-binary @"$tmp/renew.json" 2>/dev/null; then
      again=
    fi
    curl_exec -o /dev/null -K "$tmp/session.conf" -H "Provider-Gateway-Project: $folder" \
      -H 'Content-Type: application/json' -H 'Accept: application/json, text/event-stream' \
      --connect-timeout "$bound" --max-time "$renew" --data-binary @"$tmp/watch.json" 2>/dev/null &
    printf '%s\n' "$!" >"$tmp/listen.watch.pid"
    wait "$!"
    rc=$?
    if ! kill -0 "$bridge" 2>/dev/null; then
      modern_end
      cleanup
      return 0
    fi
    if [ "$rc" != 28 ]; then
      again=1
      [ "$rc" != 7 ] || restart_crashed
      sleep 2
    fi
  done
}
# The request that makes the window's session again (watch), in the name of the agent whose
# request $1 is (its clientInfo, when its _meta names one as a flat object).
renewal() {
  info=$(printf '%s\n' "$1" | sed -n 's/.*"io\.modelcontextprotocol\/clientInfo"[[:space:]]*:[[:space:]]*\({[^{}]*}\).*/\1/p')
  [ -n "$info" ] || info='{"name":"gateway-mcp-bridge","version":"1"}'
  printf '%s\n' "{\"jsonrpc\":\"2.0\",\"id\":\"gateway-mcp-bridge-renew\",\"method\":\"tools/list\",\"params\":{\"_meta\":{\"io.modelcontextprotocol/protocolVersion\":\"2026-07-28\",\"io.modelcontextprotocol/clientCapabilities\":{},\"io.modelcontextprotocol/clientInfo\":$info}}}" >"$tmp/renew.json"
}
watch_start() {
  [ -z "$watching" ] || return 0
  watch &
  watching=$!
  printf '%s\n' "$watching" >>"$tmp/pid"
}
# The key of a request id ($1, its JSON text) in file names.
id_key() { printf '%s' "$1" | cksum | { read -r sum _ && printf '%s' "$sum"; }; }
# The id a notifications/cancelled ($1) names.
cancelled_id() {
  printf '%s\n' "$1" | sed -n 's/.*"requestId"[[:space:]]*:[[:space:]]*\("[^"]*"\).*/\1/p
t
s/.*"requestId"[[:space:]]*:[[:space:]]*\(-\{0,1\}[0-9][0-9]*\).*/\1/p'
}
# Holds the subscription $1 (message number $2) open, POSTing it again while its stream breaks.
listen() {
  key=$(id_key "$(top_level "$1" id)")
  printf '%s\n' "$1" >"$tmp/listen.$2.json"
  while [ -d "$tmp" ] && [ ! -f "$tmp/done" ]; do
    {
      curl_exec -i -N -K "$tmp/session.conf" -H "Provider-Gateway-Project: $folder" \
        -H 'Content-Type: application/json' -H 'Accept: application/json, text/event-stream' \
        --connect-timeout "$bound" --data-binary @"$tmp/listen.$2.json" 2>>"$tmp/curl.err" &
      printf '%s\n' "$!" >"$tmp/listen.$2.pid"
      wait "$!"
    } | relay "" "$2"
    # Its answer came (the gateway ended it), it was cancelled, or the window is ending: no more.
    if [ -f "$tmp/answered.$2" ] || [ -f "$tmp/cancelled.$key" ] || ! kill -0 "$bridge" 2>/dev/null; then
      break
    fi
    sleep 2
  done
  rm -f -- "$tmp/listen.$2.json" "$tmp/listen.$2.pid" "$tmp/answered.$2" "$tmp/cancelled.$key"
}
# Ends the window's subscriptions and its watch (their curls: listen.*.pid).
modern_end() {
  : >"$tmp/done"
  set +f
  for file in "$tmp"/listen.*.pid; do
    [ -f "$file" ] || continue
    IFS= read -r held <"$file" && kill "$held" 2>/dev/null
  done
  set -f
  [ -z "$watching" ] || kill "$watching" 2>/dev/null
}

# initialize: at once, before anything else, as it makes the session. A 2026-07-28 request before
# it (Claude Code's server/discover probe, a modern client's every request) goes to the gateway
# with no session, as the JVM's window serves it (above); anything else before it is answered here
# as the JVM's gateway mcp answers it.
probes=0
modern_jobs=
while IFS= read -r init || {
  for job in $modern_jobs; do
    wait "$job"
  done
  modern_end
  cleanup
  exit 0
}; do
  ! batch "$init" || continue
  method=$(top_level "$init" method)
  [ "$method" != '"initialize"' ] || break
  if modern "$init" || { [ -n "$watching" ] && [ "$method" = '"notifications/cancelled"' ]; }; then
    [ -f "$tmp/session.conf" ] || session_conf ""
    probes=$((probes + 1))
    # A discover alone is a probe (an agent may initialize after it); anything else is this era.
    if [ "$method" != '"server/discover"' ] && [ -z "$watching" ]; then
      version=2026-07-28
      session_conf ""
      trap 'modern_end; cleanup; exit 143' TERM INT HUP
      renewal "$init"
      watch_start
    fi
    case $method in
      '"subscriptions/listen"') listen "$init" "l$probes" & ;;
      '"notifications/cancelled"')
        : >"$tmp/cancelled.$(id_key "$(cancelled_id "$init")")"
        send "$init" "m$probes"
        ;;
      *)
        if [ -n "$(top_level "$init" id)" ]; then
          send "$init" "m$probes" &
          modern_jobs="$modern_jobs $!"
        else
          send "$init" "m$probes"
        fi
        ;;
    esac
    continue
  fi
  reply_error "$init" "Method not found: $(printf '%s' "$method" | tr -d '"')" -32601
done
# Legacy from here: the session's stream takes the watch's place.
if [ -n "$watching" ]; then
  : >"$tmp/watch-done"
  kill "$watching" 2>/dev/null
fi
version=
session_conf ""
post "$init" 0 "$bound" >"$tmp/init"
IFS= read -r rc <"$tmp/rc.0" || rc=
if [ "$rc" = 7 ] && start_gateway; then
  # A socket left behind, refusing: a gateway that crashed, started again as a window starts it.
  post "$init" 0 "$bound" >"$tmp/init"
  IFS= read -r rc <"$tmp/rc.0" || rc=
fi
IFS= read -r line <"$tmp/init" || line=
case $rc:$line in
  0:*' 401 '*|0:*' 401') reason="the gateway refused the token in $token_file"; jvm_after "$init" "$@" ;;
  0:*) ;;
  # curl's time limit: a gateway took the initialize and has not answered it (a fresh one's first
  # on a loaded machine took 17 s at load 14 on 2 cores), or it is frozen; not "no gateway".
  28:*) reason="no answer to initialize from $socket within $bound s (GATEWAY_BRIDGE_TIMEOUT): the gateway is busy or frozen"; jvm_after "$init" "$@" ;;
  *) reason="no gateway answers at $socket"; jvm_after "$init" "$@" ;;
esac
relay "$init" 0 <"$tmp/init" >"$tmp/init.out"
[ -s "$tmp/sid" ] || { cat "$tmp/init.out"; reason="no session from $socket"; echo "gateway mcp (bridge): $reason" >&2; cleanup; exit 1; }
IFS= read -r sid <"$tmp/sid"
version=$(sed -n 's/^.*"protocolVersion"[[:space:]]*:[[:space:]]*"\([^"]*\)".*$/\1/p' "$tmp/init.out" | head -n 1)
session_conf "$sid"

# The session's own stream, for what the gateway sends unasked. curl's --max-time renews it every
# $renew seconds, from the last event passed on (Last-Event-ID), and between two streams the loop
# looks whether this bridge is still there: one killed with SIGKILL runs no trap, so the loop ends
# its session (DELETE) and removes its files.
# DELETE /mcp: the session ends, and the gateway closes its stream.
end_session() {
  curl_to -o /dev/null -K "$tmp/session.conf" -X DELETE --connect-timeout 5 --max-time 5 2>/dev/null
}
stream() {
  while [ ! -f "$tmp/done" ]; do
    last=
    [ ! -f "$tmp/last-event" ] || IFS= read -r last <"$tmp/last-event"
    {
      cat "$tmp/session.conf"
      [ -z "$last" ] || printf 'header = "Last-Event-ID: %s"\n' "$last"
    } >"$tmp/stream.conf"
    {
      curl_to -i -N -K "$tmp/stream.conf" -H 'Accept: text/event-stream' \
        --connect-timeout "$bound" --max-time "$renew" 2>"$tmp/stream.err"
      echo $? >"$tmp/stream.rc"
    } | relay "" get
    IFS= read -r rc <"$tmp/stream.rc" || rc=
    if ! kill -0 "$bridge" 2>/dev/null; then
      end_session
      cleanup
      return 0
    fi
    [ ! -f "$tmp/done" ] || return 0
    # 28 is curl's own time limit, the renewal. Anything else: the gateway ended the stream (it
    # stopped, or the session ended) or none listens: the loop looks again in 2 s, and a gateway
    # running again makes the window's session again at the stream's next GET.
    if [ "$rc" != 28 ]; then
      [ "$rc" != 7 ] || restart_crashed
      sleep 2
    fi
  done
}
stream &
# The stream's loop outlives a bridge killed alone, and removes the folder itself (above).
printf '%s\n' "$!" >>"$tmp/pid"
cat "$tmp/init.out"

# The window ends: stdin's end waits for the answers under way first (a one-shot client's); a signal
# is the agent stopping the window, and nothing but the session's DELETE (at most 5 s) is waited for.
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
  # at once, so that it reaches the gateway before what the agent sends after it.
  case $message in
    *'"id"'*)
      send "$message" "$n" &
      posts="$posts $!"
      ;;
    *) send "$message" "$n" ;;
  esac
  message=
done
for job in $posts; do
  wait "$job"
done
finish eof
