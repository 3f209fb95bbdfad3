// A table, for a seat (/play/ID?seat=S) or a spectator (/watch/ID): the server's view drawn
// by the game's own board script (or the generic one), the legal actions as targets on the
// board and as a plain list, the log in words, hints, and the end with the result and a
// rematch. The page never decides legality: it submits only texts the server listed in
// `legal`, and draws them from the server's annotations (`board.js` modules: see boards.js).
// A seat is taken from its link once (/play/ID#invite=I, or #token=T when the creator chose
// the seed): the server sets the seat's cookies and the secret leaves the address bar.
import { api } from "./api.js";
import { clear, el } from "./dom.js";
import { loadBoard, recent } from "./boards.js";
import { drawLog } from "./log.js";
import { accountLink } from "./account-link.js";
import { header } from "./header.js";
import { t, tn } from "./i18n.js";
import { actionLabel, botName, english, nameList, said, seatName } from "./words.js";
import { chime, soundSwitch } from "./turn-sound.js";
import { Countdown, awayWords, chipClock, ownClockWords, standInNotice } from "./table-clock.js";
import { drawEnd, everyoneAccepted } from "./table-end.js";
import { TableChat } from "./table-chat.js";
import { TableHelp } from "./table-help.js";
import { TextMode } from "./text-mode.js";

const STEP_MS = 550; // quick updates (bots, the enemy's turn, a reveal) are shown one by one
const tableId = decodeURIComponent(location.pathname.split("/")[2] || "");
const tablePath = `/api/tables/${encodeURIComponent(tableId)}`;
const query = new URLSearchParams(location.search);
const fragment = new URLSearchParams(location.hash.slice(1));
let seat = /^\d{1,2}$/.test(query.get("seat") || "") ? Number(query.get("seat")) : null;
let watching = location.pathname.startsWith("/watch/");
let revoking = false; // signing this seat's other sessions out: our own socket closes too

const ui = {
  title: el("h1", {}, t("Table")),
  seats: el("div", { class: "seats", "data-testid": "seats" }),
  banner: el("p", { class: "turn-banner", "data-testid": "status", "aria-live": "polite" }),
  board: el("div", { class: "board panel", id: "board", "data-testid": "board" }),
  legal: el("div", { class: "legal", "data-testid": "legal", "aria-label": t("Your legal actions") }),
  legalPanel: el("section", { class: "panel" }),
  hint: el("button", { type: "button", class: "secondary", "data-testid": "hint" }, t("Hint")),
  hintAnswer: el("span", { class: "small", "data-testid": "hint-answer", "aria-live": "polite" }),
  undo: el("button", { type: "button", class: "secondary hidden", "data-testid": "undo",
    title: t("Take back your last move (u): within your turn, before chance decides or another player does") }, t("Take back")),
  problem: el("div", { class: "notice error hidden", role: "alert", "data-testid": "error" }),
  result: el("section", { class: "panel hidden", "data-testid": "result" }),
  log: el("ol", { class: "log", "data-testid": "log", "aria-label": t("Game log"), tabindex: "0" }),
  name: el("form", { class: "row hidden", "data-testid": "name-form" }),
  connection: el("span", { class: "small muted", "data-testid": "connection" }),
  seedChosen: el("span", { class: "badge seed-chosen hidden", "data-testid": "seed-chosen",
    title: t("The table's creator chose the seed: whoever knows it can compute every hand and draw.") },
  t("seed chosen: the deal can be computed")),
  elsewhere: el("div", { class: "notice hidden", role: "status", "data-testid": "elsewhere" }),
  info: el("div", { class: "notice hidden", role: "status", "data-testid": "info" }),
  offline: el("div", { class: "notice warning hidden", role: "alert", "data-testid": "offline" }),
  standIn: el("div", { "data-testid": "stand-in-slot" }),
  ownClock: el("p", { class: "own-clock hidden", "data-testid": "clock", "aria-live": "polite" }),
};

