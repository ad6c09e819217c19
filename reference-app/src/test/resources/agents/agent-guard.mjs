#!/usr/bin/env node
// The guard of the real-agent tests for Gemini CLI, Codex CLI and Claude Code before 2.1.295
// (GuardedHome): a stdio provider from the gateway's --config, started as
// `node agent-guard.mjs MARKERS`. Its tool `mark {name}` writes the file MARKERS/<name>, so a test
// sees whether an MCP call ran; its gates decide the agent's shell calls by the marker they name:
//   guarded-denied…, guarded-killed…  deny
//   guarded-rewrite…                  allow, rewritten to make rewritten… instead (gate.args)
//   guarded-ask…                      ask the person (gate.ask)
// and `mark` with a name holding "denied" is denied, one holding "asked" asks the person (gate.ask).
// Every other call is nobody's business here.
// Node alone, no packages.
import { createInterface } from "node:readline";
import { writeFileSync } from "node:fs";
import { join } from "node:path";

const markers = process.argv[2];
// A guard that is slow to start (a second argument, in milliseconds) says hello that much later.
const helloDelayMs = Number(process.argv[3] ?? 0);
const send = (message) => process.stdout.write(JSON.stringify(message) + "\n");
const result = (msg, decision, more) =>
  send({ type: "gate.result", gateId: msg.gateId, callId: msg.callId, decision, ...more });

// No auth over stdio: hello binds to the session the gateway started us for.
const hello = () => send({
  type: "hello", name: "agent-guard", protocolVersion: 2, extensions: ["gate.args", "gate.ask"],
  tools: [{ name: "mark", description: "Make the marker file NAME in the test's marker folder",
            parameters: { type: "object", properties: { name: { type: "string" } },
                          required: ["name"], additionalProperties: false } }],
  hooks: { onPreToolUse: [
    { match: { tool: "shell", args: "guarded-(denied|killed)" }, action: "gate", gateId: "no-marker" },
    { match: { tool: "shell", args: "guarded-rewrite" }, action: "gate", gateId: "rewrite" },
    { match: { tool: "shell", args: "guarded-ask" }, action: "gate", gateId: "ask" },
    { match: { tool: "mark", args: "denied" }, action: "gate", gateId: "no-denied-mark" },
    { match: { tool: "mark", args: "asked" }, action: "gate", gateId: "ask" },
  ] },
});
setTimeout(hello, helloDelayMs);

for await (const line of createInterface({ input: process.stdin })) {
  const msg = JSON.parse(line);
  switch (msg.type) {
    case "gate.check":
      if (msg.gateId === "rewrite") {
        const command = String(msg.args.command).replaceAll("guarded-rewrite", "rewritten");
        result(msg, "allow", { args: { ...msg.args, command } });
      } else if (msg.gateId === "ask") {
        result(msg, "ask", { reason: "agent-guard asks: may the agent make the asked marker?" });
      } else {
        result(msg, "deny", { reason: `agent-guard: ${msg.gateId} says no` });
      }
      break;
    case "tool.call":
      writeFileSync(join(markers, String(msg.args.name)), "made by agent-guard's mark\n");
      send({ type: "tool.result", id: msg.id, data: `marked ${msg.args.name}` });
      break;
    case "session.lifecycle":
      if (msg.state === "shutdown.pending") {
        send({ type: "goodbye", reason: "session ending" });
        process.exit(0);
      }
      break;
    default:
      process.stderr.write(`agent-guard: ${msg.type}\n`);
  }
}
