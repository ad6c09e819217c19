// A gate that rewrites arguments instead of refusing them (extension "gate.args", docs/hooks.md):
// `git push --force` in the host's shell becomes `git push --force-with-lease`, and every call of
// its own `deploy` tool is pinned to branch main. The gateway checks each rewrite against the
// tool's schema, asks later gates about it, runs the call with it and tells the host.
//
//   cd your/project && node /path/to/examples/node/safe-push.mjs
//
// It binds as session.mjs says (the agent's session of this directory, or TAP_SESSION).
import { runProvider } from "./connect.mjs";

let rewritesAccepted = false;

runProvider("safe-push", {
  hello: (session) => ({
    type: "hello", name: "safe-push", protocolVersion: 2, session,
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
  }),
  onMessage: (msg, send) => {
    switch (msg.type) {
      case "hello.ack":
        // A gateway that does not list it would run the call unchanged: then deny instead.
        rewritesAccepted = (msg.extensions ?? []).includes("gate.args");
        console.log(`safe-push: rewrites ${rewritesAccepted ? "accepted" : "NOT accepted"}`);
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
      default: break; // forward compatibility: ignore unknown types
    }
  },
});
