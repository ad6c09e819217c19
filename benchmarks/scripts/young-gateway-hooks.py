#!/usr/bin/env python3
"""Issue 46, "fast from the first call" (docs/performance.md): the shared gateway's CPU per HTTP hook
call and the calls' p50 over the first N calls after its start (1,000 by default), and its idle RSS,
on a given Java runtime, with or without the class-data cache its launcher keeps (JDK 17-24: a
class-data archive; 25 and later: an ahead-of-time cache with method profiles, JEP 483/514/515).

Usage:
  benchmarks/scripts/young-gateway-hooks.py [--java JAVA] [--jar JAR] [--cache none|start|train]
                                            [--calls N] [--idle SECONDS] [--runs R]
                                            [--options FILE] [--jvm-option OPT]... [--env NAME=VALUE]...
                                            [--threads] [--jfr FILE]

  --java   the java binary (default: the one on the PATH); its release file gives its version
  --jar    the reference app's uber jar (default: reference-app/target/provider-gateway.jar)
  --cache  train: make the cache first as the launchers do (a training run, --class-data-training,
           on that jar and runtime) and start with it; start: make it as the launchers did before
           the training made hook calls (a start and stop of --rpc); none: start without
           (default: train)
  --options     the JVM options file (default: the app's jvm.options of this tree); give an older
                one (`git show REV:reference-app/src/main/resources/.../jvm.options > old.options`)
                to measure today's launcher beside a changed one
  --jvm-option  an option added after the file's, for the training run and the gateway (repeat it);
                e.g. -XX:TieredStopAtLevel=1 to try one
  --env         an environment variable for the training run and the gateway (repeat it); e.g.
                MALLOC_ARENA_MAX=2, as a launcher would set it
  --threads     add the CPU over the calls of each of the gateway's threads, by kind (the JIT's
                compiler threads, the garbage collector's, the gateway's own by name, the JVM's
                other threads, and threads that ended during the calls), the number of live
                threads when idle, and with -XX:NativeMemoryTracking=summary among the options the
                idle gateway's NMT summary (committed KB by category, through jcmd beside java)
  --jfr         record the calls with Java Flight Recorder (method sampling every 10 ms) into FILE

Run it once for each launcher to compare, e.g. JDK 17 with and without its archive and JDK 25 with
and without its cache, alternated, on a quiet machine; --cache start is the training of the
launchers before issue 46 (a start and stop), on the same jar. Prints one JSON line per run.

Each run: a fresh home; the gateway in --rpc mode (its stdin kept open, the JVM options of the
app's jvm.options) started with the cache's option; a hook token from `hook --print-config claude`
run as a person runs it; one session (session.start on the gateway's stdin, label claude) whose
folder the calls are made in; then N calls of Claude Code's PreToolUse (Bash and Edit, some the
built-in guard denies), one at a time, each on a new loopback connection as Claude Code makes them.
CPU is the gateway process's (utime + stime in /proc/PID/stat) over the N calls; the client's own
is not in it. RSS is VmRSS after the start (the session opened, no call yet) and after the calls
and IDLE seconds of quiet.
"""
import argparse, http.client, json, os, re, shutil, statistics, subprocess, sys, tempfile, time

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.realpath(__file__))))
MAIN = "io.github.providergateway.app.Main"
HZ = os.sysconf("SC_CLK_TCK")
COMMANDS = ["ls -la", "git status", "git diff --stat", "cat ~/.ssh/id_rsa", "npm test",
            "git push --force", "rm -rf build", "grep -rn TODO src"]


def feature(java):
    home = os.path.dirname(os.path.dirname(os.path.realpath(java)))
    try:
        with open(os.path.join(home, "release")) as f:
            m = re.search(r'^JAVA_VERSION="(\d+)', f.read(), re.M)
            return int(m.group(1)) if m else 17
    except OSError:
        return 17


def jvm_options(path=None):
    path = path or os.path.join(ROOT, "reference-app/src/main/resources/io/github/providergateway/app/jvm.options")
    with open(path) as f:
        return [l.strip() for l in f if l.strip() and not l.startswith("#")]


def cpu_ticks(pid):
    with open(f"/proc/{pid}/stat") as f:
        fields = f.read().rsplit(")", 1)[1].split()
    return int(fields[11]) + int(fields[12])  # utime, stime


def rss_mib(pid):
    with open(f"/proc/{pid}/status") as f:
        for line in f:
            if line.startswith("VmRSS:"):
                return round(int(line.split()[1]) / 1024, 1)


def thread_ticks(pid):
    """{tid: (name, utime + stime)} of each live thread of pid."""
    threads = {}
    for tid in os.listdir(f"/proc/{pid}/task"):
        try:
            with open(f"/proc/{pid}/task/{tid}/stat") as f:
                stat = f.read()
        except OSError:
            continue  # ended meanwhile
        name = stat[stat.index("(") + 1:stat.rindex(")")]
        fields = stat.rsplit(")", 1)[1].split()
        threads[tid] = (name, int(fields[11]) + int(fields[12]))
    return threads