let renderer = null;
let wasMyTurn = null; // whether it was this seat's turn at the last update drawn
let gameName = null; // the game's name, once known
let geometry = null; // the game's static geometry, sent in a connection's first update
let socket = null;
let lastSeen = 0; // the last version drawn (for `hello` after a reconnect)
let latest = null; // the newest update received
let queue = [];
let timer = null;
let names = {};
let hinted = null;
let retries = 0;
let closedForGood = false;
let goingTo = null; // the rematch table this page is leaving for
let acceptedBefore = null; // whether the rematch had every person's acceptance at the last update
const countdown = new Countdown(tickClock);
const textMode = new TextMode({ submit });
const chat = new TableChat({ send, who: (s) => (latest ? seatName(latest.view, names, s) : `P${s + 1}`),
  watching: () => watching, mySeat: () => (watching ? null : seat) });
const help = new TableHelp({ send, namer: (s) => (latest ? seatName(latest.view, names, s) : `P${s + 1}`), board: ui.board }); // issue 32

function connected() {
  return socket !== null && socket.readyState === WebSocket.OPEN;
}

/** Send a message; false (and the player told) when there is no connection to send it on. */
function send(message) {
  if (!connected()) {
    showProblem(t("Not sent: this page is disconnected from the server. It reconnects by itself; make your choice again once it says connected."));
    return false;
  }
  socket.send(JSON.stringify(message));
  return true;
}

function submit(text) {
  // Only what the server listed, and only once play has begun.
  if (!latest || latest.status === "waiting" || !latest.legal.includes(text)) return;
  ui.problem.classList.add("hidden");
  send({ type: "submit", action: text, version: latest.version });
}

function setConnection(state, words) {
  ui.connection.textContent = words;
  document.body.dataset.connection = state;
  const offline = state !== "open" && latest !== null && !closedForGood;
  ui.offline.classList.toggle("hidden", !offline);
  if (offline) ui.offline.textContent = t("Disconnected from the server: {state}. Your choices are paused until the page is connected again; nothing you clicked is lost without a word.", { state: words });
  for (const node of document.querySelectorAll("[data-testid=legal] button, [data-testid=take-back]")) {
    node.disabled = offline;
  }
}

function showProblem(text) {
  ui.problem.textContent = text;
  ui.problem.classList.remove("hidden");
}

// ---- drawing -------------------------------------------------------------------------

