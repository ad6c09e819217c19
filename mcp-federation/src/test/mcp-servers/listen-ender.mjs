// A 2026-07-28 MCP server, written to the spec's pages, whose subscriptions/listen streams end
// right after their acknowledgement, for ModernProviderTest: it shows the gateway opening the stream
// again after a backoff, never in a tight loop. Each request's method is appended to $REQUESTS.
import { appendFileSync } from "node:fs";
import { createInterface } from "node:readline";

const send = (message) => process.stdout.write(JSON.stringify({ jsonrpc: "2.0", ...message }) + "\n");
const serverInfo = { "io.modelcontextprotocol/serverInfo": { name: "listen-ender", version: "1.0.0" } };
createInterface({ input: process.stdin }).on("line", (line) => {
  let message;
  try { message = JSON.parse(line); } catch { return; }
  if (message.id === undefined) return;
  if (process.env.REQUESTS) appendFileSync(process.env.REQUESTS, message.method + "\n");
  switch (message.method) {
    case "server/discover":
      return send({ id: message.id, result: {
        supportedVersions: ["2026-07-28"], capabilities: { tools: { listChanged: true } },
        resultType: "complete", ttlMs: 0, cacheScope: "private", _meta: serverInfo } });
    case "tools/list":
      return send({ id: message.id, result: {
        tools: [{ name: "echo", inputSchema: { type: "object" } }],
        resultType: "complete", ttlMs: 0, cacheScope: "private", _meta: serverInfo } });
    case "subscriptions/listen":
      send({ method: "notifications/subscriptions/acknowledged", params: {
        notifications: message.params.notifications,
        _meta: { "io.modelcontextprotocol/subscriptionId": message.id } } });
      return send({ id: message.id, result: { resultType: "complete", _meta: serverInfo } });
    default:
      return send({ id: message.id, error: { code: -32601, message: "Method not found" } });
  }
});
