#!/usr/bin/env python3
"""Issue 76, "in time on a busy machine" (docs/performance.md, section "Busy machine"): the guard
and the gateway's starts on a machine whose cores are kept busy by a stated number of spinning
processes per core (default 4: load 4x the cores), with this checkout's launcher (./gateway).

Usage (benchmarks/run-load-busy.sh builds the jar first, then runs this):
  benchmarks/scripts/busy-machine.py [--busy-per-core 4] [--spin-limit 900]
                                     [--only agents,hook,starts,first,together,windows]
                                     [--runs 30]
                                     [--hook-calls N] [--start-runs N] [--first-runs N]
                                     [--window-runs N]
                                     [--agent-timeout 60]
                                     [--agents claude,codex,gemini] [--states stopped,running]
                                     [--out FILE] [--work DIR]

Parts (--only, default hook,starts,agents, in the order given):
  hook    the hook's answer time: `gateway hook AGENT --home HOME` fed a dangerous call (`rm -rf ~`
          in the agent's own hook JSON), one at a time, with the home's gateway running and then
          stopped (the hook's path with no gateway); p50, p99, max and the answers that are not a
          deny, against the agent's hook timeout (--agent-timeout, seconds: what `gateway setup`
          writes). Goal: every answer a deny inside the timeout, p99 under a quarter of it.
  starts  from a fresh HOME each time (its own XDG cache, so the launcher's first-start work is
          in it): `gateway --detached` with no terminal (a new session, stdin /dev/null), the same
          under a terminal (`script -qc`), and an agent window (`gateway mcp` answering
          `initialize`): success count and time. A detached start succeeds when it exits 0 and its
          gateway still runs 5 s later; a window when it answers `initialize` within 30 s.
  first   a fresh gateway's first call: the home's gateway started (`gateway --detached`) and,
          as soon as it says where it listens, `gateway hook claude` fed an ordinary call (`git
          status`), then stopped; again each run. Counts the answers that are not an allow (the
          policy's 5 s timer denies a guard that has not answered: "did not respond in time") and
          times the start and the answer. The home's first start (its runtime copy and class-data
          archive made) is before the load and not counted.
  windows an agent's window (`gateway mcp`, the launcher's shell bridge), timed from its process's
          start to its `initialize` answer, three ways each run: (fresh) the home's gateway started
          (`gateway --detached`) and, as soon as it says where it listens, a window: a fresh
          gateway's first; (warm) a second window on that gateway, which has served one; then the
          gateway stopped, (starts) a window with no gateway running, which starts it itself (the
          launcher's `gateway mcp --start-gateway`) and relays to it. A window answered with a
          JSON-RPC error (its bound, GATEWAY_BRIDGE_TIMEOUT, passed) is a failure. The home's first
          start (its runtime copy and class-data archive made) is before the load and not counted.
  together the agents' hooks at once on one gateway: one thread per agent (--agents), each sending
          its agent's hook JSON through `gateway hook AGENT --home HOME`, alternating the dangerous
          call (a deny) and `git status` (an allow), all threads together against the home's one
          running gateway; p50, p99, max and the wrong answers per agent, against the timeout.
  agents  cold starts of each real agent with a dangerous first call (`touch MARKER && rm -rf ~`,
          ~ a scratch home), with the home's gateway stopped and running: the agents-phase class
          BusyColdStartsTest in reference-app, run through Maven (MVN, default ./mvnw -B -q), which
          starts its own spinners once the build is done. Counts the calls that ran (goal 0).
          --states picks the gateway's states (default stopped,running).

--runs sets every part's count (cold starts per agent and gateway state, hook answers per agent and
state, starts per kind, first calls); --hook-calls, --start-runs and --first-runs override it for
their part. The spinners
(sh loops, as the load driver's BusyCores) start before a part and are killed after it, each under
a hard `timeout` of --spin-limit seconds (default 900) should this script be held up; the load
average (uptime) is recorded before and after each part. Prints and writes a markdown report
(default benchmarks/target/busy/results.md) that starts with the machine.
"""
import argparse, glob, json, math, os, shlex, shutil, signal, socket, subprocess, sys, threading, time

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.realpath(__file__))))
LAUNCHER = os.path.join(ROOT, "gateway")
SPIN = ("while kill -0 $PPID 2>/dev/null; do i=0; while [ $i -lt 10000 ]; do i=$((i+1)); done;"
        " done")
