// The gateway's MCP front door on Streamable HTTP driven by the official TypeScript MCP SDK's
// StreamableHTTPClientTransport (a client nobody here wrote), with providers over `ws`.
// McpHttpInteropTest runs it and asserts on what it prints.
//
//   MCP_HTTP_CONFIG='{"url":"http://127.0.0.1:9555/mcp","headers":{"Authorization":"Bearer mcp-…"}}' \
//   MCP_HTTP_TOKEN_FILE=/tmp/h/.provider-token MCP_HTTP_WS=ws://127.0.0.1:9555 node mcp-http.mjs
//
// MCP_HTTP_CONFIG is what `gateway mcp --print-config http` printed for "any other MCP client".
// stdout: one JSON line per check, {"check": name, "observed": {…}} or {"check": name, "error": text}.
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { ElicitRequestSchema, LoggingMessageNotificationSchema, ToolListChangedNotificationSchema } from "@modelcontextprotocol/sdk/types.js";
import WebSocket from "ws";
import { readFileSync } from "node:fs";
import { checks, sleep, until as waitUntil } from "./waiting.mjs";

const CONFIG = JSON.parse(process.env.MCP_HTTP_CONFIG);
const URL_ = new URL(CONFIG.url);
const WAIT_MS = 20_000;

const { check, report, log } = checks("mcp-http", WAIT_MS * 2);
const until = (what, condition, ms = WAIT_MS) => waitUntil(what, condition, ms);

/**
 * The SDK's fetch, seen through: every request is recorded (method, Last-Event-ID, status), the
 * event ids of each GET event stream are read from a copy of its body, and the test can cut the
 * open GET streams (`dropGets`) as a network would, without the transport's knowing.
 */
class Wire {
  constructor() {
    this.requests = [];
    this.lastGetEventId = undefined;
    this.gets = new Set(); // AbortControllers of the open GET streams
    this.fetch = this.fetch.bind(this);
  }

  async fetch(url, init = {}) {
    const headers = new Headers(init.headers);
    const entry = { method: init.method ?? "GET", lastEventId: headers.get("last-event-id") };
    this.requests.push(entry);
    if (entry.method !== "GET") {
      const response = await fetch(url, init);
      entry.status = response.status;
      return response;
    }
    const cut = new AbortController();
    const signal = init.signal ? AbortSignal.any([init.signal, cut.signal]) : cut.signal;
    const response = await fetch(url, { ...init, signal });
    entry.status = response.status;
    if (!response.ok || !response.body) return response;
    this.gets.add(cut);
    const [mine, theirs] = response.body.tee();
    this.readIds(mine).finally(() => this.gets.delete(cut));
    return new Response(theirs, { status: response.status, statusText: response.statusText, headers: response.headers });
  }

  async readIds(body) {
    const decoder = new TextDecoder();
    let buffer = "";
    try {
      for await (const chunk of body) {
        buffer += decoder.decode(chunk, { stream: true });
        let newline;
        while ((newline = buffer.indexOf("\n")) >= 0) {
          const line = buffer.slice(0, newline).replace(/\r$/, "");
          buffer = buffer.slice(newline + 1);
          if (line.startsWith("id:")) this.lastGetEventId = line.slice(3).trim();
        }
      }
    } catch {
      // the stream was cut
    }
  }

  dropGets() {
    const open = [...this.gets];
    open.forEach((cut) => cut.abort(new Error("network dropped (test)")));
    return open.length;
  }
}

/** An MCP client over Streamable HTTP, keeping every notification and error. */
class Agent {
  constructor(name, sessionId, capabilities = {}) {
    this.name = name;
    this.notifications = [];
    this.errors = [];
    this.wire = new Wire();
    this.transport = new StreamableHTTPClientTransport(URL_, {
      requestInit: { headers: CONFIG.headers },
      fetch: this.wire.fetch,
      sessionId,
      reconnectionOptions: { initialReconnectionDelay: 1000, maxReconnectionDelay: 2000, reconnectionDelayGrowFactor: 1.5, maxRetries: 5 },
    });
    this.client = new Client({ name, version: "1.0.0" }, { capabilities });
    for (const schema of [ToolListChangedNotificationSchema, LoggingMessageNotificationSchema]) {
      this.client.setNotificationHandler(schema, (n) => this.notifications.push(n));
    }
    this.client.onerror = (e) => {
      log(`${name} client error:`, e?.message ?? e);
      this.errors.push(String(e?.message ?? e));
    };
  }

