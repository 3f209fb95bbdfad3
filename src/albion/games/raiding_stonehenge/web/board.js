// Raiding Stonehenge in the browser: the five face-up lines (bottom card marked), the five
// public piles of disks with the figures standing at them in rank, every seat's disks,
// score, hand size and secret play, and the viewer's own hand. Decisions are board targets,
// placed where the server's annotations say: a line is taken by clicking it, a card is
// played from the hand, a black card's pile is chosen by clicking the pile, a disk is set
// aside by clicking it in one's own row. What the latest decision's events did (the reveal,
// each disk taken or given back, the new cards) is listed step by step above the board and
// marked where it happened. It only draws: every rule and ruling comes from the server.

import { el, spot, target } from "/static/js/dom.js";
import { t, tn } from "/static/js/i18n.js";
import { actionLabel, english, eventWords, nameList, parts, ruleLink, said } from "/static/js/words.js";

// How each colour looks: a letter AND a symbol (colour-blind safe): the colour is never
// the only clue.
const LOOK = {
  white: { letter: "W", symbol: "○", name: t("white") },
  blue: { letter: "B", symbol: "◆", name: t("blue") },
  green: { letter: "G", symbol: "▲", name: t("green") },
  yellow: { letter: "Y", symbol: "★", name: t("yellow") },
  red: { letter: "R", symbol: "♥", name: t("red") },
  black: { letter: "K", symbol: "✖", name: t("black") },
};
const STEP_CLASSES = 8; // .rs-step-0 … .rs-step-7 stagger the "just happened" steps

const PHASE_TEXT = {
  dealing: t("cards are being dealt"),
  pick: t("taking bottom cards"),
  play: t("playing cards face down"),
  place: t("choosing piles for black cards"),
  set_aside: t("setting disks aside"),
  over: t("game over"),
};
// Whose turn it is and what for: another seat's, or the viewer's own.
const THEIR_TURN = {
  dealing: (player) => t("{player}: cards are being dealt", { player }),
  pick: (player) => t("{player} to take a bottom card", { player }),
  play: (player) => t("{player} to play a card face down", { player }),
  place: (player) => t("{player} to choose a pile for a black card", { player }),
  set_aside: (player) => t("{player} to set a disk aside", { player }),
};
const YOUR_TURN = {
  pick: () => t("your turn to take a bottom card"),
  play: () => t("your turn to play a card face down"),
  place: () => t("your turn to choose a pile for your black card"),
  set_aside: () => t("your turn to set a disk aside"),
};

// A ruling is never part of the words: it is a small link to the rules, beside them.
let game = "raiding-stonehenge"; // the game's id, for the rules page's address (set at each render)
const explained = (rule) => said(rule.words, rule.text); // the game's rule, in the reader's words
const link = (rule) => ruleLink(game, rule.ruling);

/** A face-up card: its number and its colour's letter and symbol. */
function card(c, extra = "") {
  const look = LOOK[c.colour];
  return el("span", {
    class: `rs-card rs-c-${c.colour} ${extra}`.trim(),
    "data-card": c.number,
    "data-colour": c.colour,
    title: t("{number} {colour}", { number: c.number, colour: look.name }),
  },
  el("span", { class: "rs-num" }, String(c.number)),
  el("span", { class: "rs-mark", "aria-hidden": "true" }, `${look.letter}${look.symbol}`),
  el("span", { class: "rs-sr" }, ` ${look.name}`));
}

/** A face-down card: a back, never a guess. */
function back(extra = "", label = t("face-down card")) {
  return el("span", { class: `rs-card rs-back ${extra}`.trim(), title: label },
    el("span", { class: "rs-sr" }, label));
}

/** A disk of a colour, with its letter (and an optional count). */
function disk(colour, count = null, extra = "") {
  const look = LOOK[colour];
  const zero = count === 0 ? " rs-zero" : "";
  return el("span", {
    class: `rs-disk-wrap${zero} ${extra}`.trim(),
    "data-colour": colour,
    title: count === null ? t("{colour} disk", { colour: look.name }) : t("{count} {colour}", { count, colour: look.name }),
  },
  el("span", { class: `rs-disk rs-c-${colour}`, "aria-hidden": "true" }, look.letter),
  count === null ? null : el("span", { class: "rs-count" }, `×${count}`),
  el("span", { class: "rs-sr" }, " ", count === null ? look.name : t("{colour}: {count}", { colour: look.name, count })));
}

