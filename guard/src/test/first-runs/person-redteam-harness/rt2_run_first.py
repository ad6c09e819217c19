#!/usr/bin/env python3
# Runs each case of cases.jsonl once against /tmp/snap1's guard (gateway guard explain).
# Usage: run_cases.py [ID ...]   (with IDs: only those cases, appended to first-run.jsonl)
import json, os, shutil, subprocess, sys, time

ROOT = "/tmp/redteam2"
HOME = ROOT + "/home"
PROJECT = ROOT + "/project"
GW = "/tmp/snap1/gateway"
BAK = ROOT + "/.bak"
RAW = ROOT + "/raw"
os.makedirs(RAW, exist_ok=True)


def topmost_missing(path):
    """The highest ancestor dir of path (inclusive of its parent chain) that does not exist."""
    missing = None
    d = os.path.dirname(path)
    while d and d != "/" and not os.path.lexists(d):
        missing = d
        d = os.path.dirname(d)
    return missing


def apply_disk(disk, undo):
    items = []
    for p, t in (disk.get("links") or {}).items():
        items.append((p, "link", t))
    for p, t in (disk.get("files") or {}).items():
        items.append((p, "file", t))
    for p, kind, val in items:
        assert p.startswith(ROOT + "/"), p
        top = topmost_missing(p)
        if top:
            undo.append(("rmtree", top))
        if os.path.lexists(p):
            b = os.path.join(BAK, str(len(undo)) + "-" + os.path.basename(p))
            os.makedirs(BAK, exist_ok=True)
            shutil.move(p, b)
            undo.append(("restore", p, b))
        else:
            undo.append(("remove", p))
        os.makedirs(os.path.dirname(p), exist_ok=True)
        if kind == "link":
            os.symlink(val, p)
        else:
            with open(p, "w") as f:
                f.write(val)
            if p.endswith(".sh") or "/hooks/" in p:
                os.chmod(p, 0o755)


def run_undo(undo):
    for u in reversed(undo):
        if u[0] == "remove":
            p = u[1]
            if os.path.islink(p) or os.path.isfile(p):
                os.unlink(p)
            elif os.path.isdir(p):
                shutil.rmtree(p)
        elif u[0] == "restore":
            p, b = u[1], u[2]
            if os.path.islink(p) or os.path.isfile(p):
                os.unlink(p)
            elif os.path.isdir(p):
                shutil.rmtree(p)
            shutil.move(b, p)
        elif u[0] == "rmtree":
            if os.path.lexists(u[1]):
                shutil.rmtree(u[1])


def argv_for(c):
    base = [GW, "guard", "explain", "--project", PROJECT, "--json"]
    a = c["args"]
    if c["tool"] == "shell":
        return base + [a["command"]]
    if c["tool"] == "read":
        return base + ["--tool", "read", "--path", a["path"], json.dumps({"path": a["path"]})]
    # edit and write are both the gateway's tool "edit"
    return base + ["--tool", "edit", "--path", a["path"], json.dumps(a)]


def find_rule(out):
    try:
        j = json.loads(out)
    except Exception:
        return None, None
    dec = rule = None
    if isinstance(j, dict):
        d = j.get("decision")
        if isinstance(d, dict):
            dec = d.get("decision") or d.get("kind") or d.get("verdict")
            rule = d.get("rule") or d.get("ruleId")
        elif isinstance(d, str):
            dec = d
        rule = rule or j.get("rule") or j.get("ruleId")
        if rule is None and isinstance(j.get("verdict"), dict):
            rule = j["verdict"].get("rule")
    return dec, rule


def main():
    cases = [json.loads(l) for l in open(ROOT + "/cases.jsonl")]
    only = set(sys.argv[1:])
    out_path = ROOT + "/first-run.jsonl"
    mode = "a" if only else "w"
    done = set()
    if os.path.exists(out_path) and not only:
        raise SystemExit("first-run.jsonl exists: every case runs exactly once")
    codes = {0: "allow", 3: "ask", 4: "deny"}
    with open(out_path, mode) as out:
        for c in cases:
            if only and c["id"] not in only:
                continue
            undo = []
            try:
                apply_disk(c.get("disk") or {}, undo)
                cwd = c["cwd"]
                if not os.path.isdir(cwd):
                    top = topmost_missing(cwd + "/x")
                    os.makedirs(cwd)
                    undo.append(("rmtree", top))
                env = dict(os.environ)
                env["HOME"] = HOME
                t0 = time.time()
                r = subprocess.run(argv_for(c), cwd=cwd, env=env, capture_output=True, text=True, timeout=120)
                dt = time.time() - t0
                with open(os.path.join(RAW, c["id"] + ".json"), "w") as f:
                    f.write(r.stdout)
                if r.stderr.strip():
                    with open(os.path.join(RAW, c["id"] + ".stderr"), "w") as f:
                        f.write(r.stderr)
                dec_json, rule = find_rule(r.stdout)
                decision = codes.get(r.returncode, "error-%d" % r.returncode)
                rec = {"id": c["id"], "decision": decision, "rule": rule, "exit": r.returncode,
                       "json_decision": dec_json, "threat": c["threat"], "expect": c["expect"],
                       "secs": round(dt, 2)}
                out.write(json.dumps(rec) + "\n")
                out.flush()
                print(c["id"], decision, rule, flush=True)
            finally:
                run_undo(undo)


main()
