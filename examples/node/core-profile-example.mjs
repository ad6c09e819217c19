import WebSocket from "ws";
// The one difference from the spec's text: the port is the gateway home's, looked up at each
// connect (session.mjs: gateway.port, else settings.json, else 9400), not always 9400.
import { gatewayUrl } from "./session.mjs";

const TOKEN = process.env.TAP_PROVIDER_TOKEN;

function connect() {
const ws = new WebSocket(gatewayUrl());

ws.on("open", () => {
ws.send(JSON.stringify({ type: "auth", token: TOKEN }));
});

ws.on("message", (raw) => {
const msg = JSON.parse(raw);

switch (msg.type) {
case "sessions":
if (!msg.active.length) { ws.close(); return; }
ws.send(JSON.stringify({
type: "hello", name: "example-provider", protocolVersion: 2,
session: msg.active[0].id,
tools: [{
name: "greet", description: "Greet someone by name",
parameters: {
type: "object",
properties: { name: { type: "string" } },
required: ["name"]
}
}]
}));
break;

case "hello.ack":
console.log(`Registered as ${msg.providerId}`);
break;

case "tool.call":
ws.send(JSON.stringify({
type: "tool.result", id: msg.id,
data: `Hello, ${msg.args.name}!`
}));
break;

case "tool.cancel":
ws.send(JSON.stringify({
type: "tool.result", id: msg.id,
error: "Cancelled", errorCode: "CANCELLED"
}));
break;

case "session.lifecycle":
if (msg.state === "shutdown.pending") {
ws.send(JSON.stringify({ type: "goodbye", reason: "session ending" }));
ws.close();
}
break;

case "error":
console.error(`Error [${msg.code}]: ${msg.message}`);
if (msg.code === "AUTH_FAILED" || msg.code === "UNSUPPORTED_VERSION") ws.close();
break;

default: break; // forward compat: ignore unknown types
}
});

ws.on("close", () => setTimeout(connect, 5000));
}

connect();
