// Super Camelot in the browser: the explored forest as an SVG map of squares, the players'
// boards, the dice just rolled and what just happened. It only draws: every legal action
// comes annotated by the server with the square (or circle, die, card) it sits on and the
// squares it reaches, the forest's shape and the rules' words come with the game's
// geometry, the map's window with the board, and the dice with the chance events.

import { clear, el, spot, svg, target } from "/static/js/dom.js";
import { known, lang, t, tn, words } from "/static/js/i18n.js";
import { actionLabel, english, eventWords, nameList, ruleLink, said } from "/static/js/words.js";

const S = 10; // one square, in viewBox units
const SEAT_CLASS = ["seat-0", "seat-1", "seat-2", "seat-3"];
const FACINGS = ["north", "northeast", "east", "southeast", "south", "southwest", "west",
  "northwest"]; // the protocol's compass words, clockwise from north
const FACING_WORDS = {
  north: t("north"), northeast: t("northeast"), east: t("east"), southeast: t("southeast"),
  south: t("south"), southwest: t("southwest"), west: t("west"), northwest: t("northwest"),
};
// The start circles' compass letters in the reader's language (French NESO, German NOSW):
// one message, the four letters in order, so that its translator sees them together.
const COMPASS = (() => {
  const letters = Array.from(t("NESW")).filter((c) => /\p{L}/u.test(c));
  const [north, east, south, west] = letters.length === 4 ? letters : Array.from("NESW");
  return { north, east, south, west };
})();
/** A character by the protocol's id ("gwenivere"), as people know them: the proper name
 * ("Gwenivere"), the same in every language. */
const properName = (id) => (id ? id[0].toUpperCase() + id.slice(1) : "");
const FACE_WORDS = {
  shield: t("shield"), star: t("star"), gem: t("gem"), two_hits: t("2 hits"), one_hit: t("1 hit"),
  blank: t("blank"),
};
const SPECIAL_WORDS = {
  big_key: t("Big Key"), fire_relic: t("Fire Relic"), water_relic: t("Water Relic"),
  wind_relic: t("Wind Relic"),
};
const ITEM_WORDS = {
  green_gem: t("green gem"), blue_gem: t("blue gem"), red_gem: t("red gem"), small_key: t("small key"),
  bomb: t("bomb"),
};
// A gem colour of the wallet: one gem, the gems of a colour, their value.
const GEM_WORDS = {
  green: { one: t("green gem"), many: t("green gems"), each: (value) => t("green gems ({value} each)", { value }) },
  blue: { one: t("blue gem"), many: t("blue gems"), each: (value) => t("blue gems ({value} each)", { value }) },
  red: { one: t("red gem"), many: t("red gems"), each: (value) => t("red gems ({value} each)", { value }) },
};
const TREASURE_STATES = { stolen: t("stolen"), lost: t("lost") };
const GEM_COLOURS = { green_gem: "green", blue_gem: "blue", red_gem: "red" }; // item → wallet word
let geo = null; // the game's geometry (set at each render)
let game = "super-camelot"; // the game's id, for the rules page's address (set at each render)
// A ruling is never part of the words: it is a small link to the rules, beside them.
const explain = (key) => said(geo.rules[key].words, geo.rules[key].text); // the game's rule text
// A name the game sends in English (a tile's): the catalogue's words for it when it has them.
const named = (name) => (known(name) ? words({ message: name }) : english(name));
/** A thing and the rule about it, as a title: "tree: …". */
const described = (thing, rule) => t("{thing}: {rule}", { thing, rule });

// Lists the page's language's way ("A, B and C", French "A, B et C", German "A, B und C");
// the pseudo-locale, which Intl does not know, says its list through the catalogue.
const LISTS = lang === "qps" ? null : new Intl.ListFormat(lang, { type: "conjunction" });
const listOf = (items) => (LISTS ? LISTS.format(items) : nameList(items));
/** Parts that hold commas of their own, one after another as the language parts them
 * ("a; b", French "a ; b"). */
const oneAfterAnother = (items) => items.reduceRight((rest, first) => t("{first}; {rest}", { first, rest }));
const rule = (ruling) => ruleLink(game, ruling);

// The player's choice of what the board shows, and a mode being built (bomb or bow aim).
let mode = null; // "bomb" | "shoot" | null, reset when the version changes
let modeVersion = -1;
let wholeMap = null; // null: automatic (cropped on a phone); true / false: the player chose
let last = null; // [root, update, ctx] for a re-render after a local choice
let seatNamer = null; // the table's seat names (set at each render), for the actions' words

// -- squares -------------------------------------------------------------------------------

function parseSquare(name) {
  const match = /^r(\d+)c(\d+)$/.exec(name || "");
  return match ? [Number(match[1]) - 1, Number(match[2]) - 1] : null;
}

const sqName = (row, col) => `r${row + 1}c${col + 1}`;
function inStart(r, c) {
  const st = geo.start;
  return r >= st.top && r < st.top + st.size && c >= st.left && c < st.left + st.size;
}

/** Where a player stands, as [row, col] of the square it is drawn on (a circle: its first
 * square), or null before it enters. */
function standing(player) {
  if (!player.square) return null;
  for (const [side, squares] of Object.entries(geo.start.circles)) {
    if (player.square === `${side} circle`) return parseSquare(squares[0]);
  }
  return parseSquare(player.square);
}

// -- pieces (each drawn in a 10×10 square at x, y; shape and letter, never colour alone) ----

function titled(node, words) {
  node.append(svg("title", { text: words }));
  return node;
}

function letter(x, y, text, cls = "sc-letter", size = 3.6) {
  return svg("text", {
    x, y, class: cls, "font-size": size, "text-anchor": "middle",
    "dominant-baseline": "central",
  }, text);
}

function drawTree(x, y) {
  return titled(svg("g", { class: "sc-tree" },
    svg("rect", { x: x + 4.2, y: y + 6.6, width: 1.6, height: 2.4, class: "sc-trunk" }),
    svg("polygon", { points: `${x + 5},${y + 0.8} ${x + 8.6},${y + 7} ${x + 1.4},${y + 7}` }),
  ), described(t("tree"), explain("tree")));
}

function drawBush(x, y) {
  return titled(svg("g", { class: "sc-bush" },
    svg("circle", { cx: x + 3.4, cy: y + 5.8, r: 2.6 }),
    svg("circle", { cx: x + 6.6, cy: y + 5.8, r: 2.6 }),
    svg("circle", { cx: x + 5, cy: y + 3.6, r: 2.8 }),
    svg("path", { d: `M${x + 3} ${y + 5} l1 1 M${x + 6} ${y + 4} l1 1`, class: "sc-bush-mark" }),
  ), described(t("bush"), explain("bush")));
}

function drawRock(x, y) {
  return titled(svg("g", { class: "sc-rock" },
    svg("polygon", {
      points: `${x + 1.5},${y + 7.8} ${x + 2.4},${y + 3.6} ${x + 4.8},${y + 1.8} ` +
        `${x + 7.6},${y + 2.8} ${x + 8.6},${y + 6.4} ${x + 7.4},${y + 8.4}`,
    }),
    svg("path", { d: `M${x + 4.8} ${y + 1.8} L${x + 5.4} ${y + 5} L${x + 8.6} ${y + 6.4}`,
      class: "sc-rock-facet" }),
  ), described(t("rock"), explain("rock")));
}

function drawChest(x, y, big, opened) {
  const inset = big ? 0.8 : 1.6;
  const g = svg("g", { class: `sc-chest${big ? " sc-big" : ""}${opened ? " sc-opened" : ""}` });
  const w = S - 2 * inset;
  if (opened) {
    // Open for good, and it still blocks: drawn with its lid thrown back.
    g.append(svg("rect", { x: x + inset, y: y + 4.4, width: w, height: 4.4, class: "sc-chest-body" }),
      svg("rect", { x: x + inset + 0.6, y: y + 4.4, width: w - 1.2, height: 1.6,
        class: "sc-chest-inside" }),
      svg("polygon", { points: `${x + inset},${y + 4.4} ${x + S - inset},${y + 4.4} ` +
        `${x + S - inset - 1},${y + 1.6} ${x + inset + 1},${y + 1.6}`, class: "sc-chest-lid" }));
  } else {
    g.append(svg("rect", { x: x + inset, y: y + 2.6, width: w, height: 6.2, rx: 0.8,
      class: "sc-chest-body" }),
    svg("line", { x1: x + inset, y1: y + 4.8, x2: x + S - inset, y2: y + 4.8,
      class: "sc-chest-band" }),
    svg("rect", { x: x + 4.1, y: y + 4, width: 1.8, height: 2.2, class: "sc-chest-lock" }));
  }
  if (big) g.append(letter(x + 5, y + 7.3, "B", "sc-letter sc-dark", 2.6));
  const what = big ? t("Big Chest") : t("small chest");
  return titled(g, described(what, opened ? explain("opened") : explain(big ? "big_chest" : "chest")));
}

