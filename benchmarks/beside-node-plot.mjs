// node beside-node-plot.mjs OUT > plot.svg
// The plot of docs/performance.md's side-by-side table: for one call at a time and for 64 in
// flight with 10 providers, each gateway's steady CPU per call and calls/s, every round, from what
// beside-node.sh wrote (OUT/steady.jsonl). A dashed line marks issue 36's goal where it has one.
import fs from "node:fs";
import path from "node:path";

const out = process.argv[2];
const steady = fs.readFileSync(path.join(out, "steady.jsonl"), "utf8").trim().split("\n").map((l) => JSON.parse(l));
const rounds = [...new Set(steady.map((s) => s.round))].sort();

/** One side's figure of a load in a round, or NaN. */
function figure(side, mode, k, round, what) {
  const r = steady.find((s) => s.side === side && s.mode === mode && s.k === k && s.round === round)?.result;
  if (!r) return NaN;
  if (what === "cpu") return side === "node" ? r.cpu_us_per_call : r.gatewayCpuMicrosPerCall;
  return side === "node" ? r.calls_per_s : r.callsPerSecond;
}

// goal(nodeValue): where issue 36 puts the bar for ours, or null
const panels = [
  { title: "One call at a time: CPU per call", unit: "µs", mode: "seq", k: 1, what: "cpu", goal: (n) => n / 2, goalText: "goal: ½ Node's" },
  { title: "One call at a time: calls/s", unit: "calls/s", mode: "seq", k: 1, what: "rate", goal: null },
  { title: "64 in flight, 10 providers: CPU per call", unit: "µs", mode: "conc", k: 10, what: "cpu", goal: (n) => n * 0.75, goalText: "goal: ¾ Node's" },
  { title: "64 in flight, 10 providers: calls/s", unit: "calls/s", mode: "conc", k: 10, what: "rate", goal: (n) => n * 1.25, goalText: "goal: 1.25× Node's" },
];

const W = 300, H = 260, PAD = { left: 56, right: 12, top: 40, bottom: 46 };
const COLORS = { node: "#7f7f7f", java: "#1f77b4" };
const esc = (s) => String(s).replace(/&/g, "&amp;").replace(/</g, "&lt;");
const fmt = (x) => (x >= 1000 ? `${(x / 1000).toFixed(1)}k` : x.toFixed(0));

function panel(p, x0) {
  const bars = [];
  for (const round of rounds) {
    for (const side of ["node", "java"]) bars.push({ round, side, value: figure(side, p.mode, p.k, round, p.what) });
  }
  const goals = rounds.map((round) => (p.goal ? p.goal(figure("node", p.mode, p.k, round, p.what)) : NaN));
  const top = Math.max(...bars.map((b) => b.value).filter(Number.isFinite), ...goals.filter(Number.isFinite)) * 1.15;
  const plotW = W - PAD.left - PAD.right, plotH = H - PAD.top - PAD.bottom;
  const y = (v) => PAD.top + plotH - (v / top) * plotH;
  const groupW = plotW / rounds.length, barW = groupW * 0.32;
  let svg = `<g transform="translate(${x0},0)">`;
  svg += `<text x="${W / 2}" y="18" text-anchor="middle" font-size="12" font-weight="bold">${esc(p.title)}</text>`;
  for (let i = 0; i <= 4; i++) {
    const v = (top / 4) * i;
    svg += `<line x1="${PAD.left}" x2="${W - PAD.right}" y1="${y(v)}" y2="${y(v)}" stroke="#e5e5e5"/>`;
    svg += `<text x="${PAD.left - 4}" y="${y(v) + 4}" text-anchor="end" font-size="10">${fmt(v)}</text>`;
  }
  svg += `<text x="12" y="${PAD.top + plotH / 2}" font-size="10" transform="rotate(-90 12 ${PAD.top + plotH / 2})" text-anchor="middle">${esc(p.unit)}</text>`;
  rounds.forEach((round, i) => {
    const gx = PAD.left + i * groupW;
    ["node", "java"].forEach((side, j) => {
      const v = figure(side, p.mode, p.k, round, p.what);
      if (!Number.isFinite(v)) return;
      const bx = gx + groupW * 0.15 + j * (barW + 4);
      svg += `<rect x="${bx}" y="${y(v)}" width="${barW}" height="${y(0) - y(v)}" fill="${COLORS[side]}"/>`;
      svg += `<text x="${bx + barW / 2}" y="${y(v) - 3}" text-anchor="middle" font-size="9">${fmt(v)}</text>`;
    });
    if (Number.isFinite(goals[i])) {
      svg += `<line x1="${gx + groupW * 0.08}" x2="${gx + groupW * 0.92}" y1="${y(goals[i])}" y2="${y(goals[i])}" stroke="#d62728" stroke-dasharray="4 3"/>`;
    }
    svg += `<text x="${gx + groupW / 2}" y="${PAD.top + plotH + 14}" text-anchor="middle" font-size="10">round ${round}</text>`;
  });
  if (p.goal) {
    svg += `<text x="${W - PAD.right}" y="${H - 10}" text-anchor="end" font-size="9" fill="#d62728">- - ${esc(p.goalText)}</text>`;
  }
  return svg + "</g>";
}

const width = W * panels.length;
let svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${H + 24}" font-family="sans-serif">`;
svg += `<rect width="100%" height="100%" fill="white"/>`;
panels.forEach((p, i) => (svg += panel(p, i * W)));
svg += `<g transform="translate(12,${H + 12})"><rect width="10" height="10" fill="${COLORS.node}"/><text x="14" y="9" font-size="11">Node gateway</text>`;
svg += `<rect x="110" width="10" height="10" fill="${COLORS.java}"/><text x="124" y="9" font-size="11">this gateway</text>`;
svg += `<text x="230" y="9" font-size="11">steady state, same machine, one sitting (${esc(path.basename(out))}); CPU = the gateway process's user + system time per call</text></g>`;
console.log(svg + "</svg>");
