// What every example provider needs before its hello: where the gateway is, the token, and which
// session to bind to (docs/providers.md, "Finding the gateway" and "Which session").
//
// The gateway is found by its home, looked up again at every connect, so that a provider follows
// a gateway that restarted on another port:
//
//   TAP_GATEWAY_URL, when set (pinned: the gateway sets it for the providers it starts);
//   else ws://127.0.0.1:<port>, the port from <home>/gateway.port (every running gateway writes
//   it), else <home>/settings.json's "port", else 9400. The home is TAP_HOME, else
//   $COPILOT_HOME/extensions/tap, else ~/.copilot/extensions/tap; the token is TAP_PROVIDER_TOKEN,
//   else <home>/.provider-token, read anew at every connect (each start of a gateway writes a new
//   one).
//
// Several agents may share one gateway (a console, two Claude windows, a Copilot CLI), so "the
// first active session" is a guess; the choice here is explicit and says why:
//
//   1. TAP_SESSION, when set: the session with that id, else the one with that label.
//      (The gateway sets it for providers it starts from a --config file.)
//   2. The session whose project holds this process's working directory, the deepest such project.
//      A project (a session's cwd) holds its folder and every folder below it, except that one at
//      /, at the user's home or above it holds only itself (a console started in ~ does not
//      swallow every project): the gateway's own rule (ProjectScope), written again here.
//   3. The only active session, when there is exactly one.
//   Otherwise it says which sessions there are and how to pick one, and binds to none.
//
// A session a front-door client opened ("openedBy": "client", the gateway's word; decision 68) is
// taken only when TAP_SESSION names its id: a client chooses its own label and roots, so it can
// look exactly like the agent's session, and a guardrail bound to it guards nobody. Steps 2 and 3
// choose among the other sessions alone: while only clients' sessions are active, it waits.
import { readFileSync, statSync } from "node:fs";
import { homedir } from "node:os";
import { join, parse, resolve, sep } from "node:path";

/** The port of a home whose gateway says none. */
export const DEFAULT_PORT = 9400;

/** The gateway's home: TAP_HOME, else $COPILOT_HOME/extensions/tap, else ~/.copilot/extensions/tap. */
export function gatewayHome(env = process.env) {
  if (env.TAP_HOME && env.TAP_HOME.trim()) return resolve(env.TAP_HOME);
  const base = env.COPILOT_HOME && env.COPILOT_HOME.trim() ? env.COPILOT_HOME : join(homedir(), ".copilot");
  return resolve(base, "extensions", "tap");
}

/** Where the home's gateway writes its token: <home>/.provider-token. */
export function tokenFile(env = process.env) {
  return join(gatewayHome(env), ".provider-token");
}

/** The token: TAP_PROVIDER_TOKEN, else the home's token file, read anew each time; null if none. */
export function providerToken(env = process.env) {
  if (env.TAP_PROVIDER_TOKEN) return env.TAP_PROVIDER_TOKEN;
  try {
    return readFileSync(tokenFile(env), "utf8").trim() || null;
  } catch {
    return null;
  }
}

/**
 * Where the home's gateway listens, looked up now: { port, from } naming the file (or default) the
 * port came from. `stale` is set when the token file is newer than gateway.port: a gateway has
 * started since that port was written (the last one was killed), and does not listen yet; its new
 * token must not go to the dead one's port, which anyone may have taken since.
 */
export function homePort(env = process.env) {
  const home = gatewayHome(env);
  const portFile = join(home, "gateway.port");
  const running = portIn(() => readFileSync(portFile, "utf8").trim());
  if (running) {
    const stale = !env.TAP_PROVIDER_TOKEN && modified(tokenFile(env)) > modified(portFile);
    return { port: running, from: portFile, stale };
  }
  const settingsFile = join(home, "settings.json");
  const own = portIn(() => JSON.parse(readFileSync(settingsFile, "utf8")).port);
  if (own) return { port: own, from: settingsFile, stale: false };
  return { port: DEFAULT_PORT, from: "the default port", stale: false };
}

