// Two agents, each a client of the official TypeScript MCP SDK spawning `gateway mcp`, and
// providers (ws) bound to each agent's gateway session. Prints one JSON line per check:
// {"check": name, "ok": bool, "detail": ...}; McpFrontDoorInteropTest asserts each.
// Env: GATEWAY_CMD (JSON array: the command line before "mcp"), GATEWAY_HOME, GATEWAY_PORT.
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import {
  ToolListChangedNotificationSchema,
  LoggingMessageNotificationSchema,
  ResourceUpdatedNotificationSchema,
} from "@modelcontextprotocol/sdk/types.js";
import WebSocket from "ws";
import fs from "node:fs";

const CMD = JSON.parse(process.env.GATEWAY_CMD);
const HOME = process.env.GATEWAY_HOME;
const PORT = process.env.GATEWAY_PORT;
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const report = (check, ok, detail) => console.log(JSON.stringify({ check, ok: !!ok, detail }));

async function until(what, condition, ms = 15000) {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (await condition()) return true;
    await sleep(50);
  }
  throw new Error("timed out waiting for " + what);
}

async function agent(name) {
  const transport = new StdioClientTransport({
    command: CMD[0],
    args: [...CMD.slice(1), "mcp", "--home", HOME, "--port", PORT],
    stderr: "inherit",
  });
  const client = new Client({ name, version: "1.0.0" }, { capabilities: {} });
  const seen = { toolsChanged: 0, logs: [], updated: [] };
  client.setNotificationHandler(ToolListChangedNotificationSchema, () => { seen.toolsChanged++; });
  client.setNotificationHandler(LoggingMessageNotificationSchema, (n) => { seen.logs.push(n.params); });
  client.setNotificationHandler(ResourceUpdatedNotificationSchema, (n) => { seen.updated.push(n.params.uri); });
  await client.connect(transport);
  // The gateway session exists once a handler that needs it answers.
  await client.getPrompt({ name: "gateway-context" });
  return { client, seen, transport };
}

// A provider bound to the session labelled `label`; records what the gateway sends it.
function provider(name, label, tools, hooks, onCall) {
  const token = fs.readFileSync(HOME + "/.provider-token", "utf8").trim();
  const ws = new WebSocket(`ws://127.0.0.1:${PORT}`);
  const p = { ws, cancels: [], bound: false, send: (m) => ws.send(JSON.stringify(m)) };
  ws.on("open", () => p.send({ type: "auth", token }));
  ws.on("message", (raw) => {
    const msg = JSON.parse(raw);
    if (msg.type === "sessions" || msg.type === "sessions.updated") {
      const session = (msg.active || msg.sessions || []).find((s) => s.label === label);
      if (session && !p.bound && !p.helloSent) {
        p.helloSent = true;
        p.session = session.id;
        p.send({ type: "hello", name, protocolVersion: 2, session: session.id, tools, hooks });
      }
    } else if (msg.type === "hello.ack") {
      p.bound = true;
    } else if (msg.type === "tool.call") {
      onCall(p, msg);
    } else if (msg.type === "tool.cancel") {
      p.cancels.push(msg);
      p.send({ type: "tool.result", id: msg.id, error: "Cancelled", errorCode: "CANCELLED" });
    } else if (msg.type === "gate.check") {
      p.send({ type: "gate.result", gateId: msg.gateId, callId: msg.callId, decision: "deny", reason: "CI is red on main" });
    } else if (msg.type === "session.lifecycle" && msg.state === "shutdown.pending") {
      p.send({ type: "goodbye", reason: "session ending" });
      ws.close();
    }
  });
  return p;
}

const object = (properties = {}) => ({ type: "object", properties });
const toolsA = [
  { name: "greet", description: "Greets", parameters: object({ name: { type: "string" } }) },
  { name: "deploy", description: "Deploys (gated)", parameters: object() },
  { name: "slow", description: "Reports progress", parameters: object() },
  { name: "hang", description: "Never answers until cancelled", parameters: object() },
  { name: "ci_push", description: "Pushes a CI event", parameters: object() },
];
const gate = { onPreToolUse: [{ match: { tool: "deploy" }, action: "gate", gateId: "ci-green" }] };

function answer(p, msg) {
  switch (msg.tool) {
    case "greet":
      return p.send({ type: "tool.result", id: msg.id, data: { greeting: `Hello, ${msg.args.name}!` } });
    case "deploy":
      return p.send({ type: "tool.result", id: msg.id, data: "deployed" });
    case "slow":
      p.send({ type: "tool.progress", id: msg.id, message: "step 1 of 2" });
      setTimeout(() => p.send({ type: "tool.progress", id: msg.id, message: "step 2 of 2" }), 300);
      return setTimeout(() => p.send({ type: "tool.result", id: msg.id, data: "done" }), 700);
    case "hang":
      return; // answered only by tool.cancel
    case "ci_push":
      p.send({ type: "push", stream: "ci", event: "CI failed on main", level: "inject" });
      return setTimeout(() => p.send({ type: "tool.result", id: msg.id, data: "pushed" }), 100);
  }
}

