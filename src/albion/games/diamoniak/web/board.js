// Diamoniak in the browser: every seat's castle and right-hand pile, the draw pile and the
// discard (both by composition), this turn's reveals, and the decisions as board targets.
// It only draws: each legal action comes annotated by the server with where it sits (the
// draw pile, a castle, a card kind in a right-hand pile), its words and its ruling; the
// rules' numbers come with the game's geometry and this turn's reveals with the recap.
// Any action without a place on the board gets a button in the action bar.

import { el, spot, target } from "/static/js/dom.js";
import { t, tn } from "/static/js/i18n.js";
import { actionLabel, botName, eventWords, nameList, ruleLink } from "/static/js/words.js";

// How each kind of card looks: a colour AND a symbol and letter (colour-blind safe).
// (The letters are the card's colour in the rulebook's English: a mark, like a symbol.)
const LOOK = {
  red: { symbol: "♥", letter: "R", name: t("Red") },
  blue: { symbol: "♠", letter: "B", name: t("Blue") },
  green: { symbol: "♣", letter: "G", name: t("Green") },
  yellow: { symbol: "☀", letter: "Y", name: t("Yellow") },
  diamond: { symbol: "◆", letter: "", name: t("Diamond") },
  witch: { symbol: "☾", letter: "", name: t("Witch") },
  fairy: { symbol: "✧", letter: "", name: t("Fairy") },
};

const PHASE_TEXT = {
  first_player: t("drawing lots for the first player"),
  turn_start: t("to draw or buy"),
  drawing: t("drawing"),
  draw_or_stop: t("to draw again or stop"),
  fairy_choice: t("a witch! use a fairy?"),
  witch_toll: t("a witch! choosing cards to lose"),
  over: t("game over"),
};

// Short words for the buttons, by kind of action (the label says it in full).
const BUTTON_WORDS = {
  draw: t("Draw"),
  stop: t("Stop"),
  pass: t("Pass"),
  use_fairy: t("✧ Use fairy"),
  keep_fairy: t("Keep fairy"),
};
// A castle's colour, as a castle is named: "Red castle 3/5".
const CASTLE_WORDS = {
  red: (size, full) => t("Red castle {size}/{full}", { size, full }),
  blue: (size, full) => t("Blue castle {size}/{full}", { size, full }),
  green: (size, full) => t("Green castle {size}/{full}", { size, full }),
  yellow: (size, full) => t("Yellow castle {size}/{full}", { size, full }),
};

// A ruling is never part of the words: it is a small link to the rules, beside them.
let game = "diamoniak"; // the game's id, for the rules page's address (set at each render)
const rule = (ruling) => ruleLink(game, ruling);
const capital = (text) => text.charAt(0).toUpperCase() + text.slice(1);

/** A face-up card (or a small one with `small`). */
function card(kind, { small = false } = {}) {
  const look = LOOK[kind];
  return el("div", {
    class: `di-card di-${kind}${small ? " di-small" : ""}`,
    title: look.name,
    "data-kind": kind,
  },
  el("span", { class: "di-symbol", "aria-hidden": "true" }, look.symbol),
  look.letter ? el("span", { class: "di-letter", "aria-hidden": "true" }, look.letter) : null,
  el("span", { class: "di-sr" }, look.name));
}

/** A row of small chips, one per kind present: "♥R 6  ◆ 20 …" (public counts). */
function composition(counts, kinds, empty = t("empty")) {
  const chips = kinds.filter((kind) => counts[kind] > 0).map((kind) =>
    el("span", { class: `di-chip di-${kind}`, title: LOOK[kind].name, "data-kind": kind },
      el("span", { "aria-hidden": "true" }, LOOK[kind].symbol + LOOK[kind].letter),
      el("span", { class: "di-sr" }, LOOK[kind].name),
      ` ${counts[kind]}`));
  return el("div", { class: "di-composition" }, chips.length ? chips : el("span", { class: "di-muted" }, empty));
}

/** The annotated legal actions, found by where they sit; each becomes one target. */
function targets(actions, ctx) {
  const placed = new Set();
  const key = (at) => [at.area, at.seat ?? "", at.item ?? ""].join("|");
  const byPlace = new Map();
  for (const action of actions) {
    if (action.at) byPlace.set(key(action.at), action);
  }
  return {
    /** Make `node` the target of the action at (area, seat, item), if there is one. */
    offer(node, area, seat = null, item = null) {
      const action = byPlace.get(key({ area, seat, item }));
      if (!action) spot(node, { area, seat, item }, { focusable: actions.length > 0 }); // "why not?" (issue 32)
      if (!action || placed.has(action.text)) return null;
      placed.add(action.text);
      const label = actionLabel(action, ctx.seatName);
      target(node, action.text, label);
      node.title = label;
      return action;
    },
    left: () => actions.filter((action) => !placed.has(action.text)),
  };
}