function draw(update, isLatest) {
  const view = update.view;
  // Nobody decides while the table waits for its people (the server refuses: not_started).
  const legal = isLatest && update.status !== "waiting" ? update.legal : [];
  names = update.names || names;
  const me = view.viewer;
  clear(ui.seats).append(...view.seats.map((seat) => {
    const away = update.away && update.away[String(seat.seat)];
    return el("span", {
      class: `seat-chip${view.to_move.includes(seat.seat) ? " to-move" : ""}${seat.seat === me ? " me" : ""}`,
      "data-testid": `seat-${seat.seat}`,
    }, seatName(view, names, seat.seat), seat.is_bot ? el("span", { class: "small muted" }, " (", botName(seat.player), ")") : null,
    seat.seat === me ? el("span", { class: "small" }, " — ", t("you")) : null,
    seat.seat === me && !view.result && !watching ? el("button", { type: "button", class: "link small",
      "data-testid": "rename", title: t("Change the name the table shows for you"), onclick: showNameForm }, t("rename")) : null,
    away ? el("span", { class: "away", "data-testid": `away-${seat.seat}` },
      " · ", t("played by a bot ({reason})", { reason: awayWords(away) })) : null,
    el("span", { class: "chip-clock-slot", "data-seat": String(seat.seat) }));
  }));
  ui.seedChosen.classList.toggle("hidden", !update.seed_chosen);
  drawElsewhere(update);
  const myTurn = legal.length > 0;
  ui.banner.className = `turn-banner${myTurn ? " mine" : ""}`;
  ui.banner.textContent = bannerText(update, view, myTurn);
  clear(ui.board);
  const actions = legal.length ? view.legal : [];
  const ctx = { submit, seatName: (seat) => seatName(view, names, seat), replay: false, geometry };
  try {
    renderer.render(ui.board, { ...update, legal, actions, recent: recent(update.events),
      viewer: me, names }, ctx);
  } catch (error) {
    ui.board.append(el("p", { class: "notice error" }, t("The board could not be drawn: {problem}", { problem: error.message })));
    console.error(error);
  }
  const namer = (s) => seatName(view, names, s);
  clear(ui.legal).append(...actions.map((action, index) => el("button", {
    type: "button", "data-action": action.text, disabled: !connected(),
    title: [action.ruling, action.text, t("key {number}", { number: index + 1 })].filter(Boolean).join(" · "),
  }, el("span", { class: "key", "aria-hidden": "true" }, String(index + 1)),
  actionLabel(action, namer))));
  if (!legal.length) ui.legal.append(el("span", { class: "muted small" }, t("Nothing to decide now.")));
  ui.legalPanel.classList.toggle("hidden", watching);
  textMode.show({ ...update, recent: recent(update.events) }, { legal, seatName: namer,
    describe: renderer.describe || null, geometry, watching });
  ui.hint.disabled = !myTurn;
  ui.undo.classList.toggle("hidden", !(isLatest && update.can_undo && connected()));
  if (hinted && hinted.version !== update.version) {
    hinted = null; // a hint belongs to the version it was asked on
    ui.hintAnswer.textContent = "";
  }
  if (hinted) markHint(hinted.action);
  help.drawn(update, isLatest, watching, renderer, geometry);
  if (view.result) ui.name.classList.add("hidden"); // names stay as they were (`over`)
  drawStandIn(update, me);
  countdown.set(update.clock, isLatest && update.status === "playing" && !view.result);
  drawEnd(ui.result, { update, watching, seatName: (s) => seatName(view, names, s),
    actions: { rematch, decline: declineRematch, goToRematch } });
  const allAccepted = everyoneAccepted(update); // the last acceptance seen here: all go
  if (isLatest && allAccepted && acceptedBefore === false && !watching && update.rematch_offer.joined.includes(me)) {
    goToRematch();
  }
  if (isLatest) acceptedBefore = allAccepted;
  lastSeen = update.version;
  document.body.dataset.version = String(update.version);
  document.body.dataset.status = update.status;
  document.body.dataset.myTurn = myTurn ? "yes" : "no";
  const title = t("Albion — {game}", { game: gameName || view.game });
  document.title = myTurn ? `● ${title}` : title;
  if (isLatest && myTurn && !wasMyTurn && document.hidden) chime(); // issue 31
  if (isLatest) wasMyTurn = myTurn;
}

function bannerText(update, view, myTurn) {
  if (update.status === "waiting") return t("Waiting for every person to open their seat…");
  if (view.result) return t("The game is over.");
  if (myTurn && update.away && update.away[String(view.viewer)]) return t("A bot plays your turn: take your seat back to play it yourself.");
  if (myTurn) return t("Your move.");
  if (!view.to_move.length) return "…";
  return t("Waiting for {players}.", { players: nameList(view.to_move.map((seat) => seatName(view, names, seat))) });
}

// ---- the clock and stand-ins ---------------------------------------------------------

function tickClock(left) {
  for (const slot of document.querySelectorAll(".chip-clock-slot")) {
    const seconds = left[slot.dataset.seat];
    clear(slot);
    if (seconds !== undefined) slot.append(" ", chipClock(seconds, countdown.perTurn));
  }
  const own = latest && !watching && latest.view.viewer !== null ? left[String(latest.view.viewer)] : undefined;
  const mine = latest && latest.view.viewer !== null ? String(latest.view.viewer) : null;
  const words = ownClockWords(own, countdown.perTurn, countdown.bot, countdown.turnBased,
    mine !== null && countdown.paused.has(mine));
  ui.ownClock.classList.toggle("hidden", !words);
  ui.ownClock.classList.toggle("hurry", Boolean(words && words.hurry));
  ui.ownClock.textContent = words ? words.text : "";
  document.body.dataset.hurry = words && words.hurry ? "yes" : "no";
}

function drawStandIn(update, me) {
  const reason = !watching && me !== null && update.away ? update.away[String(me)] : undefined;
  clear(ui.standIn);
  if (reason && !update.view.result) {
    ui.standIn.append(standInNotice(reason, update.clock && update.clock.bot, takeBack));
  }
}

function takeBack() {
  send({ type: "back" });
}

