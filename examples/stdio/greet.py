#!/usr/bin/env python3
"""A provider over stdio, in Python with the standard library only.

The gateway starts it (a --config entry with "transport": "stdio") and speaks the provider
interface with it as JSON lines: one message per line on its stdin (from the gateway) and its
stdout (to the gateway). No WebSocket, no token: having been started by the gateway is its proof.

    {"providers": [{"name": "greeter", "transport": "stdio", "command": ["python3", "greet.py"]}]}

stdout carries protocol messages only: write anything else to stderr, which the gateway appends to
<home>/logs/<name>.log. A stray print on stdout is answered with an error (INVALID_JSON).
"""
import json
import sys
import threading

TOOLS = [
    {"name": "greet", "description": "Greets someone by name",
     "parameters": {"type": "object", "properties": {"name": {"type": "string"}}, "required": ["name"]}},
    {"name": "wait", "description": "Answers after ms milliseconds, unless cancelled",
     "parameters": {"type": "object", "properties": {"ms": {"type": "integer", "minimum": 0}},
                    "required": ["ms"]}},
]

lock = threading.Lock()  # one writer at a time: 'wait' answers from a timer thread
pending = {}  # the timers of 'wait' calls in flight, by call id


def send(message):
    with lock:
        sys.stdout.write(json.dumps(message) + "\n")
        sys.stdout.flush()


def log(text):
    print("greet.py: " + text, file=sys.stderr, flush=True)


def answer(call):
    args = call.get("args") or {}
    if call["tool"] == "greet":
        send({"type": "tool.result", "id": call["id"], "data": "Hello, %s!" % args["name"]})
        send({"type": "push", "level": "surface", "event": "Greeted %s" % args["name"], "stream": "greetings"})
    elif call["tool"] == "wait":
        def done():
            if pending.pop(call["id"], None):
                send({"type": "tool.result", "id": call["id"], "data": "Waited %d ms" % args["ms"]})
        timer = threading.Timer(args["ms"] / 1000, done)
        pending[call["id"]] = timer
        timer.start()
    else:
        send({"type": "tool.result", "id": call["id"], "error": "No tool " + call["tool"], "errorCode": "NOT_FOUND"})


# No auth: the first message is hello. Without "session" it binds to the session the gateway
# started it for (the 'sessions' message the gateway sends first names it too).
send({"type": "hello", "name": "greeter", "protocolVersion": 2, "tools": TOOLS})
for line in sys.stdin:
    message = json.loads(line)
    kind = message.get("type")
    if kind == "tool.call":
        answer(message)
    elif kind == "tool.cancel":
        timer = pending.pop(message["id"], None)
        if timer:
            timer.cancel()
        send({"type": "tool.result", "id": message["id"], "error": "Cancelled", "errorCode": "CANCELLED"})
    elif kind == "error":
        log("the gateway refused %s: %s %s" % (message.get("replyTo") or "a line", message["code"], message["message"]))
    elif kind == "session.lifecycle" and message.get("state") == "shutdown.pending":
        send({"type": "goodbye", "reason": "session ending"})
        break
    # Everything else (sessions, hello.ack, session.lifecycle started, ...) needs no answer.
for timer in list(pending.values()):
    timer.cancel()
