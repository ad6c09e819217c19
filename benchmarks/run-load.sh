#!/usr/bin/env bash
# Builds every module (the reference app's jar too, for its start-up figure) and runs the load
# driver; arguments go to the driver (e.g. --runs 1 --only ws). Results: benchmarks/target/load/.
# Set NO_BUILD=1 to reuse the jars already built. See docs/performance.md.
set -euo pipefail
cd "$(dirname "$0")/.."
if [ "${NO_BUILD:-0}" != 1 ]; then
  mvn -B -q package -DskipTests
fi
exec java -cp benchmarks/target/benchmarks.jar io.github.providergateway.benchmarks.LoadDriver "$@"
