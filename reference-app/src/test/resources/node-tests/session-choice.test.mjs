// Which session the example providers bind to, and where they find the gateway
// (examples/node/session.mjs), run by SessionChoiceTest with node's own test runner beside a copy
// of the examples. The user's home is /home/me.
import { test } from "node:test";
import assert from "node:assert/strict";
import { mkdtempSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { anotherUserListens, chooseSession, gatewayHome, gatewayUrl, homePort, projectHolds, providerToken } from "./session.mjs";

const console_ = { id: "s-1", label: "console", cwd: "/home/me" };
const claude = { id: "s-2", label: "claude-code", cwd: "/home/me/app" };
const copilot = { id: "s-3", label: "copilot", cwd: "/home/me/app2" };
const all = [console_, claude, copilot];
const at = (cwd, env = {}) => ({ cwd, env, home: "/home/me" });

test("TAP_SESSION picks by id, then by label, and says so", () => {
  assert.deepEqual(chooseSession(all, at("/", { TAP_SESSION: "s-3" })), { session: "s-3", why: "TAP_SESSION names it" });
  assert.equal(chooseSession(all, at("/", { TAP_SESSION: "claude-code" })).session, "s-2");
});

test("a TAP_SESSION that names nothing, or two labels, is an error listing the sessions", () => {
  assert.match(chooseSession(all, at("/", { TAP_SESSION: "gemini" })).error, /no active session's id or label.*s-1 \(console, \/home\/me\)/);
  const twins = [claude, { ...copilot, label: "claude-code" }];
  assert.match(chooseSession(twins, at("/", { TAP_SESSION: "claude-code" })).error, /label of 2 sessions/);
});

test("without TAP_SESSION the session whose project holds this directory wins, the deepest", () => {
  assert.deepEqual(chooseSession(all, at("/home/me/app/src")), { session: "s-2", why: "its cwd /home/me/app holds this directory" });
  assert.equal(chooseSession(all, at("/home/me/app")).session, "s-2");
  const nested = { id: "s-5", label: "submodule agent", cwd: "/home/me/app/lib" };
  assert.equal(chooseSession([claude, nested], at("/home/me/app/lib/x")).session, "s-5");
  assert.equal(chooseSession([nested, claude], at("/home/me/app/src")).session, "s-2");
});

test("a session at the home or at / holds only itself: the console in ~ swallows no project", () => {
  assert.match(chooseSession(all, at("/home/me/docs")).error, /3 sessions are active and none works in \/home\/me\/docs/);
  assert.equal(chooseSession(all, at("/home/me")).session, "s-1");
  const root = { id: "s-6", label: "root", cwd: "/" };
  assert.equal(chooseSession([console_, root], at("/tmp")).error !== undefined, true);
  assert.equal(projectHolds("/", "/tmp", "/home/me"), false);
  assert.equal(projectHolds("/home", "/home/other", "/home/me"), false, "above the home");
  assert.equal(projectHolds("/home/me/app", "/home/me/app/../app/src", "/home/me"), true);
  assert.equal(projectHolds("/home/me/app", "/home/me/app2", "/home/me"), false);
});

test("the home is TAP_HOME, else COPILOT_HOME's extensions/tap, else ~/.copilot's", () => {
  assert.equal(gatewayHome({ TAP_HOME: "/h/tap", COPILOT_HOME: "/c" }), "/h/tap");
  assert.equal(gatewayHome({ TAP_HOME: " ", COPILOT_HOME: "/c" }), "/c/extensions/tap");
});

test("the gateway is TAP_GATEWAY_URL, else the home's gateway.port, else its settings' port, else 9400", () => {
  const home = mkdtempSync(join(tmpdir(), "home-"));
  const env = { TAP_HOME: home };
  assert.equal(gatewayUrl(env), "ws://127.0.0.1:9400");
  writeFileSync(join(home, "settings.json"), JSON.stringify({ port: 9422 }));
  assert.equal(gatewayUrl(env), "ws://127.0.0.1:9422");
  writeFileSync(join(home, ".provider-token"), "ptk-1\n");
  writeFileSync(join(home, "gateway.port"), "9433\n");
  assert.equal(gatewayUrl(env), "ws://127.0.0.1:9433");
  assert.equal(providerToken(env), "ptk-1");
  assert.equal(gatewayUrl({ ...env, TAP_GATEWAY_URL: "ws://127.0.0.1:1234" }), "ws://127.0.0.1:1234");
  // A token newer than gateway.port: a gateway started since that port was written, not listening yet.
  utimesSync(join(home, "gateway.port"), new Date(0), new Date(0));
  assert.equal(homePort(env).stale, true);
  assert.equal(homePort({ ...env, TAP_PROVIDER_TOKEN: "given" }).stale, false);
});

// The kernel's socket tables (/proc/net/tcp, tcp6) as written here: port 9400 is 24B8.
function tables(v4, v6) {
  const dir = mkdtempSync(join(tmpdir(), "net-"));
  const header = "  sl  local_address rem_address   st tx_queue rx_queue tr tm->when retrnsmt   uid\n";
  if (v4) writeFileSync(join(dir, "tcp"), header + v4);
  if (v6) writeFileSync(join(dir, "tcp6"), header + v6);
  return dir;
}
const row = (local, state, uid) => `   0: ${local} 00000000:0000 ${state} 00000000:00000000 00:00000000 00000000  ${uid}        0 4711 1\n`;

test("another user listening where a connection to 127.0.0.1 may arrive is not the home's gateway", () => {
  const mapped = "0000000000000000FFFF00000100007F";
  assert.equal(anotherUserListens(9400, tables(row("0100007F:24B8", "0A", 1000)), 1000), false, "this user's");
  assert.equal(anotherUserListens(9400, tables(null, row(`${mapped}:24B8`, "0A", 1000)), 1000), false, "a JVM's");
  assert.equal(anotherUserListens(9400, tables(row("0100007F:24B8", "0A", 33)), 1000), true);
  assert.equal(anotherUserListens(9400, tables(null, row(`${mapped}:24B8`, "0A", 33)), 1000), true);
  assert.equal(anotherUserListens(9400, tables(row("00000000:24B8", "0A", 33)), 1000), true, "every address");
  assert.equal(anotherUserListens(9400, tables(row("0100007F:24B8", "01", 33) + row("0100007F:24B9", "0A", 33)), 1000), false,
    "a connection, and another port");
  assert.equal(anotherUserListens(9400, join(tmpdir(), "no-such-tables"), 1000), false, "no tables: cannot be told");
  // This process's own user, as the example asks before it connects.
  assert.equal(anotherUserListens(9400, tables(row("0100007F:24B8", "0A", process.geteuid() + 1))), true);
  assert.equal(anotherUserListens(9400, tables(row("0100007F:24B8", "0A", process.geteuid()))), false);
});

test("a cwd is held only on a path boundary: /home/me/app does not hold /home/me/app2", () => {
  assert.equal(chooseSession([claude], at("/home/me/app2")).session, "s-2", "the only one");
  assert.equal(chooseSession([claude, copilot], at("/home/me/app2/src")).session, "s-3");
});

test("two sessions in the same directory are not guessed between", () => {
  const second = { ...claude, id: "s-4", label: "claude-code 2" };
  assert.match(chooseSession([claude, second], at("/home/me/app")).error, /2 sessions work in \/home\/me\/app; set TAP_SESSION/);
});

test("the only session is taken; none means wait; several elsewhere is an error", () => {
  assert.deepEqual(chooseSession([copilot], at("/tmp")), { session: "s-3", why: "it is the only active session" });
  assert.equal(chooseSession([], at("/tmp")).wait, true);
  assert.match(chooseSession([claude, copilot], at("/tmp")).error, /2 sessions are active and none works in \/tmp/);
});

// Issue 47, row 3: a front-door client that names itself claude and offers the agent's project as
// its root ("openedBy": "client") is never taken for the agent's session, whichever started first.
const decoy = { id: "s-9", label: "claude-code", cwd: "/home/me/app", openedBy: "client" };
const agent = { id: "s-2", label: "claude-code", cwd: "/home/me/app", openedBy: "agent" };

test("a client's session is never taken for the agent's, whichever started first", () => {
  assert.deepEqual(chooseSession([decoy, agent], at("/home/me/app/src")), { session: "s-2", why: "its cwd /home/me/app holds this directory" });
  assert.equal(chooseSession([agent, decoy], at("/home/me/app/src")).session, "s-2");
  assert.equal(chooseSession([decoy, agent], at("/", { TAP_SESSION: "claude-code" })).session, "s-2", "by label, the agent's alone");
  assert.equal(chooseSession([console_, decoy], at("/tmp")).session, "s-1", "the only session that is not a client's");
  assert.equal(chooseSession([{ ...decoy, openedBy: "someday" }], at("/home/me/app")).wait, true, "an unknown opener is no agent's");
});

test("with only a client's session it waits, unless TAP_SESSION names its id", () => {
  const alone = chooseSession([decoy], at("/home/me/app"));
  assert.equal(alone.wait, true);
  assert.match(alone.why, /only front-door clients' sessions are active \(s-9 \(claude-code, \/home\/me\/app, a front-door client's\)\).*waiting for the agent's/);
  assert.equal(chooseSession([decoy], at("/", { TAP_SESSION: "claude-code" })).wait, true);
  assert.equal(chooseSession([decoy], at("/", { TAP_SESSION: "s-9" })).session, "s-9");
});
