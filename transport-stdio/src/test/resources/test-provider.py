# A provider over stdio for the transport's tests; standard library only.
# argv[1] is how it behaves:
#   answer  - hello with the tool 'echo', answers every call with its args
#   exit    - hello, then exits with code 3 at its first tool.call
#   deaf    - hello, then never reads its stdin again
#   stubborn - hello, then ignores SIGTERM and the end of its stdin
# Environment: ERRORS names a file each 'error' it gets is appended to (one JSON line each);
# BEFORE_HELLO and AFTER_HELLO are JSON arrays of raw lines it prints before and after its hello
# (stray output, say); "@push:N" prints a push whose event is N bytes (an environment variable
# cannot hold a message that large).
import json
import os
import signal
import sys
import time

mode = sys.argv[1]


def send(message):
    sys.stdout.write(json.dumps(message) + "\n")
    sys.stdout.flush()




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
for line in sys.stdin:
    message = json.loads(line)
    kind = message.get("type")
    if kind == "error" and os.environ.get("ERRORS"):
        with open(os.environ["ERRORS"], "a") as errors:
            errors.write(line)
    elif kind == "tool.call":
        if mode == "exit":
            sys.exit(3)
        send({"type": "tool.result", "id": message["id"], "data": message["args"]})
    elif kind == "session.lifecycle" and message.get("state") == "shutdown.pending":
        send({"type": "goodbye", "reason": "session ending"})
        break
