// The status page: renders each snapshot the gateway sends on /status/events (an EventSource,
// which reconnects by itself). Every text from the gateway goes in with textContent, never as
// HTML: tool descriptions, reasons and events are written by providers. The gateway has written
// every character that could reorder or hide text (bidirectional overrides, zero-width characters)
// as a visible escape; the text a provider chose also sits in a <bdi>, isolated from its
// neighbours, in case one got through.
"use strict";

const live = document.getElementById("live");

/** An element with attributes and children (strings become text nodes). */
function el(tag, attrs, ...children) {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attrs || {})) {
    if (value !== undefined && value !== null) node.setAttribute(name, value);
  }
  for (const child of children) {
    if (child === undefined || child === null) continue;
    node.append(child instanceof Node ? child : String(child));
  }
  return node;
}

/** Text a provider chose, isolated so that its direction cannot reorder what is around it. */
function bidi(text, dir) {
  return el("bdi", dir ? { dir } : {}, text);
}

function ms(value) {
  if (value === undefined || value === null) return "";
  return value < 10 ? value.toFixed(2) + " ms" : value < 1000 ? value.toFixed(0) + " ms" : (value / 1000).toFixed(1) + " s";
}

function clock(iso) {
  if (!iso) return "";
  const time = new Date(iso);
  return time.toLocaleTimeString([], { hour12: false }) + "." + String(time.getMilliseconds()).padStart(3, "0");
}

function since(iso, now) {
  if (!iso) return "";
  const seconds = Math.max(0, Math.round((now - new Date(iso)) / 1000));
  if (seconds < 60) return seconds + " s ago";
  if (seconds < 3600) return Math.floor(seconds / 60) + " min ago";
  return Math.floor(seconds / 3600) + " h " + Math.floor((seconds % 3600) / 60) + " min ago";
}

function badge(outcome) {
  const good = ["ok", "success", "allow", "confirmed", "requested"];
  const bad = ["refused", "failure", "denied", "deny", "timeout", "withdrawn"];
  const kind = good.includes(outcome) ? "good" : bad.includes(outcome) ? "bad" : "other";
  return el("span", { class: "badge " + kind }, outcome);
}

function replaceRows(table, rows, emptyNote) {
  const body = document.querySelector("#" + table + " tbody");
  body.replaceChildren(...rows);
  document.getElementById(table).classList.toggle("hidden", rows.length === 0);
  document.getElementById(emptyNote).classList.toggle("hidden", rows.length !== 0);
}

function card(label, value, detail) {
  return el("div", { class: "card" }, el("div", { class: "label" }, label), el("div", { class: "value" }, value),
    detail ? el("div", { class: "detail" }, detail) : null);
}

function renderNumbers(n) {
  const calls = n.calls || {};
  const total = (calls.success || 0) + (calls.failure || 0) + (calls.denied || 0);
  const codes = Object.entries(n.callCodes || {}).map(([code, count]) => code + " " + count).join(", ");
  document.getElementById("numbers").replaceChildren(
    card("Providers connected", n.providers),
    card("Sessions", n.sessions),
    card("Calls in flight", n.callsInFlight, n.callsQueued + " queued"),
    card("Tool calls", total, (calls.success || 0) + " ok · " + (calls.failure || 0) + " failed · " + (calls.denied || 0) + " denied"
      + (codes ? " · " + codes : "")),
    // Every pre-tool-use check, the agents' own tools' among them: the decisions list's deny rows.
    card("Hook checks", Object.values(n.hookChecks || {}).reduce((a, b) => a + b, 0),
      Object.entries(n.hookChecks || {}).map(([outcome, count]) => count + " " + outcome).join(" · ")),
    card("Call latency p50", ms(n.callLatency.p50Ms) || "–", n.callLatency.count ? "p99 " + ms(n.callLatency.p99Ms) + " of the last " + n.callLatency.count : ""),
    card("Gate latency p50", ms(n.gateLatency.p50Ms) || "–", n.gateLatency.count ? "p99 " + ms(n.gateLatency.p99Ms) + " of the last " + n.gateLatency.count : ""),
    card("Pushes", n.pushesAccepted, n.pushesRefused + " refused"));
}

