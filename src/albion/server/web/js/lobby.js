// The lobby, a game room (issue 27): one click to play each game against bots, two to
// invite a friend; open tables to join, games in play to watch, finished ones to replay
// (paged), each with its players' names, status in words, winner and age. A custom table
// (seats, and behind "More options" the variant with each value explained, the clock, the
// seed) is there for those who want it.
import { api } from "./api.js";
import { clear, el } from "./dom.js";
import { accountLink } from "./account-link.js";
import { header } from "./header.js";
import { lang, t } from "./i18n.js";
import { said } from "./words.js";
import { drawTables, quickPlay, serverHint } from "./lobby-room.js";

const PLAYERS = [
  ["human", t("Person")],
  ["random", t("Bot — random (weakest)")],
  ["heuristic", t("Bot — heuristic")],
  ["ismcts:iterations=300", t("Bot — search, quick")],
  ["ismcts", t("Bot — search, strong")],
  ["learned", t("Bot — learned (a trained network)")],
];

/** The players a game's seats may take: a person, and the bots the server offers for it
 * (a learned bot only where its weights ship, issue 34). */
function playersFor(game) {
  const bots = game.bots || ["random", "heuristic", "ismcts"];
  return PLAYERS.filter(([value]) => value === "human" || bots.includes(value.split(":")[0]));
}

let games = [];
const form = el("form", { class: "panel", novalidate: true, "data-testid": "create-form", "aria-labelledby": "new-table" });
const created = el("section", { class: "panel hidden", "data-testid": "created", "aria-live": "polite" });
const tables = el("section", { class: "panel", "data-testid": "tables" });

function gameById(id) {
  return games.find((game) => game.id === id);
}

function seatControls(game, count) {
  const rows = [];
  for (let seat = 0; seat < count; seat += 1) {
    const select = el("select", { name: `seat-${seat}`, "data-testid": `seat-${seat}` },
      playersFor(game).map(([value, text]) => el("option", { value }, text)));
    select.value = seat === 0 ? "human" : "heuristic";
    rows.push(el("label", {}, `P${seat + 1}`, select));
  }
  return el("fieldset", {}, el("legend", {}, t("Seats")), el("div", { class: "seat-row" }, rows),
    el("p", { class: "small muted" }, t("Each person gets a private link. Bots see only what a player sees.")));
}

/** A sentence the server sent (a variant's summary) begun with a capital, as a label. */
function capitalised(text) {
  const words = String(text || "");
  return words ? words[0].toLocaleUpperCase(lang) + words.slice(1) : words;
}

// Each variant is named by its summary and each value by its meaning, in the reader's
// language (the server sends them translated); the key, typed at the terminal, is shown as
// data beside the summary, and the values stay the options' values.
function variantControls(game) {
  const fields = game.variants.map((option) => {
    let input;
    let help = null;
    if (option.choices.length) {
      input = el("select", { name: `variant-${option.key}`, "data-testid": `variant-${option.key}` },
        option.choices.map((choice, index) => {
          const meaning = option.meanings[index] || choice;
          return el("option", { value: choice },
            choice === option.default ? t("{choice} (default)", { choice: meaning }) : meaning);
        }));
      input.value = option.default;
    } else {
      input = el("input", { type: "number", name: `variant-${option.key}`, min: option.minimum,
        max: option.maximum, value: option.default, "data-testid": `variant-${option.key}` });
      help = el("span", { class: "variant-help" }, t("{minimum} to {maximum}", { minimum: option.minimum, maximum: option.maximum }));
    }
    return el("label", {},
      el("span", {}, el("b", {}, capitalised(option.summary)), " ",
        el("code", { class: "small muted" }, option.key), " ",
        el("a", { href: `/rules/${game.id}#${option.ruling}`, class: "small" }, option.ruling)),
      input, help);
  });
  return el("fieldset", {}, el("legend", {}, t("Variant (every unclear rule, switchable)")),
    el("div", { class: "grid" }, fields));
}

