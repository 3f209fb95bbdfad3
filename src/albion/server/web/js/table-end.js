// The end of a game at a table (issue 27): the result, and the rematch as an offer every
// seat sees — who offered it, who accepted, who said no — accepted with one click, which
// takes the seat at the same new table. A spectator watches the rematch.

import { clear, el } from "./dom.js";
import { resultWords } from "./words.js";

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
  const by = offer.by === null || offer.by === undefined ? "Someone" : offer.by === me ? "You" : seatName(offer.by);
  lines.push(`${by} offered a rematch.`);
  const accepted = offer.joined.filter((seat) => seat !== offer.by);
  if (accepted.length) lines.push(`Accepted by ${accepted.map((s) => (s === me ? "you" : seatName(s))).join(", ")}.`);
  if (offer.declined.length) {
    lines.push(`${offer.declined.map((s) => (s === me ? "You" : seatName(s))).join(", ")} said no.`);
  }
  if (waiting.length && offer.joined.includes(me)) {
    lines.push(`Waiting for ${waiting.map(seatName).join(", ")} to accept…`);
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
      buttons.push(el("a", { class: "button", href: `/watch/${update.rematch}`, "data-testid": "watch-rematch" }, "Watch the rematch"));
    }
  } else if (!offer || watching) {
    buttons.push(el("button", { type: "button", "data-testid": "rematch", onclick: actions.rematch },
      people.length > 1 ? "Offer a rematch" : "Rematch"));
  } else {
    parts.push(el("p", { class: "rematch-offer", role: "status", "data-testid": "rematch-offer" },
      offerWords(update, me, seatName)));
    if (offer.joined.includes(me)) {
      buttons.push(el("button", { type: "button", class: "secondary", "data-testid": "go-rematch", onclick: actions.goToRematch },
        "Go to the rematch table"));
    } else if (!offer.declined.includes(me)) {
      buttons.push(
        el("button", { type: "button", "data-testid": "rematch", onclick: actions.rematch }, "Accept the rematch"),
        el("button", { type: "button", class: "secondary", "data-testid": "decline-rematch", onclick: actions.decline }, "No thanks"));
    }
  }
  clear(node).classList.remove("hidden");
  node.append(...parts, el("div", { class: "row" }, ...buttons,
    el("a", { class: "button secondary", href: `/replay/${update.table}`, "data-testid": "replay-link" }, "Replay"),
    el("a", { class: "button secondary", href: "/" }, "Lobby")));
}
