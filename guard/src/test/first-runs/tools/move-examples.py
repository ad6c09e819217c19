import json,glob,collections,re,sys
EXCL=set(sys.argv[1].split(','))
allex=[l.rstrip('\n') for l in open('/work/exp/allex-lines.txt')]
tsv=[l.rstrip('\n').split('\t') for l in open('/work/exp/allex.tsv')]
dec=[l.rstrip('\n') for l in open('/work/exp/allex-dec.txt')]
want=collections.defaultdict(list)
for (rid,kind),line,dd in zip(tsv,allex,dec):
    if kind=='ASK' and dd.split(' ')[0]=='DENY' and rid not in EXCL:
        want[rid].append(line)
def find_item(arrtext, line):
    """start,end of the item in the array text that renders to line"""
    # parse the items by scanning JSON values
    dec=json.JSONDecoder(); i=arrtext.index('[')+1; items=[]
    while True:
        while arrtext[i] in ' \n,': i+=1
        if arrtext[i]==']': break
        v,j=dec.raw_decode(arrtext,i); items.append((i,j,v)); i=j
    for (a,b,v) in items:
        s=v if isinstance(v,str) else json.dumps({'tool':v.get('tool'),'args':v.get('args')},ensure_ascii=False)
        if isinstance(v,str) and ('\n' in s or s.startswith('{')): s=json.dumps({'tool':'shell','args':{'command':s}},ensure_ascii=False)
        if s==line: return a,b,items
    return None
for f in sorted(glob.glob('/work/main/guard/src/main/resources/io/github/providergateway/guard/rules/*.json')):
    text=open(f).read(); orig=text
    for rid,lines in want.items():
        m=re.search(r'\n    \{\n      "id": "'+re.escape(rid)+r'",\n.*?\n    \}(?=,?\n)',text,re.S)
        if not m: continue
        blk=m.group(0)
        moved=[]
        for line in lines:
            ai=blk.index('"ask": [')
            # end of ask array
            v,endj=json.JSONDecoder().raw_decode(blk, ai+len('"ask": '))
            arr=blk[ai+len('"ask": '):endj]
            r=find_item(arr,line)
            if r is None: print('NOT FOUND',rid,line[:90]); continue
            a,b,items=r
            item=arr[a:b]
            # remove item with its separator
            before=arr[:a].rstrip(' \n'); after=arr[b:]
            if after.lstrip(' \n').startswith(','):
                after=after.lstrip(' \n')[1:]
                newarr=before+after
            else:
                newarr=before.rstrip(',')+after if before.endswith(',') else before+after
            blk=blk[:ai+len('"ask": ')]+newarr+blk[endj:]
            moved.append(item)
        if not moved: continue
        items=',\n'.join('          '+j for j in moved)
        dm=re.search(r'"deny": \[\s*\]',blk)
        if dm: blk=blk[:dm.start()]+'"deny": [\n'+items+'\n        ]'+blk[dm.end():]
        elif '"deny": [\n' in blk:
            k=blk.index('"deny": [\n')+len('"deny": [\n'); blk=blk[:k]+items+',\n'+blk[k:]
        else:
            k=blk.index('"examples": {\n')+len('"examples": {\n'); blk=blk[:k]+'        "deny": [\n'+items+'\n        ],\n'+blk[k:]
        text=text[:m.start()]+blk+text[m.end():]
        print(rid,len(moved))
    if text!=orig:
        json.loads(text); open(f,'w').write(text)
