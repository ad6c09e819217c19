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
import { ToolListChangedNotificationSchema } from "@modelcontextprotocol/sdk/types.js";
import { agentTransport, hostCommand, sleep, until } from "./shared.mjs";
import { until as untilWithin } from "./waiting.mjs";

/** How long after the reload's notification a second one would have to come to be counted. */
const SETTLE_MS = 2_000;

const log = (...args) => console.error("[mcp-reload]", ...args);

const notifications = [];
const client = new Client({ name: "reload-agent", version: "1.0.0" });
client.setNotificationHandler(ToolListChangedNotificationSchema, (n) => notifications.push(n));
const transport = agentTransport("gateway mcp stderr");

try {
  await client.connect(transport);
  const toolNames = async () => (await client.listTools()).tools.map((t) => t.name).sort();
  // Both of the greeter's tools: the front door installs a provider's tools one by one, so a list
  // taken at the first may not have the second yet.
  const before = await until("the greeter's tools", async () => {
    const names = await toolNames();
    return names.includes("greet") && names.includes("wait") ? names : null;
  });
  const callBefore = await client.callTool({ name: "greet", arguments: { name: "Ada" } });
  // The greeter's first registration is a tools/list_changed too, sent once both tools are in:
  // wait for it (bounded), so that it is not counted as the reload's if it comes late.
  await untilWithin("the registration's tools/list_changed", () => notifications.length > 0, SETTLE_MS)
    .catch(() => log("no tools/list_changed heard for the greeter's registration"));
  const mark = notifications.length;

  const reloaded = await hostCommand({ cmd: "providers.reload", name: "greeter" });
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
