#!/usr/bin/env bash
# Summarizes where a JFR recording's CPU samples fell: samples per thread, per component (the
# first non-JDK frame from the top of the stack: whose code the JDK was working for) and the top
# frames themselves. See docs/performance.md.
#   benchmarks/jfr-top.sh recording.jfr [how-many-frames]
set -euo pipefail
file=$1
count=${2:-25}
jfr print --stack-depth 16 --events jdk.ExecutionSample "$file" | awk '
  /sampledThread = / {
    t = $0; sub(/.*sampledThread = "/, "", t); sub(/".*/, "", t); gsub(/[0-9]+/, "N", t)
    thread = t; next
  }
  /stackTrace = \[/ { depth = 0; comp = ""; next }
  depth >= 0 && /^    [a-zA-Z_$]/ {
    frame = $1; sub(/\(.*/, "", frame)
    if (depth == 0) { leaf = frame }
    if (comp == "" && frame !~ /^(java|javax|jdk|sun)\./) comp = frame
    depth++; next
  }
  depth >= 0 && /^  \]/ {
    c = comp
    if (c ~ /^io\.github\.providergateway\./) c = "gateway (io.github.providergateway)"
    else if (c ~ /^org\.glassfish\.tyrus\./) c = "Tyrus"
    else if (c ~ /^org\.glassfish\.grizzly\./) c = "Grizzly"
    else if (c ~ /^com\.fasterxml\.jackson\./) c = "Jackson"
    else if (c == "") c = "JDK only (thread pools, locks, I/O)"
    else c = "other"
    print "thread\t" thread; print "component\t" c; print "frame\t" leaf
    total++; depth = -1
  }
  END { print "total\t" total }
' | sort | uniq -c | sort -k1,1nr | awk -v n="$count" '
  { kind = $2; $1 = $1; line[kind, ++seen[kind]] = $0; cnt[kind, seen[kind]] = $1 }
  $2 == "total" { total = $3 }
  END {
    printf "%d execution samples\n", total
    split("thread component frame", kinds, " ")
    for (k = 1; k <= 3; k++) {
      kind = kinds[k]; printf "\n-- by %s\n", kind
      for (i = 1; i <= seen[kind] && i <= n; i++) {
        text = line[kind, i]; sub(/^[0-9]+ [a-z]+ /, "", text)
        printf "%5.1f%%  %s\n", 100 * cnt[kind, i] / total, text
      }
    }
  }'
