// A guardrail provider: blocks `git push` in the host's shell tool while CI is red.
// It registers a `gate` hook rule; the gateway asks it (gate.check) before every matching call
// and denies on its behalf if it does not answer within 5 s (fail closed).
//
//   TAP_PROVIDER_TOKEN=$(cat ~/.copilot/extensions/tap/.provider-token) node guardrail.mjs
//
// Its own tool `ci_status {red: boolean}` flips the flag, standing in for a real CI feed.
import WebSocket from "ws";

const TOKEN = process.env.TAP_PROVIDER_TOKEN;
const URL = process.env.TAP_GATEWAY_URL ?? "ws://localhost:9400";
let ciRed = true;

const ws = new WebSocket(URL);
const send = (msg) => ws.send(JSON.stringify(msg));

ws.on("open", () => send({ type: "auth", token: TOKEN }));

ws.on("message", (raw) => {
  const msg = JSON.parse(raw);
  switch (msg.type) {
    case "sessions":
      if (!msg.active.length) { ws.close(); return; }
      send({
        type: "hello", name: "ci-guard", protocolVersion: 2, session: msg.active[0].id,
        tools: [{
          name: "ci_status", description: "Tell the guard whether CI is red",
          parameters: { type: "object", properties: { red: { type: "boolean" } }, required: ["red"] },
        }],
        hooks: {
          onPreToolUse: [
            // The regex runs on the args as JSON.stringify writes them: {"command":"git push ..."}
            { match: { tool: "shell", args: "git push" }, action: "gate", gateId: "ci-green" },
          ],
        },
      });
      break;
    case "hello.ack":
      console.log(`ci-guard registered as ${msg.providerId}`);
      break;
    case "gate.check":
      send(ciRed
        ? { type: "gate.result", gateId: msg.gateId, callId: msg.callId, decision: "deny",
            reason: "CI is red on this branch. Fix the tests first." }
        : { type: "gate.result", gateId: msg.gateId, callId: msg.callId, decision: "allow" });
      break;
    case "tool.call":
      ciRed = msg.args.red === true;
      send({ type: "tool.result", id: msg.id, data: `CI is now ${ciRed ? "red" : "green"}` });
      break;
    case "tool.cancel":
      send({ type: "tool.result", id: msg.id, error: "Cancelled", errorCode: "CANCELLED" });
      break;
    case "session.lifecycle":
      if (msg.state === "shutdown.pending") { send({ type: "goodbye", reason: "session ending" }); ws.close(); }
      break;
    case "error":
      console.error(`Error [${msg.code}]: ${msg.message}`);
      break;
    default: break; // forward compatibility: ignore unknown types
  }
});
