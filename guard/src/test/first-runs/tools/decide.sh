#!/bin/bash
# decide.sh [JAR]: the Decide tool (stdin: one command per line) on the guard jar JAR
set -euo pipefail
jar=${1:-/work/jars/guard-49bb4d92.jar}
java -cp "$jar:$(cat /work/briefs/guard.cp):/work/briefs/bin" Decide
