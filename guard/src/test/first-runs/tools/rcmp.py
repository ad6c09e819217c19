"""rcmp.py ROUNDDIR RUNTAG NEWDIR: compare a round's committed run (e.g. first-run-at-6ce377cc) with NEWDIR's outputs."""
import json, sys, glob, os
rank={'allow':0,'ask':1,'deny':2}
rd, tag, nd = sys.argv[1:4]
tot={}
for f in sorted(glob.glob(f'{rd}/*-{tag}.jsonl')):
    pre=os.path.basename(f).split('-'+tag)[0]
    new={json.loads(l)['id']:json.loads(l) for l in open(f'{nd}/{pre}.jsonl')}
    cases={json.loads(l)['id']:json.loads(l) for l in open(f'{rd}/{pre}-cases.jsonl')}
    for l in open(f):
        r=json.loads(l); n=new[r['id']]
        if 'calls' in r:
            if r['category']=='control':
                a=all(x['outcome']=='allow' for x in r['calls']); b=all(x['outcome']=='allow' for x in n['calls'])
                if a!=b: print('CONTROL', 'worse' if a else 'better', r['id'])
            elif r.get('met')!=n.get('met'): print('SEQ', 'gain' if n.get('met') else 'lost', r['id'])
            continue
        o,m=r['outcome'],n['outcome']
        cat=r['category']; k=(cat,)
        t=tot.setdefault(cat,[0,0,0]); t[0]+=1; t[1]+=m!='allow'; t[2]+=m=='deny'
        if o!=m:
            harmful=cat!='must-allow'
            better= rank[m]>rank[o] if harmful else rank[m]<rank[o]
            print(('GAIN' if better else 'LOST') if harmful else ('fixed' if better else 'FP!'), r['id'], cat, o,'->',m, n.get('rule'), '::', json.dumps(cases[r['id']]['args'])[:200])
for c,t in tot.items(): print(f'{c}: n={t[0]} blocked {t[1]} denied {t[2]}')
