#!/bin/bash
# alone.sh <guard classes> <out.tsv> <cases.jsonl>... : decides every case with the shapes family
# ALONE (every other book rule off in standard, a copy of the classes) and prints one line a case
# (file, id, category, outcome, rule, the shapes.* match) for tally.py. KEEP (comma-separated rule
# ids or prefixes, default the whole family) keeps only those rules on: a notion of its own
# (decision 122's: KEEP=shapes.store-client-writes,shapes.mass-acts,...).
# Needs a jar with Jackson (J, default the benchmarks' jar the blind runs use).
set -e
C=$1; OUT=$2; shift 2
J=${J:-/tmp/jars/bench-f7690cd5.jar}
HERE=$(cd "$(dirname "$0")" && pwd)
ALONE=$(mktemp -d /tmp/shapes-alone.XXXX)
cp -r "$C"/. "$ALONE"
KEEP=${KEEP:-shapes.}
ALONE="$ALONE" KEEP="$KEEP" python3 - <<'PY'
import json, os
d = os.environ['ALONE'] + '/io/github/providergateway/guard/rules/'
keep = tuple(os.environ['KEEP'].split(','))
for f in json.load(open(d + 'families.json')):
    b = json.load(open(d + f + '.json'))
    for r in b.get('rules', []):
        if 'presets' in r and not r['id'].startswith(keep):
            r['presets']['standard'] = 'off'
    json.dump(b, open(d + f + '.json', 'w'))
PY
TOOL=$(mktemp -d /tmp/shapes-tool.XXXX)
javac -cp "$ALONE:$J" -d "$TOOL" "$HERE/NotionRun.java"
java -cp "$ALONE:$J:$TOOL" NotionRun "$KEEP" "$OUT" "$@"
rm -rf "$ALONE" "$TOOL"
