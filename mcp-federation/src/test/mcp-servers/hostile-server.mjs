// An MCP server that misbehaves when asked (issue 35), written without the SDK so that the test
// decides every byte it writes: raw JSON-RPC, one message a line, on stdin and stdout.
//   junk           writes lines no MCP client can read (null, [], 42, deep nesting…), then answers
//   flood {count}  adds a tool "added-<n>", writes `count` notifications/tools/list_changed, answers
//   lists          answers how many tools/list requests it has received
// process.stdout.write is synchronous on a pipe on Linux: a flood is written before the server
// reads its next request, as a server stuck in a loop would.
import { createInterface } from "node:readline";

const tools = ["junk", "flood", "lists"].map(tool);
let lists = 0;
let added = 0;

function tool(name) {
  return { name, description: `hostile: ${name}`, inputSchema: { type: "object" } };
}

function write(line) {
  process.stdout.write(line + "\n");
}

function answer(id, result) {
  write(JSON.stringify({ jsonrpc: "2.0", id, result }));
}

function text(id, words) {
  answer(id, { content: [{ type: "text", text: words }] });
}

const nested = (depth) => '{"a":'.repeat(depth) + "1" + "}".repeat(depth);

const calls = {
  junk(id) {
    write("null");
    write("[]");
    write("42");
    write('"a string"');
    write("true");
    write("not json");
    write('{"unclosed":');
    write('{"jsonrpc":"2.0","method":"ping"}{"jsonrpc":"2.0","method":"ping"}');
    write('{"hello":"an object, but no JSON-RPC message"}');
    write(`{"jsonrpc":"2.0","method":"notifications/message","params":${nested(200)}}`);
    write("[".repeat(200000));
    text(id, "still here");
  },
  flood(id, args) {
    added++;
    tools.push(tool(`added-${added}`));
    const line = JSON.stringify({ jsonrpc: "2.0", method: "notifications/tools/list_changed" });
    for (let i = 0; i < args.count; i++) {
      write(line);
    }
    text(id, `flooded ${args.count}`);
  },
  lists(id) {
    text(id, String(lists));
  },
};

createInterface({ input: process.stdin }).on("line", (line) => {
  const message = JSON.parse(line);
  if (message.id === undefined) {
    return; // notifications/initialized, notifications/cancelled
  }
  switch (message.method) {
    case "initialize":
      answer(message.id, {
        protocolVersion: message.params.protocolVersion,
        capabilities: { tools: { listChanged: true } },
        serverInfo: { name: "hostile", version: "1.0.0" },
      });
      break;
    case "tools/list":
      lists++;
      answer(message.id, { tools });
      break;
    case "tools/call":
      calls[message.params.name](message.id, message.params.arguments ?? {});
      break;
    default:
      answer(message.id, {});
  }
});
