// Super Camelot in the browser (issue 16): the explored forest as an SVG map of squares,
// the players' boards, the dice just rolled and what just happened. Every board target is a
// text from `update.legal`, submitted exactly as written (README: the page never decides).

import { clear, el, svg, target } from "../dom.js";

const S = 10; // one square, in viewBox units
const SIDE = 28; // SC-1, SC-2: 4×4 tiles of 7×7 squares
const TILE = 7;
const CROP = 11; // squares a side when the map is cropped (a phone): a tile and 2 around it
const START = 12; // SC-3: the Starting Tile covers rows and columns 12..15 (0-based)
const DIRS = { north: [-1, 0], east: [0, 1], south: [1, 0], west: [0, -1] };
// SC-12: the sword's arcs (row, col offsets) and the Greatsword's five-square sweeps.
const N = [-1, 0], NE = [-1, 1], E = [0, 1], SE = [1, 1], So = [1, 0], SW = [1, -1], W = [0, -1],
  NW = [-1, -1];
const ARCS = {
  ne: [N, NE, E], se: [E, SE, So], sw: [So, SW, W], nw: [W, NW, N],
  north: [W, NW, N, NE, E], east: [N, NE, E, SE, So], south: [E, SE, So, SW, W],
  west: [So, SW, W, NW, N],
};
// SC-3: where each starting circle is drawn on the Starting Tile: two squares of its side.
const CIRCLES = {
  north: [[12, 13], [12, 14]], east: [[13, 15], [14, 15]],
  south: [[15, 13], [15, 14]], west: [[13, 12], [14, 12]],
};
const SEAT_CLASS = ["seat-0", "seat-1", "seat-2", "seat-3"];
const FACINGS = ["north", "northeast", "east", "southeast", "south", "southwest", "west",
  "northwest"];
const CHARACTERS = {
  // SC-5 [house]: our default abilities (the printed ones are unknown).
  arthur: "once per turn, re-roll 1 attack die",
  gwenivere: "+1 Health from any healing",
  lancelot: "the first 1 Hit of each attack counts 2",
  merlin: "draws 2 Litter/Loot cards, keeps 1",
  percival: "+1 square per Move",
  galahad: "on defence a Gem also blocks",
};
const FACE_WORDS = {
  shield: "shield", star: "star", gem: "gem", "two-hits": "2 hits", "one-hit": "1 hit",
  blank: "blank",
};
const ITEM_WORDS = {
  green_gem: "green gem (1)", blue_gem: "blue gem (5)", red_gem: "red gem (10)",
  small_key: "small key", bomb: "bomb",
};
const SPECIAL_WORDS = {
  big_key: "Big Key", fire_relic: "Fire Relic", water_relic: "Water Relic",
  wind_relic: "Wind Relic",
};

// The player's choice of what the board shows, and a mode being built (bomb or bow aim).
let mode = null; // "bomb" | "shoot" | null, reset when the version changes
let modeVersion = -1;
let wholeMap = null; // null: automatic (cropped on a phone); true / false: the player chose
let last = null; // [root, update, ctx] for a re-render after a local choice

// -- squares -------------------------------------------------------------------------------

function parseSquare(name) {
  const match = /^r(\d+)c(\d+)$/.exec(name || "");
  return match ? [Number(match[1]) - 1, Number(match[2]) - 1] : null;
}

const sqName = (row, col) => `r${row + 1}c${col + 1}`;
const inStart = (r, c) => r >= START && r < START + 4 && c >= START && c < START + 4;
const onMap = (r, c) => r >= 0 && r < SIDE && c >= 0 && c < SIDE;

/** The circle a square bordering the Starting Tile leads onto (SC-3), or null. */
function circleOfExit(r, c) {
  if (c >= START && c < START + 4) {
    if (r === START - 1) return "north";
    if (r === START + 4) return "south";
  }
  if (r >= START && r < START + 4) {
    if (c === START + 4) return "east";
    if (c === START - 1) return "west";
  }
  return null;
}

/** Where a player stands, as [row, col] of the square it is drawn on (circles: their
 * first square), or null before it enters (SC-7). */
function standing(player) {
  if (!player.square) return null;
  const circle = /^(\w+) circle$/.exec(player.square);
  if (circle) return CIRCLES[circle[1]][0];
  return parseSquare(player.square);
}

// -- the window of the map drawn -----------------------------------------------------------

function explored(board) {
  const rows = board.tiles.map((t) => Math.floor(t.slot / 4));
  const cols = board.tiles.map((t) => t.slot % 4);
  return {
    top: Math.min(...rows) * TILE, bottom: (Math.max(...rows) + 1) * TILE,
    left: Math.min(...cols) * TILE, right: (Math.max(...cols) + 1) * TILE,
  };
}

/** `size` of [low, high) around `centre`, keeping [block, block + blockSize) whole. */
function span(low, high, centre, block, blockSize, size) {
  if (high - low <= size) return [low, high];
  let start = Math.min(Math.max(centre - Math.floor(size / 2), block + blockSize - size), block);
  start = Math.max(low, Math.min(start, high - size));
  return [start, start + size];
}

