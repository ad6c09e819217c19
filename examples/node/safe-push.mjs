// A gate that rewrites arguments instead of refusing them (extension "gate.args", docs/hooks.md):
// `git push --force` in the host's shell becomes `git push --force-with-lease`, and every call of
// its own `deploy` tool is pinned to branch main. The gateway checks each rewrite against the
// tool's schema, asks later gates about it, runs the call with it and tells the host.
//
//   TAP_PROVIDER_TOKEN=$(cat ~/.copilot/extensions/tap/.provider-token) node safe-push.mjs
import WebSocket from "ws";

const TOKEN = process.env.TAP_PROVIDER_TOKEN;
const URL = process.env.TAP_GATEWAY_URL ?? "ws://localhost:9400";
let rewritesAccepted = false;

const ws = new WebSocket(URL);
const send = (msg) => ws.send(JSON.stringify(msg));

ws.on("open", () => send({ type: "auth", token: TOKEN }));

ws.on("message", (raw) => {
  const msg = JSON.parse(raw);
  switch (msg.type) {
    case "sessions":
      if (!msg.active.length) { ws.close(); return; }
      send({
        type: "hello", name: "safe-push", protocolVersion: 2, session: msg.active[0].id,
        extensions: ["gate.args"], // opt in: without it the gateway ignores gate.result.args
        tools: [{
          name: "deploy", description: "Deploy a branch",
          parameters: { type: "object", properties: { branch: { type: "string" } },
                        required: ["branch"], additionalProperties: false },
        }],
        hooks: {
          onPreToolUse: [
            { match: { tool: "shell", args: "git push.*--force\\b" }, action: "gate", gateId: "force-with-lease" },
            { match: { tool: "deploy" }, action: "gate", gateId: "pin-branch" },
          ],
        },
      });
      break;
    case "hello.ack":
      // A gateway that does not list it would run the call unchanged: then deny instead.
      rewritesAccepted = (msg.extensions ?? []).includes("gate.args");
      console.log(`safe-push registered as ${msg.providerId}; rewrites ${rewritesAccepted ? "accepted" : "NOT accepted"}`);
      break;
    case "gate.check": {
      const args = msg.gateId === "pin-branch"
        ? { ...msg.args, branch: "main" }
        : { ...msg.args, command: msg.args.command.replace(/--force\b(?!-)/, "--force-with-lease") };
      send(rewritesAccepted
        ? { type: "gate.result", gateId: msg.gateId, callId: msg.callId, decision: "allow", args }
        : { type: "gate.result", gateId: msg.gateId, callId: msg.callId, decision: "deny",
            reason: "This gateway cannot rewrite the call, and it is not safe as it is." });
      break;
    }
    case "tool.call":
      send({ type: "tool.result", id: msg.id, data: `deployed ${msg.args.branch}` });
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
