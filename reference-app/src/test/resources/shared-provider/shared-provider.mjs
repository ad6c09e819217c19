// A provider written to be shared by the sessions of a project (docs/decisions/0072): it binds
// where TAP_SESSION says ("all" when the gateway shares it: the sessions of its project), readies
// each session the gateway adds to its project later (session.ready, as the spec's "all" binding
// has a provider ready a session that starts), and answers its one tool with the session the call
// came from and its own process id. A test fixture (SharedProvidersTest), run beside the node
// examples so that it finds the "ws" package there.
import WebSocket from "ws";

const name = process.env.PROVIDER_NAME || "shared";
const bound = new Set();
const readied = new Set();
let acked = false; // a sessions.updated sent before the hello.ack is older than the binding
const ws = new WebSocket(process.env.TAP_GATEWAY_URL);
const send = (message) => ws.send(JSON.stringify(message));
const note = (text) => process.stderr.write(`[${name} ${process.pid}] ${text}\n`);

ws.on("open", () => send({ type: "auth", token: process.env.TAP_PROVIDER_TOKEN }));
ws.on("close", () => {
  note("connection closed");
  process.exit(0);
});
ws.on("message", (data) => {
  const msg = JSON.parse(data.toString());
  note(`got ${msg.type}${msg.sessionId ? " " + msg.sessionId : ""}`);
  if (msg.type === "sessions") {
    send({
      type: "hello",
      name,
      protocolVersion: 2,
      session: process.env.TAP_SESSION || "all",
      tools: [
        {
          name: "whoami",
          description: "The session this call came from, and the provider's process id",
          parameters: { type: "object", properties: {} },
        },
      ],
    });
  } else if (msg.type === "hello.ack") {
    acked = true;
  } else if (msg.type === "sessions.updated" && acked) {
    // Only sessions it may access show their cwd: its project's.
    for (const session of msg.active) {
      if (session.cwd && !bound.has(session.id) && !readied.has(session.id)) {
        readied.add(session.id);
        send({ type: "session.ready", sessionId: session.id });
      }
    }
  } else if (msg.type === "session.lifecycle") {
    if (msg.state === "started") bound.add(msg.sessionId);
    if (msg.state === "shutdown.pending") {
      bound.delete(msg.sessionId);
      send({ type: "shutdown.ready", sessionId: msg.sessionId });
    }
  } else if (msg.type === "tool.call") {
    send({ type: "tool.result", id: msg.id, data: { session: msg.sessionId, pid: process.pid } });
  } else if (msg.type === "error") {
    note(`error ${msg.code}: ${msg.message}`);
  }
});
