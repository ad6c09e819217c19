#!/bin/sh
# gateway hook claude|copilot|gemini|codex|cursor, the fast way: a coding agent's pre-tool-use hook
# answered by the running gateway over its Unix socket <home>/hook.sock, with curl, so that no JVM
# starts while a gateway runs (docs/agents.md; architecture, decision 39). The launcher (./gateway)
# runs this for `gateway hook AGENT [--home DIR] [--port N] [--timeout D] [--connect-timeout D]`.
#
# What decides:
#   the gateway answers            its decision, as `gateway hook` in a JVM would reach it
#   no socket, or it refuses       no gateway there (or a full backlog): the JVM adapter runs; it
#     (no curl; another option)      asks the gateway over its port, or follows the owner-only
#                                    record <home>/hook-gates.json when none is there
#   connected, no answer within    deny: a gateway is there but stuck (stopped, swapping); the
#     --timeout less a tenth         record is only for "no gateway at all"
#   no answer at all by --timeout  deny, naming the bound: "could not decide within 10 s on this
#     (10 s), whatever the wait      machine" (issue 76: a JVM that took 36 s to start, past Gemini
#                                    CLI's hook timeout then, let it run rm -rf ~)
#   anything else                  deny, saying why
# A socket or a directory above it that another user could have made is not believed: the JVM
# adapter then runs, and refuses what SafeFiles refuses. It answers in the agent's dialect: one
# answer on stdout, exit 0 (claude, copilot, cursor); a deny for gemini and codex also exits 2 with
# the reason alone on stderr, as those agents block on exit code 2. Whatever goes wrong, it denies
# (an agent reads no answer, and gemini and codex any other exit code, as "go ahead"):
#   - the hook runs in a child of this shell, the worker; this shell only waits for it, in `wait`,
#     the one place where a shell runs a trap at once (dash, busybox sh and bash all hold a trap
#     back while they read a command substitution, such as curl's answer, until it ends). SIGTERM,
#     SIGINT or SIGHUP (the agent giving up on the hook) kill the worker and print a deny here;
#   - the worker prints nothing before this shell agrees (commit: SIGUSR1 asks, SIGUSR2 agrees),
#     so that exactly one answer is ever printed: the worker's, or this shell's deny;
#   - a worker that ends without an answer (killed; a shell error its EXIT trap could not answer
#     for) leaves this shell to deny;
#   - --timeout D (10 s) bounds the whole answer: this shell arms a timer at its start (a sleep in
#     a subshell, which sends it SIGALRM), and at D stops and kills the worker and everything under
#     it (curl, the launcher and its JVM, found with one ps), then denies; the timer goes with the
#     answer, and nothing left holds the agent's pipes. The JVM keeps the same bound by itself,
#     counted from this shell's start (GATEWAY_HOOK_SINCE_PID).
#
# The gateway's answer (format 2, asked for by a request header; a gateway of another version
# refuses the request with a line saying so, which is denied) is two lines: `gateway-hook/2 <exit>
# <stderr>`, then the agent's line, which may be megabytes (a rewritten call). The shell's field
# splitting on line breaks takes them apart, linear in every shell; no pattern searches the agent's
# line (dash and busybox take quadratic time for that: issue 47).
#
# POSIX sh and curl (7.40 or later, for --unix-socket): no bash, no JVM, no temporary file. Every
# process costs milliseconds on a busy machine, so the hot path starts four programs (cat, ls,
# curl, the timer's sleep) and two forks of this shell (the worker, the timer), and uses the
# shell's own words for the rest (performance.md, "Hook decision latency").
# GATEWAY_HOOK_LAUNCHER names the launcher for the JVM path; ./gateway sets it.

# The version of the build this script is of: the archive's make-dist writes it here; a clone's
# script says `source`. Sent with every question, so that a gateway of another format says which
# versions met (docs/install.md).
hook_version=source
agent=${1:-}
[ $# -gt 0 ] && shift
# A person asking for help gets it, not a hook's answer: no input to wait for, nothing to decide.
for word in "$@"; do
  case "$word" in
    -h|--help)
      GATEWAY_HOOK_JVM=1
      export GATEWAY_HOOK_JVM
      exec "$GATEWAY_HOOK_LAUNCHER" hook "$agent" "$@"
      ;;
  esac
done
answered=
worker=    # yes in the worker
committed= # yes once the worker may print its answer
set -f     # no pathname expansion: the answer is split into fields (spoken), never globbed

