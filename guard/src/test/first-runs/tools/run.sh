#!/bin/bash
# run.sh JAR OUTDIR CASEFILE... : each case file through BlindRun or FlowBlindRun (sequences), outputs OUTDIR/<name>.jsonl
JAR=$1; OUT=$2; shift 2; mkdir -p $OUT
CP=$JAR:$(cat /work/briefs/guard.cp):/work/briefs/bin
for f in "$@"; do
  n=$(basename $f -cases.jsonl)
  if head -1 $f | grep -q '"calls"'; then cls=FlowBlindRun; else cls=BlindRun; fi
  java -cp $CP $cls $f $OUT/$n.jsonl > $OUT/$n.txt 2>&1
done
