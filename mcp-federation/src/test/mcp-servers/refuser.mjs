// An MCP server that speaks neither era the gateway does, for ModernProviderTest: it answers
// server/discover and initialize with -32022 (unsupported protocol version, supported: a revision
// of the future), and stays running. Each start appends a line to the file named by $STARTS.
import { appendFileSync } from "node:fs";
import { createInterface } from "node:readline";

if (process.env.STARTS) appendFileSync(process.env.STARTS, "started\n");
const supported = ["2099-01-01"];
createInterface({ input: process.stdin }).on("line", (line) => {
  let message;
  try { message = JSON.parse(line); } catch { return; }
  if (message.id === undefined || message.method === undefined) return;
  const requested = message.params?.protocolVersion ?? message.params?._meta?.["io.modelcontextprotocol/protocolVersion"];
  process.stdout.write(JSON.stringify({
    jsonrpc: "2.0",
    id: message.id,
    error: { code: -32022, message: `Unsupported protocol version: ${requested}`, data: { supported, requested } },
  }) + "\n");
});