function drawElsewhere(update) {
  const others = update.elsewhere || 0;
  ui.elsewhere.classList.toggle("hidden", watching || others === 0);
  if (watching || others === 0) return;
  clear(ui.elsewhere).append(
    el("span", {}, tn("This seat is also open in another place: another tab or device of yours, or someone else holding your link.",
      "This seat is also open in {count} other places: another tab or device of yours, or someone else holding your link.", others), " "),
    el("button", { type: "button", class: "secondary", "data-testid": "sign-out-others", onclick: signOutOthers }, t("Sign the others out")));
}

async function signOutOthers() {
  revoking = true;
  try {
    await api(`${tablePath}/revoke?seat=${seat}`, { method: "POST" });
    showInfo(t("The seat's other sessions are signed out: only this page holds it now."));
  } catch (error) {
    showProblem(t("The others could not be signed out: {problem}", { problem: said(error.words, error.message) }));
  } finally {
    revoking = false;
    if (!socket || socket.readyState !== WebSocket.OPEN) connect();
  }
}

function showInfo(text) {
  ui.info.textContent = text;
  ui.info.classList.remove("hidden");
}

// The log by turn, in words (log.js); a decision a stand-in bot made is marked as such.
function appendLog(events, replace) {
  const view = latest.view;
  drawLog(ui.log, events, {
    viewer: watching ? null : view.viewer,
    seatName: (s) => seatName(latest.view, names, s),
    replace,
    extra: (event) => (event.type === "action" && latest.away && latest.away[String(event.seat)]
      ? { className: "stand-in", note: t("played by the stand-in bot") } : null),
  });
}

// Quick updates are drawn one after another; only the newest one offers choices.
function pump() {
  timer = null;
  if (!queue.length) return;
  const update = queue.shift();
  draw(update, queue.length === 0 && update === latest);
  if (queue.length) timer = setTimeout(pump, STEP_MS);
}

function enqueue(update) {
  queue.push(update);
  if (!timer) {
    pump();
    if (queue.length) timer = setTimeout(pump, STEP_MS);
  } else if (queue.length > 30) { // far behind (a reconnect after a long time): catch up
    queue = queue.slice(-1);
  }
}

// ---- the connection ------------------------------------------------------------------

let firstOnConnection = true;

function connect() {
  const scheme = location.protocol === "https:" ? "wss" : "ws";
  const which = watching ? "" : `?seat=${seat}`; // the seat's cookie proves it (never the URL)
  socket = new WebSocket(`${scheme}://${location.host}/ws/tables/${encodeURIComponent(tableId)}${which}`);
  firstOnConnection = true;
  setConnection("connecting", t("connecting…"));
  socket.addEventListener("open", () => {
    setConnection("open", t("connected"));
    retries = 0;
  });
  socket.addEventListener("message", (message) => {
    let data;
    try {
      data = JSON.parse(message.data);
    } catch {
      return;
    }
    if (data.type === "update") onUpdate(data);
    else if (data.type === "error") onError(data);
    else if (data.type === "hint") onHint(data);
    else if (data.type === "why_not") help.answer(data, latest);
    else if (data.type === "named") onNamed(data);
    else if (data.type === "chat") chat.receive(data);
  });
  socket.addEventListener("close", (event) => {
    if (goingTo) return; // leaving for the rematch
    setConnection("closed", t("disconnected"));
    if (revoking) return; // reconnected once the new cookies are set
    if (event.code === 1008 || closedForGood) {
      closedForGood = true;
      setConnection("closed", t("disconnected"));
      showProblem(event.reason ? english(event.reason) : t("The server closed this table's connection."));
      return;
    }
    retries += 1;
    const wait = Math.min(10000, 500 * 2 ** Math.min(retries, 5));
    setConnection("closed", t("retrying in {seconds} s", { seconds: Math.round(wait / 1000) }));
    setTimeout(reconnect, wait);
  });
}

// A connection refused at its handshake looks like a network failure to a page: after a
// few, ask the server over HTTP whether the table and this seat are still there.
async function reconnect() {
  if (retries >= 3) {
    const problem = await seatProblem();
    if (problem) {
      closedForGood = true;
      badLink(problem);
      return;
    }
  }
  connect();
}