function seatLabel(ctx, seat) {
  const name = ctx.seatName(seat);
  return name === `P${seat + 1}` ? name : `P${seat + 1} ${name}`;
}

/** What just happened besides the reveals: who starts, what a witch took, a purchase. */
function notes(update, ctx) {
  const found = [];
  for (const event of update.recent || []) {
    if (event.type === "chance" && event.seat !== undefined && event.card === undefined) {
      found.push([t("The lots say {player} starts", { player: seatLabel(ctx, event.seat) }),
        rule(ctx.geometry.rulings.first_player)]);
    }
    if (event.type === "witch_toll") found.push(`☾ ${capital(eventWords(event, ctx.seatName))}`);
    if (event.type === "action" && event.price !== undefined) {
      found.push(t("{buyer} bought {card} from {seller} for {price} ◆", {
        buyer: seatLabel(ctx, event.seat), card: `${LOOK[event.colour].symbol} ${LOOK[event.colour].name}`,
        seller: seatLabel(ctx, event.seller), price: event.price }));
    }
  }
  return found;
}

/** This turn's reveals (the recap), and what else just happened. */
function justHappened(update, ctx) {
  const recap = update.view.recap;
  const said = notes(update, ctx);
  const box = el("div", { class: `di-reveal${recap || said.length ? "" : " di-reveal-none"}`, "data-testid": "reveal", "aria-live": "polite" });
  if (recap) {
    box.append(el("span", { class: "di-reveal-who" }, recap.current
      ? t("{player} drew", { player: seatLabel(ctx, recap.drawer) })
      : t("{player} drew last turn", { player: seatLabel(ctx, recap.drawer) })),
    el("div", { class: `di-reveal-cards${recap.current ? "" : " di-earlier"}` },
      recap.cards.map((kind, i) => {
        const last = i === recap.cards.length - 1;
        const node = card(kind, { small: !last });
        node.setAttribute("data-testid", last ? "revealed-card" : "revealed-earlier");
        return node;
      })));
  } else if (!said.length) {
    box.append(el("span", { class: "di-muted" }, t("No card revealed just now")));
  }
  for (const note of said) box.append(el("p", { class: "di-note", "data-testid": "just-now" }, note));
  return box;
}

/** The status line: turn, whose turn and the phase, or how the game ended. */
function headline(board, viewer, ctx) {
  const turn = t("Turn {number}", { number: board.turns + 1 });
  if (board.phase === "over") {
    const text = board.end === "castle" && board.winner !== null
      ? t("{player} built a full castle and wins!", { player: seatLabel(ctx, board.winner) })
      : [tn("A draw: {count} turn was played and nobody finished a castle",
        "A draw: {count} turns were played and nobody finished a castle", board.turns),
      rule(ctx.geometry.rulings.castle)];
    return el("p", { class: "di-headline di-over", "data-testid": "headline" }, text);
  }
  // A how-to-play picture (ctx.picture, issue 32) names the seat: the reader plays nothing.
  const mine = viewer !== null && viewer === board.turn_seat && !ctx.picture;
  const who = mine ? t("Your turn") : t("{player}'s turn", { player: seatLabel(ctx, board.turn_seat) });
  return el("p", { class: `di-headline${mine ? " di-mine" : ""}`, "data-testid": "headline" },
    `${turn} · ${who} · ${PHASE_TEXT[board.phase] || board.phase}`);
}

/** What the viewer is asked now, in words, next to the buttons. */
function prompt(board, actions) {
  if (!actions.length) return null;
  const has = (kind) => actions.some((action) => action.kind === kind);
  if (has("lose")) {
    return tn("The witch takes {count} more card: click your castle or a card in your pile.",
      "The witch takes {count} more cards: click your castle or a card in your pile.", board.witch_toll_left);
  }
  if (has("use_fairy")) return t("A witch! Use your fairy to send her away, or keep it and lose cards.");
  if (has("buy")) return t("Click the pile to draw, or a card in a rival's pile to buy it.");
  if (has("draw") && has("stop")) return t("Draw again (click the pile) or stop and keep your cards.");
  if (has("draw")) return t("Click the pile to draw.");
  return null;
}

