import json, glob, os
root='/work/main/guard/src/test/first-runs'
single=open('/work/merged/single.jsonl','w'); flows=open('/work/merged/flows.jsonl','w')
ns=nf=0; seen=set()
for f in [g for g in sorted(glob.glob(root+'/issue80*/*cases*.jsonl')) if 'round54' not in g and 'round76' not in g]+sorted(glob.glob(root+'/issue80*/*sidecheck.jsonl'))+[root+'/issue80-redteam/rt80-flows.jsonl']:
    for l in open(f):
        if not l.strip(): continue
        c=json.loads(l)
        if c['id'] in seen: c['id']=os.path.basename(os.path.dirname(f))+':'+c['id']; l=json.dumps(c)
        if c['id'] in seen: continue
        seen.add(c['id'])
        if 'calls' in c: flows.write(l.rstrip('\n')+'\n'); nf+=1
        else: single.write(l.rstrip('\n')+'\n'); ns+=1
print(ns, nf)