# In the worker, before it prints anything: asks the waiting shell whether it may answer, and waits
# for its yes, which comes unless that shell is denying already (it then kills the worker). With no
# waiting shell (killed with SIGKILL) nobody else answers: go on.
commit() {
  [ -n "$worker" ] && [ -z "$committed" ] || return 0
  committed=yes
  kill -USR1 "$waiter" 2>/dev/null || return 0
  spins=0
  while [ -z "$agreed" ]; do
    spins=$((spins + 1))
    [ "$spins" -lt 1000000 ] || exit 1 # the waiting shell is stopped (SIGSTOP): it answers then
  done
}

# What this script knows of each agent, written from the gateway's agent dialects (AgentDialect, one
# per agent; docs/adding-an-agent.md) and checked by GeneratedScriptsTest: edit the dialects, not
# this block, and rewrite it with -Dscripts.update=true.
# BEGIN generated by AgentScripts: dialects
# Whether $1 is an agent this script answers for (the rest go to the JVM, which refuses
# them).
known_agent() {
  case "$1" in
    claude|copilot|gemini|codex|cursor) return 0 ;;
  esac
  return 1
}

# Whether agent $1 blocks on exit code 2 with the reason on stderr (and reads any other
# exit code as "go ahead").
denies_by_exit_code() {
  case "$1" in
    gemini|codex) return 0 ;;
  esac
  return 1
}

# Agent $1's deny on stdout, with $2 as its reason (escaped for JSON already); an agent
# not known here gets Claude Code's.
print_deny() {
  case "$1" in
    claude) printf '{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"deny","permissionDecisionReason":"%s"}}\n' "$2" ;;
    copilot) printf '{"permissionDecision":"deny","permissionDecisionReason":"%s"}\n' "$2" ;;
    gemini) printf '{"decision":"deny","reason":"%s"}\n' "$2" ;;
    codex) printf '{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"deny","permissionDecisionReason":"%s"}}\n' "$2" ;;
    cursor) printf '{"permission":"deny","user_message":"%s","agent_message":"%s"}\n' "$2" "$2" ;;
    *) printf '{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"deny","permissionDecisionReason":"%s"}}\n' "$2" ;;
  esac
}
# END generated by AgentScripts: dialects

# A deny in the agent's own format; $1 is the reason (escaped for JSON here). Gemini CLI and Codex
# block on exit code 2 with the reason on stderr; the others read the deny on stdout, exit 0.
deny() {
  commit
  reason=$(printf '%s' "$1" | sed -e 's/\\/\\\\/g' -e 's/"/\\"/g' | tr '\n\r\t' '   ')
  print_deny "$agent" "$reason"
  answered=yes
  if denies_by_exit_code "$agent"; then
    printf '%s\n' "$1" >&2
    exit 2
  fi
  printf 'gateway hook %s: deny: %s\n' "${agent:-?}" "$1" >&2
  exit 0
}

nl='
'

# Prints $1, the agent's answer, if it is one JSON object on one line; else denies.
answer() {
  case "$1" in
    *"$nl"*) ;;
    '{'*'}') commit; printf '%s\n' "$1"; answered=yes; return ;;
  esac
  deny "provider gateway hook got no answer it could read; denied"
}

# The JVM adapter, with the agent's input on its stdin and the arguments after AGENT, as given.
jvm() {
  if [ -z "${GATEWAY_HOOK_LAUNCHER:-}" ]; then
    deny "provider gateway hook: GATEWAY_HOOK_LAUNCHER is not set (run it as 'gateway hook $agent'); denied"
  fi
  # The JVM's own bound counts from this script's start (the waiting shell's), as the timer does.
  out=$(printf '%s' "$input" | GATEWAY_HOOK_JVM=1 GATEWAY_HOOK_SINCE_PID=$waiter \
    "$GATEWAY_HOOK_LAUNCHER" hook "$agent" "$@")
  status=$?
  # The adapter always prints an answer; nothing on stdout (a wrong option, a JVM that failed to
  # start) would read as "no objection" to the agent.
  [ -n "$out" ] || deny "provider gateway hook gave no answer (exit $status; see its stderr); denied"
  # For Gemini CLI and Codex the exit code is part of the answer: 2 is the adapter's deny (its
  # reason is on its stderr already), 0 anything else; any other code is a failure, denied.
  if denies_by_exit_code "$agent"; then
    case $status in
      0) ;;
      2) answer "$out"; exit 2 ;;
      *) deny "provider gateway hook failed (exit $status; see its stderr); denied" ;;
    esac
  fi
  answer "$out"
  exit 0
}