AGENT_PACKAGES = {"Claude Code": "@anthropic-ai/claude-code", "Codex CLI": "@openai/codex",
                  "Gemini CLI": "@google/gemini-cli", "Copilot CLI": "@github/copilot"}


def main():
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--busy-per-core", type=int, default=4)
    p.add_argument("--only", default="hook,starts,agents")
    p.add_argument("--runs", type=int, default=30)
    p.add_argument("--hook-calls", type=int)
    p.add_argument("--start-runs", type=int)
    p.add_argument("--first-runs", type=int)
    p.add_argument("--window-runs", type=int)
    p.add_argument("--spin-limit", type=int, default=900,
                   help="each spinner's hard time limit in seconds (other sessions share the cores)")
    p.add_argument("--agent-timeout", type=int, default=60)
    p.add_argument("--hook-command", default="rm -rf ~",
                   help="the hook part's call (default rm -rf ~)")
    p.add_argument("--hook-expect", choices=("deny", "ask"), default="deny",
                   help="the answer the hook part's call must get")
    p.add_argument("--agents", default="claude,codex,gemini")
    p.add_argument("--states", default="stopped,running")
    p.add_argument("--out", default=os.path.join(ROOT, "benchmarks/target/busy/results.md"))
    p.add_argument("--work", default=os.path.join(ROOT, "benchmarks/target/busy/work"))
    a = p.parse_args()
    a.work, a.out = os.path.abspath(a.work), os.path.abspath(a.out)  # Maven's tests run elsewhere
    parts = a.only.split(",")
    shutil.rmtree(a.work, ignore_errors=True)
    os.makedirs(a.work)
    os.makedirs(os.path.dirname(a.out), exist_ok=True)
    cores = os.cpu_count()
    report = [f"# Busy machine (issue 76): {time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime())}",
              "", f"Commit `{git('rev-parse', '--short', 'HEAD')}`"
              + (" (with changes not committed)" if git("status", "--porcelain", "-uno") else "")
              + f"; `{' '.join(['benchmarks/run-load-busy.sh'] + sys.argv[1:])}`.", "",
              "## The machine", "", *machine(), "",
              f"Busy: {a.busy_per_core} spinning processes per core, {a.busy_per_core * cores}"
              f" on {cores} cores, started before each part and killed after it. Other work on"
              " the machine (builds of other sessions) is not stopped: the load averages below"
              " are everything.", ""]
    for part in parts:
        print(f"busy-machine: part {part} ...", file=sys.stderr, flush=True)
        before = uptime()
        if part == "agents":
            lines = agents(a)
        else:
            # The hook part's gateway starts (and its launcher's cache is made) before the load.
            measure = (hook(a) if part == "hook" else first(a) if part == "first"
                       else windows(a) if part == "windows"
                       else together(a) if part == "together" else lambda: starts(a))
            with Spinners(a.busy_per_core * cores, a.spin_limit):
                time.sleep(5)  # the spinners reach the run queue
                before = uptime()
                lines = measure()
        report += lines + ["", f"Load (uptime) before the part: {before}; after: {uptime()}.", ""]
        write(a.out, report)
    print("\n".join(report))


def write(path, lines):
    with open(path, "w") as f:
        f.write("\n".join(lines) + "\n")


def git(*args):
    return subprocess.run(["git", "-C", ROOT, *args], capture_output=True, text=True).stdout.strip()


def uptime():
    return subprocess.run(["uptime"], capture_output=True, text=True).stdout.strip()


def machine():
    cpu = next((l.split(":", 1)[1].strip() for l in open("/proc/cpuinfo") if l.startswith("model name")), "?")
    mem = next((l.split()[1] for l in open("/proc/meminfo") if l.startswith("MemTotal")), "0")
    java = subprocess.run(["java", "-version"], capture_output=True, text=True).stderr.splitlines()
    node = subprocess.run(["node", "--version"], capture_output=True, text=True).stdout.strip()
    versions = []
    for name, pkg in AGENT_PACKAGES.items():
        found = sorted(glob.glob(os.path.join(ROOT, "reference-app/target/agents/*/node_modules", pkg, "package.json")))
        found = [f for f in found if "before" not in f]
        if found:
            versions.append(f"{name} {json.load(open(found[-1]))['version']}")
    return [f"- `nproc` {os.cpu_count()}; CPU \"{cpu}\"; {int(mem) / 1048576:.1f} GiB; Linux {os.uname().release}",
            f"- {' / '.join(java[:2])}; Node {node}",
            f"- agents (reference-app/target/agents): {', '.join(versions) or 'none installed'}"]


