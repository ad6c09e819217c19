import json, os, subprocess, shutil, sys
H="/tmp/redteam/home"; P="/tmp/redteam/project"; GW=os.environ.get("GATEWAY","/tmp/baseline/gateway")
out=sys.argv[1] if len(sys.argv)>1 else "/tmp/redteam/first-run.jsonl"
assert all(k.startswith("/tmp/redteam/") for k in [H,P])
def place(path, make):
    assert path.startswith("/tmp/redteam/"), path
    backup=None
    if os.path.lexists(path):
        backup=path+".rtbak"; os.rename(path, backup)
    created=[]
    d=os.path.dirname(path)
    # record dirs created
    parts=[]
    while not os.path.exists(d): parts.append(d); d=os.path.dirname(d)
    for x in reversed(parts): os.mkdir(x); created.append(x)
    make(path)
    return (path, backup, created)
def undo(rec):
    path,backup,created=rec
    if os.path.lexists(path):
        if os.path.isdir(path) and not os.path.islink(path): shutil.rmtree(path)
        else: os.unlink(path)
    if backup: os.rename(backup, path)
    for x in reversed(created):
        shutil.rmtree(x, ignore_errors=True)
env=dict(os.environ, HOME=H)
ONLY=set(os.environ.get("ONLY","").split()) - {""}
with open(out,"w") as fo:
    for line in open("/tmp/redteam/cases.jsonl"):
        c=json.loads(line.replace("/tmp/baseline/", GW.rsplit("/",1)[0]+"/")); recs=[]
        if ONLY and c["id"] not in ONLY: continue
        disk=c.get("disk",{})
        for p,t in disk.get("links",{}).items(): recs.append(place(p, lambda q,t=t: os.symlink(t,q)))
        for p,body in disk.get("files",{}).items(): recs.append(place(p, lambda q,b=body: open(q,"w").write(b)))
        tool=c["tool"]; gtool={"write":"edit"}.get(tool,tool)
        if tool=="shell":
            cmd=[GW,"guard","explain","--project",P,"--json",c["args"]["command"]]
        else:
            rest={k:v for k,v in c["args"].items() if k!="path"}
            cmd=[GW,"guard","explain","--project",P,"--json","--tool",gtool,"--path",c["args"]["path"]]+([json.dumps(rest)] if rest else [])
        r=subprocess.run(cmd,cwd=c["cwd"],env=env,capture_output=True,text=True,timeout=120)
        try: j=json.loads(r.stdout); dec=j.get("decision"); rule=j.get("rule"); reason=j.get("reason")
        except Exception: dec="error"; rule=None; reason=(r.stdout+r.stderr)[-300:]
        for rec in reversed(recs): undo(rec)
        blocked = dec in ("ask","deny")
        rec={"id":c["id"],"threat":c["threat"],"expect":c["expect"],"decision":dec,"rule":rule,"exit":r.returncode,
             "ok": (blocked if c["expect"]=="block" else dec=="allow"),"reason":(reason or "")[:240]}
        fo.write(json.dumps(rec)+"\n"); fo.flush()
        print(c["id"],c["threat"],dec,rule,flush=True)