# The hook itself, in the worker: the input first (the JVM path needs it too when the gateway is
# not there), then the gateway's socket, else the JVM.
hook() {
input=$(cat)

known_agent "$agent" || jvm "$@"

[ -z "$to_jvm" ] || jvm "$@" # --help, --print-config, a mistake: the JVM says what it means

if [ -z "$home" ]; then
  case "${COPILOT_HOME:-}" in
    *[![:space:]]*) home=$COPILOT_HOME/extensions/tap ;;
    *) home=${HOME:-/}/.copilot/extensions/tap ;;
  esac
fi

command -v curl >/dev/null 2>&1 || jvm "$@"

# The home's real path, without a subshell (cd -P sets PWD to it); then back, for the JVM's sake.
start=$PWD
cd -P -- "$home" 2>/dev/null || jvm "$@"
real=$PWD
cd -- "$start" 2>/dev/null || cd /
socket=$real/hook.sock

# The socket must be this user's ([ -O ]), in directories only this user (or root) could have put
# it in: the rules SafeFiles applies to the token file (OpenSSH's StrictModes), on the home's real
# path. One `ls` reads every mode; the loop runs in this shell. A function, so its `set --` leaves
# the script's own arguments alone.
trusted() {
  [ -S "$socket" ] && [ -O "$socket" ] || return 1
  set --
  dir=$real
  while :; do
    set -- "$@" "$dir"
    [ "$dir" = / ] && break
    dir=${dir%/*}
    [ -n "$dir" ] || dir=/
  done
  listing=$(ls -ldn -- "$socket" "$@" 2>/dev/null) || return 1
  me=
  lines=0
  while read -r mode _ owner rest; do
    lines=$((lines + 1))
    case "$mode" in
      s*) [ -z "$me" ] || return 1; me=$owner ;;
      d*)
        case "$mode" in
          ?????????[tT]*) ;; # sticky (/tmp): others cannot remove or rename what is not theirs
          ?????w*|????????w*) return 1 ;; # writable by group or others
        esac
        ;;
      *) return 1 ;;
    esac
  done <<EOF
$listing
EOF
  # One line for the socket and one for each directory, or something is not as it looked.
  [ -n "$me" ] && [ "$lines" -eq $(($# + 1)) ] || return 1
  while read -r mode _ owner rest; do
    case "$mode" in
      d*) [ "$owner" = "$me" ] || [ "$owner" = 0 ] || return 1 ;;
    esac
  done <<EOF
$listing
EOF
}
trusted || jvm "$@"

# -q first: no ~/.curlrc (or $CURL_HOME's) may change what curl sends or prints. Its stderr (where
# --silent prints nothing), and that of the subshell bash runs it in, is not the agent's: a curl
# left behind by a worker killed on a signal must not hold the agent's pipes open until its
# --max-time (an agent may wait for them to close).
out=$(exec 2>/dev/null; curl -q --silent --unix-socket "$socket" --max-time "$max_time" \
  --header 'Content-Type: application/json' --header 'Expect:' --header 'Gateway-Hook-Format: 2' \
  --header "Gateway-Hook-Version: $hook_version" --header "Gateway-Hook-Client: $PPID" \
  --data-binary @- --write-out "$nl%{http_code}" "http://localhost/hooks/$agent" <<EOF
$input
EOF
)
status=$?
case $status in
  0) ;;
  7) jvm "$@" ;; # refused (its gateway is gone), or its backlog full: the JVM goes by the port
  28) deny "provider gateway at $socket accepted the call but did not answer within $shown (is it stopped?); denied" ;;
  *) deny "provider gateway hook could not ask the gateway at $socket (curl exit $status); denied" ;;
esac
spoken "$out"
}

# Speaks the gateway's answer $1 (its lines, then curl's status code on a line of its own): field
# splitting takes it apart in linear time however long the agent's line is, and nothing searches
# that line but answer()'s look at its two ends.
spoken() {
  saved=$IFS
  IFS=$nl
  # shellcheck disable=SC2086 # split on line breaks, on purpose (set -f: nothing is globbed)
  set -- $1
  IFS=$saved
  eval "code=\${$#}"
  case "$code:$#:$1" in
    "200:3:gateway-hook/2 0 "*) answer "$2"; printf '%s\n' "${1#gateway-hook/2 0 }" >&2; exit 0 ;;
    "200:3:gateway-hook/2 2 "*) answer "$2"; printf '%s\n' "${1#gateway-hook/2 2 }" >&2; exit 2 ;;
    200:*) deny "provider gateway at $socket answered in a format this hook script does not read (hook script: provider-gateway $hook_version, format 2; is the gateway of an older version? restart it from this build); denied" ;;
    [0-9][0-9][0-9]:2:*) deny "provider gateway answered $code: $1" ;; # a refusal: a line of text
  esac
  deny "provider gateway hook got no answer it could read; denied"
}

# The options the script reads itself, here in the waiting shell, which bounds the whole answer
# with --timeout; anything else (--help, --print-config, a mistake) goes to the JVM (to_jvm), which
# says what it means. --port and --connect-timeout are the JVM's.
home=
given=10
expect=
to_jvm=
for word in "$@"; do
  if [ -n "$expect" ]; then
    case "$expect" in
      home) home=$word ;;
      timeout) given=$word ;;
    esac
    expect=
    continue
  fi
  case "$word" in
    --home) expect=home ;;
    --home=*) home=${word#--home=} ;;
    --timeout) expect=timeout ;;
    --timeout=*) given=${word#--timeout=} ;;
    --port|--connect-timeout) expect=other ;;
    --port=*|--connect-timeout=*) ;;
    *) to_jvm=yes ;;
  esac
done

strip_zeros() { # $1 without leading zeros, into $digits
  digits=$1
  while :; do
    case "$digits" in 0?*) digits=${digits#0} ;; *) break ;; esac
  done
}

# --timeout $1 in whole milliseconds, into $millis: 10s, 1.5s, 500ms, 2m, 10 (seconds). Fails for
# anything else and for zero (curl's "no limit"): the JVM then refuses it with a deny, within the
# default bound.
bound_of() {
  number=${1%ms}
  unit=ms
  if [ "$number" = "$1" ]; then
    number=${1%s}
    unit=s
    if [ "$number" = "$1" ]; then
      number=${1%m}
      unit=m
      [ "$number" = "$1" ] && unit=s
    fi
  fi
  case "$number" in
    ''|*[!0-9.]*|*.*.*|.*|*.) return 1 ;;
  esac
  strip_zeros "${number%%.*}"
  whole=$digits
  fraction=000
  [ "${number%%.*}" = "$number" ] || fraction=${number#*.}000
  fraction=${fraction%"${fraction#???}"}
  strip_zeros "$fraction"
  fraction=$digits
  [ "${#whole}" -le 9 ] || return 1
  case "$unit" in
    ms) millis=$whole ;;
    s) millis=$((whole * 1000 + fraction)) ;;
    m) millis=$(((whole * 1000 + fraction) * 60)) ;;
  esac
  [ "$millis" -gt 0 ]
}

# $1 milliseconds in seconds with three decimals, as curl and sleep take them (10.000, 0.500), into
# $secs; a function, not a command substitution, which would cost a fork.
seconds() {
  secs=$(($1 / 1000)).$(($1 % 1000 / 100))$(($1 % 100 / 10))$(($1 % 10))
}

millis=10000
shown="10 s"
if [ "$given" != 10 ]; then
  if bound_of "$given"; then
    if [ $((millis % 1000)) -eq 0 ]; then shown="$((millis / 1000)) s"; else shown="$millis ms"; fi
  else
    millis=10000
    to_jvm=yes
  fi
fi
# curl's --max-time: the bound less a tenth of it (at most 1 s), left for its answer's way back
# and this shell's own start, so that a gateway that is there and silent is named as such.
cut=$((millis / 10))
[ "$cut" -le 1000 ] || cut=1000
seconds $((millis - cut))
max_time=$secs

# The waiting shell (see the top): runs hook() in the worker, with this script's stdin (an
# asynchronous list's own would be /dev/null), and waits for it, within the bound.
waiter=$$
child=
timer=
denying=
# The worker asks to print its answer: yes, unless a deny is on its way already.
# Its yes disarms the timer at once: a SIGALRM after it would only interrupt the wait below, whose
# status is then the signal's, not the worker's (an answer printed, then exit 142: CI, bash --posix).
trap 'interrupted=yes; [ -n "$denying" ] || { committed=yes; disarm; kill -USR2 "$child" 2>/dev/null; }' USR1

# The pids of every process below $1 (one a line; none when ps cannot say), from one `ps`: only a
# hook that gives up pays for it.
# shellcheck disable=SC2317 # called from the traps below
descendants() {
  table=$(ps -e -o pid= -o ppid= 2>/dev/null) || return 0
  found=" $1 "
  more=yes
  while [ -n "$more" ]; do
    more=
    while read -r pid ppid; do
      case "$found" in
        *" $pid "*) ;;
        *" $ppid "*) found="$found$pid "; more=yes ;;
      esac
    done <<EOF
$table
EOF
  done
  printf '%s\n' "${found# "$1" }"
}

# Ends the worker and everything it started (curl, the launcher and its JVM), so that nothing of the
# hook outlives its answer or holds the agent's stderr open: each stopped first (none forks or
# prints), then listed again (what started in between), then killed. Reaped here, where bash's
# "Killed" notice goes nowhere: not into the reason on stderr.
# shellcheck disable=SC2317,SC2046 # called from the traps; the pids are split on purpose
end_worker() {
  [ -n "$child" ] || return 0
  {
    kill -STOP "$child"
    kill -STOP $(descendants "$child")
    kill -KILL $(descendants "$child") "$child"
    wait "$child"
  } 2>/dev/null
}

# The timer goes, with its sleep.
# shellcheck disable=SC2317 # called from unanswered() and the traps
disarm() {
  [ -z "$timer" ] || kill "$timer" 2>/dev/null
  timer=
}

# The agent gave up on the hook ($1, a signal), or the bound came ($1 = ALRM): deny, unless the
# worker's answer is on its way (it ends soon) or a deny is already.
# shellcheck disable=SC2317 # called by the traps below, which ShellCheck 0.9 does not see as calls
stopped() {
  interrupted=yes
  [ -z "$denying" ] || return 0
  denying=yes # first: a worker asking from now on gets no yes
  [ -z "$committed" ] || return 0
  end_worker
  disarm
  if [ "$1" = ALRM ]; then
    deny "provider gateway hook could not decide within $shown on this machine; denied"
  fi
  deny "provider gateway hook was stopped by SIG$1 before it had an answer; denied"
}
trap 'stopped TERM' TERM
trap 'stopped INT' INT
trap 'stopped HUP' HUP
trap 'stopped ALRM' ALRM
# Whatever ends this shell without an answer denies: a worker that ended without one (killed; a
# shell error), a shell error here. A function, not the trap's own text: there the reason's
# apostrophe was quoted as '"'"' inside ${status:+...}, which ShellCheck cannot parse.
status=
# shellcheck disable=SC2317 # called by the EXIT trap below
unanswered() {
  disarm
  [ -z "$answered" ] && [ -z "$committed" ] || return 0
  deny "provider gateway hook ended without an answer${status:+" (its worker's exit $status)"}; denied"
}
trap unanswered EXIT

# The bound's timer, armed before the worker starts: SIGALRM to this shell at --timeout, unless
# disarmed first. A subshell that waits for its sleep in `wait`, where its TERM trap runs at once
# and takes the sleep with it ($! is the sleep's from the moment it starts); their output goes
# nowhere, so that neither holds the agent's pipes. A sleep that refuses fractions (an old busybox)
# sleeps whole seconds, rounded up. A shell started with SIGALRM ignored cannot trap it (POSIX):
# 2 s later this shell gets SIGTERM, which it denies as the agent giving up.
seconds "$millis"
rounded=$(((millis + 999) / 1000))
(
  trap 'kill $! 2>/dev/null; exit 0' TERM
  sleep "$secs" &
  wait $! || { sleep "$rounded" & wait $!; }
  kill -ALRM "$waiter"
  sleep 2 &
  wait $!
  kill -TERM "$waiter"
) >/dev/null 2>&1 &
timer=$!
{
  (
    worker=yes
    agreed=
    trap 'agreed=yes' USR2
    trap '[ -n "$answered" ] || deny "provider gateway hook ended without an answer; denied"' EXIT
    hook "$@"
  ) <&3 3<&- &
  child=$!
} 3<&0
[ -n "$child" ] || deny "provider gateway hook could not start its worker; denied"
while :; do
  interrupted=
  wait "$child"
  code=$?
  # 127: an earlier wait read the worker's status, and a trap interrupted it afterwards; above 128
  # from an interrupted wait: the trap's signal, not the worker's status (bash has reaped it)
  if [ "$code" -ne 127 ] && { [ -z "$interrupted" ] || [ "$code" -le 128 ]; }; then
    status=$code
  fi
  [ -n "$interrupted" ] || break
  [ "$code" -ne 127 ] || break
done
# The worker's status lost to an interrupted wait, its answer printed: the agent's dialect decides
# (an exit code's agent is denied, fail-closed; the others read the printed answer).
if [ -z "$status" ]; then
  if denies_by_exit_code "$agent"; then status=2; else status=0; fi
fi
exit "$status" # the worker's, whose answer is printed (else the EXIT trap denies)
