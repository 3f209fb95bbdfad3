// A rating over time (issue 30): an inline SVG drawn from a profile's steps — the rating
// (mu − 3 sigma) after each rated table as a line of points, with the band mu ± 3 sigma
// (one whisker for a single step) behind it and the random bot's level (0) marked. No library.
import { svg } from "./dom.js";
import { t } from "./i18n.js";

const WIDTH = 360;
const HEIGHT = 150;
const PAD = { left: 30, right: 8, top: 10, bottom: 14 };

function fixed(value) {
  return Number(value).toFixed(1);
}

/** The graph of `steps` ({rating, mu, sigma, at}), oldest first; `label` names it. */
export function ratingGraph(steps, label) {
  const lows = steps.map((step) => Math.min(step.rating, step.mu - 3 * step.sigma, 0));
  const highs = steps.map((step) => Math.max(step.rating, step.mu + 3 * step.sigma, 0));
  let low = Math.floor(Math.min(...lows) / 5) * 5;
  let high = Math.ceil(Math.max(...highs) / 5) * 5;
  if (high - low < 10) high = low + 10;
  const x = (index) => PAD.left + (steps.length === 1 ? 0.5 : index / (steps.length - 1)) * (WIDTH - PAD.left - PAD.right);
  const y = (value) => PAD.top + (high - value) / (high - low) * (HEIGHT - PAD.top - PAD.bottom);
  const line = steps.map((step, index) => `${index ? "L" : "M"}${x(index).toFixed(1)},${y(step.rating).toFixed(1)}`).join(" ");
  const upper = steps.map((step, index) => `${x(index).toFixed(1)},${y(step.mu + 3 * step.sigma).toFixed(1)}`);
  const lower = steps.map((step, index) => `${x(index).toFixed(1)},${y(step.mu - 3 * step.sigma).toFixed(1)}`).reverse();
  const band = steps.length > 1 ? svg("polygon", { class: "band", points: [...upper, ...lower].join(" ") })
    : svg("line", { class: "whisker", x1: x(0), x2: x(0), y1: y(steps[0].mu + 3 * steps[0].sigma), y2: y(steps[0].mu - 3 * steps[0].sigma) });
  const last = steps[steps.length - 1];
  return svg("svg", { class: "rating-graph", viewBox: `0 0 ${WIDTH} ${HEIGHT}`, role: "img", "data-testid": "rating-graph",
    "aria-label": t("{label}: {count} rated games, now {rating}", { label, count: steps.length, rating: fixed(last.rating) }) },
  svg("line", { class: "axis", x1: PAD.left, x2: WIDTH - PAD.right, y1: HEIGHT - PAD.bottom, y2: HEIGHT - PAD.bottom }),
  svg("line", { class: "zero", x1: PAD.left, x2: WIDTH - PAD.right, y1: y(0), y2: y(0) }),
  svg("text", { class: "tick", x: PAD.left - 4, y: y(high) + 4, "text-anchor": "end" }, String(high)),
  svg("text", { class: "tick", x: PAD.left - 4, y: y(low) + 4, "text-anchor": "end" }, String(low)),
  svg("text", { class: "tick", x: WIDTH - PAD.right, y: y(0) - 4, "text-anchor": "end" }, t("random bot: 0")),
  band,
  steps.length > 1 ? svg("path", { class: "line", d: line }) : null,
  steps.map((step, index) => svg("circle", { class: "point", cx: x(index).toFixed(1), cy: y(step.rating).toFixed(1), r: 4,
    "data-testid": "rating-point" },
  svg("title", {}, `${fixed(step.rating)} ± ${fixed(step.sigma)} · ${String(step.at || "").slice(0, 10)}`))));
}
