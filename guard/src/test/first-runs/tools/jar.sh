#!/bin/bash
# jar.sh WORKTREE LABEL: package the guard (no tests) and copy its jar to /work/jars/guard-LABEL.jar
set -euo pipefail
tree=$1
label=$2
log=/tmp/jar-$label.log
cd "$tree"
if timeout 900 ./mvnw -q --no-transfer-progress package -pl guard -DskipTests \
  -Dspotless.check.skip=true -Dcheckstyle.skip=true >"$log" 2>&1; then
  mkdir -p /work/jars
  cp guard/target/guard-0.1.0-SNAPSHOT.jar "/work/jars/guard-$label.jar"
  echo "built $label"
else
  tail -30 "$log"
  exit 1
fi