function renderProviders(providers, now) {
  document.getElementById("provider-count").textContent = "(" + providers.length + ")";
  replaceRows("providers", providers.map((p) =>
    el("tr", { "data-provider": p.name },
      el("td", {}, el("strong", {}, p.name)),
      el("td", { class: "mono" }, p.instance || "–"),
      el("td", {}, p.trust),
      el("td", { title: p.connectedSince || "" }, since(p.connectedSince, now)),
      el("td", { class: "num" }, p.callsInFlight),
      el("td", { class: "mono" }, p.sessions.join(", ")),
      el("td", {}, p.tools.join(", ")))), "no-providers");
}

function renderSessions(sessions) {
  document.getElementById("session-count").textContent = "(" + sessions.length + ")";
  const blocks = sessions.map((s) => {
    const tools = s.tools.map((t) => el("li", {}, el("code", {}, t.name), " ", el("span", { class: "muted" }, "(" + t.provider + ") "), bidi(t.description)));
    const streams = Object.entries(s.streams || {}).map(([name, events]) =>
      el("li", {}, el("code", {}, name),
        el("ul", { class: "plain" }, ...events.map((e) => el("li", {}, el("span", { class: "muted mono" }, clock(e.ts) + " "),
          e.level ? el("span", { class: "muted" }, e.level + " ") : null, bidi(e.event))))));
    // Whose session it is, in a person's words (the gateway names the agent from its MCP client's
    // name); the client's own label only when it says more than the agent's name.
    const label = s.label && !s.agent.includes(" (" + s.label + ")") ? s.label : "";
    // What the guard remembers of the session (the flow rules) and the calls that set it.
    const guard = (s.guard || []).map((line) => el("li", {}, bidi(line)));
    return el("div", { class: "session", "data-session": s.id },
      el("h3", {}, el("span", { class: "agent" }, s.agent || "session"), label ? el("span", { class: "muted" }, " · " + label) : null,
        " ", el("span", { class: "muted mono" }, s.id + (s.cwd ? "  " + s.cwd : ""))),
      el("div", { class: "columns" },
        el("div", {}, el("h4", {}, "Tools (" + tools.length + ")"), tools.length ? el("ul", { class: "plain" }, ...tools) : el("p", { class: "empty" }, "No tools.")),
        el("div", {}, el("h4", {}, "Streams (" + streams.length + ")"), streams.length ? el("ul", { class: "plain" }, ...streams) : el("p", { class: "empty" }, "No streams."))),
      guard.length ? el("div", { class: "guard-flow" }, el("h4", {}, "What the guard remembers"), el("ul", { class: "plain" }, ...guard)) : null);
  });
  document.getElementById("sessions").replaceChildren(...blocks);
  document.getElementById("no-sessions").classList.toggle("hidden", sessions.length !== 0);
}

/** The audit trail's kinds in a person's words; the kind itself stays in the row's data-kind. */
const KINDS = {
  auth: "connection", pairing: "pairing", hello: "provider connected", update: "provider update",
  push: "event", tool_call: "tool call", pre_tool_use: "hook check", ask: "question to you", other: "other",
};

/** A gate by its provider's name, and its own id only when that says more (the guard's gate is "guard"). */
function gateName(g) {
  return g.gateId && g.gateId !== g.provider ? g.provider + "'s gate " + g.gateId : g.provider;
}

function renderDecisions(decisions) {
  replaceRows("decisions", decisions.map((d) => {
    const gates = (d.gates || []).map((g) => gateName(g) + ": " + g.decision
      + (g.reason ? " (" + g.reason + ")" : "") + " " + ms(g.latencyMs) + (g.failedOpen ? ", failed open" : ""));
    return el("tr", { "data-call": d.callId || "", "data-kind": d.kind },
      el("td", { class: "mono", title: d.time }, clock(d.time)),
      // Whose call (issue 77): the agent whose hook or window it came through; "–" for none.
      el("td", { class: "agent" }, d.agent ? bidi(d.agent) : "–"),
      el("td", {}, KINDS[d.kind] || d.kind),
      el("td", {}, badge(d.outcome), d.code ? el("span", { class: "muted mono" }, " " + d.code) : null),
      el("td", {}, d.tool ? el("code", {}, d.tool) : ""),
      el("td", {}, d.provider || ""),
      el("td", { class: "reason" }, bidi(d.reason || ""), gates.length ? el("div", { class: "gates" }, bidi(gates.join("; "))) : null),
      el("td", { class: "num" }, ms(d.latencyMs)));
  }), "no-decisions");
}