/** The castle: a slot per card of a full castle, filled in the castle's colour. */
function castle(player, offer, ctx) {
  const { colour, size } = player.castle;
  const full = ctx.geometry.castle_size;
  const slots = [];
  for (let i = 0; i < full; i++) {
    slots.push(i < size && colour ? card(colour, { small: true })
      : el("div", { class: "di-slot", "aria-hidden": "true" }));
  }
  const caption = colour
    ? [`${LOOK[colour].symbol} `, CASTLE_WORDS[colour](size, full),
      size === 0 ? [" · ", t("empty, but the colour is still yours"), rule(ctx.geometry.rulings.colour)] : null]
    : t("No castle yet");
  const node = el("div", {
    class: `di-castle${colour ? ` di-castle-${colour}` : ""}`,
    "data-testid": `castle-${player.seat}`,
    "data-colour": colour || "",
    "data-size": String(size),
  },
  el("div", { class: "di-castle-caption" }, caption),
  el("div", { class: "di-castle-slots" }, slots));
  if (offer(node, "castle", player.seat, colour)) {
    node.firstChild.append(el("span", { class: "di-do di-do-lose" }, t("☾ to the witch")));
  }
  return node;
}

/** The right-hand pile: a stack per kind present, face up. */
function rightPile(player, offer, ctx) {
  const seat = player.seat;
  const pile = player.right_pile;
  const price = ctx.geometry.buy_price;
  const stacks = ctx.geometry.kinds.filter((kind) => pile[kind] > 0).map((kind) => {
    const stack = el("div", { class: "di-stack", "data-testid": `pile-${seat}-${kind}`, "data-count": String(pile[kind]) },
      card(kind, { small: true }), el("span", { class: "di-count" }, `×${pile[kind]}`));
    const action = offer(stack, "right_pile", seat, kind);
    if (action && action.kind === "buy") stack.append(el("span", { class: "di-do" }, t("buy · {price}◆", { price })));
    else if (action) stack.append(el("span", { class: "di-do di-do-lose" }, t("lose")));
    return stack;
  });
  return el("div", { class: "di-right" },
    el("div", { class: "di-right-caption" }, t("Right-hand pile"),
      player.purchases
        ? el("span", { class: "di-muted", title: tn("{count} diamond buys a castle card", "{count} diamonds buy a castle card", price) },
          " · ", tn("{diamonds} ◆ pay for {count} purchase", "{diamonds} ◆ pay for {count} purchases",
            player.purchases, { diamonds: pile.diamond }))
        : null),
    el("div", { class: "di-stacks" },
      stacks.length ? stacks : el("span", { class: "di-muted" }, t("empty"))));
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
    "aria-label": isMe ? t("{player} (you)", { player: seatLabel(ctx, seat) }) : seatLabel(ctx, seat),
  },
  el("header", { class: "di-player-head" },
    el("span", { class: "di-name" }, seatLabel(ctx, seat)),
    isMe ? el("span", { class: "di-tag" }, t("you")) : null,
    seatInfo && seatInfo.is_bot ? el("span", { class: "di-tag" }, t("bot · {bot}", { bot: botName(seatInfo.player) })) : null,
    turn ? el("span", { class: "di-tag di-tag-turn" }, t("▶ playing")) : null,
    won ? el("span", { class: "di-tag di-tag-won" }, t("★ winner")) : null),
  castle(player, offer, ctx),
  rightPile(player, offer, ctx));
}

/** The centre: the draw pile (a back, its size and public make-up) and the discard. */
function centre(board, offer, ctx) {
  const drawPile = board.draw_pile;
  const rulings = ctx.geometry.rulings;
  const witchOdds = drawPile.size
    ? Math.round((100 * drawPile.cards.witch) / drawPile.size) : 0;
  const back = el("div", { class: "di-back", "aria-hidden": "true" },
    el("span", { class: "di-back-size" }, String(drawPile.size)));
  const pileNode = el("div", { class: "di-pile", "data-testid": "draw-pile", "data-size": String(drawPile.size),
    title: t("What it holds is public, its order is not") },
  back,
  el("div", { class: "di-pile-text" },
    el("div", { class: "di-pile-title" }, tn("Draw pile · {count} card", "Draw pile · {count} cards", drawPile.size)),
    composition(drawPile.cards, ctx.geometry.kinds),
    drawPile.size && board.phase !== "over"
      ? el("div", { class: "di-muted" }, t("Next card a witch: {percent}%", { percent: witchOdds })) : null));
  if (offer(pileNode, "draw_pile")) {
    pileNode.lastChild.firstChild.append(el("span", { class: "di-do" }, t("draw")));
  }
  const discard = el("div", { class: "di-pile di-discard", "data-testid": "discard", "data-size": String(board.discard.size) },
    el("div", { class: "di-pile-text" },
      el("div", { class: "di-pile-title" }, tn("Discard · {count} card", "Discard · {count} cards", board.discard.size)),
      composition(board.discard.cards, ctx.geometry.kinds),
      el("div", { class: "di-muted" }, t("Shuffled back when the pile runs out"), rule(rulings.discard))));
  return el("div", { class: "di-centre" }, pileNode, discard);
}