/** What the latest decision's events did, in a shape the board can mark. */
function digest(recent) {
  const news = {
    steps: [],
    revealed: false,
    disks: [], // {seat, colour, taken}
    dealtToLine: {}, // line → count of new cards
    takenFrom: {}, // line → seat
    committed: new Set(),
  };
  for (const e of recent) {
    if (e.type === "reveal") {
      news.revealed = true;
      news.steps.push({ kind: "reveal", plays: e.plays, colours: e.colours });
    } else if (e.type === "disk") {
      news.disks.push({ seat: e.seat, colour: e.colour, taken: e.taken });
      news.steps.push({ kind: "disk", seat: e.seat, colour: e.colour, taken: e.taken });
    } else if (e.type === "chance" && e.line !== undefined && e.line !== null) {
      news.dealtToLine[e.line] = (news.dealtToLine[e.line] || 0) + 1;
      const last = news.steps[news.steps.length - 1];
      const c = { number: e.card, colour: e.colour };
      if (last && last.kind === "deal") last.cards.push({ line: e.line, card: c });
      else news.steps.push({ kind: "deal", cards: [{ line: e.line, card: c }] });
    } else if (e.type === "chance") {
      if (recent.length < 6) news.steps.push({ kind: "text", event: e });
    } else if (e.type === "action" && e.line !== undefined) {
      news.takenFrom[e.line] = e.seat;
      news.steps.push({ kind: "take", seat: e.seat, line: e.line,
        card: { number: e.card, colour: e.colour } });
    } else if (e.type === "action" && e.pile !== undefined) {
      news.steps.push({ kind: "place", seat: e.seat, colour: e.pile });
    } else if (e.type === "action" && e.face_down !== undefined) {
      news.committed.add(e.seat);
      news.steps.push({ kind: "commit", seat: e.seat });
    } else if (e.type !== "action" && (e.text || e.words)) {
      // (a set-aside is told by the disk it gives back)
      news.steps.push({ kind: "text", event: e });
    }
  }
  if (news.steps.length > 12) {
    // A fresh connection before any decision: only the deal happened.
    news.steps = [{ kind: "dealt" }];
  }
  return news;
}

function stepNode(step, index, ctx) {
  const who = (seat) => el("strong", {}, ctx.seatName(seat));
  const cls = `rs-step rs-step-${Math.min(index, STEP_CLASSES - 1)}`;
  const rules = ctx.geometry.rules;
  switch (step.kind) {
    case "reveal":
      // Every committed card is turned face up at once.
      return el("li", { class: `${cls} rs-step-reveal` }, t("Revealed:"), " ",
        step.plays.map((number, seat) => el("span", { class: "rs-reveal-one" },
          who(seat), " ", card({ number, colour: step.colours[seat] }, "rs-small"))));
    case "disk":
      return el("li", { class: cls, title: explained(step.taken ? rules.payout : rules.set_aside) },
        parts(step.taken ? t("{player} takes {disk}") : t("{player} gives back {disk}"),
          { player: who(step.seat), disk: disk(step.colour, null, "rs-small") }));
    case "deal":
      return el("li", { class: cls }, t("New cards:"), " ",
        step.cards.map(({ line, card: c }) => el("span", { class: "rs-reveal-one" },
          t("line {number}", { number: line }), " ", card(c, "rs-small"))));
    case "take":
      return el("li", { class: cls }, parts(t("{player} took {card} from line {number}", { number: step.line }),
        { player: who(step.seat), card: card(step.card, "rs-small") }));
    case "place":
      return el("li", { class: cls, title: explained(rules.black) },
        parts(t("{player} goes to the {disk} pile"), { player: who(step.seat), disk: disk(step.colour, null, "rs-small") }));
    case "commit":
      // Another seat's play is only ever "face down" before the reveal.
      return el("li", { class: cls }, parts(t("{player} played a card face down"), { player: who(step.seat) }));
    case "dealt":
      return el("li", { class: cls }, t("The lines and the hands are dealt."));
    default:
      return el("li", { class: cls }, eventWords(step.event, ctx.seatName));
  }
}

