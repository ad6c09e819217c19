// An MCP server on the official TypeScript SDK (v1, @modelcontextprotocol/sdk) for
// McpFederatedInteropTest (decision 123): configured as the gateway's provider ("mcp": "stdio"),
// it offers a resource, a resource template, a prompt with an argument and that argument's
// completions, and no tools. `node docs-server.mjs <name>` names its resource docs://<name>/readme,
// so two of them can be told apart; `node docs-server.mjs <name> shared` also offers
// docs://shared, which a second server offering it makes a collision.
import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import {
  CompleteRequestSchema,
  ErrorCode,
  GetPromptRequestSchema,
  ListPromptsRequestSchema,
  ListResourceTemplatesRequestSchema,
  ListResourcesRequestSchema,
  ListToolsRequestSchema,
  McpError,
  ReadResourceRequestSchema,
} from "@modelcontextprotocol/sdk/types.js";

const [name = "docs", shared] = process.argv.slice(2);
const readme = `docs://${name}/readme`;
const resources = [{ uri: readme, name: `${name} readme`, mimeType: "text/markdown" }];
if (shared) resources.push({ uri: "docs://shared", name: "shared", mimeType: "text/plain" });
const pages = /^docs:\/\/pages\/([^/]+)$/;

const server = new Server(
  { name: `docs-${name}`, version: "1.0.0" },
  { capabilities: { tools: {}, resources: {}, prompts: {}, completions: {} } },
);
server.setRequestHandler(ListToolsRequestSchema, async () => ({ tools: [] }));
server.setRequestHandler(ListResourcesRequestSchema, async () => ({ resources }));
server.setRequestHandler(ListResourceTemplatesRequestSchema, async () => ({
  resourceTemplates: name === "docs" ? [{ uriTemplate: "docs://pages/{page}", name: "a page" }] : [],
}));
server.setRequestHandler(ReadResourceRequestSchema, async ({ params: { uri } }) => {
  const page = pages.exec(uri);
  if (uri === readme || uri === "docs://shared" || (page && name === "docs")) {
    return { contents: [{ uri, mimeType: "text/plain", text: `${name} says: ${uri}` }] };
  }
  throw new McpError(ErrorCode.InvalidParams, `Resource not found: ${uri}`);
});
server.setRequestHandler(ListPromptsRequestSchema, async () => ({
  prompts: [
    {
      name: "explain",
      description: "Explains a topic",
      arguments: [{ name: "topic", description: "What to explain", required: true }],
    },
  ],
}));
server.setRequestHandler(GetPromptRequestSchema, async ({ params }) => ({
  messages: [
    { role: "user", content: { type: "text", text: `Explain ${params.arguments?.topic}` } },
    {
      role: "user",
      content: { type: "resource", resource: { uri: readme, mimeType: "text/plain", text: "the readme" } },
    },
  ],
}));
server.setRequestHandler(CompleteRequestSchema, async ({ params }) => ({
  completion: { values: ["gates", "gateways", "streams"].filter((v) => v.startsWith(params.argument.value)) },
}));

await server.connect(new StdioServerTransport());
