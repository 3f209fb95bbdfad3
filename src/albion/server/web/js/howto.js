// How to play a game, for players (issue 32), on the rules page before the rulings: the
// goal, a turn, how to win, each picture drawn by the game's own board script from a
// position the server read from the game's position text (GET /api/games/ID/howto),
// read-only; the rulebooks as published, in the languages they exist in.
import { api } from "./api.js";
import { el } from "./dom.js";
import { loadBoard } from "./boards.js";
import { t } from "./i18n.js";

// On a phone each picture is folded behind "Show the board" (a full board is a screen or
// more tall there); its caption, which says what it shows, stays in view.
const NARROW = matchMedia("(max-width: 700px)");
NARROW.addEventListener("change", () => {
  for (const fold of document.querySelectorAll("details.howto-board")) fold.open = !NARROW.matches;
});

/** A picture: the board script draws the view it would draw for the seat to move there,
 * read-only (`replay`: no targets) and as a picture (`picture`: no "Your turn"); the seats
 * are not said to be bots (no one plays a picture). */
function drawPicture(renderer, picture, caption) {
  const board = el("div", { class: "board howto-picture", "data-testid": "howto-picture", "aria-hidden": "true", inert: "" }); // a picture: nothing in it is focusable
  const view = { ...picture.view, seats: (picture.view.seats || []).map((seat) => ({ ...seat, is_bot: false })) };
  const update = { view, legal: [], actions: [], recent: [], viewer: picture.seat, names: {} };
  const ctx = { submit: () => {}, seatName: (seat) => `P${seat + 1}`, replay: true, picture: true, geometry: picture.geometry };
  try {
    renderer.render(board, update, ctx);
  } catch (error) {
    board.append(el("p", { class: "notice error" }, t("The board could not be drawn: {problem}", { problem: error.message })));
  }
  // The caption says in words what the picture shows (the drawing itself is not read aloud).
  return [caption ? el("p", { class: "howto-caption" }, caption) : null,
    el("details", { class: "howto-board", "data-testid": "howto-board", open: !NARROW.matches },
      el("summary", {}, t("Show the board")), board)];
}

/** The "How to play" part of a game's panel (`game`: an entry of /api/games). `full`: with
 * its pictures (a game's own page); else a link to it. */
export async function howToPlay(game, full) {
  const box = el("div", { class: "howto", id: "how-to-play", "data-testid": `howto-${game.id}` });
  if (!full) {
    box.append(el("p", {}, el("a", { href: `/rules/${encodeURIComponent(game.id)}#how-to-play` }, t("How to play"))));
    return box;
  }
  const howto = await api(`/api/games/${encodeURIComponent(game.id)}/howto`);
  const renderer = howto.sections.some((section) => section.picture) ? await loadBoard(game) : null;
  box.append(el("h3", {}, t("How to play")));
  for (const section of howto.sections) {
    box.append(el("div", { class: "howto-section", "data-testid": "howto-section" },
      el("h4", {}, section.title),
      el("p", {}, section.text, section.rulings.length ? [" ", el("span", { class: "small muted" },
        "(", section.rulings.map((ruling, index) => [index ? ", " : "", el("a", { href: `#${ruling}` }, ruling)]), ")")] : null),
      section.picture && renderer ? drawPicture(renderer, section.picture, section.caption) : null));
  }
  if (howto.rulebooks.length) {
    box.append(el("p", { "data-testid": "rulebooks" }, t("The rulebook as published:"), " ",
      howto.rulebooks.map((book, index) => [index ? " · " : "",
        el("a", { href: book.url, hreflang: book.lang, lang: book.lang }, book.name)])));
  }
  return box;
}
