#!/usr/bin/env bash
# Issue 46, providers shared, not copied: five sessions over two projects on one gateway whose
# --config has two MCP servers from the npm registry (everything, filesystem), once with each
# session's own runs ("session": "each") and once shared by project ("session": "project").
# Prints the MCP server processes and the RSS of them and of the gateway (docs/performance.md).
#
#   ./mvnw install -DskipTests && ./mvnw test -pl mcp-federation -Dtest=FederatedMcpServerTest
#   benchmarks/scripts/shared-mcp-servers.sh
#
# The servers come from mcp-federation/target/mcp-servers (its tests install them there).
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd -P)"
servers="$root/mcp-federation/target/mcp-servers/node_modules/@modelcontextprotocol"
jar="$root/reference-app/target/provider-gateway.jar"
[[ -d "$servers/server-everything" && -f "$jar" ]] || { echo "build first (see the header)" >&2; exit 1; }
work="$(mktemp -d)"
trap 'pkill -f "$work" 2>/dev/null || true; rm -rf "$work"' EXIT
mkdir -p "$work/alpha" "$work/beta"
mapfile -t options < <(grep -v '^#' "$root/reference-app/src/main/resources/io/github/providergateway/app/jvm.options" | grep -v '^$')

measure() {
  local mode=$1 home="$work/home-$1" config="$work/$1.json"
  cat >"$config" <<JSON
{"providers":[
 {"name":"everything","mcp":"stdio","session":"$mode","cwd":"$work","command":["node","$servers/server-everything/dist/index.js"]},
 {"name":"fs","mcp":"stdio","session":"$mode","command":["node","$servers/server-filesystem/dist/index.js","\${project}"],"cwd":"\${project}"}]}
JSON
  mkfifo "$work/in-$mode"
  java "${options[@]}" -cp "$jar" io.github.providergateway.app.Main --rpc --port 0 --home "$home" \
    --config "$config" <"$work/in-$mode" >/dev/null 2>&1 &
  local gateway=$!
  exec 7>"$work/in-$mode"
  local i=0 cwd
  for cwd in alpha alpha alpha beta beta; do
    i=$((i + 1))
    echo "{\"cmd\":\"session.start\",\"id\":\"$i\",\"label\":\"window $i\",\"cwd\":\"$work/$cwd\"}" >&7
  done
  sleep 25 # every server started and initialized, on a busy machine too
  local kids rss=0 pid
  kids="$(pgrep -f "$servers/server-(everything|filesystem)" | xargs)"
  for pid in $kids; do rss=$((rss + $(awk '/VmRSS/{print $2}' "/proc/$pid/status"))); done
  local own; own="$(awk '/VmRSS/{print $2}' "/proc/$gateway/status")"
  echo "$mode: $(echo "$kids" | wc -w) MCP server processes, $((rss / 1024)) MiB; gateway $((own / 1024)) MiB; together $(((rss + own) / 1024)) MiB"
  exec 7>&-
  wait "$gateway" || true
  pkill -f "$servers/server-(everything|filesystem)" 2>/dev/null || true
  sleep 2
}
measure each
measure project
