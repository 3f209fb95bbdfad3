// The table as text, for screen readers (issue 29, Access; lichess's blind mode is the
// anchor): the position read as sentences and lists — whose turn, what you hold, what you
// may do, what just happened, the board and the other players — the legal actions as a
// numbered list of buttons (every one of them: the tenth and later too), and each event
// announced through a live region. It is fed by the same updates the table page draws and
// reads only the wire: the view's seats, `to_move` and `result`, the board model
// (`view.board`, the viewer's own record in `board.players`), `view.recap`, the annotated
// legal actions (`label_words`, else `label`) and the events (`words`, else `text`).
// Every word it says is the reader's language (t(), tn(), words()).
//
// It knows no game. A board script may export `describe(update, ctx)` (`update` as its
// render gets it, with `actions` and `viewer`; `ctx` holds `seatName`, `viewer` and the
// game's `geometry`): the position in the game's own words, each part an array of
// sentences, any part left out read generically:
//   { turn, ask, hold, news, board, players }
//   turn     where the game stands, under the turn's line ("Turn 3: P2 draws again or stops.")
//   ask      what the viewer may do now, above the numbered choices
//   hold     what the viewer holds ("What you hold")
//   news     what the latest decision did besides its events (a turn's reveals)
//   board    the table itself ("The board")
//   players  a sentence per other player (every player, for a spectator)
// (An array alone is the board's part.) A game without one is read from its board
// model's fields, named in the catalogue's words when it has them.
//
//   const text = new TextMode({ submit });
//   text.panel        the <section> to place on the page (hidden while off)
//   text.toggle       the "Text mode" checkbox (remembered in localStorage)
//   text.show(update, { legal, seatName, describe, geometry, watching, turn })   on every update drawn
//                     (`turn`: a page's own words for the turn's line, as the Learn page's
//                     "this step is done"; null: read from the update)

import { clear, el } from "./dom.js";
import { known, t, tn, words } from "./i18n.js";
import { endWords, nameList, resultWords } from "./words.js";

const STORED = "albion.textMode";
const KEPT = 12; // announcements kept on the page (a screen reader has read them)
const NEWS = 10; // events read under "What just happened"

/** A text the server sent only in English: told to the pseudo-locale check, if present. */
function english(text) {
  const pending = globalThis.albionEnglish;
  if (pending && typeof pending.add === "function" && text) pending.add(String(text));
  return text;
}

/** A Words value as i18n.words reads it: a message with no plural form carries none (the
 * wire may send `plural: null`), at every depth. */
function clean(value) {
  if (!value || typeof value !== "object" || !("message" in value)) return value;
  const args = Object.fromEntries(Object.entries(value.args || {}).map(([key, arg]) => [key, clean(arg)]));
  return value.plural === null || value.plural === undefined ? { message: value.message, args }
    : { message: value.message, args, plural: value.plural, n: value.n };
}

/** Words the server sent, in the reader's language. */
function say(value, seatName) {
  return words(clean(value), seatName);
}

/** A legal action's words: its `label_words` in the reader's language, else its label. */
export function choiceLabel(action, seatName) {
  if (action.label_words) return say(action.label_words, seatName);
  return action.label ? english(action.label) : action.text;
}

/** An event's words: its `words` in the reader's language, else its English `text`. */
export function eventLine(event, viewer, seatName) {
  if (event.type === "game_over") {
    return t("Game over: {result}", { result: endWords(event.winners || [], event.reason, viewer, seatName) });
  }
  const said = event.words ? say(event.words, seatName) : english(event.text || "");
  return said ? said.charAt(0).toUpperCase() + said.slice(1) : "";
}

// ---- a generic reading of the board model's fields ----------------------------------

/** A word of the game's model (a field's name, a value such as "draw_or_stop"): the
 * catalogue's words for it when it has them, else the game's own (English) word. */
function gameWord(word) {
  const spaced = word.replaceAll("_", " ");
  return known(spaced) ? words({ message: spaced }) : english(spaced);
}
const fieldName = gameWord;

function isRecord(value) {
  return value !== null && typeof value === "object" && !Array.isArray(value);
}

function isCounts(record) {
  const values = Object.values(record);
  return values.length > 0 && values.every((value) => typeof value === "number");
}

// Fields that hold a seat by the wire's naming (a seat's number is read as its name).
const SEAT_FIELDS = new Set(["seat", "seats", "to_act", "turn_seat", "start_player", "active",
  "winner", "winners", "first_player"]);

/** A value of the board model as words ("" for nothing worth saying): a list's items are
 * parted by commas, a record's fields by semicolons ("line 1; cards 2 blue, 23 red"). */
