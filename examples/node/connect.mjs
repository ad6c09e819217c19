// The connection every example provider keeps to the gateway, polite at first contact: it says
// what is wrong and what to do (no gateway yet, a token of another gateway, no session yet, more
// than one session to choose from) instead of a stack trace or a silent exit. It follows the
// gateway's home (session.mjs): at every connect it looks up the port and reads the token file
// again, so a gateway that restarted, on another port and with a new token, has it back within
// a couple of seconds of listening. See session.mjs for which session it binds to.
//
//   runProvider("ci-guard", { hello: (session) => ({ type: "hello", ... session }), onMessage })
//
// Environment: TAP_GATEWAY_URL (pins the URL; default: the home's gateway), TAP_HOME (the home;
// default $COPILOT_HOME/extensions/tap, else ~/.copilot/extensions/tap), TAP_PROVIDER_TOKEN
// (default: the home's token file), TAP_SESSION (see session.mjs), TAP_INSTANCE (to run a second
// one of a name beside the first: the hello's "instance").
import WebSocket from "ws";
import { anotherUserListens, gatewayHome, homePort, providerInstance, providerToken, sessionPicker, tokenFile } from "./session.mjs";

/** The first retry after a drop; each failed one doubles it, up to MAX_RETRY_MS. */
const FIRST_RETRY_MS = 250;
const MAX_RETRY_MS = 2000;

/**
 * Connects, authenticates, binds with hello(sessionId) to the session session.mjs chooses, and
 * hands every other message (hello.ack too) to onMessage(msg, send, leave); leave(reason) says
 * goodbye and exits. Answers shutdown.pending so; reconnects after any other close.
 */
export function runProvider(name, { hello, onMessage }) {
  const tokenFromEnv = Boolean(process.env.TAP_PROVIDER_TOKEN);
  const pinned = process.env.TAP_GATEWAY_URL;
  let leaving = false;
  let connected = false; // whether a connection ever opened: before that, no token means no gateway
  let failures = 0; // attempts in a row that did not bind; sets the next delay
  let toldAway = false; // whether the person heard that the gateway is away since a connection last opened
  let current = null; // the open connection, for SIGINT

  const tell = (line) => {
    if (!toldAway) console.error(line);
    toldAway = true;
  };
  const retry = () => {
    setTimeout(connect, Math.min(FIRST_RETRY_MS * 2 ** failures, MAX_RETRY_MS));
    failures++;
  };
  const following = () => (pinned ? "" : `; following the home ${gatewayHome()}`);

  function connect() {
    const token = providerToken();
    if (!token) {
      if (!connected) {
        console.error(`${name}: no TAP_PROVIDER_TOKEN and no token file at ${tokenFile()}; start the gateway (./gateway) and run me again`);
        process.exit(1);
      }
      tell(`${name}: the gateway is gone and its token file ${tokenFile()} with it; waiting for it to start again`);
      retry();
      return;
    }
    const where = pinned ? null : homePort();
    if (where?.stale) {
      tell(`${name}: the home's gateway is starting (its token is newer than ${where.from}); waiting for it to listen`);
      retry();
      return;
    }
    if (where && anotherUserListens(where.port)) {
      tell(`${name}: another user listens on port ${where.port} (from ${where.from}): the home's gateway is not running there; waiting for it`);
      retry();
      return;
    }
    const url = pinned ?? `ws://127.0.0.1:${where.port}`;
    const ws = new WebSocket(url);
    const send = (message) => ws.send(JSON.stringify(message));
    const leave = (reason) => {
      leaving = true;
      send({ type: "goodbye", reason });
      ws.close();
    };
    let bound = false;
    let opened = false;
    const pick = sessionPicker(name, (session) => {
      const message = hello(session);
      const instance = providerInstance();
      send(instance && message.instance === undefined ? { ...message, instance } : message);
    });

    ws.on("open", () => {
      opened = true;
      if (toldAway) console.error(`${name}: found the gateway at ${url}`);
      toldAway = false;
      connected = true;
      current = { ws, leave };
      send({ type: "auth", token });
    });
    ws.on("error", (error) => {
      if (opened) return; // the close says the gateway is lost
      if (error.code === "ECONNREFUSED") {
        tell(`${name}: no gateway at ${url}${where ? ` (from ${where.from})` : ""}; is it running? ./gateway starts one. Trying again every ${MAX_RETRY_MS / 1000} s${following()}`);
      } else {
        tell(`${name}: ${error.message}`);
      }
    });
    ws.on("message", (raw) => {
      const msg = JSON.parse(raw);
      if (pick(msg)) return;
      switch (msg.type) {
        case "hello.ack":
          bound = true;
          failures = 0; // a connection that bound starts the backoff over
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
            tell(`${name}: the gateway at ${url} refuses the token of ${tokenFile()} (is that file another gateway's?); reading it again at each retry`);
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
      if (current?.ws === ws) current = null;
      if (leaving) process.exit(process.exitCode ?? 0);
      if (opened) tell(`${name}: lost the gateway at ${url}; reconnecting${following()}`);
      retry();
    });
  }

  process.on("SIGINT", () => {
    if (!current) process.exit(130);
    current.leave("interrupted");
  });
  connect();
}