function mapWindow(board, focus, crop) {
  const area = explored(board);
  if (!crop) return area;
  const size = CROP;
  const [fr, fc] = focus || [START + 1, START + 1];
  const onTile = focus && !inStart(fr, fc);
  const br = onTile ? fr - (fr % TILE) : START;
  const bc = onTile ? fc - (fc % TILE) : START;
  const bs = onTile ? TILE : 4;
  const [top, bottom] = span(area.top, area.bottom, fr, br, bs, size);
  const [left, right] = span(area.left, area.right, fc, bc, bs, size);
  return { top, bottom, left, right };
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
  ), "tree (blocks, SC-2)");
}

function drawBush(x, y) {
  return titled(svg("g", { class: "sc-bush" },
    svg("circle", { cx: x + 3.4, cy: y + 5.8, r: 2.6 }),
    svg("circle", { cx: x + 6.6, cy: y + 5.8, r: 2.6 }),
    svg("circle", { cx: x + 5, cy: y + 3.6, r: 2.8 }),
    svg("path", { d: `M${x + 3} ${y + 5} l1 1 M${x + 6} ${y + 4} l1 1`, class: "sc-bush-mark" }),
  ), "bush (blocks; cut it with an attack)");
}

function drawRock(x, y) {
  return titled(svg("g", { class: "sc-rock" },
    svg("polygon", {
      points: `${x + 1.5},${y + 7.8} ${x + 2.4},${y + 3.6} ${x + 4.8},${y + 1.8} ` +
        `${x + 7.6},${y + 2.8} ${x + 8.6},${y + 6.4} ${x + 7.4},${y + 8.4}`,
    }),
    svg("path", { d: `M${x + 4.8} ${y + 1.8} L${x + 5.4} ${y + 5} L${x + 8.6} ${y + 6.4}`,
      class: "sc-rock-facet" }),
  ), "rock (blocks)");
}

function drawChest(x, y, big, opened) {
  const inset = big ? 0.8 : 1.6;
  const g = svg("g", { class: `sc-chest${big ? " sc-big" : ""}${opened ? " sc-opened" : ""}` });
  const w = S - 2 * inset;
  if (opened) {
    // SC-17, SC-31: open for good, and it still blocks; drawn with its lid thrown back.
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
  const what = big ? "Big Chest (needs the Big Key" : "small chest (needs a small key";
  return titled(g, opened ? `${big ? "Big Chest" : "small chest"}, opened (still blocks)`
    : `${what}; open it from the square south of it, SC-17)`);
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
  ), `${SPECIAL_WORDS[stack.item]} stack, ${stack.left} left (blocks; pick one up from ` +
    "an orthogonally adjacent square, SC-18)");
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
  const value = { green_gem: "1", blue_gem: "5", red_gem: "10" }[item];
  return svg("g", { class: `sc-gem sc-${item}` },
    svg("polygon", { points: `${cx},${cy - 2.6 * k} ${cx + 2.4 * k},${cy} ${cx},${cy + 2.6 * k} ${cx - 2.4 * k},${cy}` }),
    letter(cx, cy + 0.1 * k, value, "sc-letter sc-gem-value", (value.length > 1 ? 1.9 : 2.4) * k));
}

function drawItems(x, y, items) {
  const g = svg("g", { class: "sc-items" });
  const spots = items.length === 1 ? [[5, 5]] : [[3, 3], [7, 3], [3, 7], [7, 7]];
  const k = items.length === 1 ? 1 : 0.75;
  items.slice(0, 4).forEach((item, i) => g.append(itemSymbol(item, x + spots[i][0], y + spots[i][1], k)));
  if (items.length > 4) g.append(letter(x + 8.5, y + 1.5, `+${items.length - 4}`, "sc-letter", 2.2));
  return titled(g, `items: ${items.map((i) => ITEM_WORDS[i]).join(", ")} (walk in to collect)`);
}

function drawEnemy(x, y, enemy, small) {
  const g = svg("g", { class: `sc-enemy sc-${enemy.kind}` });
  const k = small ? 0.6 : 1;
  const cx = x + (small ? 6.8 : 5), cy = y + (small ? 6.8 : 5);
  if (enemy.kind === "dark_knight") {
    // A helmet with a visor slit: the toughest enemy (SC-13: 3 hits, SC-23: 3 damage).
    g.append(svg("path", { class: "sc-enemy-body", d: `M${cx - 3.6 * k} ${cy + 3.8 * k} V${cy - 0.6 * k} ` +
      `A${3.6 * k} ${3.6 * k} 0 0 1 ${cx + 3.6 * k} ${cy - 0.6 * k} V${cy + 3.8 * k} Z` }),
    svg("rect", { x: cx - 2.6 * k, y: cy - 0.4 * k, width: 5.2 * k, height: 1 * k, class: "sc-visor" }),
    letter(cx, cy + 2.2 * k, "D", "sc-letter sc-enemy-letter", 2.6 * k));
    titled(g, "Dark Knight (3 hits to kill; walks next to you and deals 3 damage, SC-23)");
  } else if (enemy.kind === "mimic") {
    // A chest with teeth: a Mimic pretends to be a chest (SC-24).
    g.append(svg("rect", { class: "sc-enemy-body", x: cx - 3.8 * k, y: cy - 3 * k, width: 7.6 * k,
      height: 6.6 * k, rx: 0.8 * k }),
    svg("path", { class: "sc-teeth", d: `M${cx - 3.8 * k} ${cy - 0.4 * k} ` +
      Array.from({ length: 5 }, (_, i) => `l${0.76 * k} ${i % 2 ? -1.4 * k : 1.4 * k} l${0.76 * k} ${i % 2 ? 1.4 * k : -1.4 * k}`).join(" ") }),
    letter(cx, cy + 2 * k, "M", "sc-letter sc-enemy-letter", 2.4 * k));
    const stolen = enemy.hoard && enemy.hoard.length ? `; holds ${enemy.hoard.length} stolen treasure(s)` : "";
    titled(g, `Mimic (1 hit; walks onto you, steals a treasure, deals 1 damage, SC-24)${stolen}`);
  } else {
    // A flower head with petals and a stalk pointing where it faces (SC-25).
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
    titled(g, `Carnivorous Plant facing ${enemy.facing || "north"} (2 hits; spits a stone for 2 damage along a line, SC-25)`);
  }
  return g;
}

