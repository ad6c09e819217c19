// `gateway mcp` driven by the official TypeScript MCP SDK (a client nobody here wrote), with
// providers that speak the provider protocol over `ws` (spec/provider-interface-v2.md).
// McpFrontDoorInteropTest runs it and asserts on what it prints.
//
//   MCP_E2E_COMMAND='["java","-cp","…","io.github.providergateway.app.Main","mcp","--home","/tmp/h","--port","9555"]' \
//   MCP_E2E_HOME=/tmp/h node mcp-e2e.mjs
//
// stdout: one JSON line per check, {"check": name, "observed": {…}} or {"check": name, "error": text};
// the checks run one after another and a failed one does not stop the next. Logs go to stderr.
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport, getDefaultEnvironment } from "@modelcontextprotocol/sdk/client/stdio.js";
import {
  LoggingMessageNotificationSchema,
  ResourceListChangedNotificationSchema,
  ResourceUpdatedNotificationSchema,
  ToolListChangedNotificationSchema,
} from "@modelcontextprotocol/sdk/types.js";
import WebSocket from "ws";
import { existsSync, readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { checks, sleep, until as waitUntil } from "./waiting.mjs";

const COMMAND = JSON.parse(process.env.MCP_E2E_COMMAND);
const HOME = process.env.MCP_E2E_HOME;
const WAIT_MS = 20_000;

const { check, report, log } = checks("mcp-e2e", WAIT_MS * 2);
const until = (what, condition, ms = WAIT_MS) => waitUntil(what, condition, ms);

// ---- the MCP side ----

/** An MCP client on its own `gateway mcp` process, keeping every notification and error. */
class Agent {
  constructor(name) {
    this.name = name;
    this.notifications = []; // {method, params} in arrival order
    this.errors = []; // what the client or transport reported: junk on stdout, stray responses
    this.client = new Client({ name, version: "1.0.0" });
    this.transport = new StdioClientTransport({
      command: COMMAND[0],
      args: COMMAND.slice(1),
      env: { ...getDefaultEnvironment(), GATEWAY_LOG_LEVEL: process.env.GATEWAY_LOG_LEVEL ?? "INFO" },
      stderr: "pipe",
    });
    this.transport.stderr.on("data", (chunk) => process.stderr.write(`[${name} stderr] ${chunk}`));
    for (const schema of [
      ToolListChangedNotificationSchema,
      ResourceListChangedNotificationSchema,
      ResourceUpdatedNotificationSchema,
      LoggingMessageNotificationSchema,
    ]) {
      this.client.setNotificationHandler(schema, (n) => this.notifications.push(n));
    }
    this.client.onerror = (e) => {
      log(`${name} client error:`, e);
      this.errors.push(String(e?.message ?? e));
    };
  }

  async connect() {
    await this.client.connect(this.transport);
    return this;
  }

  /** A mark for {@link next}: notifications after it are new. */
  mark() {
    return this.notifications.length;
  }

  /** The first notification of `method` after `mark` matching `test`. */
  next(method, mark, test = () => true) {
    return until(`${this.name}: ${method}`, () =>
      this.notifications.slice(mark).find((n) => n.method === method && test(n.params ?? {})));
  }

  async toolNames() {
    return (await this.client.listTools()).tools.map((t) => t.name).sort();
  }

  async close() {
    await this.client.close();
  }
}

// ---- the provider side ----

function token() {
  const file = join(HOME, ".provider-token");
  return readFileSync(file, "utf8").trim();
}

/**
 * A provider bound to the session labelled `label` (the MCP client's name). `handlers` answer
 * message types (tool.call, gate.check, tool.cancel); everything is also kept in `received`.
 */
class Provider {
  constructor(name) {
    this.name = name;
    this.received = [];
    this.handlers = {};
  }

  static async bind(name, label, hello, handlers = {}) {
    const provider = new Provider(name);
    provider.handlers = handlers;
    await until("the gateway's token and port files", () =>
      existsSync(join(HOME, ".provider-token")) && existsSync(join(HOME, "gateway.port")));
    const port = readFileSync(join(HOME, "gateway.port"), "utf8").trim();
    provider.ws = new WebSocket(`ws://127.0.0.1:${port}`);
    provider.ws.on("message", (raw) => {
      const msg = JSON.parse(raw);
      provider.received.push(msg);
      provider.handlers[msg.type]?.(msg, provider);
    });
    await new Promise((resolve, reject) => {
      provider.ws.once("open", resolve);
      provider.ws.once("error", reject);
    });
    provider.send({ type: "auth", token: token() });
    const session = await until(`a session labelled ${label}`, () => {
      const lists = provider.received.filter((m) => m.type === "sessions" || m.type === "sessions.updated");
      provider.sessions = lists[lists.length - 1]; // the active sessions as last heard
      return provider.sessions?.active.find((s) => s.label === label);
    });
    provider.send({ type: "hello", name, protocolVersion: 2, session: session.id, ...hello });
    const ack = await provider.next("hello.ack");
    log(`${name} bound to ${session.id} (${label}) as ${ack.providerId}`);
    provider.sessionId = session.id;
    return provider;
  }

  send(message) {
    this.ws.send(JSON.stringify(message));
  }

  next(type, test = () => true) {
    return until(`${this.name}: ${type}`, () => this.received.find((m) => m.type === type && test(m)));
  }

  /** Leaves as a provider does: goodbye, then the socket closes. */
  async leave() {
    this.send({ type: "goodbye", reason: "test over" });
    await new Promise((resolve) => {
      this.ws.once("close", resolve);
      this.ws.close();
    });
  }
}

const schema = (properties = {}) => ({ type: "object", properties });

/** Detached gateways serving HOME, from /proc (Linux). */
function gatewayPids() {
  const pids = [];
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const args = readFileSync(`/proc/${entry}/cmdline`, "utf8").split("\0");
      if (args.includes("--detached") && args.includes(HOME)) pids.push(Number(entry));
    } catch {
      // it ended while we looked
    }
  }
  return pids;
}

