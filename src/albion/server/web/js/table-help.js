// The rules where they are needed, at a table (issue 32):
// - "Why not?": a place of the board where this seat has no legal action (marked by the
//   board script with `spot`, dom.js) is selectable while the seat decides; the server
//   answers from this seat's own view with the refusal of each action that would sit
//   there (the same check that builds the legal actions) and its ruling. With the keyboard
//   (issue 32, Access): a board script may make its few places focusable (`spot(…, {
//   focusable })`: Diamoniak, Raiding Stonehenge), and Enter, Space or w on one asks; w
//   anywhere else opens "Why not…?", a list of every place the board marks (Super
//   Camelot's squares, its castle, circles and pieces; the text mode's readers too, whose
//   board is hidden), and asks about the one chosen. The answer is said in a live region.
// - First-time rule notes: the first time a rule a first game needs applies to this seat,
//   a short note explains it with a link to the ruling. The trigger is computed here, from
//   what the seat already receives: the rulings its own legal actions name (a witch's
//   toll, a contested pile's set-aside), and the rulings the board script's `applies(events,
//   viewer, geometry)` reads in the new events of the seat's own update (Super Camelot: an
//   Enemy Turn after its turn, or an enemy's attack on it), kept to the rulings marked
//   `newcomer` in the rules data, whose notes the how-to-play data words
//   (GET /api/games/ID/howto). Nothing another seat holds is involved. Which rules were
//   noted, and whether notes are on, is remembered in this browser (localStorage).
import { api } from "./api.js";
import { recent } from "./boards.js";
import { clear, el } from "./dom.js";
import { t } from "./i18n.js";
import { ruleLink, said } from "./words.js";

const NOTES_KEY = "albion.ruleNotes"; // "off" turns the notes off
const NOTED_KEY = "albion.notedRules"; // the rulings already noted in this browser

function notesOn() {
  return localStorage.getItem(NOTES_KEY) !== "off";
}

function noted() {
  try {
    const list = JSON.parse(localStorage.getItem(NOTED_KEY) || "[]");
    return new Set(Array.isArray(list) ? list : []);
  } catch {
    return new Set();
  }
}

// Words begun with a capital; words that came as a node (said in English, marked so) stay.
const capital = (text) => (typeof text === "string" && text ? text.charAt(0).toLocaleUpperCase() + text.slice(1) : text);

/** Words cut to `most` characters at a space, with an ellipsis. */
function short(text, most = 48) {
  const said = (text || "").replace(/\s+/g, " ").trim();
  if (said.length <= most) return said;
  const cut = said.slice(0, most);
  return `${cut.slice(0, cut.lastIndexOf(" ") > most / 2 ? cut.lastIndexOf(" ") : most)}…`;
}

/** What a marked place is called: the board script's `data-place-label`, else the node's
 * own accessible name (aria-label, an SVG title, its text), after the part of the page it
 * sits in when that part has a name (Diamoniak's "P2: Right-hand pile …"; not a drawing's
 * parts, all in one named picture). */
function placeName(node, board) {
  const given = node.getAttribute("data-place-label");
  if (given) return given;
  const title = [...node.children].find((child) => child.tagName.toLowerCase() === "title");
  const own = short(node.getAttribute("aria-label") || (title ? title.textContent : "") || node.textContent);
  const part = node instanceof HTMLElement && node.parentElement && node.parentElement.closest("[aria-label]");
  return part && part !== board && board.contains(part) ? `${short(part.getAttribute("aria-label"), 24)}: ${own}` : own;
}

/** The places a board marks, in its order: [data-place text, words], each place once (a
 * square and the bush on it are one place: their names are joined). */
export function boardPlaces(board) {
  const found = new Map();
  for (const node of board.querySelectorAll("[data-place]")) {
    const place = node.getAttribute("data-place");
    const name = placeName(node, board);
    const had = found.get(place);
    if (had === undefined) found.set(place, name);
    else if (name && !had.includes(name)) found.set(place, `${had} — ${short(name, 32)}`);
  }
  return [...found.entries()];
}