function headline(view, actions, ctx) {
  const b = view.board;
  const rules = ctx.geometry.rules;
  const bits = [];
  if (b.phase === "over") {
    const winners = b.winners || [];
    const best = Math.max(...b.players.map((p) => p.score));
    const args = { winners: nameList(winners.map((s) => ctx.seatName(s))), points: best };
    const n = winners.length;
    const said = b.end === "hand"
      ? tn("Game over: {winners} wins with {points} points: the scores were tied, the hands broke the tie",
        "Game over: {winners} share the win with {points} points: the scores were tied, the hands broke the tie", n, args)
      : b.end === "shared"
        ? tn("Game over: {winners} wins with {points} points: the scores and the hands were tied",
          "Game over: {winners} share the win with {points} points: the scores and the hands were tied", n, args)
        : tn("Game over: {winners} wins with {points} points", "Game over: {winners} share the win with {points} points", n, args);
    bits.push(el("strong", {}, said, b.end === "hand" || b.end === "shared" ? link(rules.tie) : null));
  } else {
    bits.push(el("strong", {}, t("Round {number}", { number: b.round })));
    if (b.phase === "play") {
      const done = b.players.filter((p) => p.committed).length;
      const mine = actions.some((action) => action.kind === "play");
      bits.push(mine ? el("span", { class: "rs-you" }, t("your turn: play a card face down"))
        : el("span", {}, t("playing cards face down")));
      bits.push(el("span", { class: "rs-muted" }, t("{done} of {count} chosen", { done, count: b.players.length })));
    } else if (b.to_act !== null && b.to_act !== undefined) {
      const mine = b.to_act === view.viewer && actions.length > 0;
      const player = ctx.seatName(b.to_act);
      bits.push(mine && YOUR_TURN[b.phase]
        ? el("span", { class: "rs-you" }, YOUR_TURN[b.phase]())
        : el("span", {}, THEIR_TURN[b.phase] ? THEIR_TURN[b.phase](player) : `${player}: ${english(b.phase)}`));
    } else {
      bits.push(el("span", {}, PHASE_TEXT[b.phase] || english(b.phase)));
    }
  }
  bits.push(el("span", { class: "rs-muted" }, "◆ ", t("start: {player}", { player: ctx.seatName(b.start_player) })));
  bits.push(el("span", { class: "rs-muted", "data-testid": "deck" }, t("Deck: {count}", { count: b.deck_size })));
  const sep = () => el("span", { class: "rs-sep", "aria-hidden": "true" }, "·");
  return el("div", { class: "rs-headline", "data-testid": "rs-status" },
    bits.map((node, i) => [i ? sep() : null, node]));
}

/** The annotated actions, found by where they sit. */
function places(actions) {
  const found = new Map();
  for (const action of actions) {
    if (action.at) found.set([action.at.area, action.at.number ?? "", action.at.item ?? ""].join("|"), action);
  }
  // No legal action there: the place itself, for "why not?" (issue 32).
  return (area, { number = "", item = "", seat = null } = {}) => found.get([area, number, item].join("|"))
    || { place: { area, number, item, seat }, focusable: actions.length > 0 };
}

let seatNamer = null; // the table's seat names (set at each render), for the actions' words

function offer(node, action) {
  if (action && action.text) target(node, action.text, actionLabel(action, seatNamer));
  else if (action && action.place) spot(node, action.place, { focusable: action.focusable });
  return node;
}

function linesNode(b, at, news, ctx) {
  const lines = b.lines.map((line) => {
    const fresh = news.dealtToLine[line.line] || 0;
    const cards = line.cards.map((c, i) => {
      const isBottom = i === line.cards.length - 1;
      const isNew = i >= line.cards.length - fresh; // new cards are dealt to the bottom
      const classes = [isBottom ? "rs-bottom" : "", isNew ? "rs-new" : ""];
      return card(c, classes.join(" "));
    });
    const node = el("div", {
      class: `rs-line${news.takenFrom[line.line] !== undefined ? " rs-just-taken" : ""}`,
      "data-testid": `line-${line.line}`,
    },
    el("div", { class: "rs-line-head" }, t("Line {number}", { number: line.line })),
    el("div", { class: "rs-line-cards" },
      cards.length ? cards : el("span", { class: "rs-empty" }, t("empty"))),
    line.bottom ? el("div", { class: "rs-line-foot", "aria-hidden": "true",
      title: explained(ctx.geometry.rules.line) }, t("▲ bottom")) : null);
    return offer(node, at("line", { number: line.line }));
  });
  return el("section", { class: "rs-lines", "data-testid": "lines", "aria-label": t("the lines") },
    lines);
}

