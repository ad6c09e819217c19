import json,glob,sys
out=open('/work/exp/allex.tsv','w'); lines=open('/work/exp/allex-lines.txt','w')
for f in sorted(glob.glob('/work/main/guard/src/main/resources/io/github/providergateway/guard/rules/*.json')):
    d=json.load(open(f))
    if not isinstance(d,dict) or 'rules' not in d: continue
    for r in d['rules']:
        for kind,arr in (r.get('examples') or {}).items():
            for e in arr:
                if isinstance(e,dict) and ('before' in e or 'preset' in e): continue
                if isinstance(e,dict) and ('tool' not in e or 'args' not in e): continue
                s=e if isinstance(e,str) else json.dumps({'tool':e['tool'],'args':e['args']},ensure_ascii=False)
                if '\n' in s or (isinstance(e,str) and s.startswith('{')): s=json.dumps({'tool':'shell','args':{'command':s}},ensure_ascii=False)
                out.write(r['id']+'\t'+kind.upper()+'\n'); lines.write(s+'\n')
