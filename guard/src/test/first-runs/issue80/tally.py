import json,sys,collections
# usage: tally.py runs.jsonl [ids-file...]: tally by category over ids in the given case files
run={}
for l in open(sys.argv[1]):
    j=json.loads(l); run[j['id']]=j
ids=[]
for f in sys.argv[2:]:
    for l in open(f):
        if l.strip(): ids.append(json.loads(l)['id'])
t=collections.defaultdict(collections.Counter)
for i in ids:
    r=run[i]; t[r['category']][r['outcome']]+=1
for c in ['must-deny','bypass','must-allow']:
    n=sum(t[c].values())
    if n==0: continue
    d,a,al=t[c]['deny'],t[c]['ask'],t[c]['allow']
    print(f"{c:11s} n={n:3d}  denied {100*d/n:5.1f}%  asked {100*a/n:5.1f}%  blocked {100*(d+a)/n:5.1f}%  allowed {100*al/n:5.1f}%")