// Where a connection to 127.0.0.1 may arrive, as the kernel's socket tables write addresses:
// 127.0.0.1, every IPv4 address, their IPv6 forms (a JVM's socket bound to 127.0.0.1 sits at
// ::ffff:127.0.0.1) and every IPv6 address, which takes IPv4 too.
const REACHED = new Set(["0100007F", "00000000", "0000000000000000FFFF00000100007F",
  "0000000000000000FFFF000000000000", "00000000000000000000000000000000"]);

/**
 * Whether another user listens where a connection to 127.0.0.1:port may arrive, by the kernel's
 * tables of sockets (Linux; false where there are none): a gateway that crashed left its port in
 * the home, and whoever took it since must get neither the token nor our tools to call. The same
 * look as the Java client's and the stdio bridge's (docs/security.md).
 */
export function anotherUserListens(port, tables = "/proc/net", uid = process.geteuid?.()) {
  if (uid === undefined) return false;
  const suffix = ":" + port.toString(16).toUpperCase().padStart(4, "0");
  for (const table of ["tcp", "tcp6"]) {
    let rows;
    try {
      rows = readFileSync(join(tables, table), "utf8").split("\n").slice(1);
    } catch {
      continue; // no IPv6, or no tables at all
    }
    for (const row of rows) {
      // sl local_address rem_address st tx:rx tr:when retrnsmt uid ...
      const fields = row.trim().split(/\s+/);
      if (fields.length >= 8 && fields[3] === "0A" && fields[1].endsWith(suffix)
          && REACHED.has(fields[1].slice(0, -suffix.length)) && fields[7] !== String(uid)) {
        return true;
      }
    }
  }
  return false;
}

/**
 * The gateway's URL now: TAP_GATEWAY_URL, else ws://127.0.0.1:<the home's port> (homePort).
 * Call it at every connect: the port is the running gateway's.
 */
export function gatewayUrl(env = process.env) {
  return env.TAP_GATEWAY_URL || `ws://127.0.0.1:${homePort(env).port}`;
}

/** A port 1..65535 from what `read` returns, or null when it throws or gives none. */
function portIn(read) {
  try {
    const value = read();
    const port = typeof value === "number" ? value : /^\d+$/.test(value ?? "") ? Number(value) : NaN;
    return Number.isInteger(port) && port >= 1 && port <= 65535 ? port : null;
  } catch {
    return null;
  }
}

/** The file's modification time in ms, or -Infinity when it is not there. */
function modified(file) {
  try {
    return statSync(file).mtimeMs;
  } catch {
    return -Infinity;
  }
}

/**
 * The instance to run as: TAP_INSTANCE, else none. Two providers of one name may run side by side
 * only as instances of their own (spec: Identity protection); the gateway's DUPLICATE_INSTANCE
 * refusal says which process holds the name, and to set this.
 */
export function providerInstance(env = process.env) {
  return env.TAP_INSTANCE && env.TAP_INSTANCE.trim() ? env.TAP_INSTANCE.trim() : undefined;
}

/**
 * Whether the project at `project` (a session's cwd) holds the folder `dir`: it is the folder or
 * below it, but a project at /, at `userHome` or above it holds only itself. Paths are made
 * absolute and normalized; links are not resolved (the gateway's ProjectScope.holds).
 */
export function projectHolds(project, dir, userHome = homedir()) {
  if (!project || !dir) return false;
  const root = resolve(project);
  const folder = resolve(dir);
  if (folder === root) return true;
  return !holdsOnlyItself(root, userHome) && folder.startsWith(withSep(root));
}

function holdsOnlyItself(root, userHome) {
  if (root === parse(root).root) return true;
  const home = userHome ? resolve(userHome) : null;
  return home !== null && (home === root || home.startsWith(withSep(root)));
}

