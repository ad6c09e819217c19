#!/bin/sh
# Trains a start-up cache, a class-data archive or an ahead-of-time cache, beside a start, never
# before it (issue 76). The app's ClassDataTrainer and both launchers (./gateway, the archive's
# bin/gateway, which has it in lib/) run it in the background, under setsid and nice -n 19 where
# they exist, once they hold its lock, the folder <cache>.training:
#
#   train-class-data.sh JAVA JAR CACHE MAKE_OPTION DEADLINE_SECONDS MAIN main|agents [JVM OPTION...]
#
# The app runs on a scratch home, <cache's folder>/training.<pid>, writing the cache to a draft,
# <cache>.<pid>, at its exit: `main` a gateway in --rpc mode (the calls a young gateway serves, then
# its stop), `agents` an agent's MCP window (initialize, tools/list; no gateway joined). The draft
# is then put in place. Whatever ends it (its end, its deadline, a signal), it removes the draft,
# the JDK's <draft>.config, the scratch home and the lock; what a SIGKILL leaves, the next start
# removes by the pid in each name (TrainingLeftovers, and the launchers). POSIX sh.
set -u
java=$1 jar=$2 cache=$3 make=$4 deadline=$5 main=$6 kind=$7
shift 7
draft=$cache.$$
home=${cache%/*}/training.$$
lock=$cache.training
job=
watchdog=
cleanup() {
  [ -z "$watchdog" ] || kill "$watchdog" 2>/dev/null
  [ -z "$job" ] || kill "$job" 2>/dev/null
  rm -f -- "$draft" "$draft.config"
  rm -r -f -- "$home" "$lock"
}
trap cleanup EXIT
trap 'exit 1' HUP INT TERM
# The lock names its training, so that one whose training is gone is taken over.
echo "$$" >"$lock/pid" || exit 1
mkdir -m 700 -- "$home" || exit 1
if [ "$kind" = agents ]; then
  printf '%s\n' \
    '{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"training","version":"1"}}}' \
    '{"jsonrpc":"2.0","method":"notifications/initialized"}' \
    '{"jsonrpc":"2.0","id":2,"method":"tools/list"}' >"$home/window.in"
  "$java" "$@" "$make$draft" -cp "$jar" "$main" mcp --class-data-training --home "$home" \
    <"$home/window.in" >/dev/null 2>&1 &
else
  # --class-data-training: the console's line-editing classes too, and the calls of a young gateway.
  "$java" "$@" "$make$draft" -cp "$jar" "$main" --rpc --port 0 --home "$home" \
    --class-data-training </dev/null >/dev/null 2>&1 &
fi
job=$!
# The deadline: the training ended (on Java 25 the JVM that makes the cache at its exit, its child,
# then finds its draft gone). The watch ends as soon as this script is gone.
(
  waited=0
  while [ "$waited" -lt "$deadline" ]; do
    sleep 5
    kill -0 "$$" 2>/dev/null || exit 0
    waited=$((waited + 5))
  done
  kill "$job"
) </dev/null >/dev/null 2>&1 &
watchdog=$!
wait "$job"
job=
if [ -s "$draft" ]; then
  chmod 400 -- "$draft"
  # A rename: a gateway that has the cache it replaces (older than the jar) open keeps it.
  mv -f -- "$draft" "$cache"
fi