export function render(root, update, ctx) {
  const view = update.view;
  game = view.game || game;
  const board = view.board;
  const viewer = view.viewer ?? null;
  const actions = ctx.replay ? [] : update.actions || [];
  const { offer, left } = targets(actions, ctx);

  // A seat sees its rivals, the table, then its own area next to the actions; a spectator
  // (or a replay) sees the table first, then every seat in order.
  const players = board.players.map((player) =>
    playerArea(player, board, viewer, ctx, offer, (view.seats || [])[player.seat]));
  const mine = viewer === null ? null : players[viewer];
  const others = players.filter((node) => node !== mine);
  const middle = centre(board, offer, ctx);

  // Every action without a place on the board (stop, pass, the fairy) is a button.
  const buttons = left().map((action) => {
    const label = actionLabel(action, ctx.seatName);
    return target(el("button", { type: "button", class: `di-button${action.kind === "use_fairy" ? " di-primary" : ""}`,
      title: label }, BUTTON_WORDS[action.kind] || label), action.text, label);
  });
  const ask = prompt(board, actions);
  const bar = el("div", { class: "di-actions", "data-testid": "actions" },
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
    ? el("p", { class: "di-witch-left" }, "☾ ", tn("The witch still takes {count} card.", "The witch still takes {count} cards.", board.witch_toll_left))
    : null,
  mine ? el("div", { class: "di-others" }, others) : null,
  el("div", { class: "di-table" }, middle, justHappened(update, ctx)),
  bar,
  mine || el("div", { class: "di-others" }, others)));
}

// ---- the position in words, for the text mode (js/text-mode.js) ----------------------

// So many cards of a kind: "1 red card", "5 diamonds".
const COUNTED = {
  red: (n) => tn("{count} red card", "{count} red cards", n),
  blue: (n) => tn("{count} blue card", "{count} blue cards", n),
  green: (n) => tn("{count} green card", "{count} green cards", n),
  yellow: (n) => tn("{count} yellow card", "{count} yellow cards", n),
  diamond: (n) => tn("{count} diamond", "{count} diamonds", n),
  witch: (n) => tn("{count} witch", "{count} witches", n),
  fairy: (n) => tn("{count} fairy", "{count} fairies", n),
};
// One card of a kind, as a turn's reveals name them.
const A_CARD = {
  red: t("a red card"), blue: t("a blue card"), green: t("a green card"), yellow: t("a yellow card"),
  diamond: t("a diamond"), witch: t("a witch"), fairy: t("a fairy"),
};
// A castle's colour, as its owner's castle is read: "red, 3 of 6 cards".
const COLOUR = { red: t("red"), blue: t("blue"), green: t("green"), yellow: t("yellow") };
// Whose turn it is and what for, when it is another seat's (the viewer's own is asked).
const THEIR_PHASE = {
  first_player: (number) => t("Turn {number}: lots are drawn for the first player.", { number }),
  turn_start: (number, player) => t("Turn {number}: {player} draws or buys.", { number, player }),
  drawing: (number, player) => t("Turn {number}: {player} draws.", { number, player }),
  draw_or_stop: (number, player) => t("Turn {number}: {player} draws again or stops.", { number, player }),
  fairy_choice: (number, player) => t("Turn {number}: a witch! {player} may send her away with a fairy.", { number, player }),
  witch_toll: (number, player) => t("Turn {number}: a witch! {player} chooses the cards to lose.", { number, player }),
};

/** Cards by kind in words ("1 red card, 5 diamonds"), or "empty". */
function counted(counts, kinds) {
  const said = kinds.filter((kind) => counts[kind] > 0).map((kind) => COUNTED[kind](counts[kind]));
  return said.length ? said.join(", ") : t("empty");
}

