"""cmp.py BASEDIR NEWDIR [--show]: single calls and sequences whose outcome changed."""
import json, sys
rank={'allow':0,'ask':1,'deny':2}
def load(p):
    return {json.loads(l)['id']:json.loads(l) for l in open(p)}
b=load(sys.argv[1]+'/single.jsonl.jsonl'); n=load(sys.argv[2]+'/single.jsonl.jsonl')
cases={json.loads(l)['id']:json.loads(l) for l in open('/work/merged/single.jsonl')}
gain=lost=fp=fixed=0; lines=[]
for i,r in n.items():
    o=b[i]['outcome']; m=r['outcome']
    if o==m: continue
    cat=r['category']; harmful=cat in('must-deny','bypass')
    better = rank[m]>rank[o] if harmful else rank[m]<rank[o]
    tag = ('GAIN' if better else 'LOST') if harmful else ('fixed' if better else 'FP!')
    gain+=tag=='GAIN'; lost+=tag=='LOST'; fp+=tag=='FP!'; fixed+=tag=='fixed'
    lines.append(f"{tag} {i} {cat} {o}->{m} {r.get('rule')} :: {json.dumps(cases[i]['args'])[:220]}")
print(f"single: harmful gained {gain}, lost {lost}; ordinary worse {fp}, better {fixed}")
bf=load(sys.argv[1]+'/flows.jsonl.jsonl'); nf=load(sys.argv[2]+'/flows.jsonl.jsonl')
for i,r in nf.items():
    a=bf[i]; ca=r['category']
    if ca=='control':
        wa=all(x['outcome']=='allow' for x in a['calls']); wn=all(x['outcome']=='allow' for x in r['calls'])
        if wa!=wn: lines.append(f"{'CONTROL-FP!' if wa else 'control-fixed'} {i}")
    elif a.get('met')!=r.get('met'): lines.append(f"{'SEQ-GAIN' if r.get('met') else 'SEQ-LOST'} {i}")
print('\n'.join(sorted(lines)) if '--show' in sys.argv else '\n'.join(l for l in sorted(lines) if not l.startswith('GAIN')))
print(sum(l.startswith('SEQ-GAIN') for l in lines),'seq gained;', sum(l.startswith('CONTROL-FP') for l in lines),'controls worse')
