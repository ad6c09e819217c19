// A CI watcher that keeps noise out of the agent's way: every status line it reads from stdin is
// pushed at level "keep", and a gateway-side filter decides what happens to it — failures are
// injected (the agent gets a turn), routine progress is only kept in the stream, chatter dropped.
//
//   some-ci-feed | node ci-watcher.mjs        (from the agent's project: session.mjs says how it binds)
//
// Input lines look like: "running test/auth.spec.ts", "passed build #41", "failed test/auth.spec.ts".
import readline from "node:readline";
import { runProvider } from "./connect.mjs";

let reading = false;

runProvider("ci-watcher", {
  hello: (session) => ({ type: "hello", name: "ci-watcher", protocolVersion: 2, session }),
  onMessage: (msg, send, leave) => {
    switch (msg.type) {
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
        if (msg.requestId === "filter-1" && !reading) startReading(send, leave);
        break;
      default: break;
    }
  },
});

function startReading(send, leave) {
  reading = true;
  console.log("ci-watcher ready");
  const lines = readline.createInterface({ input: process.stdin });
  lines.on("line", (line) => {
    if (line.trim()) send({ type: "push", stream: "ci", level: "keep", event: line.trim(), metadata: { source: "stdin" } });
  });
  lines.on("close", () => setTimeout(() => leave("input ended"), 200));
}
