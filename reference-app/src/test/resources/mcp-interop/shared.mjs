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

/**
 * A provider over ws on the gateway of HOME, bound to the session labelled `label`, with `tools`;
 * `answer(msg)` gives a tool.call's data, `gate(msg)` a gate.check's verdict fields; `extra` goes
 * into its hello (hooks). Everything it received is in `received`.
 */
export async function bindProvider({ name, label, tools, answer = () => "ok", gate, extra = {} }) {
  const provider = { name, received: [] };
  await until("the gateway's token and port files", () => {
    try {
      provider.port = readFileSync(join(HOME, "gateway.port"), "utf8").trim();
      provider.token = readFileSync(join(HOME, ".provider-token"), "utf8").trim();
      return true;
    } catch {
      return false;
    }
  });
  const ws = new WebSocket(`ws://127.0.0.1:${provider.port}`);
  const send = (message) => ws.send(JSON.stringify(message));
  ws.on("message", (raw) => {
    const msg = JSON.parse(raw);
    provider.received.push(msg);
    if (msg.type === "tool.call") {
      send({ type: "tool.result", id: msg.id, status: "success", data: answer(msg) });
    } else if (msg.type === "gate.check" && gate) {
      send({ type: "gate.result", gateId: msg.gateId, callId: msg.callId, ...gate(msg) });
    }
  });
  await new Promise((resolve, reject) => {
    ws.once("open", resolve);
    ws.once("error", reject);
  });
  send({ type: "auth", token: provider.token });
  const session = await until(`a session labelled ${label}`, () => {
    const lists = provider.received.filter((m) => m.type === "sessions" || m.type === "sessions.updated");
    return lists[lists.length - 1]?.active.find((s) => s.label === label);
  });
  send({ type: "hello", name, protocolVersion: 2, session: session.id, tools, ...extra });
  await until(`${name}: hello.ack`, () => provider.received.find((m) => m.type === "hello.ack"));
  provider.close = () => ws.close();
  return provider;
}
