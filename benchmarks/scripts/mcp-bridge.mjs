// The Node candidate for the stdio bridge (issue 46; docs/performance.md, "A stdio window through
// the bridge"): the same relay as reference-app/src/main/sh/gateway-mcp-bridge.sh, stdin's JSON-RPC
// lines POSTed to the running gateway's /mcp, answers (JSON or an event stream) and the session's
// GET stream to stdout, DELETE at stdin's end. Measured, not shipped: Node's own floor is over the
// 30 MiB a window may cost. Usage: node mcp-bridge.mjs --home DIR
import { readFileSync } from "node:fs";
import { createInterface } from "node:readline";

const home = process.argv[process.argv.indexOf("--home") + 1];
const token = readFileSync(`${home}/mcp-bridge.token`, "utf8").trim();
const port = readFileSync(`${home}/gateway.port`, "utf8").trim();
const url = `http://127.0.0.1:${port}/mcp`;
const headers = { Authorization: `Bearer ${token}` };
const write = (line) => process.stdout.write(line + "\n");

async function relay(response) {
  const type = response.headers.get("content-type") ?? "";
  if (response.status === 202 || response.status === 204) return;
  if (!type.includes("text/event-stream")) {
    const text = await response.text();
    if (text) write(text);
    return;
  }
  let rest = "";
  for await (const chunk of response.body) {
    rest += Buffer.from(chunk).toString("utf8");
    let at;
    while ((at = rest.indexOf("\n")) >= 0) {
      const line = rest.slice(0, at).replace(/\r$/, "");
      rest = rest.slice(at + 1);
      const data = line.startsWith("data:") ? line.slice(5).trimStart() : "";
      if (data) write(data);
    }
  }
}

function post(message, extra) {
  return fetch(url, {
    method: "POST",
    headers: {
      ...headers,
      ...extra,
      "Content-Type": "application/json",
      Accept: "application/json, text/event-stream",
    },
    body: message,
  });
}

const lines = createInterface({ input: process.stdin });
let session = null;
let queue = Promise.resolve();
for await (const line of lines) {
  if (!line) continue;
  if (session === null) {
    const answer = await post(line, { "Provider-Gateway-Project": process.cwd() });
    session = {
      "Mcp-Session-Id": answer.headers.get("mcp-session-id"),
      "MCP-Protocol-Version": "2025-06-18",
    };
    Object.assign(headers, session);
    await relay(answer);
    fetch(url, { headers: { ...headers, Accept: "text/event-stream" } })
      .then(relay)
      .catch(() => {});
    continue;
  }
  // Notifications in order, requests side by side.
  if (line.includes('"id"')) post(line).then(relay).catch((e) => console.error(String(e)));
  else queue = queue.then(() => post(line).then(relay));
  await queue;
}
await fetch(url, { method: "DELETE", headers }).catch(() => {});
process.exit(0);