class Spinners:
    """count shell loops that spin until closed, this script is gone, or their hard limit passes."""

    def __init__(self, count, limit=900):
        self.count, self.limit = count, limit

    def __enter__(self):
        # timeout(1) is the loop's parent: the loop watches it, and it kills the loop at the limit.
        self.procs = [subprocess.Popen(["timeout", "-s", "KILL", str(self.limit), "sh", "-c", SPIN],
                                       stdin=subprocess.DEVNULL)
                      for _ in range(self.count)]
        return self

    def __exit__(self, *exc):
        for proc in self.procs:
            proc.kill()
        for proc in self.procs:
            proc.wait()


def percentile(values, q):
    """The nearest-rank percentile."""
    values = sorted(values)
    return values[min(len(values) - 1, max(0, math.ceil(q * len(values)) - 1))]


# ---- hook: the hook's answer time, with and without a gateway ----

def hook_input(agent, cwd, command="rm -rf ~"):
    if agent == "gemini":
        return {"session_id": "busy", "cwd": cwd, "hook_event_name": "BeforeTool",
                "tool_name": "run_shell_command", "tool_input": {"command": command}}
    return {"session_id": "busy", "cwd": cwd, "hook_event_name": "PreToolUse",
            "tool_name": "Bash", "tool_input": {"command": command}}


def run_hook(a, agent, home, project, env, data):
    """`gateway hook AGENT --home HOME` fed data in project; {return its exit code and stdout}, (None, "") past twice the timeout."""
    try:
        run = subprocess.run([LAUNCHER, "hook", agent, "--home", home], input=data, env=env, cwd=project,
                             capture_output=True, text=True, timeout=2 * a.agent_timeout)
        return run.returncode, run.stdout
    except subprocess.TimeoutExpired:
        return None, ""


def is_deny(code, out):
    return code == 2 or '"permissionDecision":"deny"' in out or '"decision":"deny"' in out


def is_expected(a, code, out):
    """Whether the hook part's answer is the one --hook-expect names (an ask is never a deny)."""
    if a.hook_expect == "deny":
        return is_deny(code, out)
    return not is_deny(code, out) and '"ask"' in out


def hook(a):
    """Starts the home's gateway; {return the measurement, to run once the load is on}."""
    calls = a.hook_calls or a.runs
    work, home, project, env = part_home(a, "hook")
    gateway = start_gateway(home, env, work)
    return lambda: hook_answers(a, calls, work, home, project, env, gateway)


def part_home(a, part):
    """{return the part's folder, its gateway home, its project and the environment of a user of its own}"""
    work = os.path.join(a.work, part)
    home, user, project = (os.path.join(work, d) for d in ("gateway-home", "user", "project"))
    for d in (user, project):
        os.makedirs(d)
    return work, home, project, dict(os.environ, HOME=user, XDG_CACHE_HOME=os.path.join(user, ".cache"))