const SPECIAL_LETTER = { big_key: "K", fire_relic: "F", water_relic: "W", wind_relic: "A" };

function specialSymbol(item, x, y, scale = 1) {
  // A symbol per special item, drawn around (x, y) centre.
  const k = scale;
  switch (item) {
    case "fire_relic":
      return svg("path", { class: "sc-sym sc-fire", d: `M${x} ${y - 3.4 * k} C${x + 3 * k} ${y - 1 * k} ` +
        `${x + 2.6 * k} ${y + 2.6 * k} ${x} ${y + 2.8 * k} C${x - 2.6 * k} ${y + 2.6 * k} ` +
        `${x - 2.4 * k} ${y} ${x - 0.8 * k} ${y - 1.2 * k} C${x - 0.6 * k} ${y} ${x} ${y} ${x} ${y - 3.4 * k}Z` });
    case "water_relic":
      return svg("path", { class: "sc-sym sc-water", d: `M${x} ${y - 3.2 * k} L${x + 2.4 * k} ${y + 0.6 * k} ` +
        `A${2.5 * k} ${2.5 * k} 0 1 1 ${x - 2.4 * k} ${y + 0.6 * k} Z` });
    case "wind_relic":
      return svg("path", { class: "sc-sym sc-wind", d: `M${x - 3 * k} ${y - 1.6 * k} h${4 * k} ` +
        `a${1.2 * k} ${1.2 * k} 0 1 0 -${1.2 * k} -${1.2 * k} M${x - 3 * k} ${y + 0.2 * k} h${5.4 * k} ` +
        `a${1.2 * k} ${1.2 * k} 0 1 1 -${1.2 * k} ${1.2 * k} M${x - 3 * k} ${y + 2 * k} h${3 * k}` });
    default:
      return svg("path", { class: "sc-sym sc-bigkey", d: `M${x - 1.2 * k} ${y - 1.2 * k} ` +
        `m-${1.6 * k} 0 a${1.6 * k} ${1.6 * k} 0 1 0 ${3.2 * k} 0 a${1.6 * k} ${1.6 * k} 0 1 0 -${3.2 * k} 0 ` +
        `M${x - 0.1 * k} ${y - 0.1 * k} L${x + 3 * k} ${y + 3 * k} M${x + 1.6 * k} ${y + 1.6 * k} ` +
        `l-${1 * k} ${1 * k} M${x + 2.5 * k} ${y + 2.5 * k} l-${1 * k} ${1 * k}` });
  }
}

function drawStack(x, y, stack) {
  return titled(svg("g", { class: `sc-stack sc-${stack.item}` },
    svg("rect", { x: x + 0.8, y: y + 0.8, width: 8.4, height: 8.4, rx: 2, class: "sc-stack-base" }),
    specialSymbol(stack.item, x + 5, y + 4.6),
    letter(x + 8, y + 8, `${stack.left}`, "sc-letter sc-count", 2.4),
  ), described(tn("{item} stack, {count} left", "{item} stack, {count} left", stack.left,
    { item: SPECIAL_WORDS[stack.item] || english(stack.item) }), explain("stack")));
}

function itemSymbol(item, cx, cy, k) {
  if (item === "bomb") {
    return svg("g", { class: "sc-item-bomb" },
      svg("circle", { cx, cy: cy + 0.4 * k, r: 2.2 * k }),
      svg("path", { d: `M${cx + 1.4 * k} ${cy - 1.4 * k} q${0.8 * k} -${1.2 * k} ${1.8 * k} -${1 * k}`,
        class: "sc-fuse" }));
  }
  if (item === "small_key") {
    return svg("g", { class: "sc-item-key" },
      svg("circle", { cx: cx - 1.4 * k, cy, r: 1.3 * k }),
      svg("path", { d: `M${cx - 0.1 * k} ${cy} h${3 * k} m-${1} 0 v${1.2 * k}`, class: "sc-key-shaft" }));
  }
  const value = String(geo.gem_values[item]);
  return svg("g", { class: `sc-gem sc-${item}` },
    svg("polygon", { points: `${cx},${cy - 2.6 * k} ${cx + 2.4 * k},${cy} ${cx},${cy + 2.6 * k} ${cx - 2.4 * k},${cy}` }),
    letter(cx, cy + 0.1 * k, value, "sc-letter sc-gem-value", (value.length > 1 ? 1.9 : 2.4) * k));
}

/** An item in words: "blue gem (5)", "small key". */
function itemWords(item) {
  const words = ITEM_WORDS[item] || english(item.replaceAll("_", " "));
  return geo.gem_values[item] !== undefined ? t("{item} ({value})", { item: words, value: geo.gem_values[item] }) : words;
}

function drawItems(x, y, items) {
  const g = svg("g", { class: "sc-items" });
  const spots = items.length === 1 ? [[5, 5]] : [[3, 3], [7, 3], [3, 7], [7, 7]];
  const k = items.length === 1 ? 1 : 0.75;
  items.slice(0, 4).forEach((item, i) => g.append(itemSymbol(item, x + spots[i][0], y + spots[i][1], k)));
  if (items.length > 4) g.append(letter(x + 8.5, y + 1.5, `+${items.length - 4}`, "sc-letter", 2.2));
  return titled(g, described(t("items: {items}", { items: items.map(itemWords).join(", ") }), explain("items")));
}

function drawEnemy(x, y, enemy, small) {
  const g = svg("g", { class: `sc-enemy sc-${enemy.kind}` });
  const k = small ? 0.6 : 1;
  const cx = x + (small ? 6.8 : 5), cy = y + (small ? 6.8 : 5);
  if (enemy.kind === "dark_knight") {
    // A helmet with a visor slit: the toughest enemy.
    g.append(svg("path", { class: "sc-enemy-body", d: `M${cx - 3.6 * k} ${cy + 3.8 * k} V${cy - 0.6 * k} ` +
      `A${3.6 * k} ${3.6 * k} 0 0 1 ${cx + 3.6 * k} ${cy - 0.6 * k} V${cy + 3.8 * k} Z` }),
    svg("rect", { x: cx - 2.6 * k, y: cy - 0.4 * k, width: 5.2 * k, height: 1 * k, class: "sc-visor" }),
    letter(cx, cy + 2.2 * k, "D", "sc-letter sc-enemy-letter", 2.6 * k));
    titled(g, described(t("Dark Knight"), explain("dark_knight")));
  } else if (enemy.kind === "mimic") {
    // A chest with teeth: a Mimic pretends to be a chest.
    g.append(svg("rect", { class: "sc-enemy-body", x: cx - 3.8 * k, y: cy - 3 * k, width: 7.6 * k,
      height: 6.6 * k, rx: 0.8 * k }),
    svg("path", { class: "sc-teeth", d: `M${cx - 3.8 * k} ${cy - 0.4 * k} ` +
      Array.from({ length: 5 }, (_, i) => `l${0.76 * k} ${i % 2 ? -1.4 * k : 1.4 * k} l${0.76 * k} ${i % 2 ? 1.4 * k : -1.4 * k}`).join(" ") }),
    letter(cx, cy + 2 * k, "M", "sc-letter sc-enemy-letter", 2.4 * k));
    const about = described(t("Mimic"), explain("mimic"));
    const stolen = enemy.hoard && enemy.hoard.length
      ? tn("holds {count} stolen treasure", "holds {count} stolen treasures", enemy.hoard.length) : null;
    titled(g, stolen ? oneAfterAnother([about, stolen]) : about);
  } else {
    // A flower head with petals and a stalk pointing where it faces.
    const facing = Math.max(0, FACINGS.indexOf(enemy.facing || "north"));
    const pointer = svg("polygon", { class: "sc-facing",
      points: `${cx},${cy - 4.8 * k} ${cx + 1.5 * k},${cy - 2.4 * k} ${cx - 1.5 * k},${cy - 2.4 * k}`,
      transform: `rotate(${facing * 45} ${cx} ${cy})` });
    g.append(pointer);
    for (let i = 0; i < 6; i += 1) {
      const a = (i * Math.PI) / 3;
      g.append(svg("circle", { class: "sc-petal", cx: cx + Math.cos(a) * 2.2 * k,
        cy: cy + Math.sin(a) * 2.2 * k, r: 1.3 * k }));
    }
    g.append(svg("circle", { class: "sc-enemy-body", cx, cy, r: 1.9 * k }),
      letter(cx, cy + 0.1 * k, "P", "sc-letter sc-enemy-letter", 2.4 * k));
    const faces = enemy.facing || "north";
    titled(g, described(t("Carnivorous Plant facing {direction}", { direction: FACING_WORDS[faces] || english(faces) }),
      explain("plant")));
  }
  return g;
}