  async connect() {
    await this.client.connect(this.transport);
    return this;
  }

  mark() {
    return this.notifications.length;
  }

  next(method, mark) {
    return until(`${this.name}: ${method}`, () => this.notifications.slice(mark).find((n) => n.method === method));
  }

  async toolNames() {
    return (await this.client.listTools()).tools.map((t) => t.name).sort();
  }
}

/**
 * A provider over ws bound to the session labelled `label`, answering tool.call with `answer`;
 * `extra` goes into its hello (hooks, extensions) and `gate` answers its gate.check messages.
 */
class Provider {
  static async bind(name, label, tools, answer = () => "ok", extra = {}, gate = undefined) {
    const provider = new Provider();
    provider.name = name;
    provider.received = [];
    provider.ws = new WebSocket(process.env.MCP_HTTP_WS);
    provider.ws.on("message", (raw) => {
      const msg = JSON.parse(raw);
      provider.received.push(msg);
      if (msg.type === "tool.call") {
        provider.send({ type: "tool.result", id: msg.id, status: "success", data: answer(msg) });
      } else if (msg.type === "gate.check" && gate) {
        provider.send({ type: "gate.result", gateId: msg.gateId, callId: msg.callId, ...gate(msg) });
      }
    });
    await new Promise((resolve, reject) => {
      provider.ws.once("open", resolve);
      provider.ws.once("error", reject);
    });
    provider.send({ type: "auth", token: readFileSync(process.env.MCP_HTTP_TOKEN_FILE, "utf8").trim() });
    const session = await until(`a session labelled ${label}`, () => {
      const lists = provider.received.filter((m) => m.type === "sessions" || m.type === "sessions.updated");
      return lists[lists.length - 1]?.active.find((s) => s.label === label);
    });
    provider.send({ type: "hello", name, protocolVersion: 2, session: session.id, tools, ...extra });
    await until(`${name}: hello.ack`, () => provider.received.find((m) => m.type === "hello.ack"));
    return provider;
  }

  send(message) {
    this.ws.send(JSON.stringify(message));
  }

  async leave() {
    this.send({ type: "goodbye", reason: "test over" });
    await new Promise((resolve) => {
      this.ws.once("close", resolve);
      this.ws.close();
    });
  }
}

const tool = (name, description) => ({ name, description, parameters: { type: "object", properties: { q: { type: "string" } } } });

// ---- the checks ----

const a = new Agent("http-agent");
let sessionId;
const providers = [];

