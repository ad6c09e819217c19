// Which session the example providers bind to (examples/node/session.mjs), run by
// SessionChoiceTest with node's own test runner beside a copy of the examples.
import { test } from "node:test";
import assert from "node:assert/strict";
import { chooseSession } from "./session.mjs";

const console_ = { id: "s-1", label: "console", cwd: "/home/me" };
const claude = { id: "s-2", label: "claude-code", cwd: "/home/me/app" };
const copilot = { id: "s-3", label: "copilot", cwd: "/home/me/app2" };
const all = [console_, claude, copilot];
const at = (cwd, env = {}) => ({ cwd, env });

test("TAP_SESSION picks by id, then by label, and says so", () => {
  assert.deepEqual(chooseSession(all, at("/", { TAP_SESSION: "s-3" })), { session: "s-3", why: "TAP_SESSION names it" });
  assert.equal(chooseSession(all, at("/", { TAP_SESSION: "claude-code" })).session, "s-2");
});

test("a TAP_SESSION that names nothing, or two labels, is an error listing the sessions", () => {
  assert.match(chooseSession(all, at("/", { TAP_SESSION: "gemini" })).error, /no active session's id or label.*s-1 \(console, \/home\/me\)/);
  const twins = [claude, { ...copilot, label: "claude-code" }];
  assert.match(chooseSession(twins, at("/", { TAP_SESSION: "claude-code" })).error, /label of 2 sessions/);
});

test("without TAP_SESSION the session whose cwd holds this directory wins, the longest", () => {
  assert.deepEqual(chooseSession(all, at("/home/me/app/src")), { session: "s-2", why: "its cwd /home/me/app holds this directory" });
  assert.equal(chooseSession(all, at("/home/me/app")).session, "s-2");
  assert.equal(chooseSession(all, at("/home/me/docs")).session, "s-1");
});

test("a cwd is held only on a path boundary: /home/me/app does not hold /home/me/app2", () => {
  assert.equal(chooseSession([claude], at("/home/me/app2")).session, "s-2", "the only one");
  assert.equal(chooseSession([claude, console_], at("/home/me/app2")).session, "s-1");
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