/** A castle in words: "red, 3 of 6 cards", "none yet". */
function castleWords(castle, full) {
  if (!castle.colour) return t("none yet");
  const colour = COLOUR[castle.colour];
  if (!castle.size) return t("{colour}, empty, but the colour is still yours", { colour });
  return tn("{colour}, {count} card of {full}", "{colour}, {count} cards of {full}", castle.size, { colour, full });
}

/** A turn's reveals in words, kinds in the order first seen: "a witch", "2 diamonds and a fairy". */
function drawnWords(cards) {
  const tally = new Map();
  for (const kind of cards) tally.set(kind, (tally.get(kind) || 0) + 1);
  return nameList([...tally].map(([kind, n]) => (n === 1 ? A_CARD[kind] : COUNTED[kind](n))));
}

/** What the viewer is asked now, in words (the choices say how). */
function asked(board, actions) {
  const has = (kind) => actions.some((action) => action.kind === kind);
  if (has("lose")) {
    return tn("The witch takes {count} more card: choose your castle or a kind of card in your right-hand pile.",
      "The witch takes {count} more cards: choose your castle or a kind of card in your right-hand pile.", board.witch_toll_left);
  }
  if (has("use_fairy")) return t("A witch! Use your fairy to send her away, or keep it and lose cards.");
  if (has("buy")) return t("Draw a card, or buy one from a rival's right-hand pile.");
  if (has("draw") && has("stop")) return t("Draw again, or stop and keep your cards.");
  return null; // one way on (a draw): its choice says it
}

/**
 * The position as sentences for the text mode (issue 29, Access): whose turn and what for,
 * what the viewer asked, holds and just drew, the piles, and every other seat's castle and
 * right-hand pile — in the reader's language, from the same board model the drawing uses.
 */
export function describe(update, ctx) {
  const board = update.view.board;
  const kinds = ctx.geometry ? ctx.geometry.kinds : Object.keys(board.draw_pile.cards);
  const full = ctx.geometry ? ctx.geometry.castle_size : null;
  const viewer = ctx.viewer ?? null;
  const actions = update.actions || [];
  const number = board.turns + 1;
  const acting = board.to_act ?? board.turn_seat;
  const turn = [];
  if (board.phase !== "over") {
    turn.push(actions.length || !THEIR_PHASE[board.phase] ? t("Turn {number}.", { number })
      : THEIR_PHASE[board.phase](number, ctx.seatName(acting)));
  }
  const mine = board.players.find((player) => player.seat === viewer);
  const hold = mine ? [
    t("Your castle: {castle}.", { castle: castleWords(mine.castle, full) }),
    t("Your right-hand pile: {cards}.", { cards: counted(mine.right_pile, kinds) }),
    mine.purchases ? tn("Your diamonds pay for {count} purchase.", "Your diamonds pay for {count} purchases.", mine.purchases) : null,
  ] : [];
  const recap = update.view.recap;
  const drawn = recap ? drawnWords(recap.cards) : "";
  const news = !recap ? [] : [recap.current
    ? t("{player} drew {cards} this turn.", { player: ctx.seatName(recap.drawer), cards: drawn })
    : t("{player} drew {cards} last turn.", { player: ctx.seatName(recap.drawer), cards: drawn })];
  const pile = board.draw_pile;
  const witches = pile.size ? Math.round((100 * pile.cards.witch) / pile.size) : 0;
  return {
    turn,
    ask: [asked(board, actions)],
    hold,
    news,
    board: [
      pile.size ? tn("The draw pile: {count} card, {cards}.", "The draw pile: {count} cards, {cards}.", pile.size,
        { cards: counted(pile.cards, kinds) }) : t("The draw pile is empty."),
      pile.size && board.phase !== "over" ? t("Next card a witch: {percent}%", { percent: witches }) : null,
      board.discard.size ? tn("The discard: {count} card, {cards}.", "The discard: {count} cards, {cards}.", board.discard.size,
        { cards: counted(board.discard.cards, kinds) }) : t("The discard is empty."),
      board.witch_toll_left > 0
        ? tn("The witch still takes {count} card.", "The witch still takes {count} cards.", board.witch_toll_left) : null,
    ],
    players: board.players.filter((player) => player.seat !== viewer).map((player) =>
      t("{player} — castle: {castle}; right-hand pile: {cards}.", { player: ctx.seatName(player.seat),
        castle: castleWords(player.castle, full), cards: counted(player.right_pile, kinds) })),
  };
}
