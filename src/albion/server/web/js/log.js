// The game log in words (issue 27), for the table page and the replay viewer: the events
// grouped by turn, each turn headed by its number and the player whose turn it is (a
// round, where every seat plays at once; "Setting up" before the first turn, folded
// away), one line per event in the game's own words, and what matters marked so the
// style makes it stand out: damage, a loss, a character passing out, the end of the game.
//
// It reads only the events' values (docs/protocol/README.md, "Events"): `turn` (turns or
// rounds completed before it; null before the first), `turn_seat` (whose turn; null in a
// round), `emphasis` (`damage`, `loss`, `pass_out`), `seat`, `type`, `version`, `text`, and
// a game_over's `winners` and `reason`. An event with no `turn` (a notice, the game's end,
// a game that tells no turns) joins the turn before it. Versions are kept on the lines
// (`data-version`) for the replay, never shown.

import { clear, el } from "./dom.js";
import { t, tn } from "./i18n.js";
import { endWords, eventWords } from "./words.js";

const state = new WeakMap(); // list node → { key, lines, count, summary }

/**
 * Draw `events` into `list` (an <ol>): appended to the turns already drawn, or in place
 * of them with `replace`. Options:
 *   viewer    the seat reading (its own lines are marked), or null;
 *   seatName  (seat) → the name people know it by;
 *   replace   clear the log first (a connection's first update holds every event);
 *   onPick    (version) → …: lines become targets (the replay jumps to that moment);
 *   extra     (event) → { className, note } or null: a class and a small note for a
 *             line (the table's "played by the stand-in bot");
 *   follow    scroll to the newest line (default true).
 */
export function drawLog(list, events, {
  viewer = null, seatName = (seat) => `P${seat + 1}`, replace = false, onPick = null,
  extra = null, follow = true,
} = {}) {
  if (replace || !state.has(list)) {
    clear(list);
    list.classList.add("game-log");
    state.set(list, { key: undefined, lines: null, count: 0, summary: null });
  }
  const at = state.get(list);
  for (const event of events || []) {
    const key = turnKey(event);
    if (!at.lines || (key !== undefined && key !== at.key)) {
      startTurn(list, at, event, key, viewer, seatName);
    }
    at.lines.append(line(event, viewer, seatName, onPick, extra));
    at.count += 1;
    if (at.summary) at.summary.textContent = tn("Setting up · {count} event", "Setting up · {count} events", at.count);
  }
  if (follow) list.scrollTop = list.scrollHeight;
}

/** Mark the lines of `version` as the moment shown (the replay), and bring them in view. */
export function markLogVersion(list, version) {
  let first = null;
  for (const node of list.querySelectorAll(".log-line[data-version]")) {
    const current = Number(node.dataset.version) === version;
    node.classList.toggle("log-current", current);
    if (current && !first) first = node;
  }
  if (!first) return;
  const setup = first.closest("details");
  if (setup) setup.open = true;
  first.scrollIntoView({ block: "nearest" });
}

/** Which turn an event belongs to: "setup", "T:seat" or "T:round"; undefined when it
 * tells none (it joins the turn before it). */
function turnKey(event) {
  if (!("turn" in event)) return undefined;
  if (event.turn === null || event.turn === undefined) return "setup";
  return `${event.turn}:${event.turn_seat ?? "round"}`;
}

function startTurn(list, at, event, key, viewer, seatName) {
  at.key = key;
  at.count = 0;
  at.summary = null;
  at.lines = el("ol", { class: "log-lines" });
  if (key === "setup") {
    at.summary = el("summary", { class: "log-head" }, t("Setting up"));
    list.append(el("li", { class: "log-turn log-setup", "data-turn": "setup" },
      el("details", {}, at.summary, at.lines)));
    return;
  }
  if (key === undefined) { // events before any turn is told (a game with no turns)
    list.append(el("li", { class: "log-turn" }, at.lines));
    return;
  }
  const number = event.turn + 1;
  const seat = event.turn_seat;
  const mine = seat !== null && seat !== undefined && seat === viewer;
  const head = seat === null || seat === undefined
    ? el("p", { class: "log-head" }, el("span", { class: "log-turn-no" }, t("Round {number}", { number })))
    : el("p", { class: "log-head" }, el("span", { class: "log-turn-no" }, t("Turn {number}", { number })),
      " · ", el("span", { class: "log-who" }, seatName(seat)),
      mine ? el("span", { class: "log-you" }, " · ", t("your turn")) : null);
  list.append(el("li", {
    class: `log-turn${mine ? " log-turn-mine" : ""}`, "data-turn": String(event.turn),
    "data-turn-seat": seat === null || seat === undefined ? null : String(seat),
  }, head, at.lines));
}

function line(event, viewer, seatName, onPick, extra) {
  const classes = ["log-line", `log-${event.type}`];
  // A line names seats shortly (P1), as the game's own text does; its turn's head names
  // the player in full.
  const said = eventWords(event, (seat) => `P${seat + 1}`);
  let text = said ? said.charAt(0).toUpperCase() + said.slice(1) : "";
  if (event.emphasis) classes.push(`log-${String(event.emphasis).replace("_", "-")}`);
  if (event.type === "game_over") {
    const winners = event.winners || [];
    classes.push(winners.length ? "log-win" : "log-draw");
    if (viewer !== null && winners.includes(viewer)) classes.push("log-you-won");
    text = t("Game over: {result}", { result: endWords(winners, event.reason, viewer, seatName) });
  }
  if (viewer !== null && event.seat === viewer) classes.push("log-mine");
  const more = extra ? extra(event) : null;
  if (more && more.className) classes.push(more.className);
  const node = el("li", { class: classes.join(" "), "data-version": event.version ?? null },
    mark(event), text, more && more.note ? el("span", { class: "small muted" }, ` — ${more.note}`) : null);
  if (onPick && event.version !== undefined) {
    node.classList.add("target");
    node.setAttribute("tabindex", "0");
    node.addEventListener("click", () => onPick(event.version));
    node.addEventListener("keydown", (key) => {
      if (key.key === "Enter") onPick(event.version);
    });
  }
  return node;
}

// A symbol beside each marked line: the colour is never the only clue.
const MARKS = { damage: "−♥", loss: "−", pass_out: "✖", game_over: "★" };

function mark(event) {
  const symbol = MARKS[event.type === "game_over" ? "game_over" : event.emphasis];
  return symbol ? el("span", { class: "log-mark", "aria-hidden": "true" }, `${symbol} `) : null;
}