function read(value, seatName, key = "") {
  if (value === null || value === undefined || value === "") return "";
  if (typeof value === "boolean") return value ? t("yes") : t("no");
  if (typeof value === "number") return SEAT_FIELDS.has(key) ? seatName(value) : String(value);
  if (typeof value === "string") return gameWord(value);
  if (Array.isArray(value)) {
    const items = value.map((item) => read(item, seatName, key)).filter(Boolean);
    return items.length ? items.join(", ") : t("none");
  }
  if (isCounts(value) && !SEAT_FIELDS.has(key)) {
    const counts = Object.entries(value).filter(([, n]) => n !== 0)
      .map(([name, n]) => t("{field} {value}", { field: fieldName(name), value: n }));
    return counts.length ? counts.join(", ") : t("none");
  }
  const entries = Object.entries(value).filter(([, inner]) => inner !== null && inner !== undefined);
  if (entries.length <= 2 && entries.every(([, inner]) => typeof inner !== "object")) {
    return entries.map(([name, inner]) => read(inner, seatName, name)).join(" "); // "12 black"
  }
  const parts = entries.map(([name, inner]) => {
    const said = read(inner, seatName, name);
    return said ? t("{field} {value}", { field: fieldName(name), value: said }) : "";
  }).filter(Boolean);
  // one after another as the language parts them (French "a ; b"), issue 29
  return parts.length ? parts.reduceRight((rest, first) => t("{first}; {rest}", { first, rest })) : "";
}

/** One item per field of a record ("castle: colour red; size 3"); a list of records is a
 * list of its own, one item per record. */
function lines(record, seatName, skip = []) {
  return Object.entries(record).filter(([key]) => !skip.includes(key)).map(([key, value]) => {
    if (Array.isArray(value) && value.length && value.every((item) => isRecord(item) && !isSimple(item))) {
      return [t("{field}:", { field: fieldName(key) }), el("ul", {}, value.map((item) => el("li", {}, read(item, seatName, key))))];
    }
    const said = read(value, seatName, key);
    return said ? t("{field}: {value}", { field: fieldName(key), value: said }) : "";
  }).filter((item) => item !== "");
}

function isSimple(record) {
  const values = Object.values(record).filter((inner) => inner !== null && inner !== undefined);
  return values.length <= 2 && values.every((inner) => typeof inner !== "object");
}

function list(items, attrs = {}) {
  return el("ul", attrs, items.length ? items.map((item) => el("li", {}, item))
    : el("li", {}, t("Nothing.")));
}

/** The board script's own reading of the position (see the top of this file): its parts
 * that are arrays, or none when it has no `describe` or it failed (read generically then). */
function described(describe, update, ctx) {
  if (!describe) return {};
  let said;
  try {
    said = describe(update, ctx);
  } catch (error) {
    console.error(error);
    return {};
  }
  if (Array.isArray(said)) return { board: said };
  const parts = {};
  for (const part of ["turn", "ask", "hold", "news", "board", "players"]) {
    if (said && Array.isArray(said[part])) parts[part] = said[part].filter(Boolean);
  }
  return parts;
}

// ---- the panel ------------------------------------------------------------------------

export class TextMode {
  constructor({ submit }) {
    this.submit = submit;
    this.on = localStorage.getItem(STORED) === "on";
    this.announced = null; // the last version announced (null: nothing yet)
    this.myTurn = false;
    this.toggle = el("input", { type: "checkbox", "data-testid": "text-mode-toggle" });
    this.toggle.checked = this.on;
    this.toggle.addEventListener("change", () => this.turn(this.toggle.checked));
    this.switch = el("label", { class: "check text-mode-switch" }, this.toggle, t("Text mode"));
    this.position = el("div", { class: "tm-position" });
    this.live = el("div", { class: "tm-live", role: "log", "aria-live": "polite", tabindex: "0",
      "aria-label": t("Announcements"), "data-testid": "tm-announcements" });
    this.panel = el("section", { class: "panel text-mode hidden", "data-testid": "text-mode",
      "aria-labelledby": "tm-title" },
    el("h2", { id: "tm-title" }, t("The game as text")),
    this.position,
    el("h3", {}, t("Announcements")), this.live);
    this.turn(this.on);
  }

  /** Switch the text mode on or off (and remember it). */
  turn(on) {
    this.on = on;
    localStorage.setItem(STORED, on ? "on" : "off");
    this.panel.classList.toggle("hidden", !on);
    document.body.dataset.textMode = on ? "on" : "off";
  }