function onUpdate(update) {
  const replace = firstOnConnection; // a new connection's first update holds every event
  firstOnConnection = false;
  if (update.geometry !== undefined) geometry = update.geometry;
  latest = update;
  appendLog(update.events, replace);
  if (replace) maybeJoin(update);
  enqueue(update);
}

function onError(error) {
  if (error.code === "stale") return; // an update follows at once
  const namer = (s) => (latest ? seatName(latest.view, names, s) : `P${s + 1}`);
  const message = said(error.words, error.message, namer);
  if (error.code === "bad_name") {
    localStorage.removeItem("albion.name");
    ui.name.classList.remove("hidden");
    showProblem(t("That name cannot be shown: {problem}.", { problem: message }));
    return;
  }
  if (error.code === "busy" || error.code === "rate_limited") ui.hintAnswer.textContent = "";
  showProblem(error.ruling ? t("{problem} ({ruling})", { problem: message, ruling: error.ruling }) : message);
}

function onNamed(named) {
  localStorage.setItem("albion.name", named.name);
  if (named.trimmed) showInfo(t("Your name is shown as “{name}”.", { name: named.name }));
}

function onHint(hint) {
  if (!latest || hint.version !== latest.version) return;
  // The notation, as the choices' titles show it (a hinted target is marked as well).
  ui.hintAnswer.textContent = hint.win_chance === null ? t("Hint: {action}", { action: hint.action })
    : t("Hint: {action} — about {percent}% to win", { action: hint.action, percent: Math.round(hint.win_chance * 100) });
  hinted = hint;
  markHint(hint.action);
}

function markHint(action) {
  for (const node of document.querySelectorAll("[data-action]")) {
    node.classList.toggle("hinted", node.getAttribute("data-action") === action);
  }
}

// ---- names, rematch, keys ------------------------------------------------------------

function maybeJoin(update) {
  if (watching) return;
  const seat = update.view.viewer;
  const stored = localStorage.getItem("albion.name");
  const current = update.names && update.names[String(seat)];
  if (stored && !current) send({ type: "join", name: stored });
  ui.name.classList.toggle("hidden", Boolean(current || stored));
}

function showNameForm() {
  const input = ui.name.querySelector("input");
  input.value = (latest && latest.names && latest.names[String(latest.view.viewer)]) || "";
  ui.name.classList.remove("hidden");
  input.focus();
}

function nameForm() {
  const input = el("input", { name: "name", maxlength: 40, required: true, placeholder: t("Your name"),
    "aria-label": t("Your name"), "data-testid": "name-input" });
  ui.name.append(el("span", {}, t("Your name at this table:")), input,
    el("button", { type: "submit", class: "secondary" }, t("Save")));
  ui.name.addEventListener("submit", (event) => {
    event.preventDefault();
    const name = input.value.trim();
    if (!name) return;
    ui.problem.classList.add("hidden");
    send({ type: "join", name }); // kept once the server takes it (`named`)
    ui.name.classList.add("hidden");
  });
}

// The first of the table's people to ask offers the rematch (creating its table); the others
// accept it, each taking the seat they had there (their seat's cookie is their credential; no
// link is passed around). Once every person has accepted, every page goes to the new table.
async function rematch() {
  try {
    const answer = await api(`${tablePath}/rematch${watching ? "" : `?seat=${seat}`}`, { method: "POST" });
    if (watching || answer.seat === null) {
      location.href = answer.url;
      return;
    }
    const people = latest.view.seats.filter((s) => !s.is_bot).length;
    if (people <= 1) goToRematch(answer.table); // only bots to wait for
  } catch (error) {
    if (error.code === "seat_taken" && latest && latest.rematch) {
      goToRematch();
      return;
    }
    showProblem(t("No rematch: {problem}", { problem: said(error.words, error.message) }));
  }
}

async function declineRematch() {
  try {
    await api(`${tablePath}/rematch/decline?seat=${seat}`, { method: "POST" });
  } catch (error) {
    showProblem(t("Not sent: {problem}", { problem: said(error.words, error.message) }));
  }
}

