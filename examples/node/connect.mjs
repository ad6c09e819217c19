// The connection every example provider keeps to the gateway, polite at first contact: it says
// what is wrong and what to do (no gateway yet, a token of another gateway, no session yet, more
// than one session to choose from) instead of a stack trace or a silent exit, reconnects when the
// gateway restarts, and reads the token file anew each time (a gateway writes a new token at each
// start). See session.mjs for which session it binds to.
//
//   runProvider("ci-guard", { hello: (session) => ({ type: "hello", ... session }), onMessage })
//
// Environment: TAP_GATEWAY_URL (default ws://localhost:9400), TAP_PROVIDER_TOKEN (default: the
// token file), TAP_SESSION (see session.mjs), TAP_INSTANCE (to run a second one of a name beside
// the first: the hello's "instance").
import WebSocket from "ws";
import { providerInstance, providerToken, sessionPicker, tokenFile } from "./session.mjs";

const RETRY_MS = 5000;

/**
 * Connects, authenticates, binds with hello(sessionId) to the session session.mjs chooses, and
 * hands every other message (hello.ack too) to onMessage(msg, send, leave); leave(reason) says
 * goodbye and exits. Answers shutdown.pending so; reconnects after any other close.
 */
export function runProvider(name, { hello, onMessage }) {
  const url = process.env.TAP_GATEWAY_URL ?? "ws://localhost:9400";
  const tokenFromEnv = Boolean(process.env.TAP_PROVIDER_TOKEN);
  let saidRefused = false;
  let leaving = false;

  function connect() {
    const token = providerToken();
    if (!token) {
      console.error(`${name}: no TAP_PROVIDER_TOKEN and no token file at ${tokenFile()}; start the gateway (./gateway) and run me again`);
      process.exit(1);
    }
    const ws = new WebSocket(url);
    const send = (message) => ws.send(JSON.stringify(message));
    const leave = (reason) => {
      leaving = true;
      send({ type: "goodbye", reason });
      ws.close();
    };
    let bound = false;
    const pick = sessionPicker(name, (session) => {
      const message = hello(session);
      const instance = providerInstance();
      send(instance && message.instance === undefined ? { ...message, instance } : message);
    });

    ws.on("open", () => {
      saidRefused = false;
      send({ type: "auth", token });
    });
    ws.on("error", (error) => {
      if (error.code === "ECONNREFUSED") {
        if (!saidRefused) console.error(`${name}: no gateway at ${url} (is it running? ./gateway starts one); trying every ${RETRY_MS / 1000} s`);
        saidRefused = true;
      } else {
        console.error(`${name}: ${error.message}`);
      }
    });
    ws.on("message", (raw) => {
      const msg = JSON.parse(raw);
      if (pick(msg)) return;
      switch (msg.type) {
        case "hello.ack":
          bound = true;
          console.log(`${name} registered as ${msg.providerId}`);
          break;
        case "session.lifecycle":
          if (msg.state === "shutdown.pending") {
            leave("session ending");
            return;
          }
          break;
        case "error":
          if (msg.code === "AUTH_FAILED") {
            if (tokenFromEnv) {
              console.error(`${name}: the gateway at ${url} refuses TAP_PROVIDER_TOKEN (a gateway makes a new token at each start; read it again from ${tokenFile()})`);
              process.exit(1);
            }
            console.error(`${name}: the gateway at ${url} refuses the token of ${tokenFile()} (is that file another gateway's?); reading it again in ${RETRY_MS / 1000} s`);
            ws.close();
            return;
          }
          console.error(`${name}: the gateway says [${msg.code}] ${msg.message}`);
          if (msg.code === "UNSUPPORTED_VERSION") process.exit(1);
          if (msg.replyTo === "hello" && !bound) {
            // Bound to nothing: sitting idle would look like working. The gateway's message says
            // what to change (another instance, another session, a tool renamed).
            console.error(`${name}: not registered; exiting`);
            leaving = true;
            ws.close();
            process.exitCode = 1;
            return;
          }
          break;
        default:
          break;
      }
      onMessage(msg, send, leave);
    });
    ws.on("close", () => {
      if (leaving) process.exit(process.exitCode ?? 0);
      setTimeout(connect, RETRY_MS);
    });
  }

  connect();
}