/** The rulings a board script reads in a seat's new events (its optional `applies`). */
function applying(renderer, events, viewer, geometry) {
  if (!renderer || typeof renderer.applies !== "function" || !events.length) return [];
  try {
    const said = renderer.applies(events, viewer, geometry);
    return Array.isArray(said) ? said.filter((id) => typeof id === "string") : [];
  } catch (error) {
    console.error(error);
    return [];
  }
}

export class TableHelp {
  /** `send` sends a frame on the table's socket; `namer` names a seat. */
  constructor({ send, namer, board }) {
    this.send = send;
    this.namer = namer;
    this.board = board; // the node the board script draws in
    this.eventsRead = null; // the last version whose events were read for notes
    this.latest = null; // the latest update while this seat decides (for "Why not…?")
    this.game = null;
    this.version = null;
    this.notes = null; // ruling → note, once fetched
    this.newcomer = null; // the rulings a first game needs
    this.fetching = null;
    this.whyNot = el("div", { class: "notice why-not hidden", "data-testid": "why-not" });
    // Said to a screen reader: a live region always in the page (a region shown only when
    // it speaks is not reliably read), its words those of the answer.
    this.spoken = el("div", { class: "sr-only", role: "status", "aria-live": "polite", "data-testid": "why-not-spoken" });
    this.places = el("select", { "data-testid": "why-not-place" });
    this.picker = el("p", { class: "row why-not-picker hidden", "data-testid": "why-not-picker" },
      el("label", { class: "small" }, t("Why not…?"), " ", this.places), " ",
      el("button", { type: "button", class: "secondary small", "data-testid": "why-not-ask",
        onclick: () => this.askPlace(this.places.value) }, t("Ask")));
    this.places.addEventListener("keydown", (event) => {
      if (event.key === "Enter") {
        event.preventDefault();
        this.askPlace(this.places.value);
      }
    });
    this.note = el("div", { class: "notice rule-note hidden", role: "status", "aria-live": "polite", "data-testid": "rule-note" });
    const box = el("input", { type: "checkbox", "data-testid": "rule-notes", checked: notesOn() });
    box.addEventListener("change", () => {
      localStorage.setItem(NOTES_KEY, box.checked ? "on" : "off");
      if (!box.checked) this.note.classList.add("hidden");
    });
    this.switch = el("label", { class: "check small" }, box, " ", t("Explain each rule the first time it applies to me"));
  }

  /** A board place was selected (no legal action sits there): ask why, while it is our turn. */
  ask(node, latest) {
    if (!node) return false;
    return this.askPlace(node.getAttribute("data-place"), latest);
  }

  /** Ask about a place (its `data-place` text), while it is our turn. */
  askPlace(text, latest = this.latest) {
    if (!text || !latest || !latest.legal.length) return false;
    let place;
    try {
      place = JSON.parse(text);
    } catch {
      return false;
    }
    this.version = latest.version;
    clear(this.whyNot).append(t("Why not? …"));
    this.whyNot.classList.remove("hidden");
    this.send({ type: "why_not", place });
    return true;
  }

  /** The key w (issue 32): on a marked place of the board, ask about it; anywhere else,
   * open the list of the board's places. True when it did something. */
  key(node, latest) {
    const placed = node && node.closest && node.closest("[data-place]");
    if (placed && this.board.contains(placed)) return this.ask(placed, latest);
    if (this.picker.classList.contains("hidden")) return false;
    this.places.focus();
    return true;
  }

