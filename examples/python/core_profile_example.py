import asyncio, json, os, websockets
# The one difference from the spec's text: the port is the gateway home's, looked up at each
# connect (gateway_home.py: gateway.port, else settings.json, else 9400), not always 9400.
from gateway_home import connect_directly, gateway_url

TOKEN = os.environ["TAP_PROVIDER_TOKEN"]

async def connect():
    while True:
        try:
            async with connect_directly(gateway_url()) as ws:
                await ws.send(json.dumps({"type": "auth", "token": TOKEN}))

                async for raw in ws:
                    msg = json.loads(raw)

                    if msg["type"] == "sessions":
                        if not msg["active"]:
                            return
                        await ws.send(json.dumps({
                            "type": "hello", "name": "example-provider",
                            "protocolVersion": 2, "session": msg["active"][0]["id"],
                            "tools": [{
                                "name": "greet", "description": "Greet someone by name",
                                "parameters": {
                                    "type": "object",
                                    "properties": {"name": {"type": "string"}},
                                    "required": ["name"],
                                },
                            }],
                        }))

                    elif msg["type"] == "hello.ack":
                        print(f"Registered as {msg['providerId']}")

                    elif msg["type"] == "tool.call":
                        await ws.send(json.dumps({
                            "type": "tool.result", "id": msg["id"],
                            "data": f"Hello, {msg['args']['name']}!",
                        }))

                    elif msg["type"] == "tool.cancel":
                        await ws.send(json.dumps({
                            "type": "tool.result", "id": msg["id"],
                            "error": "Cancelled", "errorCode": "CANCELLED",
                        }))

                    elif msg["type"] == "session.lifecycle":
                        if msg["state"] == "shutdown.pending":
                            await ws.send(json.dumps({"type": "goodbye", "reason": "session ending"}))
                            return

                    elif msg["type"] == "error":
                        print(f"Error [{msg['code']}]: {msg['message']}")
                        if msg["code"] in ("AUTH_FAILED", "UNSUPPORTED_VERSION"):
                            return
                    # else: ignore unknown types (forward compat)

        except (ConnectionError, websockets.ConnectionClosed):
            print("Disconnected. Reconnecting in 5s...")
            await asyncio.sleep(5)

asyncio.run(connect())