def hook_answers(a, calls, work, home, project, env, gateway):
    rows = []
    try:
        for state in ("running", "stopped"):
            if state == "stopped":
                subprocess.run([LAUNCHER, "stop", "--home", home], env=env, capture_output=True, timeout=120)
                try:
                    gateway.wait(60)
                except subprocess.TimeoutExpired:
                    pass
            for agent in a.agents.split(","):
                times, wrong, said = [], 0, ""
                data = json.dumps(hook_input(agent, project, a.hook_command))
                for _ in range(calls):
                    start = time.monotonic()
                    code, out = run_hook(a, agent, home, project, env, data)
                    times.append(time.monotonic() - start)
                    if not is_expected(a, code, out):
                        wrong += 1
                        said = said or f"exit {code}: {out.strip()[:160]}"
                t = a.agent_timeout
                p99 = percentile(times, 0.99)
                rows.append(f"| {agent} | {state} | {calls} | {percentile(times, 0.5):.2f} | {p99:.2f} | {max(times):.2f}"
                            f" | {sum(1 for x in times if x >= t)} | {wrong} | {'yes' if p99 < t / 4 and wrong == 0 and max(times) < t else 'no'}"
                            f" | {said.replace('|', '/')} |")
                print(rows[-1], file=sys.stderr, flush=True)
    finally:
        kill_under(work)
    return ["## The hook's answer to a dangerous call", "",
            f"`gateway hook AGENT --home HOME` fed `{a.hook_command}` in the agent's hook JSON, one call at a time,"
            f" the home's gateway running, then stopped (`gateway stop`). Against the agent's hook timeout"
            f" of {a.agent_timeout} s; goal: every answer {'a deny' if a.hook_expect == 'deny' else 'an ask'}"
            f" inside it, p99 under {a.agent_timeout / 4:g} s.", "",
            f"| agent | gateway | calls | p50 (s) | p99 (s) | max (s) | past the agent's timeout | not {'a deny' if a.hook_expect == 'deny' else 'an ask'} | goal met | first answer not as expected |",
            "|---|---|---|---|---|---|---|---|---|---|", *rows]


# ---- together: the agents' hooks at once on one gateway ----

def together(a):
    """Starts the home's gateway before the load; {return the measurement}."""
    calls = a.hook_calls or a.runs
    work, home, project, env = part_home(a, "together")
    gateway = start_gateway(home, env, work)
    return lambda: together_answers(a, calls, work, home, project, env, gateway)


def together_answers(a, calls, work, home, project, env, gateway):
    results = {}

    def one_agent(agent):
        dangerous = hook_input(agent, project)
        ordinary = json.loads(json.dumps(dangerous))
        ordinary["tool_input"]["command"] = "git status"
        rows = []
        for i in range(calls):
            data, must_deny = (dangerous, True) if i % 2 == 0 else (ordinary, False)
            start = time.monotonic()
            code, out = run_hook(a, agent, home, project, env, json.dumps(data))
            denied = is_deny(code, out)
            right = denied if must_deny else (code == 0 and not denied and '"ask"' not in out)
            rows.append((time.monotonic() - start, right, out.strip()[:160]))
        results[agent] = rows

    try:
        threads = [threading.Thread(target=one_agent, args=(agent,)) for agent in a.agents.split(",")]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
    finally:
        stop_gateway(home, env, gateway)
        kill_under(work)
    t = a.agent_timeout
    lines = ["## The agents' hooks at once on one gateway", "",
             f"One thread per agent, each sending {calls} calls through `gateway hook AGENT --home HOME`, alternating"
             f" `rm -rf ~` (must be a deny) and `git status` (must be allowed), all at once against the home's one"
             f" running gateway. Against the agent's hook timeout of {t} s.", "",
             "| agent | calls | p50 (s) | p99 (s) | max (s) | past the timeout | wrong answers | first wrong |",
             "|---|---|---|---|---|---|---|---|"]
    for agent, rows in results.items():
        times = [r[0] for r in rows]
        wrong = [r for r in rows if not r[1]]
        lines.append(f"| {agent} | {len(rows)} | {percentile(times, 0.5):.2f} | {percentile(times, 0.99):.2f}"
                     f" | {max(times):.2f} | {sum(1 for x in times if x >= t)} | {len(wrong)}"
                     f" | {(wrong[0][2] if wrong else '').replace('|', '/')} |")
        print(lines[-1], file=sys.stderr, flush=True)
    return lines


# ---- first: a fresh gateway's first ordinary call ----

def first(a):
    """Starts and stops the home's gateway once, before the load; {return the measurement}."""
    work, home, project, env = part_home(a, "first")
    stop_gateway(home, env, start_gateway(home, env, work))
    return lambda: first_calls(a, a.first_runs or a.runs, work, home, project, env)


