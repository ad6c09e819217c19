// A 2025-era MCP server, written to the spec's pages, that ignores every request it does not know
// before initialize (server/discover among them), for ModernProviderTest: the gateway's probe gets
// no answer and must fall back to initialize after its timeout. Each line it reads is appended to
// $REQUESTS.
import { appendFileSync } from "node:fs";
import { createInterface } from "node:readline";

const send = (message) => process.stdout.write(JSON.stringify({ jsonrpc: "2.0", ...message }) + "\n");
createInterface({ input: process.stdin }).on("line", (line) => {
  if (process.env.REQUESTS) appendFileSync(process.env.REQUESTS, line + "\n");
  let message;
  try { message = JSON.parse(line); } catch { return; }
  if (message.id === undefined) return;
  switch (message.method) {
    case "initialize":
      return send({ id: message.id, result: {
        protocolVersion: "2025-11-25", capabilities: { tools: {} },
        serverInfo: { name: "discover-ignorer", version: "1.0.0" } } });
    case "tools/list":
      return send({ id: message.id, result: { tools: [{ name: "echo", inputSchema: { type: "object" } }] } });
    case "tools/call":
      return send({ id: message.id, result: { content: [{ type: "text", text: "echoed" }] } });
    default:
      return; // silence, as some servers keep before initialize
  }
});
