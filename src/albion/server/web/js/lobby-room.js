// The lobby's room (issue 27): a card per game with one click to play against bots and one to
// invite a friend; the tables listed with their game, players' names, status in words,
// winner and age — open ones to join (a public table's free seat) or watch, finished ones
// paged; and how to invite someone on another machine.
import { api } from "./api.js";
import { clear, el } from "./dom.js";
import { t, tn } from "./i18n.js";
import { botName, nameList, said } from "./words.js";

const PAGE = 10;
let finishedOffset = 0;

function botsFor(game, count) {
  return ["human", ...Array.from({ length: count - 1 }, () => "heuristic")];
}

async function create(body, problem) {
  problem.classList.add("hidden");
  try {
    return await api("/api/tables", { body });
  } catch (error) {
    problem.textContent = t("No table: {problem}", { problem: said(error.words, error.message) });
    problem.classList.remove("hidden");
    return null;
  }
}

/** One card per game: play against bots at once, or make a table for you and a friend. */
export function quickPlay(node, games, showCreated) {
  clear(node).append(el("h2", { id: "play-now" }, t("Play now")));
  const problem = el("p", { class: "notice error hidden", role: "alert", "data-testid": "quick-error" });
  const cards = games.map((game) => {
    const count = Math.max(game.min_players, 2);
    const friends = Math.max(game.min_players, 2);
    return el("article", { class: "game-card", "data-testid": `game-card-${game.id}` },
      el("h3", {}, game.name),
      el("p", { class: "small" }, game.summary),
      el("div", { class: "row" },
        el("button", { type: "button", "data-testid": `play-bots-${game.id}`, onclick: async () => {
          const answer = await create({ game: game.id, players: botsFor(game, count) }, problem);
          if (answer) location.href = answer.seats[0].url;
        } }, tn("Play against a bot", "Play against {count} bots", count - 1)),
        el("button", { type: "button", class: "secondary", "data-testid": `play-friend-${game.id}`, onclick: async () => {
          const players = ["human", "human", ...Array.from({ length: friends - 2 }, () => "heuristic")];
          const answer = await create({ game: game.id, players }, problem);
          if (answer) showCreated(answer, t("{game}: a table for you and a friend", { game: game.name }));
        } }, t("Invite a friend")),
        game.tutorial ? el("a", { href: game.tutorial, class: "button secondary", "data-testid": `learn-${game.id}`,
          title: t("A guided first game, step by step") }, t("Learn to play")) : null,
        el("a", { href: `/rules/${game.id}`, class: "small" }, t("How to play"))));
  });
  node.append(el("div", { class: "game-cards" }, cards), problem);
}

function ago(iso) {
  const seconds = Math.max(0, (Date.now() - Date.parse(iso)) / 1000);
  if (seconds < 60) return t("just now");
  if (seconds < 3600) return tn("{count} min ago", "{count} min ago", Math.round(seconds / 60));
  if (seconds < 86400) return tn("{count} h ago", "{count} h ago", Math.round(seconds / 3600));
  return tn("{count} day ago", "{count} days ago", Math.round(seconds / 86400));
}

function seatWords(row, seat) {
  const spec = row.players[seat];
  const name = row.names && row.names[String(seat)];
  if (spec !== "human") return t("bot ({bot})", { bot: botName(spec) });
  if (name) return name;
  if (row.status === "waiting" && !row.seated.includes(seat)) return t("{seat}: free seat", { seat: `P${seat + 1}` });
  return `P${seat + 1}`;
}

function seatLabel(row, seat) {
  const name = row.names && row.names[String(seat)];
  return row.players[seat] !== "human" ? t("bot {seat}", { seat: `P${seat + 1}` }) : name || `P${seat + 1}`;
}

function statusWords(row) {
  if (row.status === "waiting") {
    const free = row.players.filter((spec, seat) => spec === "human" && !row.seated.includes(seat)).length;
    return free ? tn("waiting for {count} player", "waiting for {count} players", free) : t("about to start");
  }
  if (row.status === "playing") return t("in play");
  if (!row.winners) return t("finished");
  if (!row.winners.length) return t("finished: a draw");
  return tn("finished: {winners} won", "finished: {winners} won", row.winners.length,
    { winners: nameList(row.winners.map((seat) => seatLabel(row, seat))) });
}

