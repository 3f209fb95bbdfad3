// Diamoniak in the browser: every seat's castle and right-hand pile, the draw pile and the
// discard (both by composition, DI-11), the card just revealed, and the decisions as board
// targets: the pile draws, a rival's castle cards are bought where they lie, the witch's
// toll is paid by clicking one's own cards. Any legal text left without a board target
// gets a button in the action bar, so every decision stays reachable from the board.

import { el, target } from "../dom.js";

// DI-1: the seven kinds, in the view's order. Each has a colour AND a symbol and letter
// (colour-blind safe): the colour is never the only clue.
const KINDS = {
  red: { symbol: "♥", letter: "R", name: "Red" },
  blue: { symbol: "♠", letter: "B", name: "Blue" },
  green: { symbol: "♣", letter: "G", name: "Green" },
  yellow: { symbol: "☀", letter: "Y", name: "Yellow" },
  diamond: { symbol: "◆", letter: "", name: "Diamond" },
  witch: { symbol: "☾", letter: "", name: "Witch" },
  fairy: { symbol: "✧", letter: "", name: "Fairy" },
};
const ORDER = Object.keys(KINDS);
const COLOURS = ORDER.slice(0, 4);
const CASTLE_SIZE = 6; // DI-10
const BUY_PRICE = 3; // DI-7

const PHASE_TEXT = {
  first_player: "drawing lots for the first player",
  turn_start: "to draw or buy",
  drawing: "drawing",
  draw_or_stop: "to draw again or stop",
  fairy_choice: "a witch! use a fairy?",
  witch_toll: "a witch! choosing cards to lose",
  over: "game over",
};

const BUTTON_TEXT = {
  draw: "Draw",
  stop: "Stop",
  pass: "Pass",
  "use fairy": "✧ Use fairy",
  "keep fairy": "Keep fairy",
};

/** A face-up card (or a small one with `small`). */
function card(kind, { small = false } = {}) {
  const info = KINDS[kind];
  const node = el("div", {
    class: `di-card di-${kind}${small ? " di-small" : ""}`,
    title: info.name,
    "data-kind": kind,
  },
  el("span", { class: "di-symbol", "aria-hidden": "true" }, info.symbol),
  info.letter ? el("span", { class: "di-letter", "aria-hidden": "true" }, info.letter) : null,
  el("span", { class: "di-sr" }, info.name));
  return node;
}

/** A row of small chips, one per kind present: "♥R 6  ◆ 20 …" (DI-11: public counts). */
function composition(counts, empty = "empty") {
  const chips = ORDER.filter((kind) => counts[kind] > 0).map((kind) =>
    el("span", { class: `di-chip di-${kind}`, title: KINDS[kind].name, "data-kind": kind },
      el("span", { "aria-hidden": "true" }, KINDS[kind].symbol + KINDS[kind].letter),
      el("span", { class: "di-sr" }, KINDS[kind].name),
      ` ${counts[kind]}`));
  return el("div", { class: "di-composition" }, chips.length ? chips : el("span", { class: "di-muted" }, empty));
}

/** The legal texts, and a way to turn a node into a target only for a legal one. */
function targets(legal) {
  const open = new Set(legal);
  const placed = new Set();
  return {
    /** Make `node` the target of `text` if it is legal (the first node per text only);
     * whether it did. */
    offer(node, text, label) {
      if (!open.has(text) || placed.has(text)) return false;
      placed.add(text);
      target(node, text, label);
      return true;
    },
    left: () => [...open].filter((text) => !placed.has(text)),
  };
}

function seatLabel(ctx, seat) {
  const name = ctx.seatName(seat);
  return name === `P${seat + 1}` ? name : `P${seat + 1} ${name}`;
}

// The last card revealed, remembered across updates: the shell sends each step on its own,
// so the witch is no longer in the update that says what she took.
let lastReveal = null; // {version, turns, drawer, kinds}

/** The events of the last draw (or decision) and what followed it: the first update
 * after (re)connecting holds the whole history, of which only the end is news. */
function recent(events) {
  const actions = events.flatMap((event, index) => (event.type === "action" ? [index] : []));
  const draws = actions.filter((index) => events[index].action === "draw");
  return events.slice(draws.at(-1) ?? actions.at(-1) ?? 0);
}

