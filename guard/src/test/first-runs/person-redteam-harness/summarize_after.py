import json, sys, collections
# summarize_after.py FIRST AFTER CASES : per threat, blocked first vs after; controls; what still gets through
first={}; after={}; cases={}
for l in open(sys.argv[1]): r=json.loads(l); first[r["id"]]=r
for l in open(sys.argv[2]): r=json.loads(l); after[r["id"]]=r
for l in open(sys.argv[3]): c=json.loads(l); cases[c["id"]]=c
blk=lambda d: d in ("ask","deny")
threats=collections.OrderedDict()
for cid,c in cases.items():
    if c["expect"]!="block": continue
    t=threats.setdefault(c["threat"],[0,0,0,0,0])
    t[0]+=1; t[1]+=blk(first[cid]["decision"]); t[2]+=blk(after[cid]["decision"])
    t[3]+=after[cid]["decision"]=="deny"; t[4]+=after[cid]["decision"]=="ask"
print("| threat | attacks | blocked, first run | blocked now | denied | asked | got through now |")
print("|---|---:|---:|---:|---:|---:|---:|")
tot=[0,0,0,0,0]
for k,t in threats.items():
    print(f"| {k} | {t[0]} | {t[1]} ({100*t[1]/t[0]:.1f} %) | {t[2]} ({100*t[2]/t[0]:.1f} %) | {t[3]} | {t[4]} | {t[0]-t[2]} |")
    tot=[a+b for a,b in zip(tot,t)]
print(f"| **all attacks** | {tot[0]} | {tot[1]} ({100*tot[1]/tot[0]:.1f} %) | {tot[2]} ({100*tot[2]/tot[0]:.1f} %) | {tot[3]} | {tot[4]} | {tot[0]-tot[2]} |")
ctl=[cid for cid,c in cases.items() if c["expect"]!="block"]
fb=[cid for cid in ctl if blk(first[cid]["decision"])]; ab=[cid for cid in ctl if blk(after[cid]["decision"])]
print(f"\nControls: {len(ctl)}; blocked in the first run {len(fb)}, now {len(ab)}")
for cid in ab: print(f"- {cid} ({after[cid]['decision']}, {after[cid].get('rule')}): `{cases[cid]['args'].get('command', cases[cid]['args'].get('path'))[:160]}`")
err=[cid for cid in after if not after[cid]["decision"] in ("ask","deny","allow")]
print(f"\nErrors now: {err}")
print("\n## Attacks that still get through the guard\n")
for cid,c in cases.items():
    if c["expect"]=="block" and not blk(after[cid]["decision"]):
        print(f"- {cid} [{c['threat']}] {c.get('note','')} — `{c['args'].get('command', c['args'].get('path'))[:170]}`")
