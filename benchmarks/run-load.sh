#!/usr/bin/env bash
# Builds what the load driver runs (the benchmarks jar, and the reference app's jar for its
# start-up and for `gateway mcp`) with the Maven wrapper, then runs every part of the driver:
# ws, process, bare, scaling, mcp, mcphttp, hooks, startup, local, registration, wakeup. Arguments go
# to the driver, e.g. --runs 1 --only bare,mcp. Results: benchmarks/target/load/ (results.md,
# results.json, scaling.png). Set NO_BUILD=1 to reuse the jars already built. See
# docs/performance.md.
set -euo pipefail
cd "$(dirname "$0")/.."
if [ "${NO_BUILD:-0}" != 1 ]; then
  ./mvnw -B -q package -DskipTests -pl reference-app,benchmarks -am
fi
exec java -cp benchmarks/target/benchmarks.jar io.github.providergateway.benchmarks.LoadDriver "$@"
