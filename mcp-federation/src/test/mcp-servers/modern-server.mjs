// An MCP server on the official TypeScript SDK v2 (@modelcontextprotocol/server), for
// ModernProviderTest: `node modern-server.mjs stdio reject` serves 2026-07-28 only (legacy: "reject"
// answers initialize with the unsupported-version error), `stdio serve` both eras;
// `http reject <port file>` serves 2026-07-28 only over HTTP on a free loopback port, written to
// <port file>. Tools: echo, refed (a JSON Schema 2020-12 input schema with $ref and $defs), slow
// (progress, then waits to be cancelled), grow (adds "grown"), ask (input_required with a form),
// publish (adds the resource modern://second and the prompt "second" to modern://first and "first").
import { createServer } from "node:http";
import { writeFileSync } from "node:fs";
import { McpServer, createMcpHandler, fromJsonSchema, inputRequired } from "@modelcontextprotocol/server";
import { serveStdio } from "@modelcontextprotocol/server/stdio";

const [mode, legacy, portFile] = process.argv.slice(2);
const text = (t) => ({ content: [{ type: "text", text: t }] });

function factory() {
  const server = new McpServer(
    { name: "modern-ts", version: "1.0.0" },
    { capabilities: { tools: { listChanged: true }, resources: { listChanged: true }, prompts: { listChanged: true } } },
  );
  const resource = (uri) => async () => ({ contents: [{ uri, text: uri }] });
  const prompt = (said) => async () => ({ messages: [{ role: "user", content: { type: "text", text: said } }] });
  server.registerResource("first", "modern://first", {}, resource("modern://first"));
  server.registerPrompt("first", { description: "There from the start" }, prompt("first"));
  server.registerTool("publish", { description: "Adds a resource and a prompt" }, async () => {
    server.registerResource("second", "modern://second", {}, resource("modern://second"));
    server.registerPrompt("second", { description: "Appeared after 'publish'" }, prompt("second"));
    return text("published");
  });
  server.registerTool("echo", {
    description: "Says its text back",
    inputSchema: fromJsonSchema({ type: "object", properties: { text: { type: "string" } }, required: ["text"] }),
  }, async ({ text: said }) => text(said));
  server.registerTool("refed", {
    description: "Adds the coordinates of two points",
    inputSchema: fromJsonSchema({
      $schema: "https://json-schema.org/draft/2020-12/schema",
      type: "object",
      $defs: {
        point: {
          type: "object",
          properties: { x: { type: "integer" }, y: { type: "integer" } },
          required: ["x", "y"],
          additionalProperties: false,
        },
      },
      properties: { from: { $ref: "#/$defs/point" }, to: { $ref: "#/$defs/point" } },
      required: ["from", "to"],
    }),
  }, async ({ from, to }) => text(`${from.x + to.x},${from.y + to.y}`));
  server.registerTool("slow", { description: "Says it started, then waits to be cancelled" }, async (ctx) => {
    const token = ctx.mcpReq._meta?.progressToken;
    if (token !== undefined) {
      await ctx.mcpReq.notify({ method: "notifications/progress", params: { progressToken: token, progress: 1, total: 2, message: "started" } });
    }
    await new Promise((resolve) => {
      const timer = setTimeout(resolve, 60000);
      ctx.mcpReq.signal.addEventListener("abort", () => { clearTimeout(timer); resolve(); });
    });
    return text("slow done");
  });
  server.registerTool("grow", { description: "Adds the tool 'grown'" }, async () => {
    server.registerTool("grown", { description: "Appeared after 'grow' was called" }, async () => text("I am new"));
    return text("grown is there now");
  });
  server.registerTool("ask", { description: "Asks the person before it runs" }, async (ctx) => {
    if (ctx.mcpReq.inputResponses?.confirm) {
      return text("answered: " + JSON.stringify(ctx.mcpReq.inputResponses.confirm));
    }
    return inputRequired({
      inputRequests: {
        confirm: inputRequired.elicit({
          message: "Deploy to production?",
          requestedSchema: { type: "object", properties: { confirm: { type: "boolean" } }, required: ["confirm"] },
        }),
      },
      requestState: "state-1",
    });
  });
  return server;
}

if (mode === "stdio") {
  serveStdio(factory, { legacy });
} else {
  const handler = createMcpHandler(factory, { legacy });
  const http = createServer(async (req, res) => {
    const chunks = [];
    for await (const chunk of req) chunks.push(chunk);
    const body = Buffer.concat(chunks);
    const abort = new AbortController();
    res.on("close", () => abort.abort());
    const request = new Request(`http://${req.headers.host}${req.url}`, {
      method: req.method,
      headers: req.headers,
      body: req.method === "GET" || req.method === "HEAD" ? undefined : body,
      signal: abort.signal,
    });
    const response = await handler.fetch(request);
    res.writeHead(response.status, Object.fromEntries(response.headers));
    if (response.body) {
      try {
        for await (const chunk of response.body) res.write(chunk);
      } catch {
        // the client went away
      }
    }
    res.end();
  });
  http.listen(0, "127.0.0.1", () => writeFileSync(portFile, String(http.address().port)));
}