function goToRematch(table) {
  const target = table || (latest && latest.rematch);
  if (!target || goingTo) return;
  goingTo = target;
  location.href = `/play/${encodeURIComponent(target)}?seat=${seat}`;
}

// A seat's link is claimed once; then the page holds the seat by its cookies, and its address
// (history, bookmarks, a screen share) carries no secret.
// Null once the page holds its seat (or watches); else why the link opens no seat.
async function takeSeat() {
  if (watching) return null;
  const invite = fragment.get("invite");
  const given = fragment.get("token") || query.get("token");
  try {
    if (invite) {
      seat = (await api(`${tablePath}/claim`, { body: { invite } })).seat;
    } else if (given) {
      seat = (await api(`${tablePath}/session`, { method: "POST", headers: { Authorization: `Bearer ${given}` } })).seat;
    }
  } catch (error) {
    history.replaceState(null, "", location.pathname);
    return error.code === "invite_used"
      ? t("This invitation was used already: its seat is taken. If that was not you, tell whoever sent you the link.")
      : t("This link is not valid: it opens no seat at this table ({problem}).", { problem: said(error.words, error.message) });
  }
  if (seat === null) {
    watching = true;
    showProblem(t("A seat is opened with its private link; without one you are watching."));
    return null;
  }
  if (!invite && !given) { // a seat's address: does this browser hold that seat?
    const problem = await seatProblem();
    if (problem) return problem;
  }
  history.replaceState(null, "", `/play/${encodeURIComponent(tableId)}?seat=${seat}`);
  return null;
}

// Why this page cannot hold its seat, in words (null when it can, or cannot tell).
async function seatProblem() {
  try {
    await api(`${tablePath}`);
  } catch (error) {
    if (error.status === 404) return t("There is no table {table} (any more): this link is not valid.", { table: tableId });
    return null;
  }
  if (watching || seat === null) return null;
  try {
    await api(`${tablePath}/session?seat=${seat}`, { method: "POST" });
    return null;
  } catch (error) {
    if (error.status === 401 || error.status === 403) {
      return t("This link is not valid here: it does not open seat {number} in this browser. The seat was claimed from its invitation in another browser (or its holder signed other sessions out). To play, open your own invitation link; or watch the table.",
        { number: seat + 1 });
    }
    return null;
  }
}

// A link that opens nothing: say so plainly, and offer to watch.
function badLink(text, canWatch = true) {
  clear(ui.board);
  showProblem(text);
  ui.legalPanel.classList.add("hidden");
  ui.board.append(el("p", { class: "row" },
    canWatch ? el("a", { class: "button", href: `/watch/${encodeURIComponent(tableId)}`, "data-testid": "watch-instead" }, t("Watch this table")) : null,
    el("a", { class: canWatch ? "button secondary" : "button", href: "/" }, t("Back to the lobby"))));
  document.body.dataset.status = "bad-link";
}

function activate(node) {
  const action = node.getAttribute("data-action");
  if (action !== null) submit(action);
}

document.addEventListener("click", (event) => {
  const node = event.target.closest("[data-action]");
  if (node) activate(node);
  else if (!watching && queue.length === 0) help.ask(event.target.closest("[data-place]"), latest); // why not?
});
document.addEventListener("keydown", (event) => {
  if (event.target.closest("input, select, textarea")) return;
  const node = event.target.closest && event.target.closest("[data-action]");
  if (node && node.tagName !== "BUTTON" && (event.key === "Enter" || event.key === " ")) {
    event.preventDefault();
    activate(node);
    return;
  }
  const spotted = !node && event.target.closest && event.target.closest("[data-place][tabindex]");
  if (spotted && (event.key === "Enter" || event.key === " ") && !watching && queue.length === 0) {
    event.preventDefault(); // why not? (issue 32)
    help.ask(spotted, latest);
    return;
  }
  if (/^[0-9]$/.test(event.key) && latest && !event.ctrlKey && !event.metaKey && !event.altKey) {
    typeNumber(event.key);
  } else if (event.key === "h" && !ui.hint.disabled) {
    askHint();
  } else if (event.key === "u" && !ui.undo.classList.contains("hidden")) {
    undoMove();
  } else if (event.key === "w" && !watching && queue.length === 0 && !event.ctrlKey && !event.metaKey && !event.altKey) {
    if (help.key(event.target, latest)) event.preventDefault(); // why not? (issue 32)
  }
});

