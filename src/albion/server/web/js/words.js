// Words shared by the table page and the replay viewer.

/** A seat as people see it: the name its player chose, or P1, P2… */
export function seatName(view, names, seat) {
  const chosen = names && names[String(seat)];
  const base = view.seats[seat] ? view.seats[seat].name : `P${seat + 1}`;
  return chosen ? `${chosen} (${base})` : base;
}

/** The end of a game in words: who won and how, or a draw. */
export function resultWords(view, names) {
  const result = view.result;
  if (!result) return "";
  const how = result.reason ? ` (${result.reason})` : "";
  if (!result.winners.length) return `A draw${how}.`;
  const who = result.winners.map((seat) => seatName(view, names, seat)).join(" and ");
  const you = view.viewer !== null && result.winners.includes(view.viewer) ? " — you won!" : "";
  return `${who} ${result.winners.length > 1 ? "share the win" : "wins"}${how}${you}.`;
}
