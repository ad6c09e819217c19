// node beside-node-summary.mjs OUT  -> markdown: both gateways side by side, both methods, every round
// OUT is what beside-node.sh wrote: node-short-r<N>/ (the Node peer's run-set), java-short-r<N>/
// (the load driver's results.json), steady.jsonl (one line per gateway, load and round).
import fs from "node:fs";
import path from "node:path";

const out = process.argv[2];
const rounds = fs.readdirSync(out).filter((d) => d.startsWith("node-short-r")).map((d) => Number(d.slice(12))).sort();

/** The Node peer's figures of one run-set: per config, p50, p99, calls/s, harness CPU per call, RSS. */
function nodeShort(round) {
  const dir = path.join(out, `node-short-r${round}`);
  const figures = {};
  for (const cfg of ["seq-k1", "conc-k1", "conc-k10"]) {
    const run = path.join(dir, `${cfg}-r1`);
    if (!fs.existsSync(path.join(run, "result.json"))) continue;
    const r = JSON.parse(fs.readFileSync(path.join(run, "result.json"), "utf8"));
    const time = fs.readFileSync(path.join(run, "harness.time"), "utf8");
    const sec = (label) => Number((time.match(new RegExp(label + " \\(seconds\\): ([0-9.]+)")) || [])[1]);
    figures[cfg] = {
      p50: r.p50_us, p99: r.p99_us, rate: r.calls_per_s, rss: r.harness_rss_mib,
      cpu: ((sec("User time") + sec("System time")) / r.providers_calls) * 1e6,
    };
  }
  return figures;
}

const steady = fs.existsSync(path.join(out, "steady.jsonl"))
  ? fs.readFileSync(path.join(out, "steady.jsonl"), "utf8").trim().split("\n").map((l) => JSON.parse(l))
  : [];

const f = (x, d = 0) => (typeof x === "number" && Number.isFinite(x) ? x.toLocaleString("en-US", { maximumFractionDigits: d, minimumFractionDigits: d }) : "–");
const cfgOf = (mode, k) => `${mode}-k${k}`;

console.log(`# Beside the Node gateway — ${path.basename(out)}\n`);
console.log("Steady state (each gateway 10 s under the load first; CPU of its process, user + system, over the next window, per call):\n");
console.log("| round | load | Node calls/s | Java calls/s | ratio | Node CPU µs/call | Java CPU µs/call | ratio | Java p50 / p99 µs |");
console.log("|---|---|---|---|---|---|---|---|---|");
for (const round of rounds) {
  for (const [mode, k] of [["seq", 1], ["conc", 1], ["conc", 10]]) {
    const n = steady.find((s) => s.round === round && s.side === "node" && s.mode === mode && s.k === k)?.result;
    const j = steady.find((s) => s.round === round && s.side === "java" && s.mode === mode && s.k === k)?.result;
    if (!n || !j) continue;
    const jcpu = j.gatewayCpuMicrosPerCall;
    console.log(`| ${round} | ${cfgOf(mode, k)} | ${f(n.calls_per_s)} | ${f(j.callsPerSecond)} | ${f(j.callsPerSecond / n.calls_per_s, 2)} | ${f(n.cpu_us_per_call, 1)} | ${f(jcpu, 1)} | ${f(jcpu / n.cpu_us_per_call, 2)} | ${f(j.p50Micros)} / ${f(j.p99Micros)} |`);
  }
}
console.log("\nShort (the issue's method: Node over its whole process, start and 2,000 warm-up calls included; Java over the driver's window after 2,000 warm-up calls or 2 s):\n");
console.log("| round | load | Node p50 / p99 µs | Node calls/s | Node CPU µs/call | Node RSS MiB |");
console.log("|---|---|---|---|---|---|");
for (const round of rounds) {
  const n = nodeShort(round);
  for (const cfg of ["seq-k1", "conc-k1", "conc-k10"]) {
    const x = n[cfg];
    if (x) console.log(`| ${round} | ${cfg} | ${f(x.p50)} / ${f(x.p99)} | ${f(x.rate)} | ${f(x.cpu, 1)} | ${f(x.rss, 1)} |`);
  }
}
for (const round of rounds) {
  const md = path.join(out, `java-short-r${round}`, "results.md");
  if (fs.existsSync(md)) {
    console.log(`\nJava, round ${round} (the load driver's own table, ${path.relative(out, md)}):\n`);
    const lines = fs.readFileSync(md, "utf8").split("\n").filter((l) => l.startsWith("|") && /own process|bare relay/.test(l) && /sequential|in flight|RSS|CPU per/.test(l));
    console.log("| figure | median of 1 run | goal | verdict |\n|---|---|---|---|");
    for (const l of lines) console.log(l);
  }
}
