// A reload while an agent session is live: the official TypeScript MCP SDK's client on
// `gateway mcp`, joined to a shared gateway that runs a --config provider for its session; a host
// sends `providers.reload` over /host (the host protocol) and the client must hear exactly one
// `notifications/tools/list_changed` and be able to call the tool again.
// McpReloadInteropTest runs it and asserts on what it prints.
//
//   MCP_E2E_COMMAND='["java","-cp","…","io.github.providergateway.app.Main","mcp","--home","/tmp/h","--port","9555"]' \
//   MCP_E2E_HOME=/tmp/h MCP_E2E_PORT=9555 node mcp-reload.mjs
//
// stdout: one JSON line, {"observed": {…}} or {"error": text}. Logs go to stderr.
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport, getDefaultEnvironment } from "@modelcontextprotocol/sdk/client/stdio.js";
import { ToolListChangedNotificationSchema } from "@modelcontextprotocol/sdk/types.js";
import WebSocket from "ws";
import { readFileSync } from "node:fs";
import { join } from "node:path";

const COMMAND = JSON.parse(process.env.MCP_E2E_COMMAND);
const HOME = process.env.MCP_E2E_HOME;
const PORT = process.env.MCP_E2E_PORT;
const WAIT_MS = 30_000;
/** How long after the reload's notification a second one would have to come to be counted. */
const SETTLE_MS = 2_000;

const log = (...args) => console.error("[mcp-reload]", ...args);
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

async function until(what, condition) {
  const deadline = Date.now() + WAIT_MS;
  for (;;) {
    const value = await condition();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out after ${WAIT_MS} ms waiting for ${what}`);
    await sleep(50);
  }
}

/** `providers.reload` over the host protocol's WebSocket carrier, as an attached host sends it. */
function reload() {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(`ws://127.0.0.1:${PORT}/host`);
    const token = readFileSync(join(HOME, ".provider-token"), "utf8").trim();
    ws.on("open", () => ws.send(JSON.stringify({ id: 1, cmd: "host.auth", token })));
    ws.on("message", (raw) => {
      const msg = JSON.parse(raw);
      if (msg.id === 1) {
        if (!msg.ok) reject(new Error(`host.auth refused: ${raw}`));
        else ws.send(JSON.stringify({ id: 2, cmd: "providers.reload", name: "greeter" }));
      } else if (msg.id === 2) {
        ws.close();
        msg.ok ? resolve(msg) : reject(new Error(`providers.reload refused: ${raw}`));
      }
    });
    ws.on("error", reject);
  });
}

const notifications = [];
const client = new Client({ name: "reload-agent", version: "1.0.0" });
client.setNotificationHandler(ToolListChangedNotificationSchema, (n) => notifications.push(n));
const transport = new StdioClientTransport({
  command: COMMAND[0],
  args: COMMAND.slice(1),
  env: { ...getDefaultEnvironment(), GATEWAY_LOG_LEVEL: "INFO" },
  stderr: "pipe",
});
transport.stderr.on("data", (chunk) => process.stderr.write(`[gateway mcp stderr] ${chunk}`));

try {
  await client.connect(transport);
  const toolNames = async () => (await client.listTools()).tools.map((t) => t.name).sort();
  const before = await until("the greeter's tools", async () => {
    const names = await toolNames();
    return names.includes("greet") ? names : null;
  });
  const callBefore = await client.callTool({ name: "greet", arguments: { name: "Ada" } });
  const mark = notifications.length;

  const reloaded = await reload();
  await until("tools/list_changed after the reload", () => notifications.length > mark);
  await sleep(SETTLE_MS);
  const listChanged = notifications.length - mark;
  const after = await toolNames();
  const callAfter = await client.callTool({ name: "greet", arguments: { name: "Bo" } });

  process.stdout.write(JSON.stringify({ observed: { before, callBefore, reloaded, listChanged, after, callAfter } }) + "\n");
} catch (e) {
  log("failed:", e);
  process.stdout.write(JSON.stringify({ error: String(e?.stack ?? e) }) + "\n");
} finally {
  await client.close().catch((e) => log("closing:", e));
}
