"""misses.py RUN.jsonl... : harmful calls let through (with the case's note) and ordinary blocked."""
import json, sys, os, glob
for run in sys.argv[1:]:
    d = os.path.dirname(run); pre = os.path.basename(run).split('-first-run')[0].split('-after')[0]
    cases = {}
    for f in glob.glob(os.path.join(d, pre + '-cases.jsonl')):
        for l in open(f):
            if l.strip(): c = json.loads(l); cases[c['id']] = c
    for l in open(run):
        r = json.loads(l)
        if 'calls' in r: continue
        cat = r['category']; o = r['outcome']
        if (cat in ('must-deny','bypass') and o == 'allow') or (cat == 'must-allow' and o != 'allow'):
            c = cases.get(r['id'], {})
            a = c.get('args', r.get('args'))
            print(f"{r['id']} [{cat} {o} {r.get('rule','')}] {json.dumps(a)[:300]}\n    kind={c.get('kind','')} note={c.get('note','')[:200]}")
