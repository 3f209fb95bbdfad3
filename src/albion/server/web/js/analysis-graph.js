// The win-chance graph of an analysed game (issue 33): an inline SVG, per seat, of its
// fair win chance at each of its decisions (what it could expect from what it saw: a
// solid line) and its hindsight win chance at every decision (with every hand and every
// later draw known: a dashed line); the gap between the two is luck. Flagged decisions
// sit on the fair line as marks whose shape says the label (the colour is never the only
// clue). A click on a mark picks its decision, anywhere else the decision nearest that
// moment. No library.
import { svg } from "./dom.js";
import { t } from "./i18n.js";

const WIDTH = 640;
const HEIGHT = 200;
const PAD = { left: 34, right: 10, top: 10, bottom: 22 };
const SHAPES = { inaccuracy: "?!", mistake: "?", blunder: "??" };

function percent(value) {
  return `${Math.round(100 * value)}%`;
}

/**
 * The graph of `analysis` (its `decisions`, each {index, seat, fair, hindsight, label});
 * `moments`: the replay's steps (the x axis runs over them); `seatName(seat)`;
 * `onPick(decision)` when a decision is clicked (or chosen with the keyboard);
 * `named(decision)`: its {played, best} as the seat's buttons name them.
 * Returns {node, mark(at)}: `mark` moves the cursor to the replay's moment `at`.
 */
export function winGraph(analysis, moments, seatName, onPick, named) {
  const decisions = analysis.decisions;
  const seats = analysis.seats.length;
  const last = Math.max(1, moments - 1);
  // A phone gets a narrower drawing, so its lines and words keep a readable size.
  const width = window.matchMedia("(min-width: 600px)").matches ? WIDTH : WIDTH / 2;
  const x = (index) => PAD.left + index / last * (width - PAD.left - PAD.right);
  const y = (value) => PAD.top + (1 - value) * (HEIGHT - PAD.top - PAD.bottom);
  const path = (points) => points.map(([index, value], n) => `${n ? "L" : "M"}${x(index).toFixed(1)},${y(value).toFixed(1)}`).join(" ");
  const cursor = svg("line", { class: "cursor", x1: x(0), x2: x(0), y1: PAD.top, y2: HEIGHT - PAD.bottom, "data-testid": "analysis-cursor" });
  const lines = [];
  for (let seat = 0; seat < seats; seat += 1) {
    const own = decisions.filter((d) => d.seat === seat);
    const fair = own.map((d) => [d.index, d.fair]);
    const hindsight = decisions.map((d) => [d.index, d.hindsight[seat]]);
    const name = seatName(seat);
    if (hindsight.length > 1) {
      lines.push(svg("path", { class: `hindsight seat-line-${seat % 8}`, d: path(hindsight), "data-testid": "hindsight-line" },
        svg("title", {}, t("{player}: hindsight win chance", { player: name }))));
    }
    if (fair.length) {
      lines.push(svg("path", { class: `fair seat-line-${seat % 8}`, d: path(fair.length > 1 ? fair : [...fair, [fair[0][0] + 0.01, fair[0][1]]]), "data-testid": "fair-line" },
        svg("title", {}, t("{player}: fair win chance", { player: name }))));
    }
    for (const d of own.filter((one) => one.label !== "good")) {
      lines.push(svg("g", { class: `flag flag-${d.label} seat-line-${seat % 8}`, "data-testid": "graph-flag", "data-index": d.index },
        svg("circle", { cx: x(d.index).toFixed(1), cy: y(d.fair).toFixed(1), r: 5 }),
        svg("text", { x: x(d.index).toFixed(1), y: (y(d.fair) - 8).toFixed(1), "text-anchor": "middle" }, SHAPES[d.label] || ""),
        svg("title", {}, t("{player}, moment {at}: {label} — “{played}”, better “{best}”", {
          player: name, at: d.index, label: t(d.label), ...named(d) }))));
    }
  }
  const node = svg("svg", { class: "win-graph", viewBox: `0 0 ${width} ${HEIGHT}`, role: "img", tabindex: "0",
    "data-testid": "win-graph", "aria-label": t("Win chance of each player over the game: {count} decisions judged; click to go to a decision", { count: decisions.length }) },
  svg("rect", { class: "area", x: PAD.left, y: PAD.top, width: width - PAD.left - PAD.right, height: HEIGHT - PAD.top - PAD.bottom }),
  [1, 0.5, 0].map((value) => [
    svg("line", { class: value === 0.5 ? "half" : "axis", x1: PAD.left, x2: width - PAD.right, y1: y(value), y2: y(value) }),
    svg("text", { class: "tick", x: PAD.left - 4, y: y(value) + 4, "text-anchor": "end" }, percent(value)),
  ]),
  svg("text", { class: "tick", x: PAD.left, y: HEIGHT - 6 }, t("start")),
  svg("text", { class: "tick", x: width - PAD.right, y: HEIGHT - 6, "text-anchor": "end" }, t("end")),
  lines, cursor);
  const nearest = (index) => decisions.reduce((best, d) => (Math.abs(d.index - index) < Math.abs(best.index - index) ? d : best), decisions[0]);
  node.addEventListener("click", (event) => {
    if (!decisions.length) return;
    // A flagged mark picks its own decision (another seat's may be nearer in time).
    const mark = event.target.closest ? event.target.closest("[data-testid=graph-flag]") : null;
    const flagged = mark && decisions.find((d) => String(d.index) === mark.getAttribute("data-index") && d.label !== "good");
    if (flagged) {
      onPick(flagged);
      return;
    }
    const box = node.getBoundingClientRect();
    const at = (event.clientX - box.left) / box.width * width;
    onPick(nearest(Math.round((at - PAD.left) / (width - PAD.left - PAD.right) * last)));
  });
  let current = 0;
  node.addEventListener("keydown", (event) => {
    if (!decisions.length || (event.key !== "ArrowRight" && event.key !== "ArrowLeft")) return;
    event.preventDefault();
    event.stopPropagation();
    const later = event.key === "ArrowRight";
    const next = later ? decisions.find((d) => d.index > current) : [...decisions].reverse().find((d) => d.index < current);
    if (next) onPick(next);
  });
  return {
    node,
    mark(at) {
      current = at;
      cursor.setAttribute("x1", x(Math.min(at, last)));
      cursor.setAttribute("x2", x(Math.min(at, last)));
    },
  };
}

/** The legend: each seat's colour, and which line is which. */
export function graphLegend(seats, seatName) {
  const items = [];
  for (let seat = 0; seat < seats; seat += 1) {
    items.push(svg("svg", { class: "legend-swatch", viewBox: "0 0 24 10", "aria-hidden": "true" },
      svg("line", { class: `fair seat-line-${seat % 8}`, x1: 0, x2: 24, y1: 5, y2: 5 })), ` ${seatName(seat)}  `);
  }
  return [...items,
    svg("svg", { class: "legend-swatch", viewBox: "0 0 24 10", "aria-hidden": "true" }, svg("line", { class: "fair legend-grey", x1: 0, x2: 24, y1: 5, y2: 5 })),
    " ", t("fair (what the player could see)"), "  ",
    svg("svg", { class: "legend-swatch", viewBox: "0 0 24 10", "aria-hidden": "true" }, svg("line", { class: "hindsight legend-grey", x1: 0, x2: 24, y1: 5, y2: 5 })),
    " ", t("hindsight (every hand and draw known)")];
}
