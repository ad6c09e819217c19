// `gateway mcp` driven by the TypeScript SDK v2 client (`@modelcontextprotocol/client`, a client
// nobody here wrote) in MCP's 2026-07-28 era (issue 81): pinned to the revision, and in `auto`,
// which probes with server/discover on a sibling process first. McpModernInteropTest runs it and
// asserts on what it prints: one JSON line per check, as mcp-e2e.mjs.
import { Client } from "@modelcontextprotocol/client";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/client";
import { StdioClientTransport, getDefaultEnvironment } from "@modelcontextprotocol/client/stdio";
import { COMMAND, bindProvider, until } from "./shared.mjs";
import { checks } from "./waiting.mjs";

const { check, log } = checks("mcp-modern", 90_000);

/** A v2 client on its own `gateway mcp` process, negotiating with `mode`. */
function agent(name, mode) {
  const client = new Client({ name, version: "1.0.0" }, { versionNegotiation: { mode } });
  const transport = new StdioClientTransport({
    command: COMMAND[0],
    args: COMMAND.slice(1),
    env: { ...getDefaultEnvironment(), GATEWAY_LOG_LEVEL: "INFO" },
    stderr: "pipe",
  });
  transport.stderr?.on("data", (chunk) => process.stderr.write(`[${name}] ${chunk}`));
  return { client, transport };
}

const schema = { type: "object", properties: { q: { type: "string" } } };
const providers = [];
const pinned = agent("modern-pinned", { pin: "2026-07-28" });
const auto = agent("modern-auto", "auto");

try {
  await check("pinned", async () => {
    await pinned.client.connect(pinned.transport);
    return {
      era: pinned.client.getProtocolEra(),
      version: pinned.client.getNegotiatedProtocolVersion(),
      server: pinned.client.getServerVersion() ?? null,
      tools: (await pinned.client.listTools()).tools.map((t) => t.name),
    };
  });

  await check("callInModernEra", async () => {
    providers.push(
      await bindProvider({
        name: "modern-tools",
        label: "modern-pinned",
        tools: [
          { name: "lookup", description: "Looks things up", parameters: schema },
          { name: "deploy", description: "Deploys", parameters: schema },
        ],
        answer: (msg) => ({ answer: 42, asked: msg.args.q }),
        gate: () => ({ decision: "deny", reason: "Deploys are frozen." }),
        extra: { hooks: { onPreToolUse: [{ match: { tool: "deploy" }, action: "gate", gateId: "freeze" }] } },
      }),
    );
    const listed = await until("both tools listed", async () => {
      const list = await pinned.client.listTools();
      return list.tools.length === 2 ? list : undefined;
    });
    const called = await pinned.client.callTool({ name: "lookup", arguments: { q: "meaning" } });
    const denied = await pinned.client.callTool({ name: "deploy", arguments: { q: "prod" } });
    return {
      tools: listed.tools.map((t) => t.name).sort(),
      ttlMs: listed.ttlMs ?? null,
      cacheScope: listed.cacheScope ?? null,
      called,
      denied,
    };
  });

  await check("httpPinned", async () => {
    const config = JSON.parse(process.env.MCP_HTTP_CONFIG);
    const client = new Client({ name: "modern-http", version: "1.0.0" }, { versionNegotiation: { mode: { pin: "2026-07-28" } } });
    const transport = new StreamableHTTPClientTransport(new URL(config.url), { requestInit: { headers: config.headers } });
    await client.connect(transport);
    await client.listTools(); // starts the session of this token and project
    const helper = await bindProvider({
      name: "http-tools",
      label: "modern-http",
      tools: [{ name: "lookup", description: "Looks things up", parameters: schema }],
      answer: (msg) => ({ answer: 42, asked: msg.args.q }),
    });
    providers.push(helper);
    const listed = await until("the tool listed over HTTP", async () => {
      const list = await client.listTools();
      return list.tools.length === 1 ? list : undefined;
    });
    const called = await client.callTool({ name: "lookup", arguments: { q: "again" } });
    const sessions = helper.received.filter((m) => m.type === "sessions" || m.type === "sessions.updated");
    const opened = new Set(
      sessions.flatMap((m) => m.active.filter((s) => s.label === "modern-http").map((s) => s.id)),
    );
    const era = client.getProtocolEra();
    const sessionId = transport.sessionId ?? null;
    await client.close();
    return {
      era,
      sessionId,
      tools: listed.tools.map((t) => t.name),
      called,
      sessionsOpened: opened.size,
    };
  });

  await check("auto", async () => {
    await auto.client.connect(auto.transport);
    return { era: auto.client.getProtocolEra(), version: auto.client.getNegotiatedProtocolVersion() };
  });
} finally {
  for (const provider of providers) provider.close();
  for (const { client } of [pinned, auto]) {
    await client.close().catch((e) => log("close", e));
  }
}