function drawForm(gameId, count) {
  const game = gameById(gameId);
  clear(form);
  const gameSelect = el("select", { name: "game", "data-testid": "game" },
    games.map((g) => el("option", { value: g.id }, t("{game} ({minimum}–{maximum} players)",
      { game: g.name, minimum: g.min_players, maximum: g.max_players }))));
  gameSelect.value = game.id;
  gameSelect.addEventListener("change", () => drawForm(gameSelect.value, null));
  const seats = count || Math.max(game.min_players, 2);
  const countSelect = el("select", { name: "count", "data-testid": "count" });
  for (let n = game.min_players; n <= game.max_players; n += 1) {
    countSelect.append(el("option", { value: n }, t("{count} players", { count: n })));
  }
  countSelect.value = String(seats);
  countSelect.addEventListener("change", () => drawForm(game.id, Number(countSelect.value)));
  const clock = el("input", { type: "number", name: "clock", min: 0, step: "any",
    placeholder: t("off"), "data-testid": "clock" });
  const seed = el("input", { type: "number", name: "seed", min: 0, placeholder: t("random"),
    "data-testid": "seed" });
  form.append(
    el("h2", { id: "new-table" }, t("Custom table")),
    el("p", { class: "muted" }, game.summary, " ", el("a", { href: `/rules/${game.id}` }, t("Rules"))),
    el("div", { class: "row" }, el("label", {}, t("Game"), gameSelect), el("label", {}, t("Players"), countSelect)),
    seatControls(game, seats),
    el("details", { "data-testid": "more-options" }, el("summary", {}, t("More options: rule variants, clock, seed")),
      el("div", { class: "row" },
        clockControls(clock),
        el("label", {}, t("Seed (the same seed deals the same game: you then hold every seat, and everyone at the table is shown the seed was chosen)"), seed),
        el("label", { class: "check" }, el("input", { type: "checkbox", name: "public", "data-testid": "public" }),
          " ", t("Public: anyone in the lobby may take a free seat"))),
      variantControls(game)),
    ratedControl(seed),
    el("p", {}, el("button", { type: "submit", "data-testid": "create" }, t("Create table"))),
    el("div", { class: "notice error hidden", role: "alert", "data-testid": "create-error" }));
}

/** The time control (issue 31): its kind, its time (what the number means follows the
 * kind) and, for a bank, what each move adds. A bot stands in when time runs out. */
function clockControls(clock) {
  const kinds = [["move", t("Real time: per turn")], ["fischer", t("Real time: a bank and an increment")],
    ["days", t("Turn-based: days per move")], ["days-bank", t("Turn-based: a bank of days")]];
  const kind = el("select", { name: "clock-kind", "data-testid": "clock-kind" },
    kinds.map(([value, label]) => el("option", { value }, label)));
  const increment = el("input", { type: "number", name: "clock-increment", min: 0, step: "any",
    value: 0, "data-testid": "clock-increment" });
  const amount = el("span", {});
  const added = el("span", {});
  const incrementLabel = el("label", {}, added, increment);
  const follow = () => {
    amount.textContent = {
      move: t("Seconds per turn (a bot stands in when time runs out)"),
      fischer: t("Minutes in each player's bank"),
      days: t("Days per move"),
      "days-bank": t("Days in each player's bank"),
    }[kind.value];
    added.textContent = kind.value === "fischer" ? t("Seconds added after each move") : t("Days added after each move");
    incrementLabel.classList.toggle("hidden", kind.value !== "fischer" && kind.value !== "days-bank");
  };
  kind.addEventListener("change", follow);
  follow();
  return el("span", { class: "row" }, el("label", {}, t("Time control"), kind), el("label", {}, amount, clock), incrementLabel);
}

/** A clock's body from the form's numbers (`amount` in the kind's unit). */
function clockBody(kind, amount, increment) {
  if (kind === "fischer") return { kind, bank_seconds: amount * 60, increment_seconds: increment };
  if (kind === "days") return { kind, days_per_move: amount };
  if (kind === "days-bank") return { kind, bank_days: amount, increment_days: increment };
  return { seconds_per_move: amount };
}

/** The rated option (issue 30): never with a chosen seed, so it is shut while one is given. */
function ratedControl(seed) {
  const box = el("input", { type: "checkbox", name: "rated", "data-testid": "rated", "aria-describedby": "rated-hint" });
  const hint = el("span", { id: "rated-hint", class: "small muted" });
  const follow = () => {
    const seeded = seed.value !== "";
    box.disabled = seeded;
    if (seeded) box.checked = false;
    hint.textContent = seeded ? t("A table with a chosen seed is never rated.")
      : t("Counts toward the ratings of everyone at the table, if every person's seat is held by an account; standard rules only.");
  };
  seed.addEventListener("input", follow);
  follow();
  return el("p", { class: "rated-option" }, el("label", { class: "check" }, box, t("Rated")), " ", hint);
}

