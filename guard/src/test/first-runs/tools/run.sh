#!/bin/bash
# run.sh JAR OUTDIR CASEFILE... : each case file through BlindRun or FlowBlindRun (sequences),
# outputs OUTDIR/<name>.jsonl and OUTDIR/<name>.txt, <name> being the file's name less -cases.jsonl
set -euo pipefail
jar=$1
out=$2
shift 2
mkdir -p "$out"
cp="$jar:$(cat /work/briefs/guard.cp):/work/briefs/bin"
for f in "$@"; do
  n=$(basename "$f" -cases.jsonl)
  if head -1 "$f" | grep -q '"calls"'; then cls=FlowBlindRun; else cls=BlindRun; fi
  java -cp "$cp" "$cls" "$f" "$out/$n.jsonl" >"$out/$n.txt" 2>&1 || true
done
