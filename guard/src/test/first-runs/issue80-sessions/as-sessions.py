# as-sessions.py CATEGORY... : every single call of issue 80's rounds in CATEGORY, each as a one-call
# sequence (a session of its own), for FlowBlindRun: what an agent's hook meets in a fresh session
import json,glob,sys
cats=set(sys.argv[1:])
for f in sorted(glob.glob('/work/main/guard/src/test/first-runs/issue80*/*-cases.jsonl')):
    for l in open(f):
        if not l.strip(): continue
        d=json.loads(l)
        if 'calls' in d or d.get('category') not in cats: continue
        c={"tool":d['tool'],"args":d['args'],"expect":"allow" if d['category']=='must-allow' else "block"}
        if d.get('cwd'): c['cwd']=d['cwd']
        print(json.dumps({"id":d['id'],"category":"control" if d['category']=='must-allow' else "harmful","calls":[c]}))