function pilesNode(b, at, news, ctx) {
  const played = new Map(b.players.map((p) => [p.seat, p.played]));
  const standing = new Map(b.figures.map((f) => [f.pile, f.seats]));
  const piles = ctx.geometry.disk_colours.map((colour) => {
    const moved = news.disks.filter((d) => d.colour === colour);
    const delta = moved.reduce((sum, d) => sum + (d.taken ? -1 : 1), 0);
    const ranked = standing.get(colour) || [];
    const node = el("div", { class: "rs-pile", "data-testid": `pile-${colour}` },
      disk(colour, b.piles[colour], "rs-big"),
      delta !== 0
        ? el("span", { class: `rs-delta ${delta > 0 ? "rs-up" : "rs-down"}` },
          delta > 0 ? `+${delta}` : `−${-delta}`)
        : null,
      // The figures at the pile, in the server's rank order.
      ranked.length ? el("ol", { class: "rs-figures", "aria-label": t("at the {colour} pile", { colour: LOOK[colour].name }),
        title: explained(ctx.geometry.rules.pile) },
      ranked.map((seat) => el("li", { class: "rs-figure" }, ctx.seatName(seat), " ",
        played.get(seat) ? card(played.get(seat), "rs-tiny") : null))) : null);
    return offer(node, at("pile", { item: colour }));
  });
  return el("section", { class: "rs-piles", "data-testid": "piles", "aria-label": t("the piles") },
    el("div", { class: "rs-section-head" }, t("Piles")), el("div", { class: "rs-pile-row" }, piles));
}

function playerNode(view, p, at, news, ctx) {
  const b = view.board;
  const rules = ctx.geometry.rules;
  const mine = p.seat === view.viewer;
  const over = b.phase === "over";
  const acting = b.to_act === p.seat
    || (b.phase === "play" && (view.to_move || []).includes(p.seat));
  const winner = (b.winners || []).includes(p.seat);

  const disks = ctx.geometry.disk_colours.map((colour) => {
    const got = news.disks.filter((d) => d.seat === p.seat && d.colour === colour);
    const extra = got.some((d) => d.taken) ? "rs-gain" : got.length ? "rs-loss" : "";
    const node = disk(colour, p.disks[colour], extra);
    return mine ? offer(node, at("disks", { item: colour, seat: p.seat })) : node;
  });

  // The played card: face up once revealed (or to its own player), a back once committed.
  let play = null;
  if (p.played) {
    const hidden = mine && b.phase === "play"; // only its own player sees it yet
    play = el("div", { class: "rs-play" },
      el("span", { class: "rs-label" }, hidden ? t("Your card (face down):") : t("Played:")),
      card(p.played, news.revealed ? "rs-flip" : ""),
      p.pile ? el("span", { class: "rs-to" }, "→ ", disk(p.pile, null, "rs-small")) : null);
  } else if (b.phase === "play") {
    play = el("div", { class: "rs-play" }, el("span", { class: "rs-label" }, t("Played:")),
      p.committed ? back(news.committed.has(p.seat) ? "rs-flip" : "", t("played face down"))
        : el("span", { class: "rs-muted" }, t("choosing…")));
  } else if (p.last_played) {
    play = el("div", { class: "rs-play rs-last" },
      el("span", { class: "rs-label" }, t("Last played:")), card(p.last_played, "rs-small"));
  }

  // The hand: the viewer's own is drawn below; another seat's is its public cards (the
  // cards seen taken from a line) and backs for the rest. Every hand shows at the end.
  let hand;
  if (p.hand && (over || !mine)) {
    hand = p.hand.map((c) => card(c, "rs-small"));
  } else if (mine) {
    hand = [el("span", { class: "rs-muted" }, tn("{count} card", "{count} cards", p.hand_size))];
  } else {
    const known = p.taken.slice(0, p.hand_size);
    const unknown = Math.max(0, p.hand_size - known.length);
    hand = [...known.map((c) => card(c, "rs-small rs-known")),
      unknown ? el("span", { class: "rs-backs" },
        Array.from({ length: unknown }, () => back("rs-small"))) : null];
  }

  return el("div", {
    class: ["rs-player", mine && "rs-mine", acting && "rs-acting", winner && "rs-winner"]
      .filter(Boolean).join(" "),
    "data-testid": `player-${p.seat}`,
  },
  el("div", { class: "rs-player-head" },
    el("span", { class: "rs-name" },
      acting ? "▶ " : "", mine ? t("{player} (you)", { player: ctx.seatName(p.seat) }) : ctx.seatName(p.seat)),
    b.start_player === p.seat
      ? el("span", { class: "rs-start", title: explained(rules.start) }, "◆")
      : null,
    winner ? el("span", { class: "rs-crown" }, t("★ winner")) : null,
    el("span", { class: "rs-score", title: explained(rules.score) },
      parts(tn("{count} pt", "{count} pts", p.score), { count: el("span", { class: "rs-score-n" }, String(p.score)) }))),
  el("div", { class: "rs-disks" }, disks),
  play,
  el("div", { class: "rs-phand", title: explained(rules.hand) }, el("span", { class: "rs-label" },
    over || mine ? t("Hand:") : t("Hand ({count}):", { count: p.hand_size })), hand));
}

