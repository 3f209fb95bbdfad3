// Words shared by the table page, the replay viewer, the log and the board scripts.

import { el } from "./dom.js";

/** A seat as people see it: the name its player chose, or P1, P2… */
export function seatName(view, names, seat) {
  const chosen = names && names[String(seat)];
  const base = view.seats[seat] ? view.seats[seat].name : `P${seat + 1}`;
  return chosen ? `${chosen} (${base})` : base;
}

// How a game ended, by the reason a game gives (`result.reason`, a game_over event's
// `reason`): the words that follow "wins" (or, for a draw, that explain it). A reason not
// listed here is shown as it is, in brackets.
const WON_BY = {
  castle: "with a full castle",
  score: "on points",
  hand: "on points, the hands breaking the tie",
  shared: "with identical hands",
  gems: "on gems",
  grail: "by claiming the Holy Grail",
};
const DRAWN_BY = {
  cap: "the turn limit was reached",
};

/**
 * The end of a game in words, from its values: `winners` (seats), `reason`, whether the
 * `viewer` (a seat or null) is among the winners. One sentence, punctuated once:
 * "P2 wins with a full castle.", "P1 wins on points — you won!", "A draw: the turn limit
 * was reached."
 */
export function endWords(winners, reason, viewer, name) {
  if (!winners.length) {
    const why = DRAWN_BY[reason] || WON_BY[reason] || (reason && reason !== "over" ? reason : "");
    return why ? `A draw: ${why}.` : "A draw.";
  }
  const who = winners.map(name).join(" and ");
  const verb = winners.length > 1 ? "share the win" : "wins";
  const how = WON_BY[reason] ? ` ${WON_BY[reason]}` : reason && reason !== "over" ? ` (${reason})` : "";
  const you = viewer !== null && viewer !== undefined && winners.includes(viewer);
  return `${who} ${verb}${how}${you ? " — you won!" : "."}`;
}

/** The end of a game in words: who won and how, or a draw. */
export function resultWords(view, names) {
  const result = view.result;
  if (!result) return "";
  return endWords(result.winners, result.reason, view.viewer,
    (seat) => seatName(view, names, seat));
}

/**
 * A ruling as a small link to its place in the rules (/rules/<game>#<ruling>), for those
 * who want it; the words around it say what the rule means. Null without a ruling.
 */
export function ruleLink(game, ruling) {
  if (!ruling) return null;
  return el("a", {
    class: "rule-link", href: `/rules/${encodeURIComponent(game)}#${encodeURIComponent(ruling)}`,
    target: "_blank", rel: "noopener", title: `The rule behind it (${ruling})`,
    "aria-label": `the rule (${ruling})`, "data-ruling": ruling,
  }, "rule");
}
