#!/usr/bin/env node
// A provider over stdio whose gate asks the person before its `deploy` tool runs: the gate.ask
// extension (docs/hooks.md, "Gates that ask the person"). Node alone, no packages.
//
//   {"providers": [{"name": "confirm", "transport": "stdio", "command": ["node", "confirm.mjs"]}]}
//
// The gateway puts the question to whoever the host offers (the console's y/n, the status page,
// an MCP client's elicitation) and runs the call only on a yes. A gateway that does not accept
// gate.ask would take "ask" for a decision it does not know, so this gate denies there instead.
// CONFIRM_ASK_TIMEOUT_MS (default: the gateway's 60 s) is how long the person has to answer.
import { createInterface } from "node:readline";

const askTimeoutMs = process.env.CONFIRM_ASK_TIMEOUT_MS ? Number(process.env.CONFIRM_ASK_TIMEOUT_MS) : undefined;
let asks = false;

const send = (message) => process.stdout.write(JSON.stringify(message) + "\n");
const log = (text) => process.stderr.write(`confirm.mjs: ${text}\n`);

// No auth over stdio: the first message is hello, bound to the session the gateway started us for.
send({
  type: "hello", name: "confirm", protocolVersion: 2, extensions: ["gate.ask"],
  tools: [{ name: "deploy", description: "Deploy a branch to production",
            parameters: { type: "object", properties: { branch: { type: "string" } }, required: ["branch"] } }],
  hooks: { onPreToolUse: [{ match: { tool: "deploy" }, action: "gate", gateId: "confirm-deploy" }] },
});

for await (const line of createInterface({ input: process.stdin })) {
  const msg = JSON.parse(line);
  switch (msg.type) {
    case "hello.ack":
      asks = (msg.extensions ?? []).includes("gate.ask");
      break;
    case "gate.check":
      send(asks
        ? { type: "gate.result", gateId: msg.gateId, callId: msg.callId, decision: "ask",
            reason: `Deploy ${msg.args.branch} to production?`, askTimeoutMs }
        : { type: "gate.result", gateId: msg.gateId, callId: msg.callId, decision: "deny",
            reason: "This gateway cannot ask the person, and deploys need their yes." });
      break;
    case "tool.call":
      send({ type: "tool.result", id: msg.id, data: `deployed ${msg.args.branch}` });
      break;
    case "error":
      log(`the gateway refused ${msg.replyTo ?? "a line"}: ${msg.code} ${msg.message}`);
      break;
    case "session.lifecycle":
      if (msg.state === "shutdown.pending") {
        send({ type: "goodbye", reason: "session ending" });
        process.exit(0);
      }
      break;
    // sessions and the rest need no answer.
  }
}