def first_calls(a, runs, work, home, project, env):
    data = json.dumps({"session_id": "busy", "cwd": project, "hook_event_name": "PreToolUse",
                       "tool_name": "Bash", "tool_input": {"command": "git status"}})
    starts, answers, wrong, said = [], [], 0, ""
    try:
        for i in range(runs):
            begin = time.monotonic()
            gateway = launch_gateway(home, env, work)
            starts.append(time.monotonic() - begin)
            begin = time.monotonic()
            code, out = run_hook(a, "claude", home, project, env, data)
            answers.append(time.monotonic() - begin)
            allowed = code == 0 and not is_deny(code, out) and '"ask"' not in out
            if not allowed:
                wrong += 1
                said = said or f"exit {code}: {out.strip()[:160]}"
            print(f"busy-machine: first {i}: start {starts[-1]:.1f} s, answer {answers[-1]:.2f} s,"
                  f" {'allowed' if allowed else 'NOT allowed: ' + out.strip()[:120]}", file=sys.stderr, flush=True)
            stop_gateway(home, env, gateway)
    finally:
        kill_under(work)
    return ["## A fresh gateway's first call", "",
            "The home's gateway started (`gateway --detached`, the home's runtime copy and class-data archive"
            " already made) and, once it says where it listens, `gateway hook claude` fed `git status`; then"
            " `gateway stop`. The gateway's policy timer denies a guard that has not answered in 5 s.", "",
            "| runs | start p50 / max (s) | answer p50 / p99 / max (s) | not allowed | first answer not an allow |",
            "|---|---|---|---|---|",
            f"| {runs} | {percentile(starts, 0.5):.1f} / {max(starts):.1f} | {percentile(answers, 0.5):.2f} /"
            f" {percentile(answers, 0.99):.2f} / {max(answers):.2f} | {wrong} | {said.replace('|', '/')} |"]


def stop_gateway(home, env, gateway):
    """`gateway stop`, then waits for the launcher's process, if any, and the gateway's pid file to go."""
    subprocess.run([LAUNCHER, "stop", "--home", home], env=env, capture_output=True, timeout=120)
    if gateway is not None:
        try:
            gateway.wait(60)
        except subprocess.TimeoutExpired:
            gateway.kill()
    wait_for(lambda: not alive(os.path.join(home, "gateway.pid")), 60)


def fresh_home(home):
    """A new gateway home whose settings.json names a free port: 9400 may be another gateway's."""
    os.makedirs(home, mode=0o700)
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    with open(os.path.join(home, "settings.json"), "w") as f:
        json.dump({"port": port}, f)


def start_gateway(home, env, work):
    """The gateway of a fresh home, started detached as GuardedHome does (with a grace it stays a child here)."""
    fresh_home(home)
    return launch_gateway(home, env, work)


def launch_gateway(home, env, work):
    """The home's gateway, started detached; returns once it says where it listens."""
    log = open(os.path.join(work, "gateway.out"), "a")
    proc = subprocess.Popen([LAUNCHER, "--detached", "--home", home, "--idle-exit-grace", "60m"],
                            env=env, stdin=subprocess.DEVNULL, stdout=log, stderr=subprocess.STDOUT)
    if not wait_for(lambda: os.path.exists(os.path.join(home, "gateway.port")), 600):
        raise SystemExit(f"the gateway of {home} did not start within 600 s; see {work}/gateway.out")
    return proc


def wait_for(condition, seconds):
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        if condition():
            return True
        time.sleep(0.1)
    return condition()


def kill_under(path):
    """Kills, by pid, every process of ours whose command line names path (gateways, trainings)."""
    mine = os.getpid()
    for pid in [int(d) for d in os.listdir("/proc") if d.isdigit()]:
        if pid == mine:
            continue
        try:
            with open(f"/proc/{pid}/cmdline", "rb") as f:
                if path.encode() in f.read():
                    os.kill(pid, signal.SIGKILL)
        except (OSError, ProcessLookupError):
            pass


# ---- windows: an agent's window's initialize, on a fresh, a warm and no gateway ----

WINDOW_KINDS = (("fresh", "a fresh gateway's first window (`gateway --detached`, then at once the window)"),
                ("warm", "a second window on that gateway (warm)"),
                ("starts", "a window with no gateway running, which starts it (`mcp --start-gateway`)"))