def thread_kind(name):
    if name.startswith(("C1 Compiler", "C2 Compiler", "C1 CompilerThre", "C2 CompilerThre")):
        return "jit"
    if name.startswith(("GC Thread", "VM Thread", "G1 ", "VM Periodic", "Service Thread")):
        return "gc+vm"
    if name.startswith(("gateway", "grizzly", "Grizzly", "hook", "loop")):
        return "gateway:" + re.sub(r"[-#]?\d+$", "", name)
    return "other:" + re.sub(r"[-#]?\d+$", "", name)


def thread_split(before, after, total_ticks):
    """CPU ms over the calls by thread kind, and what threads that ended during them spent."""
    split = {}
    for tid, (name, ticks) in after.items():
        spent = ticks - before.get(tid, (name, 0))[1]
        if spent:
            kind = thread_kind(name)
            split[kind] = split.get(kind, 0) + spent
    split["ended threads"] = total_ticks - sum(split.values())
    return {k: round(v / HZ * 1000) for k, v in sorted(split.items(), key=lambda kv: -kv[1]) if v}


def nmt(java, pid):
    jcmd = os.path.join(os.path.dirname(os.path.realpath(java)), "jcmd")
    out = subprocess.run([jcmd, str(pid), "VM.native_memory", "summary"], capture_output=True,
                         text=True, timeout=60).stdout
    return {m.group(1).strip(): int(m.group(2)) for m in
            re.finditer(r"^-\s+(.+?) \(reserved=\d+KB, committed=(\d+)KB", out, re.M)}


def load():
    with open("/proc/loadavg") as f:
        return f.read().split()[:3]


def train(java, jar, options, work, kind, exercise, env):
    cache = os.path.join(work, "app." + kind)
    make = ("-XX:AOTCacheOutput=" if kind == "aot" else "-XX:ArchiveClassesAtExit=") + cache
    home = tempfile.mkdtemp(dir=work)
    t0 = time.monotonic()
    subprocess.run([java, *options, make, "-cp", jar, MAIN, "--rpc", "--port", "0", "--home", home,
                    *(["--class-data-training"] if exercise else [])], stdin=subprocess.DEVNULL,
                   stdout=subprocess.DEVNULL,
                   stderr=subprocess.DEVNULL, timeout=600, env=env)
    took = round(time.monotonic() - t0, 1)
    if not os.path.isfile(cache) or os.path.getsize(cache) == 0:
        sys.exit(f"the training run made no {cache}")
    return ("-XX:AOTCache=" if kind == "aot" else "-XX:SharedArchiveFile=") + cache, took


def protocol_line(gateway):
    """The gateway's next JSON line on stdout; lines the JVM itself prints there (Flight Recorder's
    "Started recording") are passed over."""
    while True:
        line = gateway.stdout.readline()
        if not line:
            sys.exit("the gateway closed its stdout")
        if line.startswith("{"):
            return json.loads(line)


def claude_call(cwd, i):
    if i % 4 == 3:
        tool, tool_input = "Edit", {"file_path": cwd + "/src/App.java", "old_string": "a", "new_string": "b"}
    else:
        tool, tool_input = "Bash", {"command": COMMANDS[i % len(COMMANDS)]}
    return json.dumps({"session_id": "bench", "transcript_path": "/tmp/bench.jsonl", "cwd": cwd,
                       "permission_mode": "default", "hook_event_name": "PreToolUse", "tool_name": tool,
                       "tool_input": tool_input, "tool_use_id": f"toolu_{i}"})


def hook(port, token, body):
    c = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
    t0 = time.perf_counter()
    c.request("POST", "/hooks/claude", body,
              {"Authorization": "Bearer " + token, "Content-Type": "application/json"})
    r = c.getresponse()
    data = r.read()
    took = time.perf_counter() - t0
    c.close()
    if r.status != 200:
        sys.exit(f"hook answered {r.status}: {data[:200]!r}")
    return took, json.loads(data).get("hookSpecificOutput", {}).get("permissionDecision")