function drawCharacter(x, y, player, update, small, active) {
  const seat = player.seat;
  const cls = `sc-character ${SEAT_CLASS[seat % 4]}${player.passed_out ? " sc-passed-out" : ""}`;
  const k = small ? 0.72 : 1;
  const cx = x + (small ? 3.6 : 5), cy = y + (small ? 3.6 : 5);
  const g = svg("g", { class: cls, "data-testid": `piece-${seat}`, "data-square": player.square || null });
  if (active) g.append(svg("circle", { cx, cy, r: 4.9 * k, class: "sc-active-ring" }));
  // Each seat has its own shape as well as colour: circle, square, diamond, hexagon.
  const r = 3.9 * k;
  const shapes = [
    () => svg("circle", { cx, cy, r, class: "sc-token" }),
    () => svg("rect", { x: cx - r * 0.9, y: cy - r * 0.9, width: r * 1.8, height: r * 1.8, rx: 0.6,
      class: "sc-token" }),
    () => svg("polygon", { points: `${cx},${cy - r * 1.1} ${cx + r * 1.1},${cy} ${cx},${cy + r * 1.1} ${cx - r * 1.1},${cy}`,
      class: "sc-token" }),
    () => svg("polygon", { class: "sc-token", points: Array.from({ length: 6 }, (_, i) => {
      const a = (Math.PI / 3) * i + Math.PI / 6;
      return `${cx + Math.cos(a) * r},${cy + Math.sin(a) * r}`;
    }).join(" ") }),
  ];
  g.append(shapes[seat % 4]());
  g.append(letter(cx, cy + 0.2 * k, player.passed_out ? "z" : `${seat + 1}`,
    "sc-letter sc-token-letter", 4 * k));
  const who = update.names && update.names[String(seat)] ? update.names[String(seat)] : `P${seat + 1}`;
  const summary = t("{seat} {player}: {character}, {health} health",
    { seat: `P${seat + 1}`, player: who, character: properName(player.character), health: player.health });
  return titled(g, player.passed_out ? `${summary}, ${explain("passed_out")}` : summary);
}

// -- the map -------------------------------------------------------------------------------

function defs() {
  return svg("defs", {},
    svg("pattern", { id: "sc-fog", width: 4, height: 4, patternUnits: "userSpaceOnUse",
      patternTransform: "rotate(45)" },
    svg("rect", { width: 4, height: 4, class: "sc-fog-bg" }),
    svg("line", { x1: 0, y1: 0, x2: 0, y2: 4, class: "sc-fog-line" })),
    svg("pattern", { id: "sc-hatch", width: 2.4, height: 2.4, patternUnits: "userSpaceOnUse",
      patternTransform: "rotate(-45)" },
    svg("line", { x1: 0, y1: 0, x2: 0, y2: 2.4, class: "sc-hatch-line" })),
    svg("pattern", { id: "sc-paving", width: 5, height: 5, patternUnits: "userSpaceOnUse" },
      svg("rect", { width: 5, height: 5, class: "sc-paving-bg" }),
      svg("path", { d: "M0 0 H5 M0 2.5 H5 M2.5 0 V2.5 M0 2.5 V5", class: "sc-paving-line" })));
}

/** Where the annotated actions are drawn on the map: a target per square (an arc on its
 * own square or another square it strikes), the circles, the castle. While a bomb or the
 * bow is being aimed, only its targets are on the map (the moves and arcs wait). */
function mapActions(actions, win) {
  const bySquare = new Map();
  const circles = new Map();
  const arcs = [];
  let grail = null;
  const put = (name, action) => {
    const sq = parseSquare(name);
    if (!sq || sq[0] < win.top || sq[0] >= win.bottom || sq[1] < win.left || sq[1] >= win.right) return false;
    const key = `${sq[0]},${sq[1]}`;
    if (bySquare.has(key)) return false;
    bySquare.set(key, action);
    return true;
  };
  for (const action of actions) {
    const place = action.at;
    const aimed = action.kind === "bomb" || action.kind === "shoot";
    if (!place || (aimed && mode !== action.kind) || (!aimed && mode !== null)) continue;
    if (place.area === "circle") circles.set(place.item, action);
    else if (place.area === "castle") grail = action;
    else if (place.area === "square" && (action.kind === "attack" || action.kind === "sweep")) arcs.push(action);
    else if (place.area === "square") put(place.square, action);
  }
  for (const arc of arcs) [arc.at.square, ...arc.reaches].some((name) => put(name, arc));
  return { bySquare, circles, grail, arcs };
}

const TARGET_WORD = {
  drop: t("drop"), kill: t("kill"), loot: t("loot"), activate: t("act"), shoot: t("shoot"), bomb: t("bomb"),
  pick_up: t("take"), open: t("open"), target: t("hit"), explore: t("explore"),
};

/** The window drawn, grown to hold every square an exploring step enters: the unexplored
 * forest beside the map (fog) is where a first exploration is clicked. */
function widen(win, actions) {
  const grown = { ...win };
  for (const action of actions) {
    const sq = action.kind === "explore" && action.at ? parseSquare(action.at.square) : null;
    if (!sq) continue;
    grown.top = Math.min(grown.top, sq[0]);
    grown.bottom = Math.max(grown.bottom, sq[0] + 1);
    grown.left = Math.min(grown.left, sq[1]);
    grown.right = Math.max(grown.right, sq[1] + 1);
  }
  return grown;
}

/** The target of `action` on square (r, c); `from` is where the viewer's character stands
 * (a step next to it gets an arrow), `busy` the squares holding a bush or an enemy. */
function drawTarget(r, c, action, from, busy) {
  const x = c * S, y = r * S;
  const arc = action.kind === "attack" || action.kind === "sweep";
  const reach = arc ? action.reaches.filter((name) => busy.has(name)).length : null;
  const g = svg("g", { class: `sc-target sc-target-${action.kind}`, "data-kind": action.kind,
    "data-reach": reach });
  if (arc) {
    // The piece under the target stays visible: an outline, and a sword badge in a corner.
    g.append(
      svg("rect", { x: x + 0.6, y: y + 0.6, width: S - 1.2, height: S - 1.2, rx: 1.2, class: "sc-target-box" }),
      svg("circle", { cx: x + 7.7, cy: y + 2.3, r: 2.1, class: "sc-badge-bg" }),
      svg("path", { class: "sc-sword", d: `M${x + 6.5} ${y + 3.5} L${x + 8.8} ${y + 1.2} M${x + 6.2} ${y + 2.6} L${x + 7.4} ${y + 3.8}` }),
      letter(x + 2.6, y + 2.2, (action.at.item || "").toUpperCase().slice(0, 2), "sc-letter sc-target-word", 2));
  } else if (action.kind === "step") {
    g.append(svg("rect", { x: x + 0.6, y: y + 0.6, width: S - 1.2, height: S - 1.2, rx: 1.2, class: "sc-target-box" }));
    const [dr, dc] = from ? [r - from[0], c - from[1]] : [0, 0];
    const rot = { "-1,0": 0, "0,1": 90, "1,0": 180, "0,-1": 270 }[`${dr},${dc}`];
    if (rot === undefined) {
      g.append(svg("circle", { cx: x + 5, cy: y + 5, r: 1.4, class: "sc-step-dot" }));
    } else {
      g.append(svg("path", { class: "sc-step-arrow", d: `M${x + 2.6} ${y + 6.4} L${x + 5} ${y + 3.6} L${x + 7.4} ${y + 6.4}`,
        transform: `rotate(${rot} ${x + 5} ${y + 5})` }));
    }
  } else {
    g.append(svg("rect", { x: x + 0.6, y: y + 0.6, width: S - 1.2, height: S - 1.2, rx: 1.2, class: "sc-target-box" }),
      svg("rect", { x: x + 1.2, y: y + 0.9, width: S - 2.4, height: 2.8, rx: 0.8, class: "sc-target-tag" }),
      letter(x + 5, y + 2.35, TARGET_WORD[action.kind] || action.kind, "sc-letter sc-target-word", 2.2));
  }
  target(g, action.text, actionLabel(action, seatNamer));
  if (!action.reaches.length || action.kind === "step" || action.kind === "explore") return [g];
  // The squares it strikes, drawn strongly while its target is hovered or focused; a
  // sibling after the target (CSS `+`), so the target itself stays one square to click.
  const struck = svg("g", { class: "sc-arc-reach", "aria-hidden": "true" });
  for (const name of action.reaches) {
    const [ar, ac] = parseSquare(name);
    struck.append(svg("rect", { x: ac * S + 0.5, y: ar * S + 0.5, width: S - 1, height: S - 1,
      "data-square": name }));
  }
  return [g, struck];
}