  /** Read `update` out: the position, the choices, and the news since the last one. */
  show(update, { legal, seatName, describe = null, geometry = null, watching = false, turn = null }) {
    const view = update.view;
    const me = watching ? null : view.viewer;
    const actions = legal.length ? view.legal : [];
    const hadFocus = this.panel.contains(document.activeElement);
    this.announce(update, me, seatName, actions);
    const said = described(describe, { ...update, actions, viewer: me }, { seatName, viewer: me, geometry });
    clear(this.position).append(...this.read(update, me, seatName, actions, said, turn));
    if (hadFocus) {
      const first = this.position.querySelector(".tm-choices button") || this.position.querySelector(".tm-turn");
      first.focus();
    }
  }

  read(update, me, seatName, actions, said, turn = null) {
    const view = update.view;
    const board = view.board || {};
    const players = Array.isArray(board.players) ? board.players : [];
    const mine = players.find((player) => player.seat === me);
    const others = players.filter((player) => player.seat !== me);
    const seated = me !== null && me !== undefined;
    const parts = [el("p", { class: "tm-turn", tabindex: "-1", "data-testid": "tm-turn" },
      turn || this.turnWords(update, me, seatName, actions))];
    for (const sentence of said.turn || []) parts.push(el("p", { "data-testid": "tm-where" }, sentence));
    if (seated) {
      parts.push(el("p", {}, t("You are {name}.", { name: seatName(me) })));
      parts.push(el("h3", {}, t("What you hold")),
        list(said.hold || (mine ? lines(mine, seatName, ["seat"]) : []), { "data-testid": "tm-hold" }));
    }
    if (actions.length) {
      parts.push(el("h3", { id: "tm-choices-title" },
        tn("Your choice (key 1)", "Your {count} choices (type a number)", actions.length)));
      for (const sentence of said.ask || []) parts.push(el("p", { "data-testid": "tm-ask" }, sentence));
      parts.push(el("ol", { class: "tm-choices", "aria-labelledby": "tm-choices-title", "data-testid": "tm-choices" },
        actions.map((action, index) => el("li", {}, el("button", {
          type: "button", "data-choice": String(index + 1), onclick: () => this.submit(action.text),
        }, t("{number}. {choice}", { number: index + 1, choice: choiceLabel(action, seatName) }))))));
    }
    const news = (update.recent || []).map((event) => eventLine(event, me, seatName)).filter(Boolean);
    if (news.length > NEWS) { // a game's start: the whole deal is in the log
      news.splice(0, news.length - NEWS, tn("… and one earlier event (see the log)",
        "… and {count} earlier events (see the log)", news.length - NEWS));
    }
    if (said.news) news.push(...said.news);
    else if (view.recap) news.push(...lines(view.recap, seatName));
    parts.push(el("h3", {}, t("What just happened")), list(news, { "data-testid": "tm-recent" }));
    parts.push(el("h3", {}, t("The board")),
      list(said.board || lines(board, seatName, ["players"]), { "data-testid": "tm-board" }));
    const about = said.players || others.map((player) => t("{name}: {what}", { name: seatName(player.seat),
      what: read({ ...player, seat: null }, seatName) || t("nothing") }));
    if (about.length) {
      parts.push(el("h3", {}, seated ? t("The other players") : t("The players")),
        list(about, { "data-testid": "tm-players" }));
    }
    return parts;
  }

  turnWords(update, me, seatName, actions) {
    const view = update.view;
    if (update.status === "waiting") return t("Waiting for every person to open their seat.");
    if (view.result) return t("The game is over. {result}", { result: resultWords(view, update.names || {}) });
    if (actions.length) return t("Your turn.");
    if (!view.to_move.length) return t("Nobody is to move just now.");
    return t("Waiting for {names}.", { names: nameList(view.to_move.map((seat) => seatName(seat))) });
  }

  /** Say what happened since the last update read (a new page: only the latest decision). */
  announce(update, me, seatName, actions) {
    const events = this.announced === null ? (update.recent || [])
      : (update.events || []).filter((event) => event.version === undefined || event.version > this.announced);
    const said = events.map((event) => eventLine(event, me, seatName)).filter(Boolean);
    const myTurn = actions.length > 0;
    if (myTurn && !this.myTurn) {
      said.push(tn("Your turn: one choice.", "Your turn: {count} choices.", actions.length));
    }
    this.myTurn = myTurn;
    this.announced = Math.max(this.announced ?? -1, update.version);
    if (!this.on) return;
    for (const line of said) this.live.append(el("p", {}, line));
    while (this.live.children.length > KEPT) this.live.firstElementChild.remove();
  }
}
