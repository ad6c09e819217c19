#!/usr/bin/env python3
"""Issue 46 (docs/performance.md, "An agent window over HTTP"): the RSS a window adds to the shared
gateway over HTTP against a `gateway mcp` JVM, and the time to its first tools/list.

Usage: mcp-http-windows.py <gateway-pid> <port> <token> <launcher> <gateway-home> [windows]
Prints JSON lines. Reads /proc only; sends MCP over HTTP to 127.0.0.1:<port>/mcp.
"""
import http.client, json, os, subprocess, sys, time

pid, port, token, launcher, home = int(sys.argv[1]), int(sys.argv[2]), sys.argv[3], sys.argv[4], sys.argv[5]
windows = int(sys.argv[6]) if len(sys.argv) > 6 else 5


def rss_kib(p):
    with open(f"/proc/{p}/status") as f:
        for line in f:
            if line.startswith("VmRSS:"):
                return int(line.split()[1])


def load():
    with open("/proc/loadavg") as f:
        return f.read().split()[:3]


def post(body, session=None):
    c = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    h = {"Authorization": "Bearer " + token, "Content-Type": "application/json",
         "Accept": "application/json, text/event-stream", "MCP-Protocol-Version": "2025-06-18"}
    if session:
        h["Mcp-Session-Id"] = session
    c.request("POST", "/mcp", json.dumps(body), h)
    r = c.getresponse()
    data = r.read().decode()
    sid = r.getheader("Mcp-Session-Id")
    c.close()
    if data.startswith("event:") or data.startswith("id:") or data.startswith("data:"):
        data = [l[5:].strip() for l in data.splitlines() if l.startswith("data:")][-1]
    return r.status, sid, (json.loads(data) if data.strip() else None)


def http_window(i):
    t0 = time.perf_counter()
    status, sid, ans = post({"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {
        "protocolVersion": "2025-06-18", "capabilities": {}, "clientInfo": {"name": f"window-{i}", "version": "1"}}})
    assert status == 200 and sid, (status, ans)
    t1 = time.perf_counter()
    post({"jsonrpc": "2.0", "method": "notifications/initialized"}, sid)
    t2 = time.perf_counter()
    status, _, tools = post({"jsonrpc": "2.0", "id": 2, "method": "tools/list"}, sid)
    t3 = time.perf_counter()
    assert status == 200, (status, tools)
    return {"window": i, "initialize_ms": round((t1 - t0) * 1000, 1),
            "tools_list_after_initialized_ms": round((t3 - t2) * 1000, 1),
            "first_tools_list_from_start_ms": round((t3 - t0) * 1000, 1),
            "tools": len(tools["result"]["tools"])}


def stdio_window():
    t0 = time.perf_counter()
    p = subprocess.Popen([launcher, "mcp", "--home", home, "--port", str(port)], stdin=subprocess.PIPE,
                         stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True, bufsize=1)

    def send(m):
        p.stdin.write(json.dumps(m) + "\n"); p.stdin.flush()

    def answer(i):
        while True:
            m = json.loads(p.stdout.readline())
            if m.get("id") == i:
                return m

    send({"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {
        "protocolVersion": "2025-06-18", "capabilities": {}, "clientInfo": {"name": "stdio-window", "version": "1"}}})
    answer(1)
    t1 = time.perf_counter()
    send({"jsonrpc": "2.0", "method": "notifications/initialized"})
    send({"jsonrpc": "2.0", "id": 2, "method": "tools/list"})
    answer(2)
    t2 = time.perf_counter()
    return p, {"initialize_ms": round((t1 - t0) * 1000, 1), "first_tools_list_from_start_ms": round((t2 - t0) * 1000, 1)}


print(json.dumps({"load": load(), "gateway_rss_mib_0_windows": round(rss_kib(pid) / 1024, 1)}))
results = [http_window(i) for i in range(windows)]
for r in results:
    print(json.dumps(r))
time.sleep(3)  # let the sessions' start settle before reading RSS
after = rss_kib(pid)
print(json.dumps({"load": load(), "gateway_rss_mib_after": round(after / 1024, 1), "windows": windows}))
procs = []
for i in range(2):
    p, r = stdio_window()
    time.sleep(3)
    # The JVM's gateway mcp with GATEWAY_MCP_JVM=1; else the bridge's first sh alone (its curl and
    # other sh are not counted here: mcp-stdio-bridges.py adds up the whole window).
    kind = "jvm" if os.environ.get("GATEWAY_MCP_JVM") else "bridge_first_process"
    r[f"gateway_mcp_{kind}_rss_mib"] = round(rss_kib(p.pid) / 1024, 1)
    r["gateway_rss_mib_with_it"] = round(rss_kib(pid) / 1024, 1)
    print(json.dumps(r))
    procs.append(p)
for p in procs:
    p.stdin.close()
    p.wait(timeout=30)
print(json.dumps({"load": load()}))