const PROMPTS = {
  play: t("Choose a card to play face down"),
  take: t("Take a bottom card from a line"),
  place: t("Black card: choose a pile"),
  set_aside: t("Set aside one of your disks"),
};

function handNode(view, at, actions) {
  const me = view.board.players[view.viewer];
  const cards = (me.hand || []).map((c) =>
    offer(card(c, "rs-big"), at("hand", { number: c.number, seat: view.viewer })));
  const asked = actions.find((action) => PROMPTS[action.kind]);
  const prompt = asked ? PROMPTS[asked.kind] : null;
  return el("section", { class: "rs-hand", "data-testid": "hand", "aria-label": t("your hand") },
    el("div", { class: "rs-section-head" }, t("Your hand"),
      prompt ? el("span", { class: "rs-prompt" }, prompt, ruleLink(game, asked.ruling)) : null),
    el("div", { class: "rs-hand-cards" },
      cards.length ? cards : el("span", { class: "rs-empty" }, t("no cards"))));
}

export function render(root, update, ctx) {
  const view = update.view;
  game = view.game || game;
  const b = view.board;
  const rules = ctx.geometry.rules;
  const actions = ctx.replay ? [] : update.actions || [];
  const at = places(actions);
  seatNamer = ctx.seatName;
  const news = digest(update.recent || []);
  root.classList.add("rs-board");

  root.append(headline(view, actions, ctx));
  if (news.steps.length) {
    root.append(el("ol", { class: "rs-news", "data-testid": "news", "aria-live": "polite",
      "aria-label": t("just happened") }, news.steps.map((s, i) => stepNode(s, i, ctx))));
  }
  root.append(el("div", { class: "rs-table" },
    linesNode(b, at, news, ctx), pilesNode(b, at, news, ctx)));
  if (view.viewer !== null && view.viewer !== undefined && b.phase !== "over") {
    root.append(handNode(view, at, actions));
  }
  root.append(el("section", { class: "rs-players", "data-testid": "players",
    "aria-label": t("players") },
    b.players.map((p) => playerNode(view, p, at, news, ctx))));
  root.append(el("details", { class: "rs-out" },
    el("summary", {}, tn("Out of the game: {count} card", "Out of the game: {count} cards", b.played_out.length)),
    el("div", { class: "rs-out-cards" }, b.played_out.map((c) => card(c, "rs-tiny")))));
  root.append(el("p", { class: "rs-legend rs-muted" },
    ["white", "blue", "green", "yellow", "red"].map((colour) =>
      `${LOOK[colour].letter} ${LOOK[colour].name} ${LOOK[colour].symbol} · `),
    t("K black ✖ ({rule})", { rule: explained(rules.black) }), link(rules.black),
    " · ", t("▲ bottom ({rule})", { rule: explained(rules.line) }), link(rules.line),
    " · ", t("◆ start player"), " · ", t("score: {rule}", { rule: explained(rules.score) }), link(rules.score)));
}

// ---- the position in words, for the text mode (js/text-mode.js) ----------------------

// Whose turn it is and what for, when it is another seat's (the viewer's own is asked).
const THEIR_ROUND = {
  pick: (number, player) => t("Round {number}: {player} takes a bottom card.", { number, player }),
  place: (number, player) => t("Round {number}: {player} chooses a pile for a black card.", { number, player }),
  set_aside: (number, player) => t("Round {number}: {player} sets a disk aside.", { number, player }),
};

/** A card in words: "12 black". */
const cardWords = (c) => t("{number} {colour}", { number: c.number, colour: LOOK[c.colour].name });

/** Disks by colour in words ("white: 1, red: 2"), or "none". */
function diskWords(disks) {
  const said = Object.entries(disks).filter(([, count]) => count > 0)
    .map(([colour, count]) => t("{colour}: {count}", { colour: LOOK[colour].name, count }));
  return said.length ? said.join(", ") : t("none");
}

