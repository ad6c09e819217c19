// What every example provider needs before its hello: the token, and which session to bind to.
// Several agents may share one gateway (a console, two Claude windows, a Copilot CLI), so "the
// first active session" is a guess; the choice here is explicit and says why (docs/providers.md,
// "Which session"):
//
//   1. TAP_SESSION, when set: the session with that id, else the one with that label.
//      (The gateway sets it for providers it starts from a --config file.)
//   2. The session whose cwd holds this process's working directory (the longest such cwd):
//      run the provider in the agent's project and it finds the agent's session.
//   3. The only active session, when there is exactly one.
//   Otherwise it says which sessions there are and how to pick one, and binds to none.
import { readFileSync } from "node:fs";
import { homedir } from "node:os";
import { join, resolve, sep } from "node:path";

/** The token: TAP_PROVIDER_TOKEN, else the running gateway's token file, read anew each time. */
export function providerToken(env = process.env) {
  if (env.TAP_PROVIDER_TOKEN) return env.TAP_PROVIDER_TOKEN;
  const file = tokenFile(env);
  try {
    return readFileSync(file, "utf8").trim();
  } catch {
    return null;
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

/** Where the gateway writes its token: <COPILOT_HOME or ~/.copilot>/extensions/tap/.provider-token. */
export function tokenFile(env = process.env) {
  const home = env.COPILOT_HOME && env.COPILOT_HOME.trim() ? env.COPILOT_HOME : join(homedir(), ".copilot");
  return join(home, "extensions", "tap", ".provider-token");
}

/**
 * Picks the session from the `sessions` (or `sessions.updated`) message's `active` list.
 * Returns { session, why } to bind, { wait, why } when there is none yet, or { error } to say.
 */
export function chooseSession(active, { env = process.env, cwd = process.cwd() } = {}) {
  const list = () => active.map((s) => `${s.id} (${s.label ?? "no label"}${s.cwd ? `, ${s.cwd}` : ""})`).join(", ");
  const wanted = env.TAP_SESSION;
  if (wanted) {
    const byId = active.find((s) => s.id === wanted);
    if (byId) return { session: byId.id, why: `TAP_SESSION names it` };
    const byLabel = active.filter((s) => s.label === wanted);
    if (byLabel.length === 1) return { session: byLabel[0].id, why: `TAP_SESSION names its label '${wanted}'` };
    if (byLabel.length > 1) return { error: `TAP_SESSION=${wanted} is the label of ${byLabel.length} sessions; give an id: ${list()}` };
    if (!active.length) return { wait: true, why: `no session is active yet; waiting for TAP_SESSION=${wanted}` };
    return { error: `TAP_SESSION=${wanted} is no active session's id or label; active: ${list()}` };
  }
  const here = resolve(cwd);
  const holding = active.filter((s) => s.cwd && (here === resolve(s.cwd) || here.startsWith(resolve(s.cwd).replace(/\/?$/, sep))));
  if (holding.length) {
    const longest = Math.max(...holding.map((s) => resolve(s.cwd).length));
    const best = holding.filter((s) => resolve(s.cwd).length === longest);
    if (best.length === 1) return { session: best[0].id, why: `its cwd ${best[0].cwd} holds this directory` };
    return { error: `${best.length} sessions work in ${best[0].cwd}; set TAP_SESSION to one of: ${best.map((s) => `${s.id} (${s.label ?? "no label"})`).join(", ")}` };
  }
  if (active.length === 1) return { session: active[0].id, why: "it is the only active session" };
  if (!active.length) return { wait: true, why: "no session is active yet; waiting for one" };
  return { error: `${active.length} sessions are active and none works in ${here}: set TAP_SESSION to the id or label of one of: ${list()}` };
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