function drawCharacter(x, y, player, update, small, active) {
  const seat = player.seat;
  const cls = `sc-character ${SEAT_CLASS[seat % 4]}${player.passed_out ? " sc-passed-out" : ""}`;
  const k = small ? 0.72 : 1;
  const cx = x + (small ? 3.6 : 5), cy = y + (small ? 3.6 : 5);
  const g = svg("g", { class: cls, "data-testid": `piece-${seat}` });
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
  return titled(g, `P${seat + 1} ${who}: ${player.character}, ${player.health} health` +
    (player.passed_out ? ", passed out (SC-21)" : ""));
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

/** The actions that live on squares: [square key "r,c"] → {text, kind, label}. */
function squareActions(update, board, me, win) {
  const legal = update.legal || [];
  const at = me ? standing(me) : null;
  const onCircle = me && /circle$/.test(me.square || "");
  const bySquare = new Map();
  const arcs = [];
  const circles = new Map();
  const others = [];
  const put = (r, c, action) => {
    if (r < win.top || r >= win.bottom || c < win.left || c >= win.right) return false;
    const key = `${r},${c}`;
    if (bySquare.has(key)) return false;
    bySquare.set(key, action);
    return true;
  };
  for (const text of legal) {
    const words = text.split(" ");
    const sq = parseSquare(words[words.length - 1]);
    if (words[0] === "step" && at) {
      if (sq) {
        put(sq[0], sq[1], { text, kind: "step", label: `step to ${words[1]}`, dir: null });
      } else if (DIRS[words[1]] && !onCircle) {
        const [dr, dc] = DIRS[words[1]];
        const r = at[0] + dr, c = at[1] + dc;
        if (inStart(r, c)) {
          // SC-3, SC-20: stepping onto the Starting Tile puts you on its circle.
          circles.set(circleOfExit(at[0], at[1]), { text, kind: "step",
            label: `step ${words[1]} onto the circle` });
        } else {
          put(r, c, { text, kind: "step", label: `step ${words[1]} to ${sqName(r, c)}`, dir: words[1] });
        }
      }
    } else if ((words[0] === "attack" || words[0] === "sweep") && at && !onCircle) {
      arcs.push({ text, name: words[1], sweep: words[0] === "sweep" });
    } else if (words[0] === "circle") {
      circles.set(words[1], { text, kind: "enter", label: `start on the ${words[1]} circle (SC-7)` });
    } else if (words[0] === "claim") {
      others.push({ text, kind: "grail" });
    } else if (sq && ["drop", "kill", "loot", "activate"].includes(words[0])) {
      put(sq[0], sq[1], { text, kind: words[0], label: text });
    } else if (sq && words[0] === "shoot" && mode === "shoot") {
      put(sq[0], sq[1], { text, kind: "shoot", label: `shoot the enemy on ${words[1]} (SC-15)` });
    } else if (sq && words[0] === "bomb" && mode === "bomb") {
      put(sq[0], sq[1], { text, kind: "bomb", label: `bomb the 3×3 block around ${words[1]} (SC-14)` });
    } else if (text.startsWith("pick up ")) {
      const item = words[2].replace("-", "_");
      const stack = board.special_stacks.find((s) => s.item === item);
      const where = stack && parseSquare(stack.square);
      if (where) put(where[0], where[1], { text, kind: "pickup", label: `pick up the ${SPECIAL_WORDS[item]} (SC-18)` });
    } else if (text === "open chest" && at) {
      // SC-17: a chest opens from the square directly south of it.
      put(at[0] - 1, at[1], { text, kind: "open", label: "open the chest (SC-17)" });
    } else if (words[0] === "target") {
      const seat = Number(words[1].slice(1)) - 1;
      const player = board.players.find((p) => p.seat === seat);
      const where = player && standing(player);
      if (where) others.push({ text, kind: "target", at: where, label: `the enemies attack P${seat + 1}` });
    }
  }
  // SC-12: an arc's target is its diagonal square (never a step target), else the first
  // square of the arc still free; a Greatsword sweep's is two squares out in its direction.
  const busy = new Set([...board.enemies.map((e) => e.square),
    ...board.objects.filter((o) => o.kind === "bush").map((o) => o.square)]);
  if (mode === null) {
    for (const arc of arcs) {
      const squares = ARCS[arc.name].map(([dr, dc]) => [at[0] + dr, at[1] + dc]).filter(([r, c]) => onMap(r, c));
      if (!squares.length) continue;
      const [dr, dc] = arc.sweep ? DIRS[arc.name].map((d) => 2 * d) : ARCS[arc.name][1];
      const anchors = [[at[0] + dr, at[1] + dc], ...(arc.sweep ? [] : squares)];
      const label = `${arc.sweep ? "sweep" : "attack"} ${arc.name}: ` +
        `${squares.map(([a, b]) => sqName(a, b)).join(", ")} (SC-12)`;
      // How many bushes and enemies it reaches (a hook for tests and a hint for people).
      const reach = squares.filter(([r, c]) => busy.has(sqName(r, c))).length;
      anchors.some(([r, c]) => put(r, c, { text: arc.text, kind: arc.sweep ? "sweep" : "attack", squares, label, reach }));
    }
  } else {
    // While aiming a bomb or the bow, the moves and arcs wait (the fallback list has them).
    for (const [key, action] of [...bySquare]) if (action.kind === "step") bySquare.delete(key);
  }
  return { bySquare, arcs, circles, others };
}

const TARGET_WORD = {
  drop: "drop", kill: "kill", loot: "loot", activate: "act", shoot: "shoot", bomb: "bomb",
  pickup: "take", open: "open",
};

function drawTarget(r, c, action) {
  const x = c * S, y = r * S;
  const g = svg("g", { class: `sc-target sc-target-${action.kind}`, "data-kind": action.kind,
    "data-reach": action.reach === undefined ? null : action.reach });
  if (action.kind === "attack" || action.kind === "sweep") {
    // The piece under the target stays visible: an outline, and a sword badge in a corner.
    g.append(
      svg("rect", { x: x + 0.6, y: y + 0.6, width: S - 1.2, height: S - 1.2, rx: 1.2, class: "sc-target-box" }),
      svg("circle", { cx: x + 7.7, cy: y + 2.3, r: 2.1, class: "sc-badge-bg" }),
      svg("path", { class: "sc-sword", d: `M${x + 6.5} ${y + 3.5} L${x + 8.8} ${y + 1.2} M${x + 6.2} ${y + 2.6} L${x + 7.4} ${y + 3.8}` }),
      letter(x + 2.6, y + 2.2, action.text.split(" ")[1].toUpperCase().slice(0, 2), "sc-letter sc-target-word", 2));
  } else if (action.kind === "step") {
    g.append(svg("rect", { x: x + 0.6, y: y + 0.6, width: S - 1.2, height: S - 1.2, rx: 1.2, class: "sc-target-box" }));
    const rot = { north: 0, east: 90, south: 180, west: 270 }[action.dir];
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
  target(g, action.text, action.label);
  if (!action.squares) return [g];
  // The arc's squares, drawn strongly while its target is hovered or focused (SC-12); a
  // sibling after the target (CSS `+`), so the target itself stays one square to click.
  const reach = svg("g", { class: "sc-arc-reach", "aria-hidden": "true" });
  for (const [ar, ac] of action.squares) {
    reach.append(svg("rect", { x: ac * S + 0.5, y: ar * S + 0.5, width: S - 1, height: S - 1 }));
  }
  return [g, reach];
}

function drawForest(update, ctx, focus, crop) {
  const { view } = update;
  const board = view.board;
  const win = mapWindow(board, focus, crop);
  const pad = 5;
  const root = svg("svg", {
    "data-testid": "forest", class: "sc-forest", role: "group",
    "aria-label": "The forest (north is up)",
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

  // Tiles in play (SC-1), and the slots not explored yet (fog).
  const tileAt = new Map(board.tiles.map((t) => [t.slot, t]));
  for (let slot = 0; slot < 16; slot += 1) {
    const tr = Math.floor(slot / 4) * TILE, tc = (slot % 4) * TILE;
    if (tr + TILE <= win.top || tr >= win.bottom || tc + TILE <= win.left || tc >= win.right) continue;
    const tile = tileAt.get(slot);
    if (!tile) {
      ground.append(titled(svg("rect", { x: tc * S, y: tr * S, width: TILE * S, height: TILE * S,
        class: "sc-fog" }), "unexplored forest (SC-10)"));
      continue;
    }
    ground.append(titled(svg("rect", { x: tc * S, y: tr * S, width: TILE * S, height: TILE * S,
      class: `sc-tile${tile.populated ? "" : " sc-tile-empty"}` }),
    `${tile.name}${tile.populated ? "" : " (no one here: bushes, rocks and enemies return when someone enters, SC-11)"}`));
  }
  // The square grid and the trees (SC-2: each tile's four corners).
  const grid = [];
  for (let r = win.top; r < win.bottom; r += 1) {
    for (let c = win.left; c < win.right; c += 1) {
      const slot = Math.floor(r / TILE) * 4 + Math.floor(c / TILE);
      if (!tileAt.has(slot) || inStart(r, c)) continue;
      grid.push(svg("rect", { x: c * S, y: r * S, width: S, height: S, class: "sc-square",
        "data-testid": `square-${sqName(r, c)}` }));
      const lr = r % TILE, lc = c % TILE;
      if ((lr === 0 || lr === TILE - 1) && (lc === 0 || lc === TILE - 1)) grid.push(drawTree(c * S, r * S));
    }
  }
  ground.append(...grid);
  // Tile names along each tile's north edge, between the trees.
  for (const tile of board.tiles) {
    const tr = Math.floor(tile.slot / 4) * TILE, tc = (tile.slot % 4) * TILE;
    if (tr < win.top || tr >= win.bottom || tc + TILE <= win.left || tc >= win.right) continue;
    ground.append(svg("text", { x: tc * S + 3.5 * S, y: tr * S + 1.8, class: "sc-tile-name",
      "font-size": 2.4, "text-anchor": "middle", "dominant-baseline": "hanging" }, tile.name));
  }

  // SC-3: the Starting Tile, its Castle with the Grail and its four circles.
  const st = START * S;
  ground.append(svg("rect", { x: st, y: st, width: 4 * S, height: 4 * S, class: "sc-start" }));
  for (const [r, c] of [[12, 12], [12, 15], [15, 12], [15, 15]]) {
    ground.append(svg("rect", { x: c * S, y: r * S, width: S, height: S, class: "sc-square sc-start-square",
      "data-testid": `square-${sqName(r, c)}` }));
  }
  const castle = svg("g", { class: "sc-castle" },
    svg("path", { d: `M${st + 11} ${st + 29} V${st + 13} h3 v2 h3 v-2 h3 v2 h2 v-2 h3 v2 h2 v-2 h3 v16 Z` }),
    svg("path", { class: "sc-grail", d: `M${st + 16.4} ${st + 17.6} h7.2 q0 4.6 -3.6 5 v2.6 h2.2 v1.4 h-6.6 v-1.4 h2.2 v-2.6 q-3.6 -0.4 -3.6 -5 Z` }));
  for (const [r, c] of [[13, 13], [13, 14], [14, 13], [14, 14]]) {
    castle.append(svg("rect", { x: c * S, y: r * S, width: S, height: S, class: "sc-castle-square",
      "data-testid": `square-${sqName(r, c)}` }));
  }
  const grailAction = (update.legal || []).find((t) => t === "claim grail");
  ground.append(titled(castle, "the Castle with the Holy Grail: with all 3 Relics, stand on a circle and claim it (SC-20)"));
  if (grailAction) {
    targets.append(target(svg("rect", { x: st + 10.5, y: st + 10.5, width: 19, height: 19, rx: 2,
      class: "sc-target-box sc-target sc-target-grail" }), grailAction, "claim the Holy Grail (SC-20)"));
  }

  const me = view.viewer === null || view.viewer === undefined ? null
    : board.players.find((p) => p.seat === view.viewer);
  const { bySquare, arcs, circles, others } = squareActions(update, board, me, win);

  for (const [side, squares] of Object.entries(CIRCLES)) {
    const [[r1, c1], [r2, c2]] = squares;
    const x = Math.min(c1, c2) * S, y = Math.min(r1, r2) * S;
    const w = (Math.abs(c2 - c1) + 1) * S, h = (Math.abs(r2 - r1) + 1) * S;
    const ring = svg("g", { class: "sc-circle" },
      svg("ellipse", { cx: x + w / 2, cy: y + h / 2, rx: w / 2 - 1.2, ry: h / 2 - 1.2 }),
      letter(x + w / 2, y + h / 2, side[0].toUpperCase(), "sc-letter sc-circle-letter", 3));
    for (const [r, c] of squares) {
      ring.append(svg("rect", { x: c * S, y: r * S, width: S, height: S, class: "sc-circle-square",
        "data-testid": `square-${sqName(r, c)}` }));
    }
    ground.append(titled(ring, `${side} starting circle (SC-3)`));
    const action = circles.get(side);
    if (action) {
      targets.append(target(svg("ellipse", { cx: x + w / 2, cy: y + h / 2, rx: w / 2 - 0.5, ry: h / 2 - 0.5,
        class: "sc-target-box sc-target-circle" }), action.text, action.label));
    }
  }

  // SC-12: every legal arc's squares, faintly (each arc's target draws it strongly).
  if (mode === null && me && standing(me)) {
    const [pr, pc] = standing(me);
    const seen = new Set();
    for (const arc of arcs) {
      for (const [dr, dc] of ARCS[arc.name]) {
        const r = pr + dr, c = pc + dc;
        if (r < win.top || r >= win.bottom || c < win.left || c >= win.right || seen.has(`${r},${c}`)) continue;
        seen.add(`${r},${c}`);
        marks.append(svg("rect", { x: c * S + 0.3, y: r * S + 0.3, width: S - 0.6, height: S - 0.6,
          class: "sc-arc-zone" }));
      }
    }
  }

  // What happened this update: enemies' paths, deaths (the enemy turn step by step, SC-22).
  for (const event of update.events || []) {
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
        `${event.text}`));
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
    if (object.kind === "bush") pieces.append(drawBush(x, y));
    else if (object.kind === "rock") pieces.append(drawRock(x, y));
    else pieces.append(drawChest(x, y, object.kind === "big_chest", object.opened));
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
    if (sq) pieces.append(drawEnemy(sq[1] * S, sq[0] * S, enemy, playerAt.has(`${sq[0]},${sq[1]}`)));
  }
  const enemyAt = new Set(board.enemies.map((e) => e.square));
  for (const player of board.players) {
    const sq = standing(player);
    if (!sq) continue;
    const shared = enemyAt.has(player.square);
    pieces.append(drawCharacter(sq[1] * S, sq[0] * S, player, update, shared,
      player.seat === board.active && view.status !== "over"));
  }
  // Damage just taken, beside the character (SC-21).
  for (const event of update.events || []) {
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
  for (const [key, action] of bySquare) {
    const [r, c] = key.split(",").map(Number);
    if (r < win.top || r >= win.bottom || c < win.left || c >= win.right) continue;
    targets.append(...drawTarget(r, c, action));
  }
  for (const action of others) {
    if (action.kind === "target") {
      const [r, c] = action.at;
      targets.append(target(svg("rect", { x: c * S + 0.3, y: r * S + 0.3, width: S - 0.6, height: S - 0.6, rx: 2,
        class: "sc-target-box sc-target-player" }), action.text, action.label));
    }
  }
  return root;
}

// -- dice ----------------------------------------------------------------------------------

function faceSymbol(face) {
  const g = svg("g", { class: `sc-face sc-face-${face}` });
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
  } else if (face === "one-hit" || face === "two-hits") {
    const burst = (cx, cy) => svg("polygon", { points: [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15]
      .map((i) => {
        const a = (i * Math.PI) / 8;
        const rr = i % 2 ? 2.2 : 5;
        return `${cx + Math.cos(a) * rr},${cy + Math.sin(a) * rr}`;
      }).join(" ") });
    if (face === "one-hit") g.append(burst(12, 12));
    else g.append(burst(8, 9), burst(16, 15));
  }
  return g;
}

function die(face, action) {
  const words = FACE_WORDS[face] || face;
  const node = el("span", { class: "sc-die-box" },
    svg("svg", { class: "sc-die", viewBox: "0 0 24 24", role: "img", "aria-label": words },
      svg("rect", { x: 1, y: 1, width: 22, height: 22, rx: 4, class: "sc-die-body" }), faceSymbol(face)),
    el("span", { class: "sc-die-word" }, words));
  if (action) {
    target(node, action, `re-roll the ${words} die (SC-5)`);
  }
  return node;
}

/** Rolls in this update's events: [{faces, why}], newest last. */
function rolls(events) {
  const found = [];
  for (const event of events || []) {
    if (event.type !== "chance") continue;
    const text = event.outcome || event.text || "";
    const match = /^roll ([a-z\- ]+?)(?: \((.*)\))?$/.exec(text);
    if (match) found.push({ faces: match[1].trim().split(/\s+/), why: match[2] || "" });
  }
  return found;
}

function drawDice(update) {
  const board = update.view.board;
  const box = el("section", { class: "sc-dice", "data-testid": "dice", "aria-label": "Dice" });
  const found = rolls(update.events);
  const awaiting = board.awaiting;
  const rerolls = new Map();
  for (const text of update.legal || []) {
    if (text.startsWith("reroll ")) rerolls.set(text.slice(7), text);
  }
  if (awaiting && awaiting.dice && !found.length) {
    found.push({ faces: awaiting.dice.map((f) => f.replace("_", "-")),
      why: `${awaiting.weapon || "attack"} dice being resolved` });
  }
  box.append(el("h3", { class: "sc-h" }, "Dice"));
  if (!found.length) {
    box.append(el("p", { class: "sc-muted" }, "No dice rolled just now."));
    return box;
  }
  found.forEach((roll, index) => {
    const latest = index === found.length - 1;
    const used = new Set();
    const row = el("div", { class: "sc-dice-row" });
    for (const face of roll.faces) {
      // SC-5 (Arthur): a die of a face he may re-roll is a target, once per face.
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
  // SC-21: an intact shield is 2 health, a cracked one 1, then gone.
  return svg("svg", { class: `sc-shield sc-shield-${state}`, viewBox: "0 0 20 22", role: "img",
    "aria-label": `${state} shield` },
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
    el("span", { class: "sc-character-name" }, ` ${player.character}`),
    mine ? el("span", { class: "sc-tag" }, "you") : null,
    active ? el("span", { class: "sc-tag sc-tag-turn" }, "▶ turn") : null,
    player.passed_out ? el("span", { class: "sc-tag sc-tag-out" }, "passed out") : null);
  card.append(name);

  const health = el("div", { class: "sc-row", "aria-label": `health ${player.health} of 6` },
    el("span", { class: "sc-label" }, "Health"));
  for (let i = 0; i < 3; i += 1) {
    const left = player.health - 2 * i;
    health.append(shieldIcon(left >= 2 ? "intact" : left === 1 ? "cracked" : "lost"));
  }
  health.append(el("span", { class: "sc-num" }, `${player.health}/6`));
  card.append(health);

  const kit = el("div", { class: "sc-row" });
  kit.append(el("span", { class: "sc-stat", title: "small keys", "data-testid": `keys-${seat}` },
    icon("sc-icon-key", [svg("circle", { cx: 3, cy: 5, r: 2 }), svg("path", { d: "M5 5 H9.4 M8 5 V7", class: "sc-key-shaft" })], "small keys"),
    `× ${player.keys}`),
  el("span", { class: "sc-stat", title: "bombs" },
    icon("sc-icon-bomb", [svg("circle", { cx: 4.6, cy: 5.6, r: 3.4 }), svg("path", { d: "M6.8 3 q1 -1.6 2.6 -1.4", class: "sc-fuse" })], "bombs"),
    `× ${player.bombs}`));
  card.append(kit);

  // SC-18, SC-20: the three Relics (and the Big Key) held: a filled symbol; missing: faint.
  const relics = el("div", { class: "sc-row", "data-testid": `relics-${seat}` }, el("span", { class: "sc-label" }, "Relics"));
  for (const item of ["fire_relic", "water_relic", "wind_relic", "big_key"]) {
    const held = player.specials.includes(item);
    relics.append(el("span", { class: `sc-relic${held ? " sc-held" : ""}`, title: `${SPECIAL_WORDS[item]}${held ? "" : " (not held)"}` },
      svg("svg", { class: `sc-icon sc-${item}`, viewBox: "0 0 10 10", role: "img",
        "aria-label": `${SPECIAL_WORDS[item]} ${held ? "held" : "not held"}` }, specialSymbol(item, 5, 5, 1.15)),
      el("span", { class: "sc-relic-letter" }, held ? SPECIAL_LETTER[item] : "–")));
  }
  card.append(relics);

  if (player.treasures.length) {
    const list = el("div", { class: "sc-row sc-treasures" }, el("span", { class: "sc-label" }, "Treasures"));
    for (const t of player.treasures) {
      // SC-24: a stolen treasure is face down under its Mimic; a lost one for good.
      list.append(el("span", { class: `sc-chip sc-chip-${t.state}` },
        t.card.replaceAll("_", " ") + (t.state === "face_up" ? "" : ` (${t.state})`)));
    }
    card.append(list);
  }

  // SC-19, SC-27: gems are shown to their owner only (to all once the game is over).
  const gems = el("div", { class: "sc-row", "data-testid": `gems-${seat}` }, el("span", { class: "sc-label" }, "Gems"));
  if (player.gems) {
    for (const [colour, value] of [["green", 1], ["blue", 5], ["red", 10]]) {
      gems.append(el("span", { class: "sc-stat", title: `${colour} gems (${value} each)` },
        svg("svg", { class: "sc-icon", viewBox: "0 0 10 10", role: "img", "aria-label": `${colour} gem` },
          itemSymbol(`${colour}_gem`, 5, 5, 1.7)), `× ${player.gems[colour]}`));
    }
    gems.append(el("strong", { class: "sc-num" }, `${player.gems.total}/40`));
  } else {
    gems.append(el("span", { class: "sc-muted" }, "hidden in the wallet"));
  }
  card.append(gems);
  return card;
}

// SC-42: during play an empty gem pile is seen (its counts are not: they would tell the
// wallets' sum); a card that would drop such a gem drops nothing (SC-35).
function emptySupply(update) {
  if (update.view.status === "over") return null;
  const items = update.view.board.supply.items;
  const out = ["green", "blue", "red"].filter((colour) => items[`${colour}_gem`] === 0);
  if (!out.length) return null;
  return el("p", { class: "sc-note", "data-testid": "supply-out" },
    `The supply is out of ${out.join(" and ")} gems: a card dropping one drops nothing (SC-35, SC-42).`);
}

// -- choices that are not squares ----------------------------------------------------------

function choices(update) {
  const legal = update.legal || [];
  const box = el("div", { class: "sc-choices" });
  const picks = legal.filter((t) => t.startsWith("pick ") && !t.startsWith("pick up"));
  if (picks.length) {
    const row = el("div", { class: "sc-characters" });
    for (const text of picks) {
      const who = text.slice(5);
      row.append(target(el("div", { class: "sc-character-card" },
        el("strong", {}, who[0].toUpperCase() + who.slice(1)),
        el("span", { class: "sc-muted" }, CHARACTERS[who] || "")), text, `play ${who} (SC-4, SC-5)`));
    }
    box.append(row);
  }
  const buttons = el("div", { class: "sc-buttons" });
  for (const text of legal) {
    const word = text.split(" ")[0];
    if (["end", "stop", "gems", "keep", "dig", "give"].includes(word)) {
      buttons.append(target(el("button", { type: "button", class: `sc-button sc-button-${word}` }, text), text, text));
    }
  }
  // Aiming a bomb (SC-14) or the Hunting Bow (SC-15) turns the squares into those targets.
  for (const [verb, words] of [["bomb", "Throw a bomb…"], ["shoot", "Shoot the bow…"]]) {
    if (!legal.some((t) => t.startsWith(`${verb} `))) continue;
    const on = mode === verb;
    buttons.append(el("button", {
      type: "button", class: `sc-button sc-mode${on ? " sc-mode-on" : ""}`, "aria-pressed": on ? "true" : "false",
      "data-testid": `aim-${verb}`,
      onclick: () => { mode = on ? null : verb; rerender(); },
    }, on ? "Cancel aiming" : words));
  }
  if (buttons.childNodes.length) box.append(buttons);
  return box;
}

function headline(update, ctx) {
  const { view } = update;
  const board = view.board;
  const line = el("div", { class: "sc-headline" });
  if (view.status === "over" || board.phase === "over") {
    const how = { gems: "with 40 gems (SC-19)", grail: "by claiming the Holy Grail (SC-20)" }[board.end] || "";
    line.append(el("strong", {}, board.winner === null || board.winner === undefined
      ? "Game over: a draw (turn cap)" : `${ctx.seatName(board.winner)} wins ${how}`));
    return line;
  }
  if (board.phase === "choosing_characters") {
    line.append(el("strong", {}, "Choosing characters"));
  } else if (board.active !== null && board.active !== undefined) {
    line.append(el("strong", {}, `Turn ${board.turns + 1} · ${ctx.seatName(board.active)}`),
      ` · ${board.actions_left} action${board.actions_left === 1 ? "" : "s"} left`,
      board.move_left ? ` · moving, ${board.move_left} square${board.move_left === 1 ? "" : "s"} left` : "");
  }
  const ask = board.awaiting;
  if (ask && ask.question) {
    const who = ask.seat === null || ask.seat === undefined ? "Chance" : `P${ask.seat + 1}`;
    line.append(el("div", { class: "sc-question" },
      `${who}${view.viewer === ask.seat ? " (you)" : ""}: ${ask.question}`,
      ask.squares && ask.squares.length ? ` — ${ask.squares.join(", ")}` : "",
      ask.cards && ask.cards.length ? ` — ${ask.cards.join(", ").replaceAll("_", " ")}` : "",
      ask.ruling ? el("span", { class: "sc-muted" }, ` (${ask.ruling})`) : ""));
  }
  return line;
}

function happened(update) {
  const box = el("section", { class: "sc-happened", "data-testid": "happened", "aria-live": "polite" },
    el("h3", { class: "sc-h" }, "Just now"));
  const events = update.events || [];
  if (!events.length) {
    box.append(el("p", { class: "sc-muted" }, "—"));
    return box;
  }
  const list = el("ul", { class: "sc-events" });
  const marks = { action: "▸", chance: "⚄", enemy: "!", health: "♥", gain: "+" };
  for (const event of events.slice(-8)) {
    list.append(el("li", { class: `sc-event sc-event-${event.type}` },
      el("span", { class: "sc-event-mark", "aria-hidden": "true" }, marks[event.type] || "•"), ` ${event.text}`));
  }
  box.append(list);
  return box;
}

function legend() {
  const entry = (node, words) => el("span", { class: "sc-legend-entry" },
    svg("svg", { class: "sc-legend-icon", viewBox: "0 0 10 10", "aria-hidden": "true" }, node), words);
  return el("details", { class: "sc-legend" }, el("summary", {}, "Legend"),
    el("div", { class: "sc-legend-list" },
      entry(drawTree(0, 0), "tree"), entry(drawBush(0, 0), "bush"), entry(drawRock(0, 0), "rock"),
      entry(drawChest(0, 0, false, false), "chest"), entry(drawChest(0, 0, false, true), "opened chest"),
      entry(drawChest(0, 0, true, false), "Big Chest"),
      entry(drawEnemy(0, 0, { kind: "dark_knight" }), "Dark Knight"),
      entry(drawEnemy(0, 0, { kind: "mimic" }), "Mimic"),
      entry(drawEnemy(0, 0, { kind: "plant", facing: "east" }), "Plant (facing east)"),
      entry(drawStack(0, 0, { item: "fire_relic", left: 4 }), "relic stack"),
      entry(drawStack(0, 0, { item: "big_key", left: 4 }), "Big Key stack"),
      entry(drawItems(0, 0, ["green_gem"]), "gem 1/5/10"),
      entry(drawItems(0, 0, ["small_key"]), "small key"), entry(drawItems(0, 0, ["bomb"]), "bomb")));
}

// -- the whole board -----------------------------------------------------------------------

/** The events of the latest decision: a new connection's first update carries the whole
 * game's events, and only its last decision's are "what just happened". */
function recent(events) {
  const list = events || [];
  let from = 0;
  list.forEach((event, index) => { if (event.type === "action") from = index; });
  return list.slice(from);
}

function rerender() {
  if (last) render(...last);
}

export function render(root, update, ctx) {
  last = [root, update, ctx];
  if (update.version !== modeVersion) {
    mode = null;
    modeVersion = update.version;
  }
  clear(root);
  update = { ...update, events: recent(update.events) };
  const { view } = update;
  const board = view.board;
  const wrap = el("div", { class: "sc" });
  root.append(wrap);
  wrap.append(headline(update, ctx));

  const activePlayer = board.players.find((p) => p.seat === board.active);
  const focus = activePlayer ? standing(activePlayer) : null;
  const narrow = typeof window !== "undefined" && window.matchMedia
    && window.matchMedia("(max-width: 700px)").matches;
  const area = board.tiles.length ? explored(board) : null;
  const big = area && (area.bottom - area.top > CROP || area.right - area.left > CROP);
  const crop = big && (wholeMap === null ? narrow : !wholeMap);

  const main = el("div", { class: "sc-main" });
  const left = el("div", { class: "sc-map" });
  if (board.tiles.length) {
    left.append(drawForest(update, ctx, focus, crop));
    const tools = el("div", { class: "sc-map-tools" });
    if (big) {
      tools.append(el("button", { type: "button", class: "sc-button sc-zoom", "data-testid": "zoom",
        onclick: () => { wholeMap = crop; rerender(); } }, crop ? "Show the whole forest" : "Zoom to the active player"));
    }
    tools.append(legend());
    left.append(tools);
  }
  left.append(choices(update));
  const side = el("div", { class: "sc-side" });
  side.append(drawDice(update), happened(update));
  const players = el("div", { class: "sc-players" });
  for (const player of board.players) players.append(drawPlayer(player, update, ctx));
  side.append(players);
  const empty = emptySupply(update);
  if (empty) side.append(empty);
  main.append(left, side);
  wrap.append(main);
}
