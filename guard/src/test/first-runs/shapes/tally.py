"""tally.py <cases.tsv> [miss] [base.tsv]: per round, the first-run misses (must-deny/bypass the
first run allowed) the shapes notion asks about or denies, and the must-allow and ordinary cases it
touches (FP lines); with base.tsv, how many misses the whole guard still allows and the notion catches.
"""
import sys,json,glob,os,collections
tsv=sys.argv[1]; show=sys.argv[2] if len(sys.argv)>2 else ''
base={}
if len(sys.argv)>3:
    for l in open(sys.argv[3]):
        r=l.rstrip('\n').split('\t'); base[(r[0],r[1])]=r[3]
rows=[l.rstrip('\n').split('\t') for l in open(tsv)]
def rnd(p):
    if '/issue80-round7/' in p: return 'r7'
    if '/issue80-round6/' in p: return 'r6'
    if '/issue80-round5/' in p: return 'r5'
    if '/issue80-round4/' in p: return 'r4'
    if '/issue80/' in p: return 'r3'
    return 'ord'
first={}
for p in set(r[0] for r in rows):
    if p.endswith('-cases.jsonl'):
        d=os.path.dirname(p); w=os.path.basename(p)[:-len('-cases.jsonl')]
        # the first run kept with its printed tally (.txt): round 7's before decision 113, not its rerun
        runs=sorted(glob.glob(f'{d}/{w}-first-run-at-*.jsonl'))
        fr=([r for r in runs if os.path.exists(r[:-len('.jsonl')]+'.txt')] or runs)[0]
        for l in open(fr):
            j=json.loads(l); first[(p,j['id'])]=j['outcome']
T=collections.defaultdict(lambda: collections.Counter())
for p,id,cat,out,rule,mine in rows:
    R=rnd(p)
    hit = 'none' if mine=='-' else ('deny' if ' deny' in mine[:80] else 'ask')
    if cat in ('must-deny','bypass'):
        if first.get((p,id))=='allow':
            t=T[R+' first-miss']; t['n']+=1; t[hit]+=1
            if base.get((p,id),out)=='allow':
                t['still-allowed-now']+=1
                if hit!='none': t['notion-on-still-allowed']+=1
            if show=='miss' and hit=='none' and R not in os.environ.get('HIDE','r7').split(','): print('MISS',id,out)
    elif cat in ('must-allow','ordinary','ordinary-flow') or R=='ord':
        t=T[R+' allow']; t['n']+=1; t[hit]+=1
        if hit!='none':
            print('FP',R,id,cat,out,mine[:200])
for k,t in sorted(T.items()):
    n=t['n']; c=t['ask']+t['deny']
    print(f"{k:16s} n={n:4d} notion caught {c:4d} ({100*c/n:5.1f}%) ask {t['ask']} deny {t['deny']}" + (f"  still-allowed-now {t['still-allowed-now']} notion-on-those {t['notion-on-still-allowed']}" if 'miss' in k else ''))