/** The reveal to show now: this update's, else one of this turn (or the witch that ended
 * the last turn, DI-8); null otherwise. */
function currentReveal(update, board) {
  const seats = board.players.length;
  const kinds = [];
  let drawer = null;
  for (const event of recent(update.events || [])) {
    if (event.type === "action" && event.action === "draw") drawer = event.seat;
    if (event.type === "chance" && typeof event.outcome === "string") {
      const [word, what] = event.outcome.split(" ");
      if (word === "reveal" && KINDS[what]) kinds.push(what);
    }
  }
  if (kinds.length) {
    if (drawer === null) { // the draw came in an earlier update: the turn's player drew
      // DI-8: a witch settled at once ended the turn; the drawer is the seat before.
      drawer = board.phase === "turn_start" ? (board.turn_seat + seats - 1) % seats : board.turn_seat;
    }
    const turns = board.phase === "turn_start" ? board.turns - 1 : board.turns;
    lastReveal = { version: update.version, turns, drawer, kinds };
    return { ...lastReveal, fresh: true };
  }
  const known = lastReveal;
  if (!known || known.version > update.version) return null; // a replay went back
  const sameTurn = known.turns === board.turns ||
    (known.turns === board.turns - 1 && known.kinds.at(-1) === "witch" && board.turns > 0 &&
      board.phase !== "draw_or_stop" && known.version >= update.version - 4);
  return sameTurn ? { ...known, fresh: false } : null;
}

/** What just happened: the card drawn, what the witch took, a purchase (DI-7, DI-8). */
function justHappened(update, board, ctx) {
  const notes = [];
  for (const event of recent(update.events || [])) {
    if (event.type === "chance" && /^first /.test(event.outcome || "")) {
      notes.push(`${event.outcome.slice(6)} starts (DI-2)`);
    }
    if (event.type === "witch_toll") notes.push(`☾ ${seatLabel(ctx, event.seat)}: ${event.text}`);
    if (event.type === "action" && event.action.startsWith("buy ")) {
      const [, colour, , seller] = event.action.split(" ");
      notes.push(`${seatLabel(ctx, event.seat)} bought ${KINDS[colour] ? KINDS[colour].symbol : ""} ${colour} ` +
        `from ${seller} for ${BUY_PRICE} ◆`);
    }
  }
  const box = el("div", { class: "di-reveal", "data-testid": "reveal", "aria-live": "polite" });
  const reveal = currentReveal(update, board);
  if (reveal) {
    box.append(el("span", { class: "di-reveal-who" }, `${seatLabel(ctx, reveal.drawer)} drew`),
      el("div", { class: `di-reveal-cards${reveal.fresh ? "" : " di-earlier"}` },
        reveal.kinds.map((kind, i) => {
          const last = i === reveal.kinds.length - 1;
          const node = card(kind, { small: !last });
          node.setAttribute("data-testid", last ? "revealed-card" : "revealed-earlier");
          return node;
        })));
  } else if (!notes.length) {
    box.append(el("span", { class: "di-muted" }, "No card revealed just now"));
  }
  for (const note of notes) box.append(el("p", { class: "di-note", "data-testid": "just-now" }, note));
  return box;
}

/** The status line: turn, whose turn and the phase, or how the game ended. */
function headline(board, viewer, ctx) {
  const turn = `Turn ${board.turns + 1}`;
  if (board.phase === "over") {
    const text = board.end === "castle" && board.winner !== null
      ? `${seatLabel(ctx, board.winner)} built a full castle and wins!`
      : `A draw: the ${board.turns}-turn cap was reached (DI-10)`;
    return el("p", { class: "di-headline di-over", "data-testid": "headline" }, text);
  }
  const mine = viewer !== null && viewer === board.turn_seat;
  const who = mine ? "Your turn" : `${seatLabel(ctx, board.turn_seat)}'s turn`;
  return el("p", { class: `di-headline${mine ? " di-mine" : ""}`, "data-testid": "headline" },
    `${turn} · ${who} · ${PHASE_TEXT[board.phase] || board.phase}`);
}