function drawForest(update, win) {
  const { view } = update;
  const board = view.board;
  const tile = geo.tile;
  const pad = 5;
  const root = svg("svg", {
    "data-testid": "forest", class: "sc-forest", role: "group",
    "aria-label": t("The forest (north is up)"),
    viewBox: `${win.left * S - pad} ${win.top * S - pad} ${(win.right - win.left) * S + pad + 0.5} ` +
      `${(win.bottom - win.top) * S + pad + 0.5}`,
    preserveAspectRatio: "xMidYMin meet",
  });
  // Everything on the map is clipped to the window (a cropped map shows whole squares).
  const clipId = "sc-window";
  root.append(defs(), svg("clipPath", { id: clipId },
    svg("rect", { x: win.left * S, y: win.top * S, width: (win.right - win.left) * S,
      height: (win.bottom - win.top) * S })));
  const clipped = svg("g", { "clip-path": `url(#${clipId})` });
  const ground = svg("g", { class: "sc-ground" });
  const pieces = svg("g", { class: "sc-pieces" });
  const marks = svg("g", { class: "sc-marks" });
  const targets = svg("g", { class: "sc-targets" });
  const coords = svg("g", { class: "sc-coords", "aria-hidden": "true" });
  clipped.append(ground, marks, pieces, targets);
  root.append(coords, clipped);

  // Coordinates, 1-based as in the notation (r<row>c<col>).
  for (let c = win.left; c < win.right; c += 1) {
    coords.append(letter(c * S + 5, win.top * S - 2.4, `${c + 1}`, "sc-coord", 2.8));
  }
  for (let r = win.top; r < win.bottom; r += 1) {
    coords.append(letter(win.left * S - 2.6, r * S + 5, `${r + 1}`, "sc-coord", 2.8));
  }

  // Tiles in play, and the slots not explored yet (fog).
  const perSide = geo.side / tile;
  const tileAt = new Map(board.tiles.map((t) => [t.slot, t]));
  for (let slot = 0; slot < perSide * perSide; slot += 1) {
    const tr = Math.floor(slot / perSide) * tile, tc = (slot % perSide) * tile;
    if (tr + tile <= win.top || tr >= win.bottom || tc + tile <= win.left || tc >= win.right) continue;
    const placed = tileAt.get(slot);
    if (!placed) {
      ground.append(titled(svg("rect", { x: tc * S, y: tr * S, width: tile * S, height: tile * S,
        class: "sc-fog" }), explain("fog")));
      continue;
    }
    ground.append(titled(svg("rect", { x: tc * S, y: tr * S, width: tile * S, height: tile * S,
      class: `sc-tile${placed.populated ? "" : " sc-tile-empty"}` }),
    placed.populated ? named(placed.name) : t("{tile} ({rule})", { tile: named(placed.name), rule: explain("unpopulated") })));
  }
  // The square grid and the trees.
  const trees = new Set(geo.trees.map(([r, c]) => `${r},${c}`));
  const grid = [];
  for (let r = win.top; r < win.bottom; r += 1) {
    for (let c = win.left; c < win.right; c += 1) {
      const slot = Math.floor(r / tile) * perSide + Math.floor(c / tile);
      if (!tileAt.has(slot) || inStart(r, c)) continue;
      grid.push(spot(svg("rect", { x: c * S, y: r * S, width: S, height: S, class: "sc-square",
        "data-testid": `square-${sqName(r, c)}` }), { area: "square", square: sqName(r, c) }, { label: sqName(r, c) }));
      if (trees.has(`${r % tile},${c % tile}`)) grid.push(drawTree(c * S, r * S));
    }
  }
  ground.append(...grid);
  // Tile names along each tile's north edge, between the trees.
  for (const placed of board.tiles) {
    const tr = Math.floor(placed.slot / perSide) * tile, tc = (placed.slot % perSide) * tile;
    if (tr < win.top || tr >= win.bottom || tc + tile <= win.left || tc >= win.right) continue;
    ground.append(svg("text", { x: tc * S + (tile / 2) * S, y: tr * S + 1.8, class: "sc-tile-name",
      "font-size": 2.4, "text-anchor": "middle", "dominant-baseline": "hanging" }, named(placed.name)));
  }

  // The Starting Tile, its Castle with the Grail and its four circles.
  const start = geo.start;
  const sx = start.left * S, sy = start.top * S;
  const last = start.size - 1;
  ground.append(titled(svg("rect", { x: sx, y: sy, width: start.size * S, height: start.size * S,
    class: "sc-start" }), explain("start")));
  for (const [r, c] of [[0, 0], [0, last], [last, 0], [last, last]]) {
    ground.append(spot(svg("rect", { x: sx + c * S, y: sy + r * S, width: S, height: S,
      class: "sc-square sc-start-square", "data-testid": `square-${sqName(start.top + r, start.left + c)}` }),
    { area: "square", square: sqName(start.top + r, start.left + c) }, { label: sqName(start.top + r, start.left + c) }));
  }
  const castle = svg("g", { class: "sc-castle" },
    svg("path", { d: `M${sx + 11} ${sy + 29} V${sy + 13} h3 v2 h3 v-2 h3 v2 h2 v-2 h3 v2 h2 v-2 h3 v16 Z` }),
    svg("path", { class: "sc-grail", d: `M${sx + 16.4} ${sy + 17.6} h7.2 q0 4.6 -3.6 5 v2.6 h2.2 v1.4 h-6.6 v-1.4 h2.2 v-2.6 q-3.6 -0.4 -3.6 -5 Z` }));
  for (const name of start.castle) {
    const [r, c] = parseSquare(name);
    castle.append(svg("rect", { x: c * S, y: r * S, width: S, height: S, class: "sc-castle-square",
      "data-testid": `square-${name}` }));
  }
  ground.append(spot(titled(castle, explain("castle")), { area: "castle" }));

  const actions = mapActions(update.actions || [], win);
  if (actions.grail) {
    targets.append(target(svg("rect", { x: sx + 10.5, y: sy + 10.5, width: 19, height: 19, rx: 2,
      class: "sc-target-box sc-target sc-target-grail" }), actions.grail.text,
    actionLabel(actions.grail, seatNamer)));
  }

  for (const [side, names] of Object.entries(start.circles)) {
    const [[r1, c1], [r2, c2]] = names.map(parseSquare);
    const x = Math.min(c1, c2) * S, y = Math.min(r1, r2) * S;
    const w = (Math.abs(c2 - c1) + 1) * S, h = (Math.abs(r2 - r1) + 1) * S;
    const ring = svg("g", { class: "sc-circle" },
      svg("ellipse", { cx: x + w / 2, cy: y + h / 2, rx: w / 2 - 1.2, ry: h / 2 - 1.2 }),
      letter(x + w / 2, y + h / 2, COMPASS[side] || side[0].toUpperCase(), "sc-letter sc-circle-letter", 3));
    for (const name of names) {
      const [r, c] = parseSquare(name);
      ring.append(svg("rect", { x: c * S, y: r * S, width: S, height: S, class: "sc-circle-square",
        "data-testid": `square-${name}` }));
    }
    ground.append(spot(titled(ring, described(FACING_WORDS[side] || english(side), explain("circle"))),
      { area: "circle", item: side }));
    const action = actions.circles.get(side);
    if (action) {
      targets.append(target(svg("ellipse", { cx: x + w / 2, cy: y + h / 2, rx: w / 2 - 0.5, ry: h / 2 - 0.5,
        class: "sc-target-box sc-target-circle", "data-kind": action.kind }), action.text,
      actionLabel(action, seatNamer)));
    }
  }

  // Every legal arc's squares, faintly (each arc's target draws them strongly).
  const zone = new Set(actions.arcs.flatMap((arc) => arc.reaches));
  for (const name of zone) {
    const [r, c] = parseSquare(name);
    if (r < win.top || r >= win.bottom || c < win.left || c >= win.right) continue;
    marks.append(svg("rect", { x: c * S + 0.3, y: r * S + 0.3, width: S - 0.6, height: S - 0.6,
      class: "sc-arc-zone", "data-square": name }));
  }

  // What happened this update: enemies' paths and deaths (the enemy turn step by step).
  for (const event of update.recent || []) {
    if (event.type !== "enemy") continue;
    const to = parseSquare(event.square);
    const from = parseSquare(event.origin);
    if (from && to) {
      marks.append(svg("line", { x1: from[1] * S + 5, y1: from[0] * S + 5, x2: to[1] * S + 5,
        y2: to[0] * S + 5, class: "sc-trail" }),
      svg("circle", { cx: from[1] * S + 5, cy: from[0] * S + 5, r: 1.4, class: "sc-trail-start" }));
    }
    if (to && event.change === "dies") {
      marks.append(titled(svg("path", { class: "sc-death", d: `M${to[1] * S + 2} ${to[0] * S + 2} l6 6 m0 -6 l-6 6` }),
        eventWords(event, seatNamer)));
    }
    if (to && event.change !== "dies") {
      marks.append(svg("rect", { x: to[1] * S + 0.4, y: to[0] * S + 0.4, width: S - 0.8, height: S - 0.8,
        rx: 1.5, class: "sc-just-moved" }));
    }
  }

  // Pieces: objects, stacks, items, enemies, characters.
  for (const object of board.objects) {
    const sq = parseSquare(object.square);
    if (!sq) continue;
    const x = sq[1] * S, y = sq[0] * S;
    const here = { area: "square", square: object.square }; // "why not?" (issue 32)
    if (object.kind === "bush") pieces.append(spot(drawBush(x, y), here));
    else if (object.kind === "rock") pieces.append(spot(drawRock(x, y), here));
    else pieces.append(spot(drawChest(x, y, object.kind === "big_chest", object.opened), here));
  }
  for (const stack of board.special_stacks) {
    const sq = parseSquare(stack.square);
    if (sq) pieces.append(drawStack(sq[1] * S, sq[0] * S, stack));
  }
  for (const pile of board.items) {
    const sq = parseSquare(pile.square);
    if (sq && pile.items.length) pieces.append(drawItems(sq[1] * S, sq[0] * S, pile.items));
  }
  const playerAt = new Map();
  for (const player of board.players) {
    const sq = standing(player);
    if (sq) playerAt.set(`${sq[0]},${sq[1]}`, player);
  }
  for (const enemy of board.enemies) {
    const sq = parseSquare(enemy.square);
    if (sq) {
      pieces.append(spot(drawEnemy(sq[1] * S, sq[0] * S, enemy, playerAt.has(`${sq[0]},${sq[1]}`)),
        { area: "square", square: enemy.square }));
    }
  }
  const enemyAt = new Set(board.enemies.map((e) => e.square));
  for (const player of board.players) {
    const sq = standing(player);
    if (!sq) continue;
    const shared = enemyAt.has(player.square);
    pieces.append(drawCharacter(sq[1] * S, sq[0] * S, player, update, shared,
      player.seat === board.active && view.status !== "over"));
  }
  // Damage just taken, beside the character.
  for (const event of update.recent || []) {
    if (event.type !== "health" || !event.change) continue;
    const player = board.players.find((p) => p.seat === event.seat);
    const sq = player && standing(player);
    if (!sq) continue;
    const x = sq[1] * S, y = sq[0] * S;
    marks.append(svg("g", { class: event.change < 0 ? "sc-damage" : "sc-heal" },
      svg("rect", { x: x + 4.6, y: y - 3.4, width: 7, height: 4, rx: 1 }),
      letter(x + 8.1, y - 1.4, `${event.change > 0 ? "+" : "−"}${Math.abs(event.change)}`, "sc-letter sc-damage-text", 2.8)));
  }

  // Targets last, on top of everything.
  const me = view.viewer === null || view.viewer === undefined ? null
    : board.players.find((p) => p.seat === view.viewer);
  const from = me ? standing(me) : null;
  const busy = new Set([...board.enemies.map((e) => e.square),
    ...board.objects.filter((o) => o.kind === "bush").map((o) => o.square)]);
  for (const [key, action] of actions.bySquare) {
    const [r, c] = key.split(",").map(Number);
    targets.append(...drawTarget(r, c, action, from, busy));
  }
  return root;
}

