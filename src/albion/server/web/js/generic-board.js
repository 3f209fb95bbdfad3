// The generic board: draws any game from its presentation model alone, for a game whose
// plug-in ships no board script of its own. The board's fields become a readable sheet
// (numbers and words, lists of records as tables: a seat's row marked), the annotated
// legal actions become buttons grouped by where they sit, and the latest decision's events
// are listed. It knows nothing of any game.

import { el, target } from "./dom.js";
import { t } from "./i18n.js";
import { actionLabel, english, eventWords } from "./words.js";

// A field's key as a heading: the game's own word (English until the game names its fields).
const words = (key) => english(key.replaceAll("_", " ").replace(/^./, (c) => c.toUpperCase()));

function scalar(value) {
  if (value === null || value === undefined) return el("span", { class: "gb-none" }, "—");
  if (typeof value === "boolean") return value ? t("yes") : t("no");
  return typeof value === "string" ? english(value) : String(value);
}

function isRecord(value) {
  return value !== null && typeof value === "object" && !Array.isArray(value);
}

/** A value of the board: a scalar, a list, a record, or a list of records (a table). */
function show(value, ctx) {
  if (Array.isArray(value)) {
    if (!value.length) return el("span", { class: "gb-none" }, t("none"));
    if (value.every(isRecord)) return table(value, ctx);
    return el("span", { class: "gb-list" }, value.map((item) =>
      el("span", { class: "gb-item" }, isRecord(item) || Array.isArray(item) ? show(item, ctx) : scalar(item))));
  }
  if (isRecord(value)) return sheet(value, ctx);
  return scalar(value);
}

function sheet(record, ctx) {
  return el("dl", { class: "gb-sheet" }, Object.entries(record).map(([key, value]) => [
    el("dt", {}, words(key)), el("dd", { "data-field": key }, show(value, ctx))]));
}

/** Records with the same fields, as a table; a record of a seat is named and marked. */
function table(rows, ctx) {
  const keys = [...new Set(rows.flatMap((row) => Object.keys(row)))];
  return el("table", { class: "gb-table" },
    el("thead", {}, el("tr", {}, keys.map((key) => el("th", { scope: "col" }, words(key))))),
    el("tbody", {}, rows.map((row) => el("tr", {
      class: row.seat !== undefined && row.seat === ctx.viewer ? "gb-me" : null,
      "data-testid": row.seat !== undefined ? `player-${row.seat}` : null,
    }, keys.map((key) => el("td", {}, key === "seat" && typeof row.seat === "number"
      ? (row.seat === ctx.viewer ? t("{player} (you)", { player: ctx.seatName(row.seat) }) : ctx.seatName(row.seat))
      : show(row[key], ctx)))))));
}

/** The actions, grouped by where they sit on the board (a seat's part named). */
function choices(actions, ctx) {
  const groups = new Map();
  for (const action of actions) {
    const at = action.at;
    const where = !at ? "" : [words(at.area), at.seat !== null && at.seat !== undefined
      ? ctx.seatName(at.seat) : null].filter(Boolean).join(" · ");
    if (!groups.has(where)) groups.set(where, []);
    groups.get(where).push(action);
  }
  const label = (action) => actionLabel(action, ctx.seatName);
  const titled = (action) => (action.ruling
    ? t("{action} ({ruling})", { action: label(action), ruling: action.ruling }) : label(action));
  return el("section", { class: "gb-choices", "data-testid": "choices", "aria-label": t("Your choices on the board") },
    [...groups].map(([where, group]) => el("div", { class: "gb-group" },
      where ? el("span", { class: "gb-where" }, where) : null,
      group.map((action) => target(el("button", { type: "button", class: `gb-action gb-${action.kind}`,
        title: titled(action) }, label(action)), action.text, titled(action))))));
}

export function render(root, update, ctx) {
  const view = update.view;
  const board = view.board;
  const actions = ctx.replay ? [] : update.actions || [];
  const local = { ...ctx, viewer: view.viewer ?? null };
  root.append(el("div", { class: "gb", "data-testid": "generic-board" },
    actions.length ? choices(actions, local) : null,
    typeof board.text === "string" && Object.keys(board).length === 1
      ? el("pre", { class: "gb-text" }, english(board.text))
      : sheet(board, local),
    view.recap ? el("section", { class: "gb-recap", "data-testid": "recap" },
      el("h3", {}, t("Lately")), sheet(view.recap, local)) : null,
    (update.recent || []).length
      ? el("section", { class: "gb-news", "aria-live": "polite" },
        el("h3", {}, t("Just now")),
        el("ul", {}, update.recent.map((event) => el("li", {}, eventWords(event, ctx.seatName)))))
      : null));
}
