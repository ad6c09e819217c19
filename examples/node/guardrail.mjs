// A guardrail provider: blocks `git push` in the host's shell tool while CI is red.
// It registers a `gate` hook rule; the gateway asks it (gate.check) before every matching call
// and denies on its behalf if it does not answer within 5 s (fail closed).
//
//   cd your/project && node /path/to/examples/node/guardrail.mjs
//
// It binds to the session of the agent working in this directory (or TAP_SESSION; session.mjs
// says how it chooses, and it prints what it chose) with the running gateway's token.
// Its own tool `ci_status {red: boolean}` flips the flag, standing in for a real CI feed.
import { runProvider } from "./connect.mjs";

let ciRed = true;

runProvider("ci-guard", {
  hello: (session) => ({
    type: "hello", name: "ci-guard", protocolVersion: 2, session,
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
  }),
  onMessage: (msg, send) => {
    switch (msg.type) {
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
      default: break; // forward compatibility: ignore unknown types
    }
  },
});
