// A CI watcher that keeps noise out of the agent's way: every status line it reads from stdin is
// pushed at level "keep", and a gateway-side filter decides what happens to it — failures are
// injected (the agent gets a turn), routine progress is only kept in the stream, chatter dropped.
//
//   some-ci-feed | TAP_PROVIDER_TOKEN=$(cat ~/.copilot/extensions/tap/.provider-token) node ci-watcher.mjs
//
// Input lines look like: "running test/auth.spec.ts", "passed build #41", "failed test/auth.spec.ts".
import WebSocket from "ws";
import readline from "node:readline";

const TOKEN = process.env.TAP_PROVIDER_TOKEN;
const URL = process.env.TAP_GATEWAY_URL ?? "ws://localhost:9400";

const ws = new WebSocket(URL);
const send = (msg) => ws.send(JSON.stringify(msg));

ws.on("open", () => send({ type: "auth", token: TOKEN }));

ws.on("message", (raw) => {
  const msg = JSON.parse(raw);
  switch (msg.type) {
    case "sessions":
      if (!msg.active.length) { ws.close(); return; }
      send({ type: "hello", name: "ci-watcher", protocolVersion: 2, session: msg.active[0].id });
      break;
    case "hello.ack":
      // First match wins; the outcome replaces the push's own level.
      send({
        type: "filter.set", requestId: "filter-1", stream: "ci",
        rules: [
          { match: "^failed", outcome: "inject" },
          { match: "^(queued|running|passed)", outcome: "keep" },
          { match: ".*", outcome: "drop" },
        ],
      });
      break;
    case "ack":
      if (msg.requestId === "filter-1") startReading();
      break;
    case "session.lifecycle":
      if (msg.state === "shutdown.pending") { send({ type: "goodbye" }); ws.close(); }
      break;
    case "error":
      console.error(`Error [${msg.code}]: ${msg.message}`);
      break;
    default: break;
  }
});

function startReading() {
  console.log("ci-watcher ready");
  const lines = readline.createInterface({ input: process.stdin });
  lines.on("line", (line) => {
    if (line.trim()) send({ type: "push", stream: "ci", level: "keep", event: line.trim(), metadata: { source: "stdin" } });
  });
  lines.on("close", () => setTimeout(() => { send({ type: "goodbye" }); ws.close(); }, 200));
}