/** Another seat in words: its points, disks, hand (the cards seen taken, the rest unknown)
 * and what it plays. */
function rivalWords(p, b, seatName) {
  const known = p.hand ? p.hand : p.taken.slice(0, p.hand_size);
  const hand = known.length
    ? tn("{count} card, among them {cards}", "{count} cards, among them {cards}", p.hand_size,
      { cards: known.map(cardWords).join(", ") })
    : tn("{count} card", "{count} cards", p.hand_size);
  const args = { player: seatName(p.seat), points: tn("{count} point", "{count} points", p.score),
    disks: diskWords(p.disks), hand };
  let play = null;
  if (p.played) play = t("played {card}", { card: cardWords(p.played) });
  else if (b.phase === "play") play = p.committed ? t("played face down") : t("choosing…");
  return play ? t("{player} — {points}; disks: {disks}; hand: {hand}; {play}.", { ...args, play })
    : t("{player} — {points}; disks: {disks}; hand: {hand}.", args);
}

/**
 * The position as sentences for the text mode (issue 29, Access): the round and whose turn,
 * what the viewer is asked, its hand, disks, score and play, the lines and their bottom
 * cards, the piles and the figures at them, and every other seat — in the reader's
 * language, from the same board model the drawing uses.
 */
export function describe(update, ctx) {
  const view = update.view;
  const b = view.board;
  const viewer = ctx.viewer ?? null;
  const actions = update.actions || [];
  const turn = [];
  if (b.phase !== "over") {
    if (b.phase === "play") {
      const done = b.players.filter((p) => p.committed).length;
      turn.push(t("Round {number}: every seat plays a card face down; {done} of {count} chosen.",
        { number: b.round, done, count: b.players.length }));
    } else if (!actions.length && b.to_act !== null && b.to_act !== undefined && THEIR_ROUND[b.phase]) {
      turn.push(THEIR_ROUND[b.phase](b.round, ctx.seatName(b.to_act)));
    } else {
      turn.push(t("Round {number}.", { number: b.round }));
    }
    turn.push(t("{player} is the start player.", { player: ctx.seatName(b.start_player) }),
      tn("The deck holds {count} card.", "The deck holds {count} cards.", b.deck_size));
  }
  const ask = actions.find((action) => PROMPTS[action.kind]);
  const me = b.players.find((p) => p.seat === viewer);
  const hold = [];
  if (me) {
    hold.push(me.hand && me.hand.length ? t("Your hand: {cards}.", { cards: me.hand.map(cardWords).join(", ") })
      : t("Your hand is empty."),
    t("Your disks: {disks}.", { disks: diskWords(me.disks) }),
    tn("Your score: {count} point.", "Your score: {count} points.", me.score));
    if (me.played && b.phase === "play") hold.push(t("You play {card} face down.", { card: cardWords(me.played) }));
    else if (me.played) hold.push(t("You played {card}.", { card: cardWords(me.played) }));
    else if (me.last_played) hold.push(t("You last played {card}.", { card: cardWords(me.last_played) }));
  }
  const standing = new Map(b.figures.map((f) => [f.pile, f.seats]));
  const board = [
    ...b.lines.map((line) => (line.cards.length
      ? t("Line {number}: {cards}; the bottom card is {card}.", { number: line.line,
        cards: line.cards.map(cardWords).join(", "), card: cardWords(line.bottom || line.cards[line.cards.length - 1]) })
      : t("Line {number} is empty.", { number: line.line }))),
    t("The piles of disks: {piles}.", { piles: diskWords(b.piles) }),
    ...[...standing].filter(([, seats]) => seats.length).map(([colour, seats]) =>
      t("At the {colour} pile, in rank: {players}.", { colour: LOOK[colour].name,
        players: seats.map((seat) => ctx.seatName(seat)).join(", ") })),
    b.played_out.length ? tn("Out of the game: {count} card, {cards}.", "Out of the game: {count} cards, {cards}.",
      b.played_out.length, { cards: b.played_out.map(cardWords).join(", ") }) : null,
  ];
  return {
    turn,
    ask: ask ? [PROMPTS[ask.kind]] : [],
    hold,
    board,
    players: b.players.filter((p) => p.seat !== viewer).map((p) => rivalWords(p, b, ctx.seatName)),
  };
}