def windows(a):
    """Starts and stops the home's gateway once, before the load; {return the measurement}."""
    work, home, project, env = part_home(a, "windows")
    stop_gateway(home, env, start_gateway(home, env, work))
    return lambda: window_starts(a, a.window_runs or a.runs, work, home, project, env)


def window_starts(a, runs, work, home, project, env):
    times = {key: [] for key, _ in WINDOW_KINDS}
    failed = {key: [] for key, _ in WINDOW_KINDS}
    loads = []
    try:
        for i in range(runs):
            loads.append(os.getloadavg()[0])
            gateway = launch_gateway(home, env, work)
            for key in ("fresh", "warm"):
                good, took, why = window_answer(home, env, project, work, f"{key}-{i}")
                times[key].append(took)
                if not good:
                    failed[key].append(why)
            stop_gateway(home, env, gateway)
            good, took, why = window_answer(home, env, project, work, f"starts-{i}")
            times["starts"].append(took)
            if not good:
                failed["starts"].append(why)
            stop_gateway(home, env, None)
            print(f"busy-machine: windows {i} (load {loads[-1]:.1f}): "
                  + ", ".join(f"{k} {times[k][-1]:.2f} s" for k, _ in WINDOW_KINDS), file=sys.stderr, flush=True)
    finally:
        stop_gateway(home, env, None)
        kill_under(work)
    rows = [f"| {kind} | {runs} | {percentile(times[key], 0.5):.2f} | {max(times[key]):.2f}"
            f" | {len(failed[key])} | {(failed[key][0] if failed[key] else '').replace('|', '/')[:160]} |"
            for key, kind in WINDOW_KINDS]
    return ["## An agent's window's initialize", "",
            "`gateway mcp --home HOME` (the launcher's shell bridge) in a project, timed from its process's start"
            " to its `initialize` answer; a window answered with a JSON-RPC error (its bound passed) failed."
            " Each run: the gateway started and, once it says where it listens, a window (fresh); a second"
            " window on it (warm); the gateway stopped and a window with none running, which starts it (starts)."
            f" Load (1 min) at each run's start: {', '.join(f'{x:.1f}' for x in loads)}.", "",
            "| window | runs | p50 (s) | max (s) | failed | first failure |", "|---|---|---|---|---|---|", *rows,
            "", "Each run (s): " + "; ".join(
                ", ".join(f"{key} {times[key][i]:.2f}" for key, _ in WINDOW_KINDS) for i in range(runs))]


def window_answer(home, env, project, work, name, within=90):
    """A window's initialize: {return whether it was answered with a result, the time from its start, why not}."""
    init = {"jsonrpc": "2.0", "id": 1, "method": "initialize",
            "params": {"protocolVersion": "2025-06-18", "capabilities": {},
                       "clientInfo": {"name": "busy-machine", "version": "1"}}}
    start = time.monotonic()
    proc = subprocess.Popen([LAUNCHER, "mcp", "--home", home], env=env, cwd=project, stdin=subprocess.PIPE,
                            stdout=subprocess.PIPE, stderr=open(os.path.join(work, f"mcp-{name}.err"), "w"),
                            text=True, start_new_session=True)
    proc.stdin.write(json.dumps(init) + "\n")
    proc.stdin.flush()
    answered = []
    reader = threading.Thread(target=lambda: answered.append(proc.stdout.readline()), daemon=True)
    reader.start()
    reader.join(within)
    took = time.monotonic() - start
    proc.terminate()  # as an agent ends its window: the bridge deletes its session
    try:
        proc.wait(15)
    except subprocess.TimeoutExpired:
        pass
    try:
        os.killpg(proc.pid, signal.SIGKILL)
    except OSError:
        pass
    if not answered:
        return False, took, f"no answer within {within} s"
    if '"serverInfo"' not in answered[0]:
        return False, took, answered[0].strip()[:160]
    return True, took, ""


# ---- starts: detached and window starts from a fresh home ----

