// A provider for the provider gateway, written the way the core profile describes
// (spec/provider-interface-core-profile.md): connect, auth, hello, answer tool calls,
// honour tool.cancel, say goodbye on shutdown.pending.
//
//   cd examples/node && npm install && node provider.mjs
//
// Environment:
//   TAP_GATEWAY_URL     the gateway's WebSocket URL (default ws://localhost:9400)
//   TAP_PROVIDER_TOKEN  the token; without it the token file is read:
//                       <COPILOT_HOME or ~/.copilot>/extensions/tap/.provider-token
//   TAP_SESSION         the session to bind to, by id or label; without it, the session whose
//                       cwd holds this directory, or the only one (session.mjs; it says which)
//   TAP_INSTANCE        an instance of its own, to run beside another node-example
import WebSocket from "ws";
import { providerInstance, providerToken, sessionPicker, tokenFile } from "./session.mjs";

const URL = process.env.TAP_GATEWAY_URL || "ws://localhost:9400";
const TOKEN = providerToken();
if (!TOKEN) {
  console.error(`No TAP_PROVIDER_TOKEN and no token file at ${tokenFile()}: is the gateway running? (./gateway starts one)`);
  process.exit(1);
}

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
let leaving = false;
let bound = false;

const ws = new WebSocket(URL);
const send = (message) => ws.send(JSON.stringify(message));

const pick = sessionPicker("node-example", (session) =>
  send({ type: "hello", name: "node-example", instance: providerInstance(), protocolVersion: 2, session, tools: TOOLS }));

ws.on("open", () => send({ type: "auth", token: TOKEN }));

ws.on("message", (raw) => {
  const msg = JSON.parse(raw);
  switch (msg.type) {
    case "sessions":
    case "sessions.updated":
      pick(msg); // binds once it knows which session, and says why (session.mjs)
      break;
    case "hello.ack":
      bound = true;
      console.log(`Bound to session ${msg.sessionId} as ${msg.providerId}`);
      break;
    case "tool.call":
      answer(msg);
      break;
    case "tool.cancel": {
      // Exactly one tool.result per call: stop the work, then answer CANCELLED.
      clearTimeout(pending.get(msg.id));
      pending.delete(msg.id);
      send({ type: "tool.result", id: msg.id, error: "Cancelled", errorCode: "CANCELLED" });
      break;
    }
    case "session.lifecycle":
      if (msg.state === "shutdown.pending") leave("session ending");
      break;
    case "error":
      console.error(`Gateway error [${msg.code}]: ${msg.message}`);
      if (msg.code === "AUTH_FAILED") {
        console.error(`The token is not this gateway's (each start makes a new one): run me again, or set TAP_PROVIDER_TOKEN from ${tokenFile()}`);
      }
      if (msg.code === "AUTH_FAILED" || msg.code === "UNSUPPORTED_VERSION") process.exitCode = 1;
      if (msg.replyTo === "hello" && !bound) {
        // The gateway keeps the connection open so that a provider can fix its hello (e.g.
        // rename a tool another provider has: TOOL_CONFLICT) and send it again. This one has
        // nothing else to offer: say so and leave, rather than sit idle.
        console.error(`The gateway refused our hello (${msg.code}); exiting.`);
        process.exitCode = 1;
        leaving = true;
        ws.close(1000);
      }
      break;
    default:
      break; // forward compatibility: ignore message types we do not know
  }
});

ws.on("close", (code) => {
  if (!leaving) {
    console.error(`The gateway closed the connection (${code}); run me again once it is back (./gateway starts one).`);
    process.exitCode ??= 1;
  }
});

ws.on("error", (error) => {
  console.error(error.code === "ECONNREFUSED"
    ? `No gateway at ${URL}: is it running? (./gateway starts one)`
    : `Cannot talk to the gateway at ${URL}: ${error.message}`);
  process.exitCode = 1;
});

process.on("SIGINT", () => leave("interrupted"));

function answer(call) {
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

function leave(reason) {
  if (leaving) return;
  leaving = true;
  for (const timer of pending.values()) clearTimeout(timer);
  if (ws.readyState === WebSocket.OPEN) {
    send({ type: "goodbye", reason });
    ws.close(1000);
  } else {
    ws.terminate();
  }
}
