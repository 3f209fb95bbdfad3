// The rules where they are needed, at a table (issue 32):
// - "Why not?": a place of the board where this seat has no legal action (marked by the
//   board script with `spot`, dom.js) is selectable while the seat decides; the server
//   answers from this seat's own view with the refusal of each action that would sit
//   there (the same check that builds the legal actions) and its ruling.
// - First-time rule notes: the first time a rule a first game needs applies to this seat,
//   a short note explains it with a link to the ruling. The trigger is computed here, from
//   what the seat already receives: the rulings its own legal actions name (a witch's
//   toll, a contested pile's set-aside, an enemy's activation), kept to the rulings marked
//   `newcomer` in the rules data, whose notes the how-to-play data words
//   (GET /api/games/ID/howto). Nothing another seat holds is involved. Which rules were
//   noted, and whether notes are on, is remembered in this browser (localStorage).
import { api } from "./api.js";
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

export class TableHelp {
  /** `send` sends a frame on the table's socket; `namer` names a seat. */
  constructor({ send, namer }) {
    this.send = send;
    this.namer = namer;
    this.game = null;
    this.version = null;
    this.notes = null; // ruling → note, once fetched
    this.newcomer = null; // the rulings a first game needs
    this.fetching = null;
    this.whyNot = el("div", { class: "notice why-not hidden", role: "status", "aria-live": "polite", "data-testid": "why-not" });
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
    if (!node || !latest || !latest.legal.length) return false;
    let place;
    try {
      place = JSON.parse(node.getAttribute("data-place"));
    } catch {
      return false;
    }
    this.version = latest.version;
    clear(this.whyNot).append(t("Why not? …"));
    this.whyNot.classList.remove("hidden");
    this.send({ type: "why_not", place });
    return true;
  }

  /** The server's answer to `why_not`. */
  answer(frame, latest) {
    if (!latest || frame.version !== latest.version) return;
    const game = latest.view.game;
    clear(this.whyNot);
    const close = el("button", { type: "button", class: "link small", "data-testid": "why-not-close", onclick: () => this.whyNot.classList.add("hidden") }, t("close"));
    if (frame.legal.length) {
      this.whyNot.append(el("b", {}, t("Why not?")), " ", t("That is one of your choices now: pick it on the board or in the list."), " ", close);
    } else if (!frame.reasons.length) {
      this.whyNot.append(el("b", {}, t("Why not?")), " ", t("Nothing is ever played there."), " ", close);
    } else {
      this.whyNot.append(el("b", {}, t("Why not?")), " ",
        ...frame.reasons.map((reason, index) => el("span", { class: "why-not-reason", "data-ruling": reason.ruling },
          index ? " · " : "", capital(said(reason.words, reason.message, this.namer)), ".", " ",
          el("span", { class: "small muted" }, reason.ruling), " ", ruleLink(game, reason.ruling))), " ", close);
    }
    this.whyNot.classList.remove("hidden");
  }

  /** Each update drawn: an answer for an older version goes; a note may come. */
  drawn(update, isLatest, watching) {
    if (this.version !== null && update.version !== this.version) {
      this.whyNot.classList.add("hidden");
      this.version = null;
    }
    if (!isLatest || watching || !notesOn()) return;
    const rulings = (update.view.legal || []).map((action) => action.ruling).filter(Boolean);
    if (!rulings.length) return;
    this.game = update.view.game;
    this.load().then(() => this.maybeNote(rulings, update.view.game));
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
