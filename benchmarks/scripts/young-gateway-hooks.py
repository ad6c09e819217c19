#!/usr/bin/env python3
"""Issue 46, "fast from the first call" (docs/performance.md): the shared gateway's CPU per HTTP hook
call and the calls' p50 over the first N calls after its start (1,000 by default), and its idle RSS,
on a given Java runtime, with or without the class-data cache its launcher keeps (JDK 17-24: a
class-data archive; 25 and later: an ahead-of-time cache with method profiles, JEP 483/514/515).

Usage:
  benchmarks/scripts/young-gateway-hooks.py [--java JAVA] [--jar JAR] [--cache none|start|train]
                                            [--calls N] [--idle SECONDS] [--runs R]
                                            [--options FILE] [--jvm-option OPT]... [--env NAME=VALUE]...
                                            [--threads] [--jfr FILE] [--warm N]

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
  --jfr         record the calls (not the start) with Java Flight Recorder into FILE: its profile
                settings, methods sampled every 2 ms (started and stopped through jcmd; the CPU
                figure then includes the recorder's)
  --warm        make N calls after the start and before the measured ones (default 0): with
                --warm 12000 the figures are a warm gateway's, the floor a young one comes down to

--variant NAME=ARGS (repeat it) puts several gateways side by side in each run: all started, then
each call made to each of them in turn, so that what the machine does meanwhile falls on all alike;
e.g. --variant "before=--jar old.jar --options old.options" --variant "after=--jar new.jar".
Without it, run it once for each launcher to compare, e.g. JDK 17 with and without its archive and JDK 25 with
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
import argparse, http.client, json, os, re, shlex, shutil, statistics, subprocess, sys, tempfile, time

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


def jcmd(java, pid, *command):
    """What the jcmd beside java prints for command on the JVM pid."""
    tool = os.path.join(os.path.dirname(os.path.realpath(java)), "jcmd")
    return subprocess.run([tool, str(pid), *command], capture_output=True, text=True, timeout=120).stdout


def nmt(java, pid):
    out = jcmd(java, pid, "VM.native_memory", "summary")
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


class Young:
    """One gateway of a run: started (after its cache's training), then called, then read."""

    def __init__(self, args, name):
        self.args, self.name = args, name
        self.kind = "aot" if feature(args.java) >= 25 else "jsa"
        self.options = jvm_options(args.options) + args.jvm_option
        self.env = dict(os.environ, **dict(e.split("=", 1) for e in args.env))
        self.work = tempfile.mkdtemp(prefix="young-gateway-")
        self.gateway = None

    def start(self):
        args, work = self.args, self.work
        use, self.trained = [], None
        if args.cache != "none":
            option, self.trained = train(args.java, args.jar, self.options, work, self.kind,
                                         args.cache == "train", self.env)
            use = [option]
        self.cached = bool(use)
        home = os.path.join(work, "home")
        self.project = os.path.join(work, "project")
        os.makedirs(self.project)
        t0 = time.monotonic()
        self.gateway = subprocess.Popen(
            [args.java, *self.options, *use, "-cp", args.jar, MAIN, "--rpc", "--port", "0", "--home", home],
            stdin=subprocess.PIPE, stdout=subprocess.PIPE,
            stderr=open(os.path.join(work, "gateway.err"), "w"), text=True, bufsize=1, env=self.env)
        started = protocol_line(self.gateway)
        self.listening = round(time.monotonic() - t0, 2)
        self.port = started["port"]
        printed = subprocess.run([args.java, *self.options, "-cp", args.jar, MAIN, "hook", "--print-config",
                                  "claude", "--home", home], capture_output=True, text=True, timeout=300)
        token = re.search(r"PROVIDER_GATEWAY_HOOK_TOKEN=(hook-[A-Za-z0-9_-]+)", printed.stdout + printed.stderr)
        if not token:
            sys.exit("no hook token in: " + printed.stdout + printed.stderr)
        self.token = token.group(1)
        self.gateway.stdin.write(json.dumps({"cmd": "session.start", "id": "1", "label": "claude",
                                             "cwd": self.project}) + "\n")
        self.gateway.stdin.flush()
        while True:
            line = protocol_line(self.gateway)
            if line.get("replyTo") == "1" or line.get("id") == "1":
                break
        self.rss_start = rss_mib(self.gateway.pid)
        self.latencies, self.decisions = [], {}  # --warm's calls, forgotten at begin

    def begin(self):
        pid = self.gateway.pid
        self.threads_before = thread_ticks(pid) if self.args.threads else None
        if self.args.jfr:  # the calls only, not the start: started through jcmd
            jcmd(self.args.java, pid, "JFR.start", "name=calls", "settings=profile",
                 "jdk.ExecutionSample#period=2ms", "jdk.NativeMethodSample#period=2ms")
        self.before = cpu_ticks(pid)
        self.latencies, self.decisions = [], {}

    def call(self, i):
        took, decision = hook(self.port, self.token, claude_call(self.project, i))
        self.latencies.append(took * 1000)
        decision = decision or "none (allowed)"
        self.decisions[decision] = self.decisions.get(decision, 0) + 1

    def end(self):
        pid = self.gateway.pid
        self.ticks = cpu_ticks(pid) - self.before
        if self.args.jfr:
            jfr = os.path.abspath(self.args.jfr)
            jfr = jfr if not self.name else jfr.replace(".jfr", "") + "-" + self.name + ".jfr"
            jcmd(self.args.java, pid, "JFR.stop", "name=calls", "filename=" + jfr)
        self.extra = {}
        if self.args.threads:
            self.extra["cpu_ms_by_thread"] = thread_split(self.threads_before, thread_ticks(pid), self.ticks)

    def report(self):
        """What it measured; after the quiet, so that the RSS is the idle gateway's."""
        args, pid = self.args, self.gateway.pid
        if args.threads:
            self.extra["idle_threads"] = len(os.listdir(f"/proc/{pid}/task"))
            if any(o.startswith("-XX:NativeMemoryTracking=") for o in self.options):
                self.extra["nmt_committed_kb"] = nmt(args.java, pid)
        q = statistics.quantiles(self.latencies, n=100)
        calls = len(self.latencies)
        return {**({"variant": self.name} if self.name else {}),
                "java": kind_name(args.java), "cache": args.cache + ("/" + self.kind if self.cached else ""),
                "training_s": self.trained, "listening_s": self.listening, "warm_calls": args.warm, "calls": calls,
                "cpu_ms_per_call": round(self.ticks / HZ * 1000 / calls, 3),
                "p50_ms": round(statistics.median(self.latencies), 3), "p90_ms": round(q[89], 3),
                "p99_ms": round(q[98], 3), "first_call_ms": round(self.latencies[0], 1),
                "p50_ms_by_hundred": [round(statistics.median(self.latencies[i:i + 100]), 2)
                                      for i in range(0, calls, 100)],
                "decisions": self.decisions, "rss_after_start_mib": self.rss_start,
                "rss_idle_after_calls_mib": rss_mib(pid), "load": load(),
                "options": args.jvm_option + args.env + ([args.options] if args.options else []),
                **self.extra}

    def close(self):
        if self.gateway:
            self.gateway.stdin.close()
            try:
                self.gateway.wait(timeout=60)
            except subprocess.TimeoutExpired:
                self.gateway.kill()
        shutil.rmtree(self.work, ignore_errors=True)


def run(variants):
    """One run: every variant's gateway started, then the calls made to each in turn (the order
    turning each call, so that none is always first), then the quiet, then each one's figures."""
    gateways = [Young(args, name) for name, args in variants]
    try:
        for g in gateways:
            g.start()
        for i in range(gateways[0].args.warm):
            for g in gateways:
                g.call(i)
        for g in gateways:
            g.begin()
        calls = gateways[0].args.calls
        for i in range(calls):
            for k in range(len(gateways)):
                gateways[(i + k) % len(gateways)].call(i)
        for g in gateways:
            g.end()
        time.sleep(max(g.args.idle for g in gateways))
        return [g.report() for g in gateways]
    finally:
        for g in gateways:
            g.close()


def kind_name(java):
    out = subprocess.run([java, "-version"], capture_output=True, text=True).stderr.splitlines()
    return out[0] if out else java


def parser():
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
    p.add_argument("--warm", type=int, default=0, help="calls made before the measured ones")
    p.add_argument("--variant", action="append", default=[],
                   help="NAME=ARGS: a gateway side by side with the others in each run, its ARGS "
                        "(--java, --jar, --options, --jvm-option, --env) over the command line's")
    return p


def main():
    p = parser()
    args = p.parse_args()
    variants = []
    for variant in args.variant or [""]:
        name, _, more = variant.partition("=")
        own = p.parse_args(shlex.split(more), namespace=argparse.Namespace(**{
            k: (list(v) if isinstance(v, list) else v) for k, v in vars(args).items()}))
        if not os.path.isfile(own.jar):
            sys.exit(f"no {own.jar}: ./mvnw -o -q package -pl reference-app -am -DskipTests first")
        variants.append((name, own))
    for _ in range(args.runs):
        for result in run(variants):
            print(json.dumps(result), flush=True)


if __name__ == "__main__":
    main()
