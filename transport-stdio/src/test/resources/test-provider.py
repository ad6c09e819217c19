# A provider over stdio for the transport's tests; standard library only.
# argv[1] is how it behaves:
#   answer  - hello with the tool 'echo', answers every call with its args
#   exit    - hello, then exits with code 3 at its first tool.call
#   deaf    - hello, then never reads its stdin again
#   stubborn - hello, then ignores SIGTERM and the end of its stdin
#   terminable - hello, then ignores the end of its stdin; SIGTERM ends it (exit 143)
#   daemon  - as answer, after double-forking a 'sleep' (its parent exits: init adopts it)
#   leave   - hello, then at its first tool.call starts a 'sleep' that inherits its stdout and
#             exits with code 3 without answering
# PIDS names a file the pid of each process it starts is appended to (daemon, leave).
# Environment: ERRORS names a file each 'error' it gets is appended to (one JSON line each);
# BEFORE_HELLO and AFTER_HELLO are JSON arrays of raw lines it prints before and after its hello
# (stray output, say); "@push:N" prints a push whose event is N bytes (an environment variable
# cannot hold a message that large).
import json
import os
import signal
import subprocess
import sys
import time

mode = sys.argv[1]


def send(message):
    sys.stdout.write(json.dumps(message) + "\n")
    sys.stdout.flush()


def record_pid(pid):
    with open(os.environ["PIDS"], "a") as pids:
        pids.write(str(pid) + "\n")


def raw_lines(variable):
    for raw in json.loads(os.environ.get(variable, "[]")):
        if raw.startswith("@push:"):
            raw = json.dumps({"type": "push", "level": "keep", "event": "x" * int(raw[6:])})
        sys.stdout.write(raw + "\n")
    sys.stdout.flush()


raw_lines("BEFORE_HELLO")
send({"type": "hello", "name": "tested", "protocolVersion": 2,
      "tools": [{"name": "echo", "description": "echoes", "parameters": {"type": "object"}}]})
raw_lines("AFTER_HELLO")
if mode == "deaf":
    while True:
        time.sleep(1)
if mode == "stubborn":
    signal.signal(signal.SIGTERM, signal.SIG_IGN)
    sys.stdin.read()
    while True:
        time.sleep(1)
if mode == "terminable":
    sys.stdin.read()
    while True:
        time.sleep(1)
if mode == "daemon":
    # The shell forks the sleep and exits: the sleep is no descendant of ours any more.
    subprocess.run(["sh", "-c", 'sleep 300 </dev/null >/dev/null 2>&1 & echo $! >> "$PIDS"'], check=True)
for line in sys.stdin:
    message = json.loads(line)
    kind = message.get("type")
    if kind == "error" and os.environ.get("ERRORS"):
        with open(os.environ["ERRORS"], "a") as errors:
            errors.write(line)
    elif kind == "tool.call":
        if mode == "exit":
            sys.exit(3)
        if mode == "leave":
            record_pid(subprocess.Popen(["sleep", "300"], stdin=subprocess.DEVNULL).pid)
            sys.exit(3)
        send({"type": "tool.result", "id": message["id"], "data": message["args"]})
    elif kind == "session.lifecycle" and message.get("state") == "shutdown.pending":
        send({"type": "goodbye", "reason": "session ending"})
        break