  /** The server's answer to `why_not`: shown above the board, and said in the live region. */
  answer(frame, latest) {
    if (!latest || frame.version !== latest.version) return;
    const game = latest.view.game;
    clear(this.whyNot);
    if (frame.legal.length) {
      this.whyNot.append(el("b", {}, t("Why not?")), " ", t("That is one of your choices now: pick it on the board or in the list."));
    } else if (!frame.reasons.length) {
      this.whyNot.append(el("b", {}, t("Why not?")), " ", t("Nothing is ever played there."));
    } else {
      this.whyNot.append(el("b", {}, t("Why not?")), " ",
        ...frame.reasons.map((reason, index) => el("span", { class: "why-not-reason", "data-ruling": reason.ruling },
          index ? " · " : "", capital(said(reason.words, reason.message, this.namer)), ".", " ",
          el("span", { class: "small muted" }, reason.ruling), " ", ruleLink(game, reason.ruling))));
    }
    this.spoken.textContent = this.whyNot.textContent;
    this.whyNot.append(" ", el("button", { type: "button", class: "link small", "data-testid": "why-not-close",
      onclick: () => this.whyNot.classList.add("hidden") }, t("close")));
    this.whyNot.classList.remove("hidden");
  }

  /** Each update drawn: an answer for an older version goes; a note may come. */
  drawn(update, isLatest, watching, renderer = null, geometry = null) {
    if (this.version !== null && update.version !== this.version) {
      this.whyNot.classList.add("hidden");
      this.version = null;
    }
    const deciding = isLatest && !watching && update.legal.length > 0;
    if (isLatest) this.latest = deciding ? update : null;
    this.listPlaces(deciding);
    const news = this.newEvents(update);
    if (watching || !notesOn()) return;
    const rulings = isLatest ? (update.view.legal || []).map((action) => action.ruling).filter(Boolean) : [];
    rulings.push(...applying(renderer, news, update.view.viewer, geometry));
    if (!rulings.length) return;
    this.game = update.view.game;
    this.load().then(() => this.maybeNote(rulings, update.view.game));
  }

  /** The events of `update` not read before (a page's first update holds the whole game's:
   * only its latest decision's are new). */
  newEvents(update) {
    const events = update.events || [];
    const news = this.eventsRead === null ? recent(events)
      : events.filter((event) => event.version === undefined || event.version > this.eventsRead);
    this.eventsRead = Math.max(this.eventsRead ?? -1, update.version);
    return news;
  }

  /** "Why not…?": the board's places, while this seat decides. */
  listPlaces(deciding) {
    const places = deciding ? boardPlaces(this.board) : [];
    const chosen = this.places.value;
    clear(this.places).append(el("option", { value: "" }, t("a place of the board…")),
      ...places.map(([place, name]) => el("option", { value: place }, name)));
    if (places.some(([place]) => place === chosen)) this.places.value = chosen;
    this.picker.classList.toggle("hidden", !places.length);
  }

  load() {
    if (!this.fetching) {
      this.fetching = api(`/api/games/${encodeURIComponent(this.game)}/howto`).then((howto) => {
        this.notes = howto.notes || {};
        this.newcomer = new Set(howto.newcomer || []);
      }).catch(() => {
        this.notes = {};
        this.newcomer = new Set();
      });
    }
    return this.fetching;
  }

  maybeNote(rulings, game) {
    if (!notesOn()) return;
    const seen = noted();
    const ruling = rulings.find((id) => this.newcomer.has(id) && this.notes[id] && !seen.has(id));
    if (!ruling) return;
    seen.add(ruling);
    localStorage.setItem(NOTED_KEY, JSON.stringify([...seen]));
    const gotIt = el("button", { type: "button", class: "secondary small", "data-testid": "rule-note-close",
      onclick: () => this.note.classList.add("hidden") }, t("Got it"));
    clear(this.note).append(el("b", {}, t("New rule: ")), this.notes[ruling], " ",
      el("span", { class: "small muted" }, ruling), " ", ruleLink(game, ruling), " ", gotIt);
    this.note.dataset.ruling = ruling;
    this.note.classList.remove("hidden");
  }
}
