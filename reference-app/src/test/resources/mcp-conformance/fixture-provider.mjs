// The conformance suite's fixture tools, served through the gateway (McpHttpConformanceTest): a
// provider over stdio (a --config entry with "transport": "stdio") that declares the tools the
// suite's server scenarios call, by the names and with the behaviours of the suite's own reference
// server (examples/servers/typescript/everything-server.ts in modelcontextprotocol/conformance), as
// far as the provider interface can carry them: text, one file (image, audio or any other type,
// which the gateway gives as an embedded resource), an error, progress, log lines. Several blocks
// of different kinds in one result, prompts, resources and completions come from
// fixture-mcp-server.mjs, an MCP server federated beside it (decision 123), and so do the tools that
// ask the client from inside a call (elicitation, sampling; decision 132). Node's standard library
// only.
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { createInterface } from "node:readline";

const NO_ARGUMENTS = { type: "object", properties: {} };
// A 1x1 red pixel PNG, and a tiny WAV: the suite's reference server's choices.
const PNG =
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==";
const WAV = "UklGRiQAAABXQVZFZm10IBAAAAABAAEAQB8AAEAfAAABAAgAZGF0YQAAAAA=";

const TOOLS = [
  ["test_simple_text", "Tests simple text content response"],
  ["test_image_content", "Tests image content response"],
  ["test_audio_content", "Tests audio content response"],
  ["test_embedded_resource", "Tests embedded resource content response"],
  ["test_tool_with_logging", "Tests tool that emits log messages during execution"],
  ["test_logging_tool", "Diagnostic tool that logs: 2026-07-28's server-stateless"],
  ["test_tool_with_progress", "Tests tool that reports progress notifications"],
  ["test_error_handling", "Tests error response handling"],
].map(([name, description]) => ({ name, description, parameters: NO_ARGUMENTS }));

/** A little more than the gateway's progress interval. */
const PROGRESS_PACE_MS = 300;

let persistDir = null;

function send(message) {
  process.stdout.write(JSON.stringify(message) + "\n");
}

/** A file result: the bytes written into the provider's persistDir, then referenced. */
function file(id, name, base64, mimeType) {
  const bytes = Buffer.from(base64, "base64");
  mkdirSync(persistDir, { recursive: true });
  const path = join(persistDir, name);
  writeFileSync(path, bytes);
  send({ type: "tool.result", id, file: { path, mimeType, size: bytes.length, ttl: 300 } });
}

function answer(call) {
  const { id, tool } = call;
  switch (tool) {
    case "test_simple_text":
      return send({ type: "tool.result", id, data: "This is a simple text response for testing." });
    case "test_image_content":
      return file(id, "image.png", PNG, "image/png");
    case "test_audio_content":
      return file(id, "audio.wav", WAV, "audio/wav");
    case "test_embedded_resource":
      return file(
        id,
        "embedded.txt",
        Buffer.from("This is an embedded resource content.").toString("base64"),
        "text/plain",
      );
    case "test_tool_with_progress": {
      // The reference server's 0/100, 50/100, 100/100, paced at the gateway's progress interval
      // (Limits.progressInterval, 250 ms) rather than its 50 ms: the gateway shows at most one
      // tool.progress per call per interval, coalescing the rest to the latest (R-TOOL-16).
      let step = 0;
      const next = () => {
        if (step < 3) {
          send({ type: "tool.progress", id, message: `${step * 50}/100` });
          step++;
          setTimeout(next, PROGRESS_PACE_MS);
        } else {
          send({ type: "tool.result", id, data: "Progress tool completed" });
        }
      };
      return next();
    }
    case "test_tool_with_logging":
    case "test_logging_tool": {
      // The reference server's three info-level log messages, as the provider interface logs to
      // the session: tool.progress, which the gateway shows in the session's timeline and sends
      // a legacy MCP client as notifications/message (R-TOOL-16). test_tool_with_logging's are
      // paced as above, for the client to get all three; test_logging_tool's all at once, since
      // server-stateless gives its whole call 500 ms (and wants no log at all: its request sets
      // no logLevel), which a loaded machine's gateway needs most of.
      const lines = ["Tool execution started", "Tool processing data", "Tool execution completed"];
      const pace = tool === "test_logging_tool" ? 0 : PROGRESS_PACE_MS;
      let step = 0;
      const next = () => {
        if (step < lines.length) {
          send({ type: "tool.progress", id, message: lines[step++] });
          setTimeout(next, pace);
        } else {
          send({ type: "tool.result", id, data: "Logging tool completed" });
        }
      };
      return next();
    }
    case "test_error_handling":
      return send({
        type: "tool.result",
        id,
        error: "This tool intentionally returns an error for testing",
        errorCode: "INTERNAL",
      });
    default:
      return send({ type: "tool.result", id, error: `Unknown tool: ${tool}`, errorCode: "INTERNAL" });
  }
}

send({ type: "hello", name: "conformance-fixture", protocolVersion: 2, tools: TOOLS });
for await (const line of createInterface({ input: process.stdin })) {
  const message = JSON.parse(line);
  if (message.type === "hello.ack") {
    persistDir = message.persistDir ?? null;
  } else if (message.type === "tool.call") {
    answer(message);
  } else if (message.type === "session.lifecycle" && message.state === "shutdown.pending") {
    send({ type: "goodbye", reason: "session ending" });
    break;
  }
}