const names = (list) => list.tools.map((t) => t.name).sort();

// One check: a step that throws (e.g. a wait that times out) fails that check only.
async function step(check, body) {
  try {
    const [ok, detail] = await body();
    report(check, ok, detail);
  } catch (e) {
    report(check, false, String((e && e.stack) || e));
  }
}

try {
  const a = await agent("agent-a");
  const init = a.client.getServerCapabilities();
  const info = a.client.getServerVersion();
  report("initialize", info.name === "provider-gateway" && init.tools?.listChanged === true && init.resources?.subscribe === true,
    { info, init, instructions: a.client.getInstructions()?.slice(0, 80) });
  report("empty tools before a provider", (await a.client.listTools()).tools.length === 0, null);

  const pa = provider("tools-a", "agent-a", toolsA, gate, answer);
  await until("tools/list_changed after the provider binds", () => a.seen.toolsChanged >= 1);
  const listed = await a.client.listTools();
  const greet = listed.tools.find((t) => t.name === "greet");
  report("list_changed on connect", names(listed).join(",") === "ci_push,deploy,greet,hang,slow",
    { tools: names(listed), greetSchema: greet?.inputSchema });

  const ok = await a.client.callTool({ name: "greet", arguments: { name: "Alice" } });
  report("call succeeds", !ok.isError && ok.structuredContent?.greeting === "Hello, Alice!" &&
    ok.content[0].text === JSON.stringify({ greeting: "Hello, Alice!" }), ok);

  const denied = await a.client.callTool({ name: "deploy", arguments: {} });
  report("gate denies", denied.isError === true && denied.content[0].text.includes("CI is red on main"), denied);

  await step("progress", async () => {
    const progress = [];
    const slow = await a.client.callTool({ name: "slow", arguments: {} }, undefined, {
      onprogress: (p) => progress.push(p.message), resetTimeoutOnProgress: true,
    });
    return [!slow.isError && progress.includes("step 1 of 2") && progress.includes("step 2 of 2"), { progress, slow }];
  });

  await step("cancel reaches the provider", async () => {
    const abort = new AbortController();
    const hanging = a.client.callTool({ name: "hang", arguments: {} }, undefined, { signal: abort.signal }).catch((e) => e);
    await sleep(500);
    abort.abort("the person pressed Esc");
    await until("tool.cancel at the provider", () => pa.cancels.length > 0, 5000);
    return [pa.cancels[0].reason === "interrupted", { cancel: pa.cancels[0], client: String(await hanging) }];
  });

  await step("inject rides on the next result", async () => {
    const pushed = await a.client.callTool({ name: "ci_push", arguments: {} });
    const block = pushed.content.map((c) => c.text).find((t) => t.startsWith("[provider-gateway: events pushed"));
    return [block && block.includes("CI failed on main"), pushed];
  });
  await step("timeline as log messages", async () => {
    await until("a log message of the inject", () => a.seen.logs.some((l) => String(l.data).includes("CI failed on main")), 5000);
    return [true, a.seen.logs];
  });

  const uri = "gateway://streams/ci@tools-a";
  await step("stream as resource", async () => {
    await until("the stream as a resource", async () => (await a.client.listResources()).resources.some((r) => r.uri === uri), 5000);
    await a.client.subscribeResource({ uri });
    const read = await a.client.readResource({ uri });
    return [JSON.parse(read.contents[0].text)[0].event === "CI failed on main", read];
  });
  await step("resource updated", async () => {
    pa.send({ type: "push", stream: "ci", event: "CI green again", level: "keep" });
    await until("resources/updated", () => a.seen.updated.includes(uri), 5000);
    return [true, a.seen.updated];
  });

  // A second agent: its own session, its own provider, only its own tools.
  const b = await agent("agent-b");
  const pb = provider("tools-b", "agent-b", [{ name: "b_only", description: "B's", parameters: object() }], undefined, (p, m) =>
    p.send({ type: "tool.result", id: m.id, data: "b" }));
  await until("agent-b sees its provider", () => b.seen.toolsChanged >= 1);
  const listA = names(await a.client.listTools());
  const listB = names(await b.client.listTools());
  report("two agents see only their own tools", !listA.includes("b_only") && listB.join(",") === "b_only", { listA, listB });

  // The provider leaves: agent A hears list_changed and its list is empty.
  const before = a.seen.toolsChanged;
  pa.ws.close();
  await until("tools/list_changed after the provider leaves", () => a.seen.toolsChanged > before);
  report("list_changed on leave", (await a.client.listTools()).tools.length === 0, null);

  await a.client.close();
  await b.client.close();
  pb.ws.close();
  report("done", true, null);
} catch (e) {
  report("error", false, String(e && e.stack || e));
}
process.exit(0);
