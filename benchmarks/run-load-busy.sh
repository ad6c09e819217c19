#!/usr/bin/env bash
# Issue 76's busy-machine harness: builds the reference app's jar with the Maven wrapper (so that
# ./gateway never builds during a measurement), then runs benchmarks/scripts/busy-machine.py with
# the arguments given, e.g. --only hook,starts --runs 5 --busy-per-core 4. MVN sets the Maven
# command for the build and the agents part (default ./mvnw -B -q); NO_BUILD=1 skips the build.
# Report: benchmarks/target/busy/results.md (or --out). See docs/performance.md, "Busy machine".
set -euo pipefail
cd "$(dirname "$0")/.."
mvn=${MVN:-./mvnw -B -q}
if [ "${NO_BUILD:-0}" != 1 ]; then
  # shellcheck disable=SC2086 # MVN is a command line, split into words on purpose
  $mvn package -DskipTests -Dspotless.check.skip=true -Djacoco.skip=true -pl reference-app -am
fi
MVN=$mvn exec python3 benchmarks/scripts/busy-machine.py "$@"
