#!/usr/bin/env python3
"""A provider for the provider gateway, written the way the core profile describes
(spec/provider-interface-core-profile.md): connect, auth, hello, answer tool calls,
honour tool.cancel, say goodbye on shutdown.pending.

    python3 examples/python/provider.py      # needs the websockets package

Environment:
    TAP_GATEWAY_URL     the gateway's WebSocket URL (default ws://localhost:9400)
    TAP_PROVIDER_TOKEN  the token; without it the token file is read:
                        <COPILOT_HOME or ~/.copilot>/extensions/tap/.provider-token
    TAP_SESSION         the session to bind to, by id or label; without it, the session whose
                        cwd holds this directory, or the only one (choose_session says which)
    TAP_INSTANCE        an instance of its own, to run beside another python-example
"""
import asyncio
import json
import os
import pathlib
import sys

import websockets

URL = os.environ.get("TAP_GATEWAY_URL") or "ws://localhost:9400"


def choose_session(active, wanted=None, cwd=None):
    """Which session to bind to, as examples/node/session.mjs chooses (docs/providers.md, "Which
    session"): TAP_SESSION by id, then by label; else the session whose cwd holds this directory
    (the longest); else the only one. Returns (session_id, why), (None, why) to wait for one, or
    raises ValueError saying why none can be chosen."""
    wanted = os.environ.get("TAP_SESSION") if wanted is None else wanted
    here = os.path.realpath(cwd or os.getcwd())
    listed = ", ".join(f"{s['id']} ({s.get('label') or 'no label'}{', ' + s['cwd'] if s.get('cwd') else ''})" for s in active)
    if wanted:
        for s in active:
            if s["id"] == wanted:
                return s["id"], "TAP_SESSION names it"
        labelled = [s for s in active if s.get("label") == wanted]
        if len(labelled) == 1:
            return labelled[0]["id"], f"TAP_SESSION names its label '{wanted}'"
        if labelled:
            raise ValueError(f"TAP_SESSION={wanted} is the label of {len(labelled)} sessions; give an id: {listed}")
        if not active:
            return None, f"no session is active yet; waiting for TAP_SESSION={wanted}"
        raise ValueError(f"TAP_SESSION={wanted} is no active session's id or label; active: {listed}")
    holding = [s for s in active if s.get("cwd")
               and (here == os.path.realpath(s["cwd"]) or here.startswith(os.path.realpath(s["cwd"]).rstrip("/") + "/"))]
    if holding:
        longest = max(len(os.path.realpath(s["cwd"])) for s in holding)
        best = [s for s in holding if len(os.path.realpath(s["cwd"])) == longest]
        if len(best) == 1:
            return best[0]["id"], f"its cwd {best[0]['cwd']} holds this directory"
        raise ValueError(f"{len(best)} sessions work in {best[0]['cwd']}; set TAP_SESSION to one of their ids")
    if len(active) == 1:
        return active[0]["id"], "it is the only active session"
    if not active:
        return None, "no session is active yet; waiting for one"
    raise ValueError(f"{len(active)} sessions are active and none works in {here}: set TAP_SESSION to the id or label of one of: {listed}")

TOOLS = [
    {
        "name": "greet",
        "description": "Greet someone by name",
        "parameters": {
            "type": "object",
            "properties": {"name": {"type": "string"}},
            "required": ["name"],
        },
    },
    {
        "name": "wait",
        "description": "Wait for some milliseconds, then answer (can be cancelled)",
        "parameters": {
            "type": "object",
            "properties": {"ms": {"type": "integer", "minimum": 0}},
        },
    },
]


def read_token():
    token = os.environ.get("TAP_PROVIDER_TOKEN")
    if token:
        return token
    home = os.environ.get("COPILOT_HOME") or pathlib.Path.home() / ".copilot"
    path = pathlib.Path(home, "extensions", "tap", ".provider-token")
    try:
        return path.read_text().strip()
    except OSError:
        sys.exit(f"No TAP_PROVIDER_TOKEN and no token file at {path}: is the gateway running?")