try {
  await check("initialize", async () => {
    await a.connect();
    sessionId = a.transport.sessionId;
    return { sessionId, serverInfo: a.client.getServerVersion(), capabilities: a.client.getServerCapabilities(), tools: await a.toolNames() };
  });

  await check("listChangedOverGet", async () => {
    const mark = a.mark();
    providers.push(await Provider.bind("lookup-provider", a.name, [tool("lookup", "Looks things up")], (msg) => ({ answer: 42, asked: msg.args.q })));
    await a.next("notifications/tools/list_changed", mark);
    return { tools: await a.toolNames(), gets: a.wire.requests.filter((r) => r.method === "GET").length };
  });

  await check("callAnsweredByProvider", async () => {
    return await a.client.callTool({ name: "lookup", arguments: { q: "meaning" } });
  });

  await check("droppedGetResumedByTheTransport", async () => {
    await until("an event id on the GET stream", () => a.wire.lastGetEventId);
    const before = a.wire.lastGetEventId;
    const mark = a.mark();
    const dropped = a.wire.dropGets();
    // While the transport waits to reconnect (1 s), the tool list changes: the notification is
    // sent while no GET stream is open.
    providers.push(await Provider.bind("while-dropped", a.name, [tool("while_dropped", "Joined while the stream was down")]));
    const missed = await a.next("notifications/tools/list_changed", mark);
    const resumes = a.wire.requests.filter((r) => r.method === "GET" && r.lastEventId);
    return { dropped, before, resumedWith: resumes.map((r) => r.lastEventId), resumeStatus: resumes.map((r) => r.status), missed: missed.method, tools: await a.toolNames() };
  });

  await check("closedClientReconnectsWithSessionIdAndLastEventId", async () => {
    await sleep(300); // let the resumed stream deliver its first event id, if any more come
    const lastEventId = a.wire.lastGetEventId;
    await a.transport.close(); // the client goes away without DELETE: the session stays
    // The tool list changes while no client is connected at all.
    await providers.pop().leave();
    await sleep(500); // past the gateway's 200 ms registration debounce
    const b = new Agent("http-agent-again", sessionId);
    await b.connect(); // a transport with a session id skips initialize
    const mark = b.mark();
    await b.transport.resumeStream(lastEventId);
    const missed = await b.next("notifications/tools/list_changed", mark);
    const result = await b.client.callTool({ name: "lookup", arguments: { q: "again" } });
    const observed = {
      lastEventId,
      sameSession: b.transport.sessionId === sessionId,
      resumedWith: b.wire.requests.filter((r) => r.method === "GET").map((r) => r.lastEventId),
      missed: missed.method,
      // The replay may hand back an older list_changed before the one for the provider that left,
      // so the list is read until it has settled (bounded): only lookup, or the check fails.
      tools: await until("the tool list without while_dropped", async () => {
        const names = await b.toolNames();
        return names.length === 1 && names[0] === "lookup" ? names : null;
      }),
      result,
    };
    a.later = b;
    return observed;
  });

  await check("deleteEndsTheSession", async () => {
    const b = a.later;
    await b.transport.terminateSession(); // DELETE; the transport then forgets the id
    const after = await fetch(URL_, {
      method: "POST",
      headers: { ...CONFIG.headers, "content-type": "application/json", accept: "application/json, text/event-stream", "mcp-session-id": sessionId },
      body: JSON.stringify({ jsonrpc: "2.0", id: 99, method: "ping" }),
    });
    return {
      afterDelete: after.status,
      body: await after.text(),
      deleteStatus: b.wire.requests.filter((r) => r.method === "DELETE").map((r) => r.status),
    };
  });

  await check("wrongTokenIs401", async () => {
    const bad = new Client({ name: "intruder", version: "1.0.0" });
    const transport = new StreamableHTTPClientTransport(URL_, { requestInit: { headers: { Authorization: "Bearer mcp-not-a-token" } } });
    try {
      await bad.connect(transport);
      return { connected: true };
    } catch (e) {
      return { connected: false, code: e?.code ?? null, message: String(e?.message ?? e) };
    }
  });

  await check("elicitationOverHttp", async () => {
    // An agent whose client declares elicitation, and a gate that asks before `deploy` (extension
    // gate.ask): the question reaches the client over HTTP; a yes runs the call, a no denies it.
    const answers = [true, false];
    const asked = [];
    const c = new Agent("http-asker", undefined, { elicitation: {} });
    c.client.setRequestHandler(ElicitRequestSchema, (request) => {
      asked.push(request.params.message);
      return { action: "accept", content: { allow: answers[asked.length - 1] ?? false } };
    });
    await c.connect();
    const mark = c.mark();
    providers.push(await Provider.bind(
      "confirm-over-ws", c.name, [tool("deploy", "Deploys")], (msg) => `deployed ${msg.args.q}`,
      { extensions: ["gate.ask"], hooks: { onPreToolUse: [{ match: { tool: "deploy" }, action: "gate", gateId: "ask-first" }] } },
      (msg) => ({ decision: "ask", reason: `Deploy ${msg.args.q}?` })));
    await c.next("notifications/tools/list_changed", mark);
    const results = [];
    for (const q of ["main", "feature"]) {
      const result = await c.client.callTool({ name: "deploy", arguments: { q } });
      results.push({ isError: result.isError ?? false, text: result.content?.[0]?.text });
    }
    await c.transport.terminateSession();
    return { asked, results, errors: c.errors };
  });

  report("clientErrors", { observed: a.errors });
} finally {
  for (const provider of providers) {
    try {
      await provider.leave();
    } catch {
      // already gone
    }
  }
  process.exit(0);
}
