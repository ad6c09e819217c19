#!/usr/bin/env bash
# Issue 13's soak: the real gateway jar under the launcher's JVM options (the app's jvm.options),
# normal tool calls throughout and every attack of docs/security.md's list mixed in, loopback
# only, for --minutes (default 10). Exit 0 only if no call is pending past its timeout, RSS and
# descriptors are back to baseline after a GC, and there was no OutOfMemoryError.
# Report: benchmarks/target/soak/report.md. Set NO_BUILD=1 to reuse the jars already built.
#
#   benchmarks/run-soak.sh                 10 minutes
#   benchmarks/run-soak.sh --minutes 2     a shorter run
set -euo pipefail
cd "$(dirname "$0")/.."
if [ "${NO_BUILD:-0}" != 1 ]; then
  mvn -B -q package -DskipTests -pl reference-app,benchmarks -am
fi
exec java -cp benchmarks/target/benchmarks.jar io.github.providergateway.benchmarks.soak.SoakDriver \
  --jar reference-app/target/provider-gateway.jar "$@"
