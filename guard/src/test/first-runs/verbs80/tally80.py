"""tally80.py BASE.tsv NEW.tsv: per case file, must-deny and bypass blocked (denied or asked) and
denied, must-allow denied and asked, before (BASE) and after (NEW); then the cases that changed
(ids only, and their category and outcomes)."""
import sys, os, collections

def load(p):
    rows = {}
    for l in open(p):
        f, i, cat, out, rule = l.rstrip('\n').split('\t')[:5]
        rows[(f, i)] = (cat, out, rule)
    return rows

base, new = load(sys.argv[1]), load(sys.argv[2])

def tally(rows):
    t = collections.defaultdict(collections.Counter)
    for (f, i), (cat, out, rule) in rows.items():
        s = os.path.basename(f)
        for key in (s, 'ALL'):
            c = t[key]
            c[cat + ' n'] += 1
            c[cat + ' ' + out] += 1
    return t

tb, tn = tally(base), tally(new)
for s in sorted(tb):
    lines = []
    for cat in ('must-deny', 'bypass', 'must-allow'):
        for label, t in (('before', tb[s]), ('after', tn[s])):
            n = t[cat + ' n']
            if not n:
                continue
            d, a = t[cat + ' deny'], t[cat + ' ask']
            if cat == 'must-allow':
                lines.append(f"  {cat:10s} {label:6s} n={n:3d} denied {d} ({100*d/n:.1f}%) asked {a} ({100*a/n:.1f}%)")
            else:
                lines.append(f"  {cat:10s} {label:6s} n={n:3d} blocked {d+a} ({100*(d+a)/n:.1f}%) denied {d} ({100*d/n:.1f}%)")
    print(s)
    print('\n'.join(lines))
print('changed:')
for k in sorted(base):
    if base[k][1:] != new.get(k, (None, None, None))[1:]:
        print(' ', os.path.basename(k[0]), k[1], base[k][0], base[k][1], '->', new[k][1], new[k][2])