// -- dice ----------------------------------------------------------------------------------

function faceSymbol(face) {
  const g = svg("g", { class: `sc-face sc-face-${face.replace("_", "-")}` });
  if (face === "shield") {
    g.append(svg("path", { d: "M12 4 L19 7 V12 C19 16 16 19 12 20.5 C8 19 5 16 5 12 V7 Z" }));
  } else if (face === "star") {
    const pts = [];
    for (let i = 0; i < 10; i += 1) {
      const a = -Math.PI / 2 + (i * Math.PI) / 5;
      const rr = i % 2 ? 3.4 : 8;
      pts.push(`${12 + Math.cos(a) * rr},${12.6 + Math.sin(a) * rr}`);
    }
    g.append(svg("polygon", { points: pts.join(" ") }));
  } else if (face === "gem") {
    g.append(svg("polygon", { points: "12,4 19,10 12,20 5,10" }),
      svg("path", { d: "M5 10 H19 M9 10 L12 4 L15 10 L12 20", class: "sc-face-line" }));
  } else if (face === "one_hit" || face === "two_hits") {
    const burst = (cx, cy) => svg("polygon", { points: [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15]
      .map((i) => {
        const a = (i * Math.PI) / 8;
        const rr = i % 2 ? 2.2 : 5;
        return `${cx + Math.cos(a) * rr},${cy + Math.sin(a) * rr}`;
      }).join(" ") });
    if (face === "one_hit") g.append(burst(12, 12));
    else g.append(burst(8, 9), burst(16, 15));
  }
  return g;
}

function die(face, action) {
  const words = FACE_WORDS[face] || english(face);
  const node = el("span", { class: "sc-die-box" },
    svg("svg", { class: "sc-die", viewBox: "0 0 24 24", role: "img", "aria-label": words },
      svg("rect", { x: 1, y: 1, width: 22, height: 22, rx: 4, class: "sc-die-body" }), faceSymbol(face)),
    el("span", { class: "sc-die-word" }, words));
  if (action) target(node, action.text, actionLabel(action, seatNamer));
  return node;
}

const PURPOSE = { attack: t("attack"), defence: t("defence"), "re-roll": t("re-rolled die") };

/** The dice rolled in the latest decision's events: [{faces, why}], newest last. */
function rolls(events, ctx) {
  return (events || []).filter((event) => event.type === "chance" && event.faces)
    .map((event) => ({ faces: event.faces,
      why: t("{player}'s {roll}", { player: ctx.seatName(event.seat),
        roll: event.weapon && event.purpose === "attack" ? english(event.weapon) : PURPOSE[event.purpose] || english(event.purpose) }) }));
}

