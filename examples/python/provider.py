#!/usr/bin/env python3
"""A provider for the provider gateway, written the way the core profile describes
(spec/provider-interface-core-profile.md): connect, auth, hello, answer tool calls,
honour tool.cancel, say goodbye on shutdown.pending. It finds the gateway by its home and follows
it when it restarts, on another port or with a new token (gateway_home.py; docs/providers.md).

    python3 examples/python/provider.py      # needs the websockets package

Environment:
    TAP_GATEWAY_URL     the gateway's WebSocket URL; without it, the home's gateway:
                        ws://127.0.0.1:<port of <home>/gateway.port, else settings.json, else 9400>
    TAP_HOME            the gateway's home (default <COPILOT_HOME or ~/.copilot>/extensions/tap)
    TAP_PROVIDER_TOKEN  the token; without it the home's token file is read: <home>/.provider-token
    TAP_SESSION         the session to bind to, by id or label; without it, the session whose
                        project holds this directory, or the only one (choose_session says which)
    TAP_INSTANCE        an instance of its own, to run beside another python-example
"""
import asyncio
import json
import os
import sys

import websockets

from gateway_home import another_user_listens, choose_session, connect_directly, gateway_home, home_port, read_token, token_file

# The first retry after a drop; each failed one doubles it, up to MAX_RETRY_S.
FIRST_RETRY_S = 0.25
MAX_RETRY_S = 2.0

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


async def serve(ws, token, token_from_env):
    """One connection: auth, hello, calls, until it ends. Returns "bound" or "unbound" (which the
    connection was when it closed: reconnect), or "left" after a goodbye; exits when there is
    nothing to retry."""
    pending = {}  # call id -> task of a call still running, so tool.cancel can stop it
    bound = False
    chosen = False

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
    try:
        async for raw in ws:
            msg = json.loads(raw)
            kind = msg.get("type")

            if kind in ("sessions", "sessions.updated") and not chosen:
                try:
                    session, why = choose_session(msg.get("active", []))
                except ValueError as error:
                    print(f"python-example: {error}", file=sys.stderr)
                    await send({"type": "goodbye", "reason": "no session to choose"})
                    sys.exit(2)
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
                    return "left"

            elif kind == "error":
                if msg["code"] == "AUTH_FAILED" and not token_from_env:
                    return "refused"  # the token file is another gateway's: read it again later
                print(f"Gateway error [{msg['code']}]: {msg['message']}", file=sys.stderr)
                if msg["code"] in ("AUTH_FAILED", "UNSUPPORTED_VERSION"):
                    sys.exit(1)
                if msg.get("replyTo") == "hello" and not bound:
                    # The gateway keeps the connection open so that a provider can fix its hello
                    # (e.g. rename a tool another provider has: TOOL_CONFLICT) and send it again.
                    # This one has nothing else to offer: say so and leave, rather than sit idle.
                    sys.exit(f"The gateway refused our hello ({msg['code']}); exiting.")
            # else: ignore message types we do not know (forward compatibility)
    except websockets.exceptions.ConnectionClosed:
        pass
    finally:
        for task in pending.values():
            task.cancel()  # the gateway has ended them DISCONNECTED
    return "bound" if bound else "unbound"


async def main():
    """Connects, and connects again after every drop, looking up the home's gateway and reading
    its token file each time: the first retry within 0.25 s, then doubling up to 2 s. Says once
    that the gateway is away, not at every retry."""
    token_from_env = bool(os.environ.get("TAP_PROVIDER_TOKEN"))
    pinned = os.environ.get("TAP_GATEWAY_URL")
    following = "" if pinned else f"; following the home {gateway_home()}"
    connected = False  # whether a connection ever opened: before that, no token means no gateway
    failures = 0  # attempts in a row that did not bind; sets the next delay
    told_away = False  # whether the person heard that the gateway is away since a connection opened

    def tell(line):
        nonlocal told_away
        if not told_away:
            print(line, file=sys.stderr, flush=True)
        told_away = True

    while True:
        token = read_token()
        port, where, stale = (None, None, False) if pinned else home_port()
        if not token:
            if not connected:
                sys.exit(f"No TAP_PROVIDER_TOKEN and no token file at {token_file()}: is the gateway running? (./gateway starts one)")
            tell(f"python-example: the gateway is gone and its token file {token_file()} with it; waiting for it to start again")
        elif stale:
            tell(f"python-example: the home's gateway is starting (its token is newer than {where}); waiting for it to listen")
        elif port and another_user_listens(port):
            tell(f"python-example: another user listens on port {port} (from {where}): the home's gateway is not running there; waiting for it")
        else:
            url = pinned or f"ws://127.0.0.1:{port}"
            try:
                async with connect_directly(url) as ws:
                    if told_away:
                        print(f"python-example: found the gateway at {url}", file=sys.stderr, flush=True)
                    told_away = False
                    connected = True
                    outcome = await serve(ws, token, token_from_env)
                if outcome == "left":
                    return
                if outcome == "bound":
                    failures = 0  # a connection that bound starts the backoff over
                if outcome == "refused":
                    tell(f"python-example: the gateway at {url} refuses the token of {token_file()} (is that file another gateway's?); reading it again at each retry")
                else:
                    tell(f"python-example: lost the gateway at {url}; reconnecting{following}")
            except (OSError, websockets.exceptions.WebSocketException) as error:
                tell(f"python-example: no gateway at {url}{' (from ' + where + ')' if where else ''}: {error}; is it running? ./gateway starts one. Trying again every {MAX_RETRY_S:g} s{following}")
        await asyncio.sleep(min(FIRST_RETRY_S * 2 ** failures, MAX_RETRY_S))
        failures += 1


if __name__ == "__main__":
    try:
        asyncio.run(main())
    except KeyboardInterrupt:
        pass
