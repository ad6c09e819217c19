// A provider for the provider gateway, written the way the core profile describes
// (spec/provider-interface-core-profile.md): connect, auth, hello, answer tool calls,
// honour tool.cancel, say goodbye on shutdown.pending. connect.mjs keeps the connection: it finds
// the gateway by its home and follows it when it restarts (docs/providers.md).
//
//   cd examples/node && npm install && node provider.mjs
//
// Environment:
//   TAP_GATEWAY_URL     the gateway's WebSocket URL; without it, the home's gateway:
//                       ws://127.0.0.1:<port of <home>/gateway.port, else settings.json, else 9400>
//   TAP_HOME            the gateway's home (default <COPILOT_HOME or ~/.copilot>/extensions/tap)
//   TAP_PROVIDER_TOKEN  the token; without it the home's token file is read: <home>/.provider-token
//   TAP_SESSION         the session to bind to, by id or label; without it, the session whose
//                       project holds this directory, or the only one (session.mjs; it says which)
//   TAP_INSTANCE        an instance of its own, to run beside another node-example
import { runProvider } from "./connect.mjs";

const TOOLS = [
  {
    name: "greet",
    description: "Greet someone by name",
    parameters: {
      type: "object",
      properties: { name: { type: "string" } },
      required: ["name"],
    },
  },
  {
    name: "wait",
    description: "Wait for some milliseconds, then answer (can be cancelled)",
    parameters: {
      type: "object",
      properties: { ms: { type: "integer", minimum: 0 } },
    },
  },
];

const pending = new Map(); // call id -> timer of a call still running, so tool.cancel can stop it

runProvider("node-example", {
  hello: (session) => ({ type: "hello", name: "node-example", protocolVersion: 2, session, tools: TOOLS }),
  onMessage: (msg, send) => {
    switch (msg.type) {
      case "tool.call":
        answer(msg, send);
        break;
      case "tool.cancel":
        // Exactly one tool.result per call: stop the work, then answer CANCELLED.
        clearTimeout(pending.get(msg.id));
        pending.delete(msg.id);
        send({ type: "tool.result", id: msg.id, error: "Cancelled", errorCode: "CANCELLED" });
        break;
      default:
        break; // forward compatibility: ignore message types we do not know
    }
  },
});

function answer(call, send) {
  if (call.tool === "greet") {
    const name = call.args?.name;
    if (typeof name !== "string") {
      send({ type: "tool.result", id: call.id, error: "name must be a string", errorCode: "INTERNAL" });
      return;
    }
    // A surface push shows in the session's timeline (and is kept in the "greetings" stream).
    send({ type: "push", level: "surface", event: `Greeted ${name}`, stream: "greetings" });
    send({ type: "tool.result", id: call.id, data: `Hello, ${name}!` });
  } else if (call.tool === "wait") {
    const ms = Number(call.args?.ms ?? 1000);
    pending.set(
      call.id,
      setTimeout(() => {
        pending.delete(call.id);
        send({ type: "tool.result", id: call.id, data: `Waited ${ms} ms` });
      }, ms),
    );
  } else {
    send({ type: "tool.result", id: call.id, error: `No tool ${call.tool}`, errorCode: "NOT_FOUND" });
  }
}