function drawDice(update, ctx) {
  const board = update.view.board;
  const box = el("section", { class: "sc-dice", "data-testid": "dice", "aria-label": t("Dice") });
  const found = rolls(update.recent, ctx);
  const awaiting = board.awaiting;
  const rerolls = new Map((update.actions || []).filter((a) => a.kind === "reroll" && a.at)
    .map((a) => [a.at.item, a]));
  if (awaiting && awaiting.dice && !found.length) {
    found.push({ faces: awaiting.dice, why: t("{weapon} dice being resolved",
      { weapon: awaiting.weapon ? english(awaiting.weapon) : t("attack") }) });
  }
  box.append(el("h3", { class: "sc-h" }, t("Dice")));
  if (!found.length) {
    box.append(el("p", { class: "sc-muted" }, t("No dice rolled just now.")));
    return box;
  }
  found.forEach((roll, index) => {
    const latest = index === found.length - 1;
    const used = new Set();
    const row = el("div", { class: "sc-dice-row" });
    for (const face of roll.faces) {
      // A die of a face that may be re-rolled is a target, once per face.
      const action = latest && rerolls.has(face) && !used.has(face) ? rerolls.get(face) : null;
      if (action) used.add(face);
      row.append(die(face, action));
    }
    box.append(el("div", { class: "sc-roll" }, row, el("p", { class: "sc-roll-why" }, roll.why)));
  });
  return box;
}

// -- players -------------------------------------------------------------------------------

function shieldIcon(state) {
  // An intact shield is 2 health, a cracked one 1, then gone.
  return svg("svg", { class: `sc-shield sc-shield-${state}`, viewBox: "0 0 20 22", role: "img",
    "aria-label": { intact: t("intact shield"), cracked: t("cracked shield"), lost: t("lost shield") }[state] },
  svg("path", { d: "M10 1.5 L18 4.5 V10 C18 15 14.5 18.5 10 20.5 C5.5 18.5 2 15 2 10 V4.5 Z" }),
  state === "cracked" ? svg("path", { class: "sc-crack", d: "M10 2 L8 8 L12 11 L9 20" }) : null);
}

function icon(cls, children, label) {
  return svg("svg", { class: `sc-icon ${cls}`, viewBox: "0 0 10 10", role: "img", "aria-label": label },
    ...children);
}

function seatBadge(seat) {
  return svg("svg", { class: `sc-badge ${SEAT_CLASS[seat % 4]}`, viewBox: "0 0 10 10", "aria-hidden": "true" },
    drawCharacter(0, 0, { seat, passed_out: false, character: "", health: 0 }, { names: {} }, false, false));
}

function drawPlayer(player, update, ctx) {
  const { view } = update;
  const board = view.board;
  const seat = player.seat;
  const mine = view.viewer === seat;
  const active = board.active === seat && view.status !== "over";
  const card = el("section", {
    class: `sc-player ${SEAT_CLASS[seat % 4]}${active ? " sc-player-active" : ""}${mine ? " sc-player-me" : ""}`,
    "data-testid": `player-${seat}`,
    "aria-label": ctx.seatName(seat),
  });
  const name = el("div", { class: "sc-player-name" }, seatBadge(seat),
    el("strong", {}, ctx.seatName(seat)),
    el("span", { class: "sc-character-name" }, " ", properName(player.character)),
    mine ? el("span", { class: "sc-tag" }, t("you")) : null,
    active ? el("span", { class: "sc-tag sc-tag-turn" }, t("▶ turn")) : null,
    player.passed_out ? el("span", { class: "sc-tag sc-tag-out" }, t("passed out")) : null);
  card.append(name);

  const health = el("div", { class: "sc-row", "aria-label": t("health {health} of {max}", { health: player.health, max: geo.max_health }),
    title: explain("health") }, el("span", { class: "sc-label" }, t("Health")));
  const shield = geo.health_per_shield;
  for (let i = 0; i < geo.max_health / shield; i += 1) {
    const left = player.health - shield * i;
    health.append(shieldIcon(left >= shield ? "intact" : left > 0 ? "cracked" : "lost"));
  }
  health.append(el("span", { class: "sc-num" }, `${player.health}/${geo.max_health}`));
  card.append(health);

  const kit = el("div", { class: "sc-row" });
  kit.append(el("span", { class: "sc-stat", title: t("small keys"), "data-testid": `keys-${seat}` },
    icon("sc-icon-key", [svg("circle", { cx: 3, cy: 5, r: 2 }), svg("path", { d: "M5 5 H9.4 M8 5 V7", class: "sc-key-shaft" })], t("small keys")),
    `× ${player.keys}`),
  el("span", { class: "sc-stat", title: t("bombs") },
    icon("sc-icon-bomb", [svg("circle", { cx: 4.6, cy: 5.6, r: 3.4 }), svg("path", { d: "M6.8 3 q1 -1.6 2.6 -1.4", class: "sc-fuse" })], t("bombs")),
    `× ${player.bombs}`));
  card.append(kit);

  // The three Relics (and the Big Key) held: a filled symbol; missing: faint.
  const relics = el("div", { class: "sc-row", "data-testid": `relics-${seat}` }, el("span", { class: "sc-label" }, t("Relics")));
  for (const item of ["fire_relic", "water_relic", "wind_relic", "big_key"]) {
    const held = player.specials.includes(item);
    const name = SPECIAL_WORDS[item];
    relics.append(el("span", { class: `sc-relic${held ? " sc-held" : ""}`, title: held ? name : t("{item} (not held)", { item: name }) },
      svg("svg", { class: `sc-icon sc-${item}`, viewBox: "0 0 10 10", role: "img",
        "aria-label": held ? t("{item} held", { item: name }) : t("{item} not held", { item: name }) }, specialSymbol(item, 5, 5, 1.15)),
      el("span", { class: "sc-relic-letter" }, held ? SPECIAL_LETTER[item] : "–")));
  }
  card.append(relics);

  if (player.treasures.length) {
    const list = el("div", { class: "sc-row sc-treasures" }, el("span", { class: "sc-label" }, t("Treasures")));
    for (const treasure of player.treasures) {
      // A stolen treasure is face down under its Mimic; a lost one for good.
      const card = english(treasure.card.replaceAll("_", " "));
      list.append(el("span", { class: `sc-chip sc-chip-${treasure.state}` }, treasure.state === "face_up" ? card
        : t("{card} ({state})", { card, state: TREASURE_STATES[treasure.state] || english(treasure.state) })));
    }
    card.append(list);
  }

  // Gems are shown to their owner only (to all once the game is over).
  const gems = el("div", { class: "sc-row", "data-testid": `gems-${seat}`, title: explain("gems") },
    el("span", { class: "sc-label" }, t("Gems")));
  if (player.gems) {
    for (const [item, value] of Object.entries(geo.gem_values)) {
      const colour = GEM_COLOURS[item];
      gems.append(el("span", { class: "sc-stat", title: GEM_WORDS[colour].each(value) },
        svg("svg", { class: "sc-icon", viewBox: "0 0 10 10", role: "img", "aria-label": GEM_WORDS[colour].one },
          itemSymbol(item, 5, 5, 1.7)), `× ${player.gems[colour]}`));
    }
    gems.append(el("strong", { class: "sc-num" }, `${player.gems.total}/${geo.win_gems}`));
  } else {
    gems.append(el("span", { class: "sc-muted" }, t("hidden in the wallet")));
  }
  card.append(gems);
  return card;
}

// During play an empty gem pile is seen (its counts are not: they would tell the wallets'
// sum), and the server says so with a 0.
function emptySupply(update) {
  if (update.view.status === "over") return null;
  const items = update.view.board.supply.items;
  const out = Object.keys(geo.gem_values).filter((item) => items[item] === 0)
    .map((item) => GEM_COLOURS[item]);
  if (!out.length) return null;
  return el("p", { class: "sc-note", "data-testid": "supply-out" },
    t("Out of {gems}: {rule}.", { gems: nameList(out.map((colour) => GEM_WORDS[colour].many)), rule: explain("supply_out") }),
    rule(geo.rules.supply_out.ruling));
}

// -- choices that are not squares ----------------------------------------------------------

const AIMED = [["bomb", t("Throw a bomb…")], ["shoot", t("Shoot the bow…")]];

/** The characters to pick, and a button for every action with no place on the map (or a
 * place off the map: a card, a treasure); the bomb and the bow are aimed on the map. */