async def main():
    token = read_token()
    pending = {}  # call id -> task of a call still running, so tool.cancel can stop it
    bound = False
    chosen = False

    async with websockets.connect(URL) as ws:

        async def send(message):
            await ws.send(json.dumps(message))

        async def answer(call):
            try:
                if call["tool"] == "greet":
                    name = call.get("args", {}).get("name")
                    if not isinstance(name, str):
                        await send({"type": "tool.result", "id": call["id"],
                                    "error": "name must be a string", "errorCode": "INTERNAL"})
                        return
                    # A surface push shows in the session's timeline (and is kept in "greetings").
                    await send({"type": "push", "level": "surface",
                                "event": f"Greeted {name}", "stream": "greetings"})
                    await send({"type": "tool.result", "id": call["id"], "data": f"Hello, {name}!"})
                elif call["tool"] == "wait":
                    ms = int(call.get("args", {}).get("ms", 1000))
                    await asyncio.sleep(ms / 1000)  # cancelled here by tool.cancel
                    await send({"type": "tool.result", "id": call["id"], "data": f"Waited {ms} ms"})
                else:
                    await send({"type": "tool.result", "id": call["id"],
                                "error": f"No tool {call['tool']}", "errorCode": "NOT_FOUND"})
            finally:
                pending.pop(call["id"], None)

        await send({"type": "auth", "token": token})
        async for raw in ws:
            msg = json.loads(raw)
            kind = msg.get("type")

            if kind in ("sessions", "sessions.updated") and not chosen:
                try:
                    session, why = choose_session(msg.get("active", []))
                except ValueError as error:
                    print(f"python-example: {error}", file=sys.stderr)
                    await send({"type": "goodbye", "reason": "no session to choose"})
                    return
                print(f"python-example: {'binding to session ' + session + ': ' if session else ''}{why}", flush=True)
                if session:
                    chosen = True
                    hello = {"type": "hello", "name": "python-example", "protocolVersion": 2,
                             "session": session, "tools": TOOLS}
                    if os.environ.get("TAP_INSTANCE", "").strip():
                        hello["instance"] = os.environ["TAP_INSTANCE"].strip()
                    await send(hello)

            elif kind == "hello.ack":
                bound = True
                print(f"Bound to session {msg['sessionId']} as {msg['providerId']}", flush=True)

            elif kind == "tool.call":
                # Each call runs on its own, so a slow one does not hold up the others.
                pending[msg["id"]] = asyncio.create_task(answer(msg))

            elif kind == "tool.cancel":
                # Exactly one tool.result per call: stop the work, then answer CANCELLED.
                task = pending.pop(msg["id"], None)
                if task:
                    task.cancel()
                await send({"type": "tool.result", "id": msg["id"],
                            "error": "Cancelled", "errorCode": "CANCELLED"})

            elif kind == "session.lifecycle":
                if msg.get("state") == "shutdown.pending":
                    for task in pending.values():
                        task.cancel()
                    await send({"type": "goodbye", "reason": "session ending"})
                    return

            elif kind == "error":
                print(f"Gateway error [{msg['code']}]: {msg['message']}", file=sys.stderr)
                if msg["code"] in ("AUTH_FAILED", "UNSUPPORTED_VERSION"):
                    sys.exit(1)
                if msg.get("replyTo") == "hello" and not bound:
                    # The gateway keeps the connection open so that a provider can fix its hello
                    # (e.g. rename a tool another provider has: TOOL_CONFLICT) and send it again.
                    # This one has nothing else to offer: say so and leave, rather than sit idle.
                    sys.exit(f"The gateway refused our hello ({msg['code']}); exiting.")
            # else: ignore message types we do not know (forward compatibility)

    print("The gateway closed the connection.", file=sys.stderr)
    sys.exit(1)


if __name__ == "__main__":
    try:
        asyncio.run(main())
    except KeyboardInterrupt:
        pass
    except (OSError, websockets.exceptions.WebSocketException) as error:
        sys.exit(f"Cannot talk to the gateway at {URL}: {error}")
