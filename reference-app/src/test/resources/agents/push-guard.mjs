#!/usr/bin/env node
// The guard of the real-agent tests (ClaudeCodeGateTest): a stdio provider from the gateway's
// --config that gates `git push` in the agent's shell and always denies it. Its gate fails
// closed, as every gate does (docs/hooks.md, "Gates fail closed"). Node alone, no packages.
import { createInterface } from "node:readline";

const send = (message) => process.stdout.write(JSON.stringify(message) + "\n");

// No auth over stdio: hello binds to the session the gateway started us for.
send({
  type: "hello", name: "push-guard", protocolVersion: 2,
  hooks: { onPreToolUse: [{ match: { tool: "shell", args: "git push" }, action: "gate", gateId: "no-push" }] },
});

for await (const line of createInterface({ input: process.stdin })) {
  const msg = JSON.parse(line);
  switch (msg.type) {
    case "gate.check":
      send({ type: "gate.result", gateId: msg.gateId, callId: msg.callId, decision: "deny",
             reason: "push-guard: no pushes from this project" });
      break;
    case "session.lifecycle":
      if (msg.state === "shutdown.pending") {
        send({ type: "goodbye", reason: "session ending" });
        process.exit(0);
      }
      break;
    default:
      process.stderr.write(`push-guard: ${msg.type}\n`);
  }
}
