// An MCP server on the official TypeScript SDK whose tool list changes while it runs: calling
// "grow" registers the tool "grown", and the SDK sends notifications/tools/list_changed.
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";

const server = new McpServer({ name: "list-changer", version: "1.0.0" });
server.registerTool("grow", { description: "Adds the tool 'grown'" }, async () => {
  server.registerTool("grown", { description: "Appeared after 'grow' was called" }, async () => ({
    content: [{ type: "text", text: "I am new" }],
  }));
  return { content: [{ type: "text", text: "grown is there now" }] };
});
await server.connect(new StdioServerTransport());