/** What the viewer is asked now, in words, next to the buttons. */
function prompt(board, legal) {
  if (!legal.length) return null;
  const buying = legal.some((text) => text.startsWith("buy "));
  switch (board.phase) {
    case "turn_start":
      return buying
        ? `Click the pile to draw, or a card in a rival's pile to buy it for ${BUY_PRICE} ◆ (DI-7).`
        : "Click the pile to draw.";
    case "draw_or_stop":
      return "Draw again (click the pile) or stop and keep your cards.";
    case "fairy_choice":
      return "A witch! Use your fairy to send her away, or keep it and lose cards (DI-8).";
    case "witch_toll":
      return `The witch takes ${board.witch_toll_left} more card${board.witch_toll_left === 1 ? "" : "s"}: ` +
        "click your castle or a card in your pile (DI-8).";
    default:
      return null;
  }
}

/** The castle: six slots, filled in the castle's colour (DI-4, DI-10). */
function castle(player, isMe, offer) {
  const { colour, size } = player.castle;
  const slots = [];
  for (let i = 0; i < CASTLE_SIZE; i++) {
    slots.push(i < size && colour ? card(colour, { small: true })
      : el("div", { class: "di-slot", "aria-hidden": "true" }));
  }
  const caption = colour
    ? `${KINDS[colour].symbol} ${KINDS[colour].name} castle ${size}/${CASTLE_SIZE}` +
      // DI-5: an emptied castle keeps its colour (with release_empty=no)
      (size === 0 ? " · emptied, colour kept (DI-5)" : "")
    : "No castle yet";
  const node = el("div", {
    class: `di-castle${colour ? ` di-castle-${colour}` : ""}`,
    "data-testid": `castle-${player.seat}`,
    "data-colour": colour || "",
    "data-size": String(size),
  },
  el("div", { class: "di-castle-caption" }, caption),
  el("div", { class: "di-castle-slots" }, slots));
  // DI-8: one of the drawer's own castle cards may go to the witch.
  if (isMe && offer(node, "lose castle", `Lose a ${colour || ""} card from your castle`)) {
    node.firstChild.append(el("span", { class: "di-do di-do-lose" }, "lose one"));
  }
  return node;
}

/** The right-hand pile: a stack per kind present, face up (DI-6, DI-11). */
function rightPile(player, isMe, offer) {
  const seat = player.seat;
  const pile = player.right_pile;
  const stacks = ORDER.filter((kind) => pile[kind] > 0).map((kind) => {
    const stack = el("div", { class: "di-stack", "data-testid": `pile-${seat}-${kind}`, "data-count": String(pile[kind]) },
      card(kind, { small: true }), el("span", { class: "di-count" }, `×${pile[kind]}`));
    // DI-7: a castle card is bought where it lies, from this seat.
    if (COLOURS.includes(kind) && offer(stack, `buy ${kind} from P${seat + 1}`,
      `Buy a ${kind} card from P${seat + 1} for ${BUY_PRICE} diamonds`)) {
      stack.append(el("span", { class: "di-do" }, `buy · ${BUY_PRICE}◆`));
    }
    // DI-8: diamonds and castle cards (never fairies) can be lost to the witch.
    if (isMe && offer(stack, `lose ${kind}`, `Lose a ${kind} card to the witch`)) {
      stack.append(el("span", { class: "di-do di-do-lose" }, "lose"));
    }
    return stack;
  });
  const diamonds = pile.diamond || 0;
  return el("div", { class: "di-right" },
    el("div", { class: "di-right-caption" }, "Right-hand pile",
      diamonds >= BUY_PRICE
        ? el("span", { class: "di-muted" }, ` · ${diamonds} ◆ buys ${Math.floor(diamonds / BUY_PRICE)}`)
        : null),
    el("div", { class: "di-stacks" },
      stacks.length ? stacks : el("span", { class: "di-muted" }, "empty")));
}