// ---- the checks ----

const a = new Agent("e2e-agent-a");
const agents = [a];
let tools; // the provider of the tools the calls use, bound to a's session
const cancels = []; // tool.cancel messages the tools provider received

try {
  await check("initialize", async () => {
    await a.connect();
    return {
      serverInfo: a.client.getServerVersion(),
      capabilities: a.client.getServerCapabilities(),
      instructions: a.client.getInstructions() ?? null,
      tools: await a.toolNames(),
    };
  });

  await check("listChanged", async () => {
    let mark = a.mark();
    const leaver = await Provider.bind("e2e-leaver", a.name, { tools: [{ name: "transient", description: "Here for a moment", parameters: schema() }] });
    await a.next("notifications/tools/list_changed", mark);
    const afterJoin = await a.toolNames();
    mark = a.mark();
    await leaver.leave();
    await a.next("notifications/tools/list_changed", mark);
    return { afterJoin, afterLeave: await a.toolNames() };
  });

  // The provider of the calls below: one tool per behaviour.
  const mark = a.mark();
  tools = await Provider.bind(
    "e2e-tools",
    a.name,
    {
      tools: [
        { name: "lookup", description: "Answers with an object", parameters: schema({ q: { type: "string" } }) },
        { name: "deploy", description: "Gated by e2e-guard", parameters: schema({ env: { type: "string" } }) },
        { name: "build", description: "Reports progress, then answers", parameters: schema() },
        { name: "hang", description: "Never answers unless cancelled", parameters: schema() },
      ],
    },
    {
      "tool.call": async (msg, p) => {
        switch (msg.tool) {
          case "lookup":
            p.send({ type: "tool.result", id: msg.id, data: { answer: 42, asked: msg.args.q } });
            break;
          case "deploy":
            p.send({ type: "tool.result", id: msg.id, data: `deployed to ${msg.args.env}` });
            break;
          case "build":
            // Spaced wider than the gateway's progress interval (250 ms), so each is shown.
            p.send({ type: "tool.progress", id: msg.id, message: "compiling" });
            await sleep(400);
            p.send({ type: "tool.progress", id: msg.id, message: "testing" });
            await sleep(400);
            p.send({ type: "tool.result", id: msg.id, data: "built" });
            break;
          default: // hang
        }
      },
      "tool.cancel": (msg, p) => {
        cancels.push(msg);
        p.send({ type: "tool.result", id: msg.id, error: "Cancelled", errorCode: "CANCELLED" });
      },
    });
  await a.next("notifications/tools/list_changed", mark);

  await check("callSucceeds", async () =>
    a.client.callTool({ name: "lookup", arguments: { q: "meaning" } }));

  await check("gateDenies", async () => {
    const guard = await Provider.bind(
      "e2e-guard",
      a.name,
      { hooks: { onPreToolUse: [{ match: { tool: "deploy" }, action: "gate", gateId: "freeze" }] } },
      {
        "gate.check": (msg, p) =>
          p.send({ type: "gate.result", gateId: msg.gateId, callId: msg.callId, decision: "deny", reason: "Deploys are frozen during the e2e test." }),
      });
    const result = await a.client.callTool({ name: "deploy", arguments: { env: "prod" } });
    const deployCalls = tools.received.filter((m) => m.type === "tool.call" && m.tool === "deploy").length;
    await guard.leave();
    return { result, gateChecks: guard.received.filter((m) => m.type === "gate.check").length, deployCalls };
  });

  await check("progress", async () => {
    const progress = [];
    const result = await a.client.callTool({ name: "build", arguments: {} }, undefined, {
      onprogress: (p) => progress.push(p),
    });
    return { progress, result };
  });

  await check("cancel", async () => {
    const abort = new AbortController();
    const call = a.client.callTool({ name: "hang", arguments: {} }, undefined, { signal: abort.signal });
    const sent = await tools.next("tool.call", (m) => m.tool === "hang");
    abort.abort("the user pressed Esc");
    let clientSaw;
    try {
      await call;
      clientSaw = "a result";
    } catch (e) {
      clientSaw = String(e?.message ?? e);
    }
    await until("tool.cancel at the provider", () => cancels.find((c) => c.id === sent.id));
    // Anything the server answered for the cancelled request would arrive before this ping's
    // answer and show as a client error ("unknown message ID").
    await sleep(300);
    await a.client.ping();
    return { cancel: cancels.find((c) => c.id === sent.id), clientSaw, clientErrors: [...a.errors] };
  });

  await check("streamResource", async () => {
    const uri = "gateway://streams/ci@e2e-tools";
    let mark = a.mark();
    tools.send({ type: "push", stream: "ci", event: "build 7 passed", level: "surface", metadata: { run: 7 } });
    const listed = await until("the stream in resources/list", async () => {
      const { resources } = await a.client.listResources();
      return resources.find((r) => r.uri === uri) && resources;
    });
    const read = await a.client.readResource({ uri });
    const logged = await a.next("notifications/message", mark, (p) => JSON.stringify(p.data ?? "").includes("build 7 passed"));
    await a.client.subscribeResource({ uri });
    mark = a.mark();
    tools.send({ type: "push", stream: "ci", event: "build 8 failed", level: "keep" });
    const updated = await a.next("notifications/resources/updated", mark, (p) => p.uri === uri);
    const reread = await a.client.readResource({ uri });
    return { resources: listed, read, logged, updated, reread };
  });

  await check("injectRidesOnNextResult", async () => {
    const mark = a.mark();
    tools.send({ type: "push", stream: "ci", event: "CI failed on main", level: "inject" });
    // It shows in the log at once; the model reads it with the next tool result.
    await a.next("notifications/message", mark, (p) => JSON.stringify(p.data ?? "").includes("CI failed on main"));
    const next = await a.client.callTool({ name: "lookup", arguments: { q: "after the push" } });
    const after = await a.client.callTool({ name: "lookup", arguments: { q: "once more" } });
    return { next, after };
  });

  await check("twoAgents", async () => {
    const b = await new Agent("e2e-agent-b").connect();
    agents.push(b);
    const mark = b.mark();
    const onlyB = await Provider.bind("e2e-b-only", b.name, { tools: [{ name: "b_only", description: "For b alone", parameters: schema() }] });
    await b.next("notifications/tools/list_changed", mark);
    const observed = {
      toolsOfA: await a.toolNames(),
      toolsOfB: await b.toolNames(),
      sessionLabelsOneProviderSees: onlyB.sessions.active.map((s) => s.label).sort(),
      sessionsOfProviders: { a: tools.sessionId, b: onlyB.sessionId },
      gatewayPidFile: readFileSync(join(HOME, "gateway.pid"), "utf8").trim(),
      gatewayPids: gatewayPids(),
    };
    await onlyB.leave();
    return observed;
  });

  await check("clientErrors", async () => Object.fromEntries(agents.map((agent) => [agent.name, agent.errors])));
} finally {
  tools?.ws.close();
  // The SDK's close ends the server's stdin, then waits 2 s before it sends SIGTERM.
  const closeMillis = {};
  for (const agent of agents) {
    const started = Date.now();
    await agent.close().catch((e) => log(`closing ${agent.name}:`, e));
    closeMillis[agent.name] = Date.now() - started;
  }
  report("close", { observed: closeMillis });
}