function formBody() {
  const data = new FormData(form);
  const game = gameById(data.get("game"));
  const players = [];
  for (let seat = 0; seat < Number(data.get("count")); seat += 1) players.push(data.get(`seat-${seat}`));
  const variant = {};
  for (const option of game.variants) {
    const value = data.get(`variant-${option.key}`);
    if (value === null || value === "") continue;
    const typed = option.choices.length ? value : Number(value);
    if (typed !== option.default) variant[option.key] = typed;
  }
  const body = { game: game.id, players, variant };
  if (data.get("seed")) body.seed = Number(data.get("seed"));
  if (data.get("clock")) {
    body.clock = clockBody(data.get("clock-kind") || "move", Number(data.get("clock")),
      Number(data.get("clock-increment") || 0));
  }
  if (data.get("public")) body.public = true;
  if (data.get("rated")) body.rated = true;
  return body;
}

function copyRow(label, url, testid, openWords) {
  const input = el("input", { value: url, readonly: true, "aria-label": label, "data-testid": testid });
  const button = el("button", { type: "button", class: "secondary" }, t("Copy"));
  button.addEventListener("click", async () => {
    input.select();
    try {
      await navigator.clipboard.writeText(url);
      button.textContent = t("Copied");
    } catch {
      button.textContent = t("Select and copy");
    }
  });
  return el("div", { class: "copy" }, el("span", {}, label), input, button,
    el("a", { class: "button secondary", href: url }, openWords));
}

export function showCreated(answer, title = t("Table created")) {
  clear(created).classList.remove("hidden");
  const words = answer.seed_chosen
    ? t("You chose the seed, so you hold every seat: these links open them. Whoever knows a seed can compute every hand, so everyone at this table is shown that it was chosen.")
    : t("Each link is a single-use invitation: the first person to open it takes that seat, and the link then stops working. Take yours here; send each other person theirs, privately.");
  created.append(el("h2", {}, title),
    el("p", { class: "small muted", "data-testid": "created-words" }, words,
      " ", t("The game starts when every person has opened their seat.")),
    ...answer.seats.map((seat) => copyRow(`P${seat.seat + 1}`, seat.url, `seat-link-${seat.seat}`, t("Take this seat"))),
    copyRow(t("Spectators"), answer.spectate, "spectate-link", t("Watch")));
  created.scrollIntoView({ block: "nearest" });
}

form.addEventListener("submit", async (event) => {
  event.preventDefault();
  const problem = form.querySelector("[data-testid=create-error]");
  problem.classList.add("hidden");
  try {
    const answer = await api("/api/tables", { body: formBody() });
    showCreated(answer);
    refreshTables();
  } catch (error) {
    problem.textContent = said(error.words, error.message);
    problem.classList.remove("hidden");
  }
});

function refreshTables() {
  return drawTables(tables, games);
}

async function main() {
  document.title = t("Albion — lobby");
  const quick = el("section", { class: "panel", "data-testid": "quick-play", "aria-labelledby": "play-now" });
  const hint = el("p", { class: "small muted", "data-testid": "server-hint" });
  const top = header();
  top.querySelector("nav").append(accountLink());
  document.body.append(top, el("main", {}, el("h1", {}, t("Play Albion")),
    el("p", { class: "muted" }, t("Three tabletop games to play against bots or friends. New to a game? Its rules page explains it in a few minutes.")),
    quick, created, tables, form, hint));
  try {
    games = await api("/api/games");
  } catch (error) {
    form.append(el("p", { class: "notice error" }, t("The games could not be loaded: {problem}", { problem: said(error.words, error.message) })));
    return;
  }
  const wanted = new URLSearchParams(location.search).get("game");
  quickPlay(quick, games, showCreated);
  drawForm(gameById(wanted) ? wanted : games[0].id, null);
  serverHint(hint);
  await refreshTables();
  setInterval(refreshTables, 5000);
  document.body.dataset.ready = "yes";
}

main();