function playerArea(player, board, viewer, ctx, offer, seatInfo) {
  const seat = player.seat;
  const isMe = viewer === seat;
  const turn = board.phase !== "over" && board.turn_seat === seat;
  const won = board.winner === seat;
  const classes = ["di-player"];
  if (isMe) classes.push("di-me");
  if (turn) classes.push("di-turn");
  if (won) classes.push("di-won");
  return el("section", {
    class: classes.join(" "),
    "data-testid": `player-${seat}`,
    "aria-label": `${seatLabel(ctx, seat)}${isMe ? " (you)" : ""}`,
  },
  el("header", { class: "di-player-head" },
    el("span", { class: "di-name" }, seatLabel(ctx, seat)),
    isMe ? el("span", { class: "di-tag" }, "you") : null,
    seatInfo && seatInfo.is_bot ? el("span", { class: "di-tag" }, `bot · ${seatInfo.player}`) : null,
    turn ? el("span", { class: "di-tag di-tag-turn" }, "▶ playing") : null,
    won ? el("span", { class: "di-tag di-tag-won" }, "★ winner") : null),
  castle(player, isMe, offer),
  rightPile(player, isMe, offer));
}

/** The centre: the draw pile (a back, its size and public make-up) and the discard. */
function centre(board, offer) {
  const drawPile = board.draw_pile;
  const witchOdds = drawPile.size
    ? Math.round((100 * drawPile.cards.witch) / drawPile.size) : 0;
  const back = el("div", { class: "di-back", "aria-hidden": "true" },
    el("span", { class: "di-back-size" }, String(drawPile.size)));
  const pileNode = el("div", { class: "di-pile", "data-testid": "draw-pile", "data-size": String(drawPile.size) },
    back,
    el("div", { class: "di-pile-text" },
      el("div", { class: "di-pile-title" }, `Draw pile · ${drawPile.size} cards`),
      // DI-11: the composition is public, the order is not.
      composition(drawPile.cards),
      drawPile.size && board.phase !== "over"
        ? el("div", { class: "di-muted" }, `Next card a witch: ${witchOdds}%`) : null));
  if (offer(pileNode, "draw", `Draw a card (${drawPile.size} left)`)) {
    pileNode.lastChild.firstChild.append(el("span", { class: "di-do" }, "draw"));
  }
  const discard = el("div", { class: "di-pile di-discard", "data-testid": "discard", "data-size": String(board.discard.size) },
    el("div", { class: "di-pile-text" },
      el("div", { class: "di-pile-title" }, `Discard · ${board.discard.size} cards`),
      composition(board.discard.cards),
      // DI-9: the discard becomes the next draw pile.
      el("div", { class: "di-muted" }, "Shuffled back when the pile runs out (DI-9)")));
  return el("div", { class: "di-centre" }, pileNode, discard);
}

export function render(root, update, ctx) {
  const view = update.view;
  const board = view.board;
  const viewer = view.viewer ?? null;
  const legal = ctx.replay ? [] : update.legal || [];
  const { offer, left } = targets(legal);

  // A seat sees its rivals, the table, then its own area next to the actions; a spectator
  // (or a replay) sees the table first, then every seat in order.
  const players = board.players.map((player) =>
    playerArea(player, board, viewer, ctx, offer, (view.seats || [])[player.seat]));
  const mine = viewer === null ? null : players[viewer];
  const others = players.filter((node) => node !== mine);
  const middle = centre(board, offer);

  // Every legal text without a board target yet: stop, pass, the fairy (DI-8), and any
  // buy or lose whose card is not on the board.
  const buttons = left().map((text) => target(
    el("button", { type: "button", class: `di-button${text === "use fairy" ? " di-primary" : ""}` },
      BUTTON_TEXT[text] || text), text, text));
  const ask = prompt(board, legal);
  const actions = el("div", { class: "di-actions", "data-testid": "actions" },
    ask ? el("p", { class: "di-prompt", "data-testid": "prompt" }, ask) : null,
    buttons.length ? el("div", { class: "di-buttons" }, buttons) : null);

  root.append(el("div", {
    class: `di-board di-phase-${board.phase}`,
    "data-testid": "diamoniak",
    "data-phase": board.phase,
    "data-turn-seat": String(board.turn_seat),
  },
  headline(board, viewer, ctx),
  board.witch_toll_left > 0
    ? el("p", { class: "di-witch-left" }, `☾ The witch still takes ${board.witch_toll_left} card(s).`)
    : null,
  mine ? el("div", { class: "di-others" }, others) : null,
  el("div", { class: "di-table" }, middle, justHappened(update, board, ctx)),
  actions,
  mine || el("div", { class: "di-others" }, others)));
}
