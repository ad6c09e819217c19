// `gateway mcp` driven by the TypeScript SDK v2 client (`@modelcontextprotocol/client`, a client
// nobody here wrote), pinned to 2026-07-28, then in the 2025 era (mode "legacy"), asking for what the session's federated MCP
// servers offer beyond tools (decision 123): two docs-server.mjs, configured as providers, each with
// its own readme; both offer docs://shared, and "wiki" has the prefix wiki_ before its prompt.
// McpFederatedInteropTest runs it and asserts on what it prints, one JSON line per check.
import { Client } from "@modelcontextprotocol/client";
import { StdioClientTransport, getDefaultEnvironment } from "@modelcontextprotocol/client/stdio";
import { COMMAND, until } from "./shared.mjs";
import { checks } from "./waiting.mjs";

const { check, log } = checks("mcp-federated", 90_000);

/** A v2 client on its own `gateway mcp` process, in `mode`: pinned to 2026-07-28, or "legacy". */
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

/** What `client` sees of the servers' offers, and how a shared URI and an unknown one are refused. */
async function observe(client) {
  const resources = await until("both servers' readmes listed", async () => {
    const listed = (await client.listResources()).resources.map((r) => r.uri);
    return listed.includes("docs://docs/readme") && listed.includes("docs://wiki/readme") ? listed : undefined;
  });
  const templates = (await client.listResourceTemplates()).resourceTemplates.map((t) => t.uriTemplate);
  const read = await client.readResource({ uri: "docs://wiki/readme" });
  const page = await client.readResource({ uri: "docs://pages/intro" });
  const prompts = (await client.listPrompts()).prompts.map((p) => p.name);
  const prompt = await client.getPrompt({ name: "wiki_explain", arguments: { topic: "gates" } });
  const completed = await client.complete({
    ref: { type: "ref/prompt", name: "explain" },
    argument: { name: "topic", value: "gate" },
  });
  const refusal = async (uri) => {
    try {
      await client.readResource({ uri });
      return null;
    } catch (e) {
      return { code: e.code ?? null, message: String(e.message) };
    }
  };
  return {
    era: client.getProtocolEra(),
    resources: resources.sort(),
    templates,
    read: read.contents[0].text,
    page: page.contents[0].text,
    prompts: prompts.sort(),
    prompt: prompt.messages.map((m) => m.content.type + ":" + (m.content.text ?? m.content.resource?.uri)),
    completed: completed.completion.values,
    shared: await refusal("docs://shared"),
    unknown: await refusal("docs://nothing"),
  };
}

const agents = [];
try {
  for (const [name, mode] of [["modern", { pin: "2026-07-28" }], ["legacy", "legacy"]]) {
    await check(name, async () => {
      const agent_ = agent(`federated-${name}`, mode);
      agents.push(agent_);
      await agent_.client.connect(agent_.transport);
      await agent_.client.listTools(); // the session's first use starts its providers
      return observe(agent_.client);
    });
  }
} finally {
  for (const { client } of agents) {
    await client.close().catch((e) => log("close", e));
  }
}
