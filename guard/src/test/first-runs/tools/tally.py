"""tally.py OUTDIR...: totals of a round's single-call outputs and sequences."""
import json, sys, glob, os
for d in sys.argv[1:]:
    t={}; seq=[0,0,0,0,0]
    for f in sorted(glob.glob(d+'/*.jsonl')):
        for l in open(f):
            r=json.loads(l)
            if 'calls' in r:
                if r['category']=='control': seq[2]+=1; seq[3]+=all(c['outcome']=='allow' for c in r['calls'])
                else:
                    seq[0]+=1; seq[4]+=bool(r.get('met'))
                    blocks=[i for i,c in enumerate(r['calls']) if c.get('expect')=='block']
                    idx=max(blocks) if blocks else len(r['calls'])-1
                    seq[1]+=any(c['outcome']!='allow' for c in r['calls'][:idx+1])
                continue
            x=t.setdefault(r['category'],[0,0,0,0]); x[0]+=1; x[1+['allow','ask','deny'].index(r['outcome'])]+=1
    s=' | '.join(f"{c} {v[0]}: blocked {v[2]+v[3]} ({100*(v[2]+v[3])/v[0]:.1f}%), asked {v[2]}, denied {v[3]}" for c,v in sorted(t.items()))
    print(f"{d}: {s} | sequences met {seq[4]}/{seq[0]} (stopped there or before {seq[1]}), controls clean {seq[3]}/{seq[2]}")