def starts(a):
    runs = a.start_runs or a.runs
    rows = []
    for key, kind in (("detached", "`gateway --detached`, no terminal"),
                      ("detached-tty", "`gateway --detached` in a terminal (`script -qec`)"),
                      ("window", "an agent's window (`gateway mcp` answering `initialize`)")):
        ok, times, failures = 0, [], []
        for i in range(runs):
            run = os.path.join(a.work, "starts", f"{key}-{i}")
            user, home = os.path.join(run, "user"), os.path.join(run, "home")
            os.makedirs(user)
            fresh_home(home)
            env = dict(os.environ, HOME=user, XDG_CACHE_HOME=os.path.join(user, ".cache"))
            try:
                good, took, why = (window(home, env, run) if key == "window"
                                   else detached(home, env, key == "detached-tty"))
            finally:
                kill_under(run)
            ok += good
            times.append(took)
            if not good:
                failures.append(why)
            print(f"busy-machine: {key} {i}: {'ok' if good else 'failed'} {took:.1f} s {why}",
                  file=sys.stderr, flush=True)
        rows.append(f"| {kind} | {runs} | {ok} | {percentile(times, 0.5):.1f} | {max(times):.1f}"
                    f" | {(failures[0] if failures else '').replace('|', '/')[:200]} |")
    return ["## Starts from a fresh home", "",
            "Each from a fresh `HOME` and XDG cache (the launcher's copy of the jar and its class-data"
            " archive are made in the run) and a new gateway home whose `settings.json` names a free port"
            " (9400 may be another gateway's on a shared machine). A detached start succeeds when it exits 0 and its gateway"
            " still runs 5 s later; a window when `gateway mcp` answers `initialize` within 30 s.", "",
            "| start | runs | succeeded | p50 (s) | max (s) | first failure |", "|---|---|---|---|---|---|", *rows]


def detached(home, env, tty):
    command = [LAUNCHER, "--detached", "--home", home]
    if tty:
        command = ["script", "-qec", shlex.join(command), "/dev/null"]
    start = time.monotonic()
    try:
        proc = subprocess.run(command, env=env, stdin=subprocess.DEVNULL, capture_output=True, text=True,
                              timeout=180, start_new_session=True)
        code, said = proc.returncode, (proc.stdout + proc.stderr).strip()
    except subprocess.TimeoutExpired:
        return False, time.monotonic() - start, "no return within 180 s"
    took = time.monotonic() - start
    if code != 0:
        return False, took, f"exit {code}: {said.splitlines()[-1] if said else '(nothing printed)'}"
    time.sleep(5)
    if not alive(os.path.join(home, "gateway.pid")):
        return False, took, f"exit 0, but no gateway running 5 s later (printed: {said[:80] or 'nothing'})"
    return True, took, ""


def alive(pid_file):
    try:
        pid = int(open(pid_file).read().split()[0])
        os.kill(pid, 0)
        return True
    except (OSError, ValueError, IndexError):
        return False


def window(home, env, run):
    answered, took, why = window_answer(home, env, None, run, "window", within=60)
    if not answered:
        return False, took, why
    return took <= 30, took, "" if took <= 30 else f"answered after {took:.1f} s"


# ---- agents: real agents' cold starts, through Maven ----

def agents(a):
    report = os.path.join(a.work, "agents.md")
    mvn = shlex.split(os.environ.get("MVN", "./mvnw -B -q"))
    command = mvn + ["-P", "agents", "test", "-pl", "reference-app", "-am", "-Dtest.forks=1",
                     "-Dtest=BusyColdStartsTest", "-Dsurefire.failIfNoSpecifiedTests=false",
                     "-Djacoco.skip=true", "-Dspotless.check.skip=true",
                     f"-Dbusy.runs={a.runs}", f"-Dbusy.perCore={a.busy_per_core}",
                     f"-Dbusy.hookTimeoutSeconds={a.agent_timeout}", f"-Dbusy.agents={a.agents}", f"-Dbusy.modes={a.states}",
                     f"-Dbusy.report={report}"]
    with open(os.path.join(a.work, "agents-maven.log"), "w") as log:
        code = subprocess.run(command, cwd=ROOT, stdout=log, stderr=subprocess.STDOUT).returncode
    if code != 0 or not os.path.exists(report):
        return ["## Cold starts of the real agents", "",
                f"The Maven run failed (exit {code}); see {a.work}/agents-maven.log."]
    return open(report).read().splitlines() + ["", "(The spinners of this part are started by"
                                               " BusyColdStartsTest once Maven has built it.)"]


if __name__ == "__main__":
    main()