// A choice is picked by its number: 1–9 at once, and with ten choices or more a second
// digit typed within TYPING_MS names the tenth and later ones (1 then 2: the twelfth).
const TYPING_MS = 700;
let typed = "";
let typing = null;

function typeNumber(digit) {
  clearTimeout(typing);
  typed = typed === "" && digit === "0" ? "" : typed + digit;
  if (typed === "") return;
  const count = latest.legal.length;
  if (Number(typed) * 10 <= count) typing = setTimeout(pickTyped, TYPING_MS); // more may follow
  else pickTyped();
}

function pickTyped() {
  const text = latest && latest.legal[Number(typed) - 1];
  typed = "";
  if (text !== undefined && queue.length === 0) submit(text);
}

function undoMove() {
  if (latest) send({ type: "undo", version: latest.version });
}

function askHint() {
  ui.hintAnswer.textContent = t("thinking…");
  send({ type: "hint" });
}

// The choices sit beside the board on a wide screen and between the turn and the board on
// a phone (issue 27), where they are also next in the page's order: Tab reaches the
// header, the turn, the choices, the board, then the log and the chat (issue 29).
const PHONE = matchMedia("(max-width: 900px)");

function placeChoices(column, boardTitle, side) {
  const place = () => {
    if (PHONE.matches) column.insertBefore(ui.legalPanel, boardTitle);
    else side.prepend(ui.legalPanel);
  };
  place();
  PHONE.addEventListener("change", place);
}

async function main() {
  document.title = t("Albion — table");
  const boardTitle = el("h2", { class: "sr-only board-title" }, t("The board"));
  const column = el("div", { class: "table-main" }, ui.seats, ui.banner, ui.ownClock, ui.standIn, ui.problem,
    help.note, help.whyNot, help.spoken, ui.result, textMode.panel, boardTitle, ui.board);
  const side = el("aside", { class: "table-side" }, ui.legalPanel, ui.name,
    el("section", { class: "panel" }, el("h2", {}, t("Log")), ui.log), chat.panel);
  const top = header();
  top.querySelector("nav").append(accountLink()); // a turn-based player's notifications
  document.body.append(top, el("main", {},
    el("div", { class: "row" }, ui.title, ui.seedChosen, ui.connection, textMode.switch),
    ui.elsewhere, ui.info, ui.offline,
    el("div", { class: "table-layout" }, column, side)));
  placeChoices(column, boardTitle, side);
  ui.legalPanel.append(el("h2", {}, t("Your choices")), ui.legal,
    el("p", { class: "row" }, ui.hint, ui.undo, ui.hintAnswer),
    el("p", { class: "small muted" }, t("Click a highlighted target on the board or a choice here; type a choice's number to pick it (two digits from the tenth on), h asks for a hint, u takes back your last move when you may.")),
    el("p", { class: "small muted", id: "why-not-help" }, t("Click anything else on the board, or press w or Enter on it, to ask why it cannot be played now; w elsewhere lists the board's places to ask about.")),
    help.picker, el("p", {}, soundSwitch()), el("p", {}, help.switch));
  ui.hint.addEventListener("click", askHint);
  ui.undo.addEventListener("click", undoMove);
  nameForm();
  let summary;
  try {
    summary = await api(`/api/tables/${encodeURIComponent(tableId)}`);
  } catch (error) {
    badLink(error.status === 404 ? t("There is no table {table}: this link is not valid (or the table was removed).", { table: tableId })
      : said(error.words, error.message), false);
    document.body.dataset.status = "missing";
    return;
  }
  const games = await api("/api/games");
  const game = games.find((g) => g.id === summary.game);
  const problem = await takeSeat();
  gameName = english(game ? game.name : summary.game);
  ui.title.textContent = watching ? t("{game} — watching", { game: gameName }) : gameName;
  if (problem) {
    badLink(problem);
    return;
  }
  renderer = await loadBoard(game);
  connect();
}

main();