/** The person's answer to a gate's question: a same-origin POST with a JSON body (nothing else is taken). */
async function answer(askId, allow, buttons, note) {
  buttons.forEach((b) => { b.disabled = true; });
  note.textContent = "sending…";
  try {
    const reply = await fetch("/status/answer", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ askId, allow }),
    });
    const result = reply.ok ? await reply.json() : null;
    note.textContent = !result ? "not sent (" + reply.status + ")" : result.decided ? (allow ? "allowed" : "denied") : "too late: it was answered or had ended";
  } catch (e) {
    note.textContent = "not sent: " + e;
  }
}

/** The ask ids shown now: the questions are drawn again only when they change, so a click is not lost. */
let shownQuestions = "";

function renderQuestions(questions) {
  const ids = questions.map((q) => q.askId).join(" ");
  document.getElementById("questions-section").classList.toggle("hidden", questions.length === 0);
  if (ids === shownQuestions) return;
  shownQuestions = ids;
  document.getElementById("questions").replaceChildren(...questions.map((q) => {
    const note = el("span", { class: "muted" });
    const allow = el("button", { class: "allow", type: "button" }, "Allow");
    const deny = el("button", { class: "deny", type: "button" }, "Deny");
    allow.addEventListener("click", () => answer(q.askId, true, [allow, deny], note));
    deny.addEventListener("click", () => answer(q.askId, false, [allow, deny], note));
    return el("div", { class: "question", "data-ask": q.askId },
      el("div", { class: "muted" }, "provider ", el("strong", {}, bidi(q.provider)),
        q.gateId ? ", gate " : null, q.gateId ? el("strong", {}, bidi(q.gateId)) : null, q.gateId ? "," : null,
        " asks before ", el("code", {}, bidi(q.tool)), " runs, in session ", el("span", { class: "mono" }, q.sessionId)),
      el("div", { class: "asked" }, bidi(q.question)),
      questionArgs(q),
      el("div", {}, allow, deny, el("span", { class: "muted" }, "until " + clock(q.deadline) + " "), note));
  }));
}

/**
 * The arguments the call would run with: a line, and all of them a click away. A line that is
 * cut says so; what is cut is in the full view (issue 32: the cut part could be what matters).
 */
function questionArgs(q) {
  const preview = el("div", { class: "args" }, "arguments: ", el("code", {}, bidi(q.argsPreview, "ltr")),
    q.argsCut ? el("span", { class: "cut-note" }, " cut: " + q.argsChars + " characters in all, see them below") : null);
  const full = el("details", { class: q.argsCut ? "cut" : "" },
    el("summary", {}, q.argsCut ? "Show all " + q.argsChars + " characters of the arguments" : "Show the arguments one per line"),
    el("pre", { dir: "ltr" }, q.argsLines.join("\n")));
  return el("div", {}, preview, full);
}

function render(snapshot) {
  const now = new Date(snapshot.generatedAt);
  document.getElementById("generated").textContent = "as of " + clock(snapshot.generatedAt);
  renderNumbers(snapshot.numbers);
  // Where the audit trail is sent, and what it dropped (issue 66).
  document.getElementById("gateway-notes").replaceChildren(
    ...(snapshot.notes || []).map((line) => el("li", {}, bidi(line))));
  renderProviders(snapshot.providers, now);
  renderSessions(snapshot.sessions);
  renderDecisions(snapshot.decisions);
  renderQuestions(snapshot.questions || []);
}

// The tables show only once the first snapshot is drawn, and the page says "live" only then
// (issue 77: "live" with every table empty, "No provider is connected", for the first seconds,
// which read as a gateway with nothing in it). Until then it says it is waiting for it.
const events = new EventSource("/status/events");
events.addEventListener("open", () => {
  live.textContent = "loading…";
  live.className = "live waiting";
});
events.addEventListener("error", () => {
  const gone = events.readyState === EventSource.CLOSED;
  live.textContent = gone ? "not connected: ask the console for a new link" : "reconnecting…";
  live.className = "live waiting";
});
events.addEventListener("snapshot", (message) => {
  render(JSON.parse(message.data));
  document.getElementById("loading").classList.add("hidden");
  document.getElementById("state").classList.remove("hidden");
  live.textContent = "live";
  live.className = "live on";
});