async function sit(row, seat, problem) {
  try {
    await api(`/api/tables/${encodeURIComponent(row.table)}/sit?seat=${seat}`, { method: "POST" });
    location.href = `/play/${encodeURIComponent(row.table)}?seat=${seat}`;
  } catch (error) {
    problem.textContent = t("That seat could not be taken: {problem}", { problem: said(error.words, error.message) });
    problem.classList.remove("hidden");
  }
}

function actionsFor(row, problem) {
  if (row.status === "over") return el("a", { href: `/replay/${row.table}` }, t("Replay"));
  const free = row.status === "waiting" && row.public
    ? row.players.map((spec, seat) => seat).filter((seat) => row.players[seat] === "human" && !row.seated.includes(seat))
    : [];
  return el("span", { class: "row" },
    free.map((seat) => el("button", { type: "button", class: "small-button", "data-testid": `sit-${row.table}-${seat}`,
      onclick: () => sit(row, seat, problem) }, t("Take seat {seat}", { seat: `P${seat + 1}` }))),
    el("a", { href: `/watch/${row.table}` }, t("Watch")));
}

function listing(rows, status, games, problem) {
  const name = (id) => (games.find((game) => game.id === id) || { name: id }).name;
  return el("table", { class: "list", "data-testid": `tables-${status}` },
    el("thead", {}, el("tr", {}, el("th", {}, t("Game")), el("th", {}, t("Players")), el("th", {}, t("Status")),
      el("th", {}, t("Started")), el("th", {}, ""))),
    el("tbody", {}, rows.map((row) => el("tr", { "data-table": row.table },
      el("td", {}, name(row.game)),
      el("td", {}, row.players.map((_, seat) => seatWords(row, seat)).join(" · ")),
      el("td", {}, el("span", { class: `badge ${row.status}` }, statusWords(row))),
      el("td", { class: "small muted" }, ago(row.created_at)),
      el("td", {}, actionsFor(row, problem))))));
}

/** The tables: open, in play, finished (a page at a time). */
export async function drawTables(node, games) {
  let waiting;
  let playing;
  let over;
  try {
    [waiting, playing, over] = await Promise.all([
      api("/api/tables?status=waiting&limit=20"),
      api("/api/tables?status=playing&limit=20"),
      api(`/api/tables?status=over&limit=${PAGE + 1}&offset=${finishedOffset}`)]);
  } catch (error) {
    clear(node).append(el("p", { class: "notice error" }, t("Tables could not be listed: {problem}", { problem: said(error.words, error.message) })));
    return;
  }
  const problem = el("p", { class: "notice error hidden", role: "alert", "data-testid": "sit-error" });
  const section = (title, rows, status, empty) => [el("h3", {}, title),
    rows.length ? listing(rows, status, games, problem) : el("p", { class: "muted small" }, empty)];
  const older = over.length > PAGE;
  clear(node).append(el("h2", {}, t("Tables")), problem,
    ...section(t("Open: waiting for players"), waiting, "waiting", t("No open table. Make one above, or play against bots.")),
    ...section(t("In play"), playing, "playing", t("No game in play right now.")),
    ...section(t("Finished"), over.slice(0, PAGE), "over", finishedOffset ? t("No older games.") : t("No finished game yet.")),
    el("p", { class: "row" },
      finishedOffset > 0 ? el("button", { type: "button", class: "secondary", "data-testid": "newer",
        onclick: () => { finishedOffset = Math.max(0, finishedOffset - PAGE); drawTables(node, games); } }, t("‹ Newer")) : null,
      older ? el("button", { type: "button", class: "secondary", "data-testid": "older",
        onclick: () => { finishedOffset += PAGE; drawTables(node, games); } }, t("Older ›")) : null,
      el("span", { class: "small muted" }, over.length ? t("games {first}–{last}", { first: finishedOffset + 1, last: finishedOffset + Math.min(PAGE, over.length) }) : "")));
}

/** How to invite someone on another machine, from where the server's links point. */
export async function serverHint(node) {
  let info;
  try {
    info = await api("/api/server");
  } catch {
    return;
  }
  if (info.lan) {
    node.textContent = t("Friends on your network open the invitation links directly: they point to {url}.", { url: info.public_url });
    return;
  }
  const suggestion = info.addresses && info.addresses.length ? info.addresses[0] : t("http://YOUR-IP:8000");
  node.textContent = t("Invitation links point to {url}, which only this machine can open. To play with someone on your network, start the server with {command} (see the README).",
    { url: info.public_url, command: `albion serve --host 0.0.0.0 --public-url ${suggestion}` });
}