function choices(update) {
  const actions = update.actions || [];
  const box = el("div", { class: "sc-choices" });
  const picks = actions.filter((action) => action.at && action.at.area === "characters");
  if (picks.length) {
    const row = el("div", { class: "sc-characters" });
    for (const action of picks) {
      const who = action.at.item;
      const ability = said(geo.ability_words && geo.ability_words[who], geo.abilities[who]);
      row.append(target(el("div", { class: "sc-character-card" },
        el("strong", {}, properName(who)),
        el("span", { class: "sc-muted", title: ability ? explain("abilities") : null }, ability || "")),
      action.text, actionLabel(action, seatNamer)));
    }
    box.append(row);
  }
  const buttons = el("div", { class: "sc-buttons" });
  const onBoard = new Set(["square", "circle", "castle", "characters", "dice"]);
  for (const action of actions) {
    if (action.kind === "bomb" || action.kind === "shoot") continue;
    if (action.at && onBoard.has(action.at.area)) continue;
    const label = actionLabel(action, seatNamer);
    buttons.append(target(el("button", { type: "button", class: `sc-button sc-button-${action.kind}`,
      title: label }, label), action.text, label));
  }
  // Aiming a bomb or the Hunting Bow turns the squares into those targets.
  for (const [kind, words] of AIMED) {
    const aimed = actions.find((action) => action.kind === kind);
    if (!aimed) continue;
    const on = mode === kind;
    buttons.append(el("button", {
      type: "button", class: `sc-button sc-mode${on ? " sc-mode-on" : ""}`, "aria-pressed": on ? "true" : "false",
      "data-testid": `aim-${kind}`, title: actionLabel(aimed, seatNamer),
      onclick: () => { mode = on ? null : kind; rerender(); },
    }, on ? t("Cancel aiming") : words));
  }
  if (buttons.childNodes.length) box.append(buttons);
  return box;
}

function headline(update, ctx) {
  const { view } = update;
  const board = view.board;
  const line = el("div", { class: "sc-headline" });
  if (view.status === "over" || board.phase === "over") {
    const player = board.winner === null || board.winner === undefined ? null : ctx.seatName(board.winner);
    const won = { gems: () => [t("{player} wins with {count} gems", { player, count: geo.win_gems }), rule(geo.rules.gems.ruling)],
      grail: () => [t("{player} wins by claiming the Holy Grail", { player }), rule(geo.rules.castle.ruling)] }[board.end];
    line.append(el("strong", {}, player === null ? t("Game over: a draw (the turn limit was reached)")
      : won ? won() : t("{player} wins", { player })));
    return line;
  }
  if (board.phase === "choosing_characters") {
    line.append(el("strong", {}, t("Choosing characters")));
  } else if (board.active !== null && board.active !== undefined) {
    line.append(el("strong", {}, t("Turn {number}", { number: board.turns + 1 }), " · ", ctx.seatName(board.active)),
      " · ", tn("{count} action left", "{count} actions left", board.actions_left),
      ...(board.move_left ? [" · ", tn("moving, {count} square left", "moving, {count} squares left", board.move_left)] : []));
  }
  const ask = board.awaiting;
  if (ask && ask.question) {
    const chance = ask.seat === null || ask.seat === undefined;
    const mine = !chance && view.viewer === ask.seat;
    const own = mine ? YOUR_CHOICE[ask.decision] : null;
    const question = QUESTION[ask.decision] || said(ask.question_words, ask.question, ctx.seatName);
    const asked = own || (chance ? t("Chance: {question}", { question })
      : mine ? t("You decide {question}", { question })
        : t("{player} decides {question}", { player: ctx.seatName(ask.seat), question }));
    const about = SQUARES_ARE[ask.decision];
    line.append(el("div", { class: `sc-question${mine ? " sc-question-mine" : ""}`, "data-testid": "question" },
      asked,
      ask.squares && ask.squares.length && about !== null
        ? [" — ", about ? t("{about}: {squares}", { about, squares: ask.squares.join(", ") }) : ask.squares.join(", ")] : "",
      ask.cards && ask.cards.length ? [" — ", english(ask.cards.join(", ").replaceAll("_", " "))] : "",
      rule(ask.ruling)));
  }
  return line;
}

// The questions the viewer answers now, in the words of the one asked (the others read
// "P2 decides …" with the server's question), and what a question's squares are.
const YOUR_CHOICE = {
  move: t("Move on, act, or end your turn"),
  action: t("Act, or end your turn"),
  end_turn: t("You have passed out: end your turn (you recover on the next)"),
  enter: t("Choose a free starting circle to enter on, or end your turn"),
  character: t("Choose your character"),
};
const QUESTION = {
  kill: t("which enemy the hits kill next, one at a time"),
  loot: t("which killed enemy draws Loot next, one at a time"),
};
const SQUARES_ARE = { kill: t("already chosen"), loot: t("already chosen"), drop: t("it may drop on"),
  activate: t("still to act"), target: t("the enemy on"), give_up: t("the Mimic on"), chance: "" };

function happened(update) {
  const box = el("section", { class: "sc-happened", "data-testid": "happened", "aria-live": "polite" },
    el("h3", { class: "sc-h" }, t("Just now")));
  const events = update.recent || [];
  if (!events.length) {
    box.append(el("p", { class: "sc-muted" }, "—"));
    return box;
  }
  const list = el("ul", { class: "sc-events" });
  const marks = { action: "▸", chance: "⚄", enemy: "!", health: "♥", gain: "+" };
  for (const event of events.slice(-8)) {
    list.append(el("li", { class: `sc-event sc-event-${event.type}` },
      el("span", { class: "sc-event-mark", "aria-hidden": "true" }, marks[event.type] || "•"), " ",
      eventWords(event, seatNamer)));
  }
  box.append(list);
  return box;
}

function legend() {
  const entry = (node, words) => el("span", { class: "sc-legend-entry" },
    svg("svg", { class: "sc-legend-icon", viewBox: "0 0 10 10", "aria-hidden": "true" }, node), words);
  return el("details", { class: "sc-legend" }, el("summary", {}, t("Legend")),
    el("div", { class: "sc-legend-list" },
      entry(drawTree(0, 0), t("tree")), entry(drawBush(0, 0), t("bush")), entry(drawRock(0, 0), t("rock")),
      entry(drawChest(0, 0, false, false), t("chest")), entry(drawChest(0, 0, false, true), t("opened chest")),
      entry(drawChest(0, 0, true, false), t("Big Chest")),
      entry(drawEnemy(0, 0, { kind: "dark_knight" }), t("Dark Knight")),
      entry(drawEnemy(0, 0, { kind: "mimic" }), t("Mimic")),
      entry(drawEnemy(0, 0, { kind: "plant", facing: "east" }), t("Plant (facing east)")),
      entry(drawStack(0, 0, { item: "fire_relic", left: 4 }), t("relic stack")),
      entry(drawStack(0, 0, { item: "big_key", left: 4 }), t("Big Key stack")),
      entry(drawItems(0, 0, ["green_gem"]), t("gem {values}", { values: Object.values(geo.gem_values).join("/") })),
      entry(drawItems(0, 0, ["small_key"]), t("small key")), entry(drawItems(0, 0, ["bomb"]), t("bomb"))));
}

// -- the whole board -----------------------------------------------------------------------

function rerender() {
  if (last) render(...last);
}

export function render(root, update, ctx) {
  last = [root, update, ctx];
  geo = ctx.geometry;
  seatNamer = ctx.seatName;
  game = (update.view && update.view.game) || game;
  if (update.version !== modeVersion) {
    mode = null;
    modeVersion = update.version;
  }
  clear(root);
  if (ctx.replay) update = { ...update, actions: [] };
  const { view } = update;
  const board = view.board;
  const wrap = el("div", { class: "sc" });
  root.append(wrap);
  wrap.append(headline(update, ctx));

  const narrow = typeof window !== "undefined" && window.matchMedia
    && window.matchMedia("(max-width: 700px)").matches;
  const area = board.map ? board.map.explored : null;
  const big = area && (area.bottom - area.top > geo.crop || area.right - area.left > geo.crop);
  const crop = big && (wholeMap === null ? narrow : !wholeMap);

  const main = el("div", { class: "sc-main" });
  const left = el("div", { class: "sc-map" });
  if (board.map) {
    left.append(drawForest(update, widen(crop ? board.map.cropped : board.map.explored,
      update.actions || [])));
    const tools = el("div", { class: "sc-map-tools" });
    if (big) {
      tools.append(el("button", { type: "button", class: "sc-button sc-zoom", "data-testid": "zoom",
        onclick: () => { wholeMap = crop; rerender(); } }, crop ? t("Show the whole forest") : t("Zoom to the active player")));
    }
    tools.append(legend());
    left.append(tools);
  }
  left.append(choices(update));
  const side = el("div", { class: "sc-side" });
  side.append(drawDice(update, ctx), happened(update));
  const players = el("div", { class: "sc-players" });
  for (const player of board.players) players.append(drawPlayer(player, update, ctx));
  side.append(players);
  const empty = emptySupply(update);
  if (empty) side.append(empty);
  main.append(left, side);
  wrap.append(main);
}

