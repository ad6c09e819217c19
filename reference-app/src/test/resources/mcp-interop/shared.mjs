// What the single-check scripts (mcp-reload.mjs, mcp-ask.mjs) share: waiting (waiting.mjs), the agent's MCP
// transport to `gateway mcp`, and one host command over /host (the host protocol's WebSocket).
import { StdioClientTransport, getDefaultEnvironment } from "@modelcontextprotocol/sdk/client/stdio.js";
import WebSocket from "ws";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { sleep, until as waitUntil } from "./waiting.mjs";

export const COMMAND = JSON.parse(process.env.MCP_E2E_COMMAND);
export const HOME = process.env.MCP_E2E_HOME;
export const PORT = process.env.MCP_E2E_PORT;
const WAIT_MS = 30_000;

export { sleep };

/** The first truthy value of `condition`, polled every 50 ms for at most 30 s. */
export const until = (what, condition) => waitUntil(what, condition, WAIT_MS);

/** `gateway mcp` as the agent spawns it, its stderr copied to ours under `tag`. */
export function agentTransport(tag) {
  const transport = new StdioClientTransport({
    command: COMMAND[0],
    args: COMMAND.slice(1),
    env: { ...getDefaultEnvironment(), GATEWAY_LOG_LEVEL: "INFO" },
    stderr: "pipe",
  });
  transport.stderr.on("data", (chunk) => process.stderr.write(`[${tag}] ${chunk}`));
  return transport;
}

/** Authenticates on /host as another host would, sends `command`, and gives its reply (ok only). */
export function hostCommand(command) {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(`ws://127.0.0.1:${PORT}/host`);
    const token = readFileSync(join(HOME, ".provider-token"), "utf8").trim();
    ws.on("open", () => ws.send(JSON.stringify({ id: 1, cmd: "host.auth", token })));
    ws.on("message", (raw) => {
      const msg = JSON.parse(raw);
      if (msg.id === 1) {
        if (!msg.ok) reject(new Error(`host.auth refused: ${raw}`));
        else ws.send(JSON.stringify({ ...command, id: 2 }));
      } else if (msg.id === 2) {
        ws.close();
        msg.ok ? resolve(msg) : reject(new Error(`${command.cmd} refused: ${raw}`));
      }
    });
    ws.on("error", reject);
  });
}
