"""book_allow.py RULES_DIR OUT.jsonl: every allow example of the rule book as a case for Explain80
(the example's preset, else the rule's first preset in force; its cwd and session). Examples with
a session's past ("before") are kept without it, marked."""
import json, sys, os
d, out = sys.argv[1], sys.argv[2]
rows = []
for fam in json.load(open(os.path.join(d, 'families.json'))):
    book = json.load(open(os.path.join(d, fam + '.json')))
    for r in book.get('rules', []):
        pres = r.get('presets', {})
        first = 'standard'
        for p in ('standard', 'strict', 'paranoid'):
            if pres.get(p, 'off') != 'off':
                first = p
                break
        for i, ex in enumerate(r.get('examples', {}).get('allow', [])):
            if isinstance(ex, str):
                ex = {'command': ex}
            tool = ex.get('tool', 'shell')
            if 'args' in ex:
                args = ex['args']
            elif tool == 'shell':
                args = {'command': ex.get('command')}
            elif 'path' in ex:
                args = {'path': ex['path']}
            else:
                args = {}
            if 'hints' in ex:
                continue  # a provider's tool: no program to read
            c = {'id': r['id'] + '#' + str(i), 'category': 'book-allow' + ('-before' if ex.get('before') else ''),
                 'tool': tool, 'args': args, 'preset': ex.get('preset', first)}
            if ex.get('cwd'):
                c['cwd'] = ex['cwd']
            if ex.get('session') is False:
                c['session'] = False
            rows.append(c)
with open(out, 'w') as f:
    for c in rows:
        f.write(json.dumps(c) + '\n')
print(len(rows), 'allow examples')
