// An MCP server on the official TypeScript SDK whose lists change while it runs: calling "grow"
// registers the tool "grown", and the SDK sends notifications/tools/list_changed; calling
// "publish" registers the resource changer://second and the prompt "second", and the SDK sends
// notifications/resources/list_changed and notifications/prompts/list_changed.
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";

const server = new McpServer({ name: "list-changer", version: "1.0.0" });
const text = (t) => ({ content: [{ type: "text", text: t }] });
const resource = (uri) => async () => ({ contents: [{ uri, text: uri }] });
const prompt = (said) => async () => ({ messages: [{ role: "user", content: { type: "text", text: said } }] });

server.registerTool("grow", { description: "Adds the tool 'grown'" }, async () => {
  server.registerTool("grown", { description: "Appeared after 'grow' was called" }, async () =>
    text("I am new"));
  return text("grown is there now");
});
server.registerTool("publish", { description: "Adds a resource and a prompt" }, async () => {
  server.registerResource("second", "changer://second", {}, resource("changer://second"));
  server.registerPrompt("second", { description: "Appeared after 'publish'" }, prompt("second"));
  return text("published");
});
// One of each before connecting: the SDK declares resources and prompts (with listChanged) then.
server.registerResource("first", "changer://first", {}, resource("changer://first"));
server.registerPrompt("first", { description: "There from the start" }, prompt("first"));
await server.connect(new StdioServerTransport());