// -- the position in words, for the text mode (js/text-mode.js) --------------------------

// The starting circles, as where a character stands (a phrase of its own: the article
// follows the preposition's case).
const ON_CIRCLE = {
  north: t("on the north circle"), east: t("on the east circle"), south: t("on the south circle"),
  west: t("on the west circle"),
};
const TREASURE_WORDS = {
  magnet: t("Magnet"), royal_shield: t("Royal Shield"), racing_boots: t("Racing Boots"),
  power_gauntlet: t("Power Gauntlet"), hunting_bow: t("Hunting Bow"), greatsword: t("Greatsword"),
  shovel: t("Shovel"), blue_gems_15: t("15 in blue gems"),
  blue_gems_10_and_treasure: t("10 in blue gems and a Small Treasure"), red_gems_20: t("20 in red gems"),
};
const OBJECT_WORDS = { bush: t("bush"), rock: t("rock"), small_chest: t("small chest"), big_chest: t("Big Chest") };
const upper = (text) => text.charAt(0).toUpperCase() + text.slice(1);

/** Where a character stands, in words: "on r12c13", "on the north circle". */
function whereWords(player) {
  const circle = Object.keys(ON_CIRCLE).find((side) => player.square === `${side} circle`);
  if (circle) return ON_CIRCLE[circle];
  return player.square ? t("on {square}", { square: player.square }) : t("not in the forest yet");
}

/** A seat's character by its proper name ("Gwenivere"), the same in every language. */
const characterOf = (player) => (player.character
  ? player.character[0].toUpperCase() + player.character.slice(1) : t("no character yet"));

/** What a character carries besides its health: keys, bombs, relics, treasures. */
function kitWords(player) {
  const kit = [];
  if (player.keys) kit.push(tn("{count} small key", "{count} small keys", player.keys));
  if (player.bombs) kit.push(tn("{count} bomb", "{count} bombs", player.bombs));
  for (const item of player.specials || []) kit.push(SPECIAL_WORDS[item] || english(item));
  for (const treasure of player.treasures || []) {
    const card = TREASURE_WORDS[treasure.card] || english(treasure.card.replaceAll("_", " "));
    kit.push(treasure.state === "face_up" ? card
      : t("{card} ({state})", { card, state: TREASURE_STATES[treasure.state] || english(treasure.state) }));
  }
  return kit.length ? kit.join(", ") : t("nothing");
}

/** A seat's character in words: who, where, health, what it carries. */
function characterWords(player, seatName) {
  const args = { player: seatName(player.seat), character: characterOf(player),
    where: whereWords(player), health: player.health, max: geo.max_health, kit: kitWords(player) };
  return player.passed_out
    ? t("{player} plays {character}, {where}, passed out; health {health} of {max}; carries: {kit}.", args)
    : t("{player} plays {character}, {where}; health {health} of {max}; carries: {kit}.", args);
}

/** What the map holds, in words: explored tiles, enemies, objects, items and stacks. */
function mapWords(board) {
  const on = (thing, square) => t("{thing} on {square}", { thing, square });
  const enemies = board.enemies.map((enemy) => on(enemy.kind === "dark_knight" ? t("Dark Knight")
    : enemy.kind === "mimic" ? t("Mimic")
      : t("Carnivorous Plant facing {direction}", { direction: FACING_WORDS[enemy.facing] || english(enemy.facing || "") }),
  enemy.square));
  const things = [
    ...board.objects.map((object) => on(object.opened ? t("opened chest")
      : OBJECT_WORDS[object.kind] || english(object.kind), object.square)),
    ...board.items.filter((pile) => pile.items.length).map((pile) =>
      on(pile.items.map(itemWords).join(", "), pile.square)),
    ...board.special_stacks.map((stack) => on(tn("{item} stack, {count} left", "{item} stack, {count} left", stack.left,
      { item: SPECIAL_WORDS[stack.item] || english(stack.item) }), stack.square)),
  ];
  return [
    t("Explored tiles: {tiles}.", { tiles: board.tiles.map((tile) => named(tile.name)).join(", ") }),
    tn("{count} tile is left to explore.", "{count} tiles are left to explore.", board.tile_stack.length),
    enemies.length ? t("Enemies: {enemies}.", { enemies: listOf(enemies) }) : t("No enemy on the map."),
    things.length ? t("On the map: {things}.", { things: oneAfterAnother(things) }) : null,
  ];
}

/**
 * The position as sentences for the text mode (issue 29, Access): the turn, what is asked
 * and of whom, the viewer's character, health, kit and gems, the map's tiles, enemies and
 * things by square, and every other character — in the reader's language, from the same
 * board model the drawing uses.
 */
export function describe(update, ctx) {
  geo = ctx.geometry || geo;
  const { view } = update;
  const board = view.board;
  const viewer = ctx.viewer ?? null;
  const actions = update.actions || [];
  const over = view.status === "over" || board.phase === "over";
  const turn = [];
  if (!over && board.phase === "choosing_characters") turn.push(t("Choosing characters"));
  else if (!over && board.active !== null && board.active !== undefined) {
    turn.push(board.active === viewer ? t("Turn {number}.", { number: board.turns + 1 })
      : t("Turn {number}: {player} is playing.", { number: board.turns + 1, player: ctx.seatName(board.active) }),
    upper(tn("{count} action left", "{count} actions left", board.actions_left)),
    board.move_left ? upper(tn("moving, {count} square left", "moving, {count} squares left", board.move_left)) : null);
  }
  const ask = [];
  const question = board.awaiting;
  if (!over && question && question.question) {
    const chance = question.seat === null || question.seat === undefined;
    const words = QUESTION[question.decision] || said(question.question_words, question.question, ctx.seatName);
    const about = SQUARES_ARE[question.decision];
    const squares = question.squares && question.squares.length && about !== null
      ? (about ? t("{about}: {squares}", { about, squares: question.squares.join(", ") }) : question.squares.join(", ")) : null;
    if (!chance && question.seat === viewer && actions.length) {
      ask.push(YOUR_CHOICE[question.decision] || t("You decide {question}", { question: words }), squares);
    } else {
      turn.push(chance ? t("Chance: {question}", { question: words })
        : t("{player} decides {question}", { player: ctx.seatName(question.seat), question: words }), squares);
    }
  }
  const me = board.players.find((player) => player.seat === viewer);
  const hold = me ? [
    me.character ? t("You play {character}.", { character: characterOf(me) }) : t("You have no character yet."),
    me.square ? t("You stand {where}.", { where: whereWords(me) }) : t("You have not entered the forest yet."),
    t("Your health: {health} of {max}.", { health: me.health, max: geo.max_health }),
    me.passed_out ? t("You have passed out.") : null,
    t("You carry: {kit}.", { kit: kitWords(me) }),
    me.gems ? t("Your gems: {green} green, {blue} blue, {red} red: {total} of the {needed} that win.",
      { ...me.gems, needed: geo.win_gems }) : null,
  ] : [];
  return {
    turn,
    ask,
    hold,
    board: board.tiles ? mapWords(board) : [],
    players: board.players.filter((player) => player.seat !== viewer).map((player) => characterWords(player, ctx.seatName)),
  };
}

/**
 * The rulings the events of this seat's own update apply to it, for the table's first-time
 * rule notes (issue 32, js/table-help.js): an Enemy Turn after its own turn (an enemy on
 * its tile moves) or an enemy's attack on it (its defence roll); the ruling is the one the
 * game's geometry gives the Enemy Turn. Only events its update carries, which every seat
 * may see (enemies' moves and defence rolls are public).
 */
export function applies(events, viewer, geometry = geo) {
  const rule = geometry && geometry.rules && geometry.rules.enemy_turn;
  if (viewer === null || viewer === undefined || !rule) return [];
  const enemyTurn = events.some((event) =>
    (event.type === "enemy" && event.change === "moves" && event.turn_seat === viewer)
    || (event.type === "chance" && event.purpose === "defence" && event.seat === viewer));
  return enemyTurn ? [rule.ruling] : [];
}
