// A game's drawing in the browser: its plug-in's own board script and style when it ships
// them (/static/games/<id>/board.js and board.css), else the generic renderer, which draws
// any game from the presentation model alone. A board script exports
// `render(root, update, ctx)`: `update` is the server's update with `actions` (the annotated
// legal actions this viewer may choose now, or none) and `recent` (the events of the latest
// decision); `ctx` holds `submit`, `seatName`, `replay` and the game's `geometry`.

import { el } from "./dom.js";

/** The board module for `game` (an entry of /api/games); its style is linked once. */
export async function loadBoard(game) {
  const board = game && game.board;
  if (!board) return import("./generic-board.js");
  if (board.style) document.head.append(el("link", { rel: "stylesheet", href: board.style }));
  return import(board.script);
}

/** The events of the latest decision and what followed it: a new connection's first update
 * holds every event of the game, of which only the end is news. */
export function recent(events) {
  const list = events || [];
  let from = 0;
  list.forEach((event, index) => { if (event.type === "action") from = index; });
  return list.slice(from);
}