const withSep = (path) => (path.endsWith(sep) ? path : path + sep);
const depth = (path) => resolve(path).split(sep).filter(Boolean).length;

/**
 * Whether a session may be taken for the agent's: not one a front-door client opened. The gateway
 * says "agent" for an agent's own session, "client" for a client's, and nothing for its host's own;
 * a word this example does not know is treated as a client's (fail closed).
 */
export function mayBeTheAgents(session) {
  return session.openedBy === undefined || session.openedBy === null || session.openedBy === "agent" || session.openedBy === "host";
}

/**
 * Picks the session from the `sessions` (or `sessions.updated`) message's `active` list.
 * Returns { session, why } to bind, { wait, why } when there is none yet, or { error } to say.
 */
export function chooseSession(active, { env = process.env, cwd = process.cwd(), home = homedir() } = {}) {
  const describe = (s) => `${s.id} (${s.label ?? "no label"}${s.cwd ? `, ${s.cwd}` : ""}${mayBeTheAgents(s) ? "" : ", a front-door client's"})`;
  const list = () => active.map(describe).join(", ");
  const candidates = active.filter(mayBeTheAgents);
  const wanted = env.TAP_SESSION;
  if (wanted) {
    const byId = active.find((s) => s.id === wanted);
    if (byId) return { session: byId.id, why: `TAP_SESSION names it` };
    const byLabel = candidates.filter((s) => s.label === wanted);
    if (byLabel.length === 1) return { session: byLabel[0].id, why: `TAP_SESSION names its label '${wanted}'` };
    if (byLabel.length > 1) return { error: `TAP_SESSION=${wanted} is the label of ${byLabel.length} sessions; give an id: ${byLabel.map(describe).join(", ")}` };
    if (!candidates.length) return { wait: true, why: `no session is active yet${active.length ? " but front-door clients' (taken by id only)" : ""}; waiting for TAP_SESSION=${wanted}` };
    return { error: `TAP_SESSION=${wanted} is no active session's id or label; active: ${list()}` };
  }
  const here = resolve(cwd);
  const holding = candidates.filter((s) => projectHolds(s.cwd, here, home));
  if (holding.length) {
    const deepest = Math.max(...holding.map((s) => depth(s.cwd)));
    const best = holding.filter((s) => depth(s.cwd) === deepest);
    if (best.length === 1) return { session: best[0].id, why: `its cwd ${best[0].cwd} holds this directory` };
    return { error: `${best.length} sessions work in ${best[0].cwd}; set TAP_SESSION to one of: ${best.map(describe).join(", ")}` };
  }
  if (candidates.length === 1) return { session: candidates[0].id, why: "it is the only active session" };
  if (!active.length) return { wait: true, why: "no session is active yet; waiting for one" };
  if (!candidates.length) return { wait: true, why: `only front-door clients' sessions are active (${list()}), and a client's is never taken for the agent's unless TAP_SESSION names its id; waiting for the agent's` };
  return { error: `${candidates.length} sessions are active and none works in ${here}: set TAP_SESSION to the id or label of one of: ${candidates.map(describe).join(", ")}` };
}

/**
 * Handles `sessions` and `sessions.updated` until a session is chosen, then calls hello(id) once
 * and says which it chose and why. Returns whether it handled `msg`. With more than one candidate
 * and nothing to pick by, it says so and exits: binding to a guess would guard the wrong agent.
 */
export function sessionPicker(name, hello) {
  let chosen = false;
  return (msg) => {
    if (msg.type !== "sessions" && msg.type !== "sessions.updated") return false;
    if (chosen) return true;
    const choice = chooseSession(msg.active ?? []);
    if (choice.session) {
      chosen = true;
      console.log(`${name}: binding to session ${choice.session}: ${choice.why}`);
      hello(choice.session);
    } else if (choice.wait) {
      console.log(`${name}: ${choice.why}`);
    } else {
      console.error(`${name}: ${choice.error}`);
      process.exit(2);
    }
    return true;
  };
}
