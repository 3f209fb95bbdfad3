// A player's profile (issue 30): ratings per game and player count as "rating ± sigma"
// (the rating is mu − 3 sigma: what the player is at least, almost surely; the random bot
// is 0), a graph of each over time, games played and won, and the finished games a page
// at a time, by game, with result, opponents, date and replay.
import { api } from "./api.js";
import { accountLink } from "./account-link.js";
import { clear, el } from "./dom.js";
import { header } from "./header.js";
import { lang, t, tn } from "./i18n.js";
import { botName, said } from "./words.js";
import { ratingGraph } from "./rating-graph.js";

const username = decodeURIComponent(location.pathname.split("/").filter(Boolean)[1] || "");
const page = el("main", {});
const gamesPanel = el("section", { class: "panel", "data-testid": "games", "aria-labelledby": "games-title" });
let games = [];
let filter = "";
let pageNumber = 1;

function gameName(id) {
  return (games.find((game) => game.id === id) || { name: id }).name;
}

function fixed(value) {
  return Number(value).toLocaleString(lang === "qps" ? "en" : lang, { minimumFractionDigits: 1, maximumFractionDigits: 1 });
}

function dateWords(iso) {
  const when = new Date(iso);
  return Number.isNaN(when.getTime()) ? iso : when.toLocaleDateString(lang === "qps" ? "en" : lang, { dateStyle: "medium" });
}

function format(rating) {
  return t("{game}, {count} players", { game: gameName(rating.game), count: rating.players });
}

async function ratingCard(rating) {
  const card = el("article", { class: "rating-card", "data-testid": "rating" },
    el("h3", {}, format(rating)),
    el("p", { class: "rating-value" }, el("span", { "data-testid": "rating-value" }, `${fixed(rating.rating)} ± ${fixed(rating.sigma)}`)),
    el("p", { class: "small muted" }, tn("{count} rated game", "{count} rated games", rating.games),
      " · ", t("mu {mu}, sigma {sigma}", { mu: fixed(rating.mu), sigma: fixed(rating.sigma) })));
  try {
    const graph = await api(`/api/players/${encodeURIComponent(username)}/ratings?game=${encodeURIComponent(rating.game)}&players=${rating.players}`);
    if (graph.steps.length) card.append(ratingGraph(graph.steps, format(rating)));
  } catch (error) {
    card.append(el("p", { class: "notice error" }, said(error.words, error.message)));
  }
  return card;
}

function opponents(game) {
  return game.opponents.map((seat) => {
    if (!seat.name || seat.name === "human") return `P${seat.seat + 1}`;
    if (/^(random|heuristic|ismcts|learned)(:|$)/.test(seat.name)) return t("bot ({bot})", { bot: botName(seat.name) });
    return seat.name;
  }).join(", ");
}

function resultWords(result) {
  return { won: t("won"), lost: t("lost"), draw: t("draw") }[result] || result;
}

async function drawGames() {
  const query = new URLSearchParams({ page: String(pageNumber) });
  if (filter) query.set("game", filter);
  const chooser = el("select", { "data-testid": "game-filter", id: "game-filter" },
    el("option", { value: "" }, t("All games")),
    games.map((game) => el("option", { value: game.id, selected: game.id === filter }, game.name)));
  chooser.addEventListener("change", () => { filter = chooser.value; pageNumber = 1; drawGames(); });
  const head = [el("h2", { id: "games-title" }, t("Games")),
    el("p", { class: "row" }, el("label", { for: "game-filter", class: "inline" }, t("Game")), chooser)];
  let answer;
  try {
    answer = await api(`/api/players/${encodeURIComponent(username)}/games?${query}`);
  } catch (error) {
    clear(gamesPanel).append(...head, el("p", { class: "notice error" }, said(error.words, error.message)));
    return;
  }
  clear(gamesPanel).append(...head, answer.games.length
    ? el("div", { class: "scroll" }, el("table", { class: "list", "data-testid": "game-list" },
      el("thead", {}, el("tr", {}, el("th", {}, t("Date")), el("th", {}, t("Game")), el("th", {}, t("Result")),
        el("th", {}, t("Opponents")), el("th", {}, ""))),
      el("tbody", {}, answer.games.map((game) => el("tr", { "data-testid": "played-game" },
        el("td", {}, el("time", { datetime: game.date }, dateWords(game.date))),
        el("td", {}, gameName(game.game), game.rated ? el("span", { class: "badge rated" }, t("rated")) : null),
        el("td", { class: `result-${game.result}` }, resultWords(game.result)),
        el("td", {}, opponents(game)),
        el("td", {}, el("a", { href: game.replay }, t("Replay"))))))))
    : el("p", { class: "muted" }, t("No finished games yet.")),
  el("p", { class: "row" },
    pageNumber > 1 ? el("button", { type: "button", class: "secondary", onclick: () => { pageNumber -= 1; drawGames(); } }, t("‹ Newer")) : null,
    answer.more ? el("button", { type: "button", class: "secondary", "data-testid": "older",
      onclick: () => { pageNumber += 1; drawGames(); } }, t("Older ›")) : null));
}

async function main() {
  document.title = t("Albion — {name}", { name: username });
  const top = header();
  top.querySelector("nav").append(accountLink());
  document.body.append(top, page);
  games = await api("/api/games").catch(() => []);
  let profile;
  try {
    profile = await api(`/api/players/${encodeURIComponent(username)}`);
  } catch (error) {
    page.append(el("h1", {}, username), el("p", { class: "notice error", "data-testid": "profile-error" }, said(error.words, error.message)));
    document.body.dataset.status = "ready";
    return;
  }
  const cards = await Promise.all(profile.ratings.map(ratingCard));
  page.append(el("h1", {}, profile.username),
    el("p", { class: "muted", "data-testid": "record" },
      t("Playing since {date}.", { date: dateWords(profile.since) }), " ",
      tn("{count} game played", "{count} games played", profile.played), ", ",
      tn("{count} won", "{count} won", profile.won), "."),
    profile.clocked ? el("p", { class: "muted", "data-testid": "timeouts" },
      tn("Ran out of time {count} time at {tables} tables with a clock.", "Ran out of time {count} times at {tables} tables with a clock.",
        profile.timeouts, { tables: profile.clocked })) : null,
    el("section", { class: "panel", "aria-labelledby": "ratings-title" },
      el("h2", { id: "ratings-title" }, t("Ratings")),
      el("p", { class: "small muted" }, t("A rating is mu − 3 sigma: what the player is at least, almost surely, shown ± sigma (its uncertainty). The random bot is 0.")),
      cards.length ? el("div", { class: "rating-cards" }, cards)
        : el("p", { class: "muted" }, t("No rated games yet."))),
    gamesPanel);
  await drawGames();
  document.body.dataset.status = "ready";
}

main();
