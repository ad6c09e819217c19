#!/usr/bin/env python3
"""A stdio agent window on a running gateway, by each candidate bridge (issue 46).

For each candidate, alternated RUNS times: start it as an agent starts its stdio MCP server, send
initialize, notifications/initialized and tools/list, and time from the start of the process to
the first tools/list answer; then, 1 s later, add up the VmRSS of the process and every process
below it (the bridge's long-lived curl and shell children included). The load average is printed
beside each run. docs/performance.md, "A stdio window through the bridge".

Usage: mcp-stdio-bridges.py HOME LAUNCHER [RUNS] [CANDIDATE...]
  HOME      the home of a running gateway (its gateway.port and mcp-bridge.token)
  LAUNCHER  the clone's ./gateway (or an installed one)
  CANDIDATE sh (gateway mcp: the shell script and curl), script (the same script run by sh
            directly, without the launcher's own start), node (benchmarks/scripts/mcp-bridge.mjs),
            jvm (GATEWAY_MCP_JVM=1 gateway mcp: the JVM); default sh, node and jvm
"""
import json
import os
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
MESSAGES = [
    {"jsonrpc": "2.0", "id": 1, "method": "initialize",
     "params": {"protocolVersion": "2025-06-18", "capabilities": {},
                "clientInfo": {"name": "bridge-bench", "version": "1"}}},
    {"jsonrpc": "2.0", "method": "notifications/initialized"},
    {"jsonrpc": "2.0", "id": 2, "method": "tools/list"},
]


def command(candidate, home, launcher):
    if candidate == "sh":
        return [launcher, "mcp", "--home", home], {}
    if candidate == "script":
        script = os.path.join(HERE, "..", "..", "reference-app", "src", "main", "sh",
                              "gateway-mcp-bridge.sh")
        return ["sh", os.path.normpath(script), "--home", home], {}
    if candidate == "node":
        return ["node", os.path.join(HERE, "mcp-bridge.mjs"), "--home", home], {}
    if candidate == "jvm":
        return [launcher, "mcp", "--home", home], {"GATEWAY_MCP_JVM": "1"}
    raise SystemExit("unknown candidate " + candidate)


def tree(pid):
    """pid and every process below it."""
    children = {}
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                with open(f"/proc/{entry}/stat") as stat:
                    fields = stat.read().rsplit(")", 1)[1].split()
                children.setdefault(int(fields[1]), []).append(int(entry))
            except OSError:
                pass
    found, todo = [], [pid]
    while todo:
        p = todo.pop()
        found.append(p)
        todo.extend(children.get(p, []))
    return found


def rss_kib(pids):
    total, names = 0, []
    for p in pids:
        try:
            with open(f"/proc/{p}/status") as status:
                fields = dict(line.split(":", 1) for line in status if ":" in line)
            total += int(fields.get("VmRSS", "0 kB").split()[0])
            names.append(fields["Name"].strip())
        except OSError:
            pass
    return total, names


def run(candidate, home, launcher):
    argv, env = command(candidate, home, launcher)
    load = os.getloadavg()[0]
    start = time.monotonic()
    process = subprocess.Popen(argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                               stderr=subprocess.DEVNULL, env={**os.environ, **env},
                               cwd=os.getcwd())
    for message in MESSAGES:
        process.stdin.write((json.dumps(message) + "\n").encode())
    process.stdin.flush()
    first_list = None
    initialized = None
    while True:
        line = process.stdout.readline()
        if not line:
            break
        answer = json.loads(line)
        if answer.get("id") == 1:
            initialized = time.monotonic() - start
        if answer.get("id") == 2:
            first_list = time.monotonic() - start
            tools = len(answer.get("result", {}).get("tools", []))
            break
    time.sleep(1)
    kib, names = rss_kib(tree(process.pid))
    process.stdin.close()
    try:
        process.wait(timeout=20)
    except subprocess.TimeoutExpired:
        process.kill()
    print(f"{candidate:6} load {load:5.2f}  initialize {initialized * 1000:7.0f} ms  "
          f"first tools/list {first_list * 1000:7.0f} ms ({tools} tools)  "
          f"RSS {kib / 1024:6.1f} MiB  {' '.join(sorted(names))}", flush=True)
    return first_list, kib


def main():
    if len(sys.argv) < 3:
        raise SystemExit(__doc__)
    home, launcher = sys.argv[1], os.path.abspath(sys.argv[2])
    runs = int(sys.argv[3]) if len(sys.argv) > 3 else 5
    candidates = sys.argv[4:] or ["sh", "node", "jvm"]
    results = {c: [] for c in candidates}
    for _ in range(runs):
        for candidate in candidates:
            results[candidate].append(run(candidate, home, launcher))
    for candidate, rows in results.items():
        times = [t * 1000 for t, _ in rows]
        sizes = [k / 1024 for _, k in rows]
        print(f"{candidate:6} first tools/list {min(times):.0f}-{max(times):.0f} ms, "
              f"RSS {min(sizes):.1f}-{max(sizes):.1f} MiB over {len(rows)} runs")


main()
