#!/bin/sh
# gateway hook claude|copilot, the fast way: a coding agent's pre-tool-use hook answered by the
# running gateway over its Unix socket <home>/hook.sock, with curl, so that no JVM starts while a
# gateway runs (docs/agents.md, "How fast a hook answers"). The launcher (./gateway) runs this for
# `gateway hook AGENT [--home DIR] [--port N] [--timeout D] [--connect-timeout D]`.
#
# What decides:
#   the gateway answers            its decision, as `gateway hook` in a JVM would reach it
#   no socket, or it refuses       no gateway there: the JVM adapter runs (it tries the port, then
#     (no curl; another option)      follows the owner-only record <home>/hook-gates.json)
#   connected, no answer within    deny: a gateway is there but stuck (stopped, swapping); the
#     --timeout (10 s)               record is only for "no gateway at all"
#   any other failure              deny, saying why
# A socket or a directory above it that another user could have made is not believed: the JVM
# adapter then runs, and refuses what SafeFiles refuses. Always exits 0 with an answer on stdout.
#
# POSIX sh and curl (7.40 or later, for --unix-socket): no bash, no JVM, no temporary file.
# GATEWAY_HOOK_LAUNCHER names the launcher for the JVM path; ./gateway sets it.

agent=${1:-}
[ $# -gt 0 ] && shift

# The arguments after AGENT, each single-quoted, for the JVM path: `eval "jvm $args"`.
args=
for word in "$@"; do
  args="$args '$(printf '%s' "$word" | sed "s/'/'\\\\''/g")'"
done

# A deny in the agent's own format; $1 is the reason (escaped for JSON here).
deny() {
  reason=$(printf '%s' "$1" | sed -e 's/\\/\\\\/g' -e 's/"/\\"/g' | tr '\n\r\t' '   ')
  if [ "$agent" = copilot ]; then
    printf '{"permissionDecision":"deny","permissionDecisionReason":"%s"}\n' "$reason"
  else
    printf '{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"deny","permissionDecisionReason":"%s"}}\n' "$reason"
  fi
  printf 'gateway hook %s: deny: %s\n' "${agent:-?}" "$1" >&2
  exit 0
}

# The JVM adapter, with the agent's input on its stdin and every argument as given.
jvm() {
  if [ -z "${GATEWAY_HOOK_LAUNCHER:-}" ]; then
    deny "provider gateway hook: GATEWAY_HOOK_LAUNCHER is not set (run it as 'gateway hook $agent'); denied"
  fi
  answer=$(printf '%s' "$input" | GATEWAY_HOOK_JVM=1 "$GATEWAY_HOOK_LAUNCHER" hook "$agent" "$@")
  status=$?
  # The adapter always prints an answer; nothing on stdout (a wrong option, a JVM that failed to
  # start) would read as "no objection" to the agent.
  [ -n "$answer" ] || deny "provider gateway hook gave no answer (exit $status; see its stderr); denied"
  printf '%s\n' "$answer"
  exit 0
}

# The input first: the JVM path needs it too when the gateway is not there.
input=$(cat)

case "$agent" in
  claude|copilot) ;;
  *) eval "jvm $args" ;;
esac

home=
max_time=10
expect=
for word in "$@"; do
  if [ -n "$expect" ]; then
    case "$expect" in
      home) home=$word ;;
      timeout) max_time=$word ;;
    esac
    expect=
    continue
  fi
  case "$word" in
    --home) expect=home ;;
    --home=*) home=${word#--home=} ;;
    --timeout) expect=timeout ;;
    --timeout=*) max_time=${word#--timeout=} ;;
    --port|--connect-timeout) expect=other ;;
    --port=*|--connect-timeout=*) ;;
    *) eval "jvm $args" ;; # --help, --print-config, a mistake: the JVM says what it means
  esac
done

# --timeout as curl's --max-time (seconds, decimals allowed): 10s, 1.5s, 500ms, 2m, 10.
case "$max_time" in
  *[!0-9.]*ms|ms|*.*ms) eval "jvm $args" ;;
  *ms) max_time=$(printf '%d.%03d' $((${max_time%ms} / 1000)) $((${max_time%ms} % 1000))) ;;
  *[!0-9.]*s|s) eval "jvm $args" ;;
  *s) max_time=${max_time%s} ;;
  *[!0-9]*m|m) eval "jvm $args" ;;
  *m) max_time=$((${max_time%m} * 60)) ;;
  *[!0-9.]*|'') eval "jvm $args" ;;
esac

if [ -z "$home" ]; then
  if [ -n "${COPILOT_HOME:-}" ] && [ -n "$(printf '%s' "$COPILOT_HOME" | tr -d ' \t\n')" ]; then
    home=$COPILOT_HOME/extensions/tap
  else
    home=${HOME:-/}/.copilot/extensions/tap
  fi
fi

command -v curl >/dev/null 2>&1 || eval "jvm $args"

# The socket must be this user's, in directories only this user (or root) could have put it in:
# the rules SafeFiles applies to the token file (OpenSSH's StrictModes), on the home's real path.
real=$(cd -P -- "$home" 2>/dev/null && pwd -P) || eval "jvm $args"
socket=$real/hook.sock
[ -S "$socket" ] || eval "jvm $args"
set --
dir=$real
while :; do
  set -- "$@" "$dir"
  [ "$dir" = / ] && break
  dir=${dir%/*}
  [ -n "$dir" ] || dir=/
done
uid=$(id -u)
safe=$(ls -ldn -- "$socket" "$@" 2>/dev/null | {
  ok=yes
  while read -r mode links owner rest; do
    case "$mode" in
      s*) [ "$owner" = "$uid" ] || ok=no ;;
      d*)
        [ "$owner" = "$uid" ] || [ "$owner" = 0 ] || ok=no
        case "$mode" in
          ?????????[tT]*) ;; # sticky (/tmp): others cannot remove or rename what is not theirs
          ?????w*|????????w*) ok=no ;; # writable by group or others
        esac
        ;;
      *) ok=no ;;
    esac
  done
  echo "$ok"
})
[ "$safe" = yes ] || eval "jvm $args"

nl='
'
out=$(printf '%s' "$input" | curl --silent --unix-socket "$socket" --max-time "$max_time" \
  --header 'Content-Type: application/json' --header 'Expect:' --data-binary @- \
  --write-out "$nl%{http_code}" "http://localhost/hooks/$agent")
status=$?
case $status in
  0) ;;
  7) eval "jvm $args" ;; # the socket refuses: its gateway is gone
  28) deny "provider gateway at $socket accepted the call but did not answer within ${max_time} s (is it stopped?); denied" ;;
  *) deny "provider gateway hook could not ask the gateway at $socket (curl exit $status); denied" ;;
esac

code=${out##*"$nl"}
body=${out%"$nl"*}
answer=${body%%"$nl"*}
note=${body#*"$nl"}
if [ "$code" != 200 ]; then
  deny "provider gateway answered $code: $body"
fi
printf '%s\n' "$answer"
printf 'gateway hook %s: %s\n' "$agent" "$note" >&2
exit 0