def run(args, options, kind):
    work = tempfile.mkdtemp(prefix="young-gateway-")
    env = dict(os.environ, **dict(e.split("=", 1) for e in args.env))
    use, trained = [], None
    if args.cache != "none":
        option, trained = train(args.java, args.jar, options, work, kind, args.cache == "train", env)
        use = [option]
    if args.jfr:
        use.append("-XX:StartFlightRecording=filename=" + os.path.abspath(args.jfr) +
                   ",settings=profile,dumponexit=true")
    home = os.path.join(work, "home")
    project = os.path.join(work, "project")
    os.makedirs(project)
    t0 = time.monotonic()
    gateway = subprocess.Popen([args.java, *options, *use, "-cp", args.jar, MAIN, "--rpc", "--port", "0",
                                "--home", home], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                               stderr=open(os.path.join(work, "gateway.err"), "w"), text=True, bufsize=1,
                               env=env)
    try:
        started = protocol_line(gateway)
        listening = round(time.monotonic() - t0, 2)
        port = started["port"]
        printed = subprocess.run([args.java, *options, "-cp", args.jar, MAIN, "hook", "--print-config",
                                  "claude", "--home", home], capture_output=True, text=True, timeout=120)
        token = re.search(r"PROVIDER_GATEWAY_HOOK_TOKEN=(hook-[A-Za-z0-9_-]+)", printed.stdout + printed.stderr)
        if not token:
            sys.exit("no hook token in: " + printed.stdout + printed.stderr)
        token = token.group(1)
        gateway.stdin.write(json.dumps({"cmd": "session.start", "id": "1", "label": "claude",
                                        "cwd": project}) + "\n")
        gateway.stdin.flush()
        while True:
            line = protocol_line(gateway)
            if line.get("replyTo") == "1" or line.get("id") == "1":
                break
        rss_start = rss_mib(gateway.pid)
        before = cpu_ticks(gateway.pid)
        threads_before = thread_ticks(gateway.pid) if args.threads else None
        latencies, decisions = [], {}
        for i in range(args.calls):
            took, decision = hook(port, token, claude_call(project, i))
            latencies.append(took * 1000)
            decision = decision or "none (allowed)"
            decisions[decision] = decisions.get(decision, 0) + 1
        ticks = cpu_ticks(gateway.pid) - before
        extra = {}
        if args.threads:
            extra["cpu_ms_by_thread"] = thread_split(threads_before, thread_ticks(gateway.pid), ticks)
        time.sleep(args.idle)  # quiet, so that the RSS is the idle gateway's
        if args.threads:
            extra["idle_threads"] = len(os.listdir(f"/proc/{gateway.pid}/task"))
            if any(o.startswith("-XX:NativeMemoryTracking=") for o in options):
                extra["nmt_committed_kb"] = nmt(args.java, gateway.pid)
        q = statistics.quantiles(latencies, n=100)
        return {"java": kind_name(args.java), "cache": args.cache + ("/" + kind if use else ""),
                "training_s": trained, "listening_s": listening, "calls": args.calls,
                "cpu_ms_per_call": round(ticks / HZ * 1000 / args.calls, 3),
                "p50_ms": round(statistics.median(latencies), 3), "p90_ms": round(q[89], 3),
                "p99_ms": round(q[98], 3), "first_call_ms": round(latencies[0], 1),
                "decisions": decisions, "rss_after_start_mib": rss_start,
                "rss_idle_after_calls_mib": rss_mib(gateway.pid), "load": load(),
                "options": args.jvm_option + args.env + ([args.options] if args.options else []), **extra}
    finally:
        gateway.stdin.close()
        try:
            gateway.wait(timeout=60)
        except subprocess.TimeoutExpired:
            gateway.kill()
        shutil.rmtree(work, ignore_errors=True)


def kind_name(java):
    out = subprocess.run([java, "-version"], capture_output=True, text=True).stderr.splitlines()
    return out[0] if out else java


def main():
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--java", default=subprocess.run(["sh", "-c", "command -v java"], capture_output=True,
                                                    text=True).stdout.strip())
    p.add_argument("--jar", default=os.path.join(ROOT, "reference-app/target/provider-gateway.jar"))
    p.add_argument("--cache", choices=["none", "start", "train"], default="train")
    p.add_argument("--calls", type=int, default=1000)
    p.add_argument("--idle", type=float, default=10)
    p.add_argument("--runs", type=int, default=1)
    p.add_argument("--options", help="the JVM options file (default: the app's jvm.options)")
    p.add_argument("--jvm-option", action="append", default=[], help="an option added to the file's")
    p.add_argument("--env", action="append", default=[], help="NAME=VALUE for the gateway's environment")
    p.add_argument("--threads", action="store_true", help="CPU by thread kind, idle threads, NMT")
    p.add_argument("--jfr", help="record the calls with Flight Recorder into this file")
    args = p.parse_args()
    if not os.path.isfile(args.jar):
        sys.exit(f"no {args.jar}: ./mvnw -o -q package -pl reference-app -am -DskipTests first")
    kind = "aot" if feature(args.java) >= 25 else "jsa"
    options = jvm_options(args.options) + args.jvm_option
    for _ in range(args.runs):
        print(json.dumps(run(args, options, kind)), flush=True)


if __name__ == "__main__":
    main()
