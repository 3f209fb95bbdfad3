// The end of a game at a table (issue 27): the result, and the rematch as an offer every
// seat sees — who offered it, who accepted, who said no — accepted with one click, which
// takes the seat at the same new table. A spectator watches the rematch.

import { clear, el } from "./dom.js";
import { t } from "./i18n.js";
import { nameList, resultWords } from "./words.js";

/** The seats people play at (a rematch waits for all of them). */
export function peopleSeats(view) {
  return view.seats.filter((seat) => !seat.is_bot).map((seat) => seat.seat);
}

/** Whether every person has accepted the rematch on offer: it can begin. */
export function everyoneAccepted(update) {
  const offer = update.rematch_offer;
  return Boolean(offer) && peopleSeats(update.view).every((seat) => offer.joined.includes(seat));
}

function offerWords(update, me, seatName) {
  const offer = update.rematch_offer;
  const people = peopleSeats(update.view);
  const waiting = people.filter((seat) => !offer.joined.includes(seat) && !offer.declined.includes(seat));
  const lines = [];
  if (offer.by === null || offer.by === undefined) lines.push(t("Someone offered a rematch."));
  else if (offer.by === me) lines.push(t("You offered a rematch."));
  else lines.push(t("{player} offered a rematch.", { player: seatName(offer.by) }));
  const accepted = offer.joined.filter((seat) => seat !== offer.by);
  if (accepted.length) {
    lines.push(t("Accepted by {players}.", { players: nameList(accepted.map((s) => (s === me ? t("you") : seatName(s)))) }));
  }
  if (offer.declined.length) {
    const others = offer.declined.filter((s) => s !== me).map(seatName);
    if (offer.declined.includes(me)) lines.push(t("You said no."));
    if (others.length) lines.push(t("{players} said no.", { players: nameList(others) }));
  }
  if (waiting.length && offer.joined.includes(me)) {
    lines.push(t("Waiting for {players} to accept…", { players: nameList(waiting.map(seatName)) }));
  }
  return lines.join(" ");
}

/**
 * Draw the end panel into `node`. `actions`: { rematch(), decline(), goToRematch() }.
 */
export function drawEnd(node, { update, watching, seatName, actions }) {
  const view = update.view;
  if (!view.result) {
    node.classList.add("hidden");
    return;
  }
  const me = view.viewer;
  const won = me !== null && view.result.winners.includes(me);
  const offer = update.rematch_offer;
  const people = peopleSeats(view);
  const parts = [el("p", { class: `result${won ? " win" : ""}` }, resultWords(view, update.names))];
  const buttons = [];
  if (watching && people.length) {
    if (update.rematch) {
      buttons.push(el("a", { class: "button", href: `/watch/${update.rematch}`, "data-testid": "watch-rematch" }, t("Watch the rematch")));
    }
  } else if (!offer || watching) {
    buttons.push(el("button", { type: "button", "data-testid": "rematch", onclick: actions.rematch },
      people.length > 1 ? t("Offer a rematch") : t("Rematch")));
  } else {
    parts.push(el("p", { class: "rematch-offer", role: "status", "data-testid": "rematch-offer" },
      offerWords(update, me, seatName)));
    if (offer.joined.includes(me)) {
      buttons.push(el("button", { type: "button", class: "secondary", "data-testid": "go-rematch", onclick: actions.goToRematch },
        t("Go to the rematch table")));
    } else if (!offer.declined.includes(me)) {
      buttons.push(
        el("button", { type: "button", "data-testid": "rematch", onclick: actions.rematch }, t("Accept the rematch")),
        el("button", { type: "button", class: "secondary", "data-testid": "decline-rematch", onclick: actions.decline }, t("No thanks")));
    }
  }
  clear(node).classList.remove("hidden");
  node.append(...parts, el("div", { class: "row" }, ...buttons,
    el("a", { class: "button secondary", href: `/replay/${update.table}`, "data-testid": "replay-link" }, t("Replay")),
    el("a", { class: "button secondary", href: "/" }, t("Lobby"))));
}
