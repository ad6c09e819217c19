// An MCP server that speaks neither era the gateway does, for ModernProviderTest: it answers
// server/discover and initialize with -32022 (unsupported protocol version, supported: a revision
// of the future), and stays running. Each start appends a line to the file named by $STARTS.
// `node refuser.mjs http <port file>`: the same over HTTP, each answer with status 400, on a free
// loopback port written to <port file>; each request appends its verb and method to $STARTS.
import { appendFileSync, writeFileSync } from "node:fs";
import { createServer } from "node:http";
import { createInterface } from "node:readline";

const supported = ["2099-01-01"];
const refusal = (message) => {
  const requested = message.params?.protocolVersion ?? message.params?._meta?.["io.modelcontextprotocol/protocolVersion"];
  return JSON.stringify({
    jsonrpc: "2.0",
    id: message.id,
    error: { code: -32022, message: `Unsupported protocol version: ${requested}`, data: { supported, requested } },
  });
};
if (process.argv[2] === "http") {
  const http = createServer(async (req, res) => {
    const chunks = [];
    for await (const chunk of req) chunks.push(chunk);
    let message = {};
    try { message = JSON.parse(Buffer.concat(chunks).toString()); } catch {}
    if (process.env.STARTS) appendFileSync(process.env.STARTS, `${req.method} ${message.method ?? ""}\n`);
    res.writeHead(400, { "content-type": "application/json" });
    res.end(refusal(message));
  });
  http.listen(0, "127.0.0.1", () => writeFileSync(process.argv[3], String(http.address().port)));
} else {
  if (process.env.STARTS) appendFileSync(process.env.STARTS, "started\n");
  createInterface({ input: process.stdin }).on("line", (line) => {
    let message;
    try { message = JSON.parse(line); } catch { return; }
    if (message.id === undefined || message.method === undefined) return;
    process.stdout.write(refusal(message) + "\n");
  });
}
