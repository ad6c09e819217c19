#!/usr/bin/env bash
# Measures this gateway beside the Node reference gateway (../shared/bench/node-peer), in one
# sitting, alternating the two, with two methods (docs/performance.md, "Beside the Node gateway"):
#
#   short   the issue's method: Node's run-set (2,000 warm-up calls, CPU over the whole process,
#           start and warm-up included) and the load driver's own-process part (2,000 warm-up
#           calls or 2 s, CPU over the measured window);
#   steady  both after the JIT has settled: each gateway under the same load for 10 s first, then
#           its process's CPU (user + system, /proc) over the next window, divided by the calls
#           made in it. This is what a gateway running all day beside an agent costs.
#
#   benchmarks/beside-node.sh [ROUNDS]        (default 2; about 8 minutes a round)
#
# Needs node and npm (the peer's `ws`), and nothing else on 127.0.0.1:9400 (the Node gateway's
# fixed port). NO_BUILD=1 reuses the jars. Results: benchmarks/target/beside-node/<time>/.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$(pwd)
rounds=${1:-2}
peer_src=${NODE_PEER:-$root/../shared/bench/node-peer}
work=$root/benchmarks/target/beside-node
out=$work/$(date +%Y%m%d-%H%M%S)
mkdir -p "$out"

if [ "${NO_BUILD:-0}" != 1 ]; then
  ./mvnw -B -q package -DskipTests -pl reference-app,benchmarks -am
fi
jar=$root/benchmarks/target/benchmarks.jar
peer=$("$peer_src/setup.sh" "$work/node-peer")
# providers.cjs and its ws, as the load driver installs them in its first round's work folder
node_dir=$out/java-short-r1/node
mapfile -t jvm < <(grep -v '^#' reference-app/src/main/resources/io/github/providergateway/app/jvm.options \
  | grep -v '^-Xlog' | grep -v '^--enable-native-access' | sed '/^$/d')

# cpu_ticks PID: user and system clock ticks of the process so far
cpu_ticks() { sed 's/.*) //' "/proc/$1/stat" | awk '{print $12, $13}'; }
hz=$(getconf CLK_TCK)

# java_steady KIND K: the driver's own-process scenario with a 10 s (or 50,000-call) warm-up
java_steady() {
  java "${jvm[@]}" -cp "$jar" io.github.providergateway.benchmarks.GatewayProcess ws "$1" "$2" "$node_dir" \
    --warmup-calls 50000 --calls 50000 --warmup-seconds 10 --seconds 10 </dev/null 2>/dev/null | grep '"k"'
}

# node_steady MODE K: the Node harness under the same load; its CPU over 8 s after 10 s
node_steady() {
  local mode=$1 k=$2 token=$work/node-token args hp pp u1 s1 u2 s2 calls
  rm -f "$token"
  if [ "$mode" = seq ]; then args="--mode seq --k $k --warm 1000 --n 400000"; else
    args="--mode conc --k $k --warm 1000 --inflight 64 --duration 28"; fi
  # shellcheck disable=SC2086 # $args is the harness's options, one word each
  node "$peer/gateway-harness.mjs" $args --token-file "$token" --hard-limit 120 >"$work/node-harness.out" 2>/dev/null &
  hp=$!
  for _ in $(seq 100); do [ -s "$token" ] && break; sleep 0.1; done
  NODE_PATH=$peer/tapnode/node_modules node "$peer/providers.cjs" --k "$k" --url ws://127.0.0.1:9400 \
    --token-file "$token" --hard-limit 150 >/dev/null 2>&1 &
  pp=$!
  sleep 10
  read -r u1 s1 < <(cpu_ticks $hp)
  local w1; w1=$(awk '/syscw/{print $2}' /proc/$pp/io)
  sleep 8
  read -r u2 s2 < <(cpu_ticks $hp)
  local w2; w2=$(awk '/syscw/{print $2}' /proc/$pp/io)
  if [ "$mode" = seq ]; then
    kill $hp $pp 2>/dev/null || true
    calls=$((w2 - w1)) # one call, one answer, one write by the providers' process
  else
    wait $hp || true
    kill $pp 2>/dev/null || true
    calls=$(node -e 'const l=require("fs").readFileSync(process.argv[1],"utf8").split("\n").find(s=>s.startsWith("{"));console.log(Math.round(JSON.parse(l).calls_per_s*8))' "$work/node-harness.out")
  fi
  wait 2>/dev/null || true
  node -e 'const [u,s,c,hz]=process.argv.slice(1).map(Number);console.log(JSON.stringify({calls_per_s:c/8,cpu_us_per_call:(u+s)*1e6/hz/c}))' \
    $((u2 - u1)) $((s2 - s1)) "$calls" "$hz"
}

for ((r = 1; r <= rounds; r++)); do
  echo "== round $r: Node, short" >&2
  (cd "$peer" && SET_DIR="$out/node-short-r$r" REPS=1 ./run-set.sh >/dev/null)
  echo "== round $r: Java, short" >&2
  java -cp "$jar" io.github.providergateway.benchmarks.LoadDriver --runs 1 --only process,bare \
    --work "$out/java-short-r$r" >/dev/null
  for cfg in "seq 1 sequential-async" "conc 1 inflight" "conc 10 inflight"; do
    read -r mode k kind <<<"$cfg"
    echo "== round $r: steady $mode k=$k" >&2
    echo "{\"round\":$r,\"side\":\"node\",\"mode\":\"$mode\",\"k\":$k,\"result\":$(node_steady "$mode" "$k")}" >>"$out/steady.jsonl"
    echo "{\"round\":$r,\"side\":\"java\",\"mode\":\"$mode\",\"k\":$k,\"result\":$(java_steady "$kind" "$k")}" >>"$out/steady.jsonl"
  done
done
node "$root/benchmarks/beside-node-summary.mjs" "$out" | tee "$out/summary.md"
node "$root/benchmarks/beside-node-plot.mjs" "$out" >"$out/plot.svg"
echo "plot: $out/plot.svg" >&2
