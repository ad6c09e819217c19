// Gates that ask the person, through MCP elicitation: the official TypeScript MCP SDK's client,
// declaring the elicitation capability, on `gateway mcp` joined to a shared gateway whose --config
// runs examples/stdio/confirm.mjs (a gate that asks before `deploy`). The client's elicitation
// handler answers the gateway's questions in turn: yes, no, decline, and never.
// McpAskInteropTest runs it and asserts on what it prints.
//
//   MCP_E2E_COMMAND='["java","-cp","…","io.github.providergateway.app.Main","mcp","--home","/tmp/h","--port","9555"]' \
//   MCP_E2E_HOME=/tmp/h MCP_E2E_PORT=9555 node mcp-ask.mjs
//
// stdout: one JSON line, {"observed": {…}} or {"error": text}. Logs go to stderr.
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { ElicitRequestSchema } from "@modelcontextprotocol/sdk/types.js";
import { agentTransport, hostCommand, until } from "./shared.mjs";

const log = (...args) => console.error("[mcp-ask]", ...args);

/** How the person answers each question, in order. */
const answers = ["yes", "no", "decline", "never"];
const elicitations = [];
const client = new Client({ name: "asking-agent", version: "1.0.0" }, { capabilities: { elicitation: {} } });
client.setRequestHandler(ElicitRequestSchema, (request) => {
  const answer = answers[elicitations.length] ?? "never";
  elicitations.push({ answer, message: request.params.message, requestedSchema: request.params.requestedSchema });
  log("asked:", request.params.message, "->", answer);
  switch (answer) {
    case "yes": return { action: "accept", content: { allow: true } };
    case "no": return { action: "accept", content: { allow: false } };
    case "decline": return { action: "decline" };
    default: return new Promise(() => {}); // nobody answers
  }
});
const transport = agentTransport("gateway mcp stderr");

try {
  await client.connect(transport);
  await until("the confirm provider's deploy tool", async () =>
    (await client.listTools()).tools.some((t) => t.name === "deploy"));
  const results = [];
  // The third branch hides a right-to-left override (issue 32): the person must be shown it escaped.
  for (const branch of ["main", "feature", "hotfix\u202Etxt.exe", "release"]) {
    const started = Date.now();
    const result = await client.callTool({ name: "deploy", arguments: { branch } });
    results.push({ branch, ms: Date.now() - started, isError: result.isError ?? false, text: result.content?.[0]?.text });
  }
  // The audit trail says who answered each question (audit.query over /host).
  const audit = (await hostCommand({ cmd: "audit.query", kind: "ask" })).decisions;
  process.stdout.write(JSON.stringify({ observed: { elicitations, results, audit } }) + "\n");
} catch (e) {
  log("failed:", e);
  process.stdout.write(JSON.stringify({ error: String(e?.stack ?? e) }) + "\n");
} finally {
  await client.close().catch((e) => log("closing:", e));
}
