// The rules of each game with every ruling and variant: the same data as `albion rules`.
import { api } from "./api.js";
import { el } from "./dom.js";
import { header } from "./header.js";
import { howToPlay } from "./howto.js";
import { lang, t } from "./i18n.js";
import { parts } from "./words.js";

// Where a ruling comes from (RULINGS.md tags it rb, pub, inf, house; Albion's own: project).
const SOURCES = {
  rb: t("rulebook"), pub: t("published"), inf: t("inferred"), house: t("house rule"),
  project: t("Albion's choice"),
};

/** A sentence the server sent (a variant's summary) begun with a capital, as a heading. */
function capitalised(text) {
  const words = String(text || "");
  return words ? words[0].toLocaleUpperCase(lang) + words.slice(1) : words;
}

/** A variant's values: each as typed (data) with its meaning, or the numbers allowed. */
function values(option, numbers) {
  if (option.choices.length) {
    return el("ul", {}, option.choices.map((choice) => el("li", {},
      el("code", {}, choice.value), choice.value === option.default ? [" ", t("(default)")] : "",
      choice.meaning ? [" — ", choice.meaning] : "")));
  }
  const allowed = numbers ? t("a whole number from {low} to {high}", { low: numbers.minimum, high: numbers.maximum })
    : option.allowed;
  return t("{allowed} (default {default})", { allowed, default: option.default });
}

async function main() {
  document.title = t("Albion — rules");
  const main = el("main", {});
  document.body.append(header(), main);
  const games = await api("/api/games");
  const wanted = decodeURIComponent(location.pathname.split("/")[2] || "");
  main.append(el("h1", {}, t("Rules and rulings")),
    el("p", { class: "row" }, games.map((game) => el("a", { class: "button secondary", href: `/rules/${game.id}` }, game.name))));
  const shown = wanted ? games.filter((game) => game.id === wanted) : games;
  if (!shown.length) {
    main.append(el("p", { class: "notice error" }, t("No game {game}.", { game: wanted })));
    return;
  }
  for (const game of shown) {
    const rules = await api(`/api/games/${encodeURIComponent(game.id)}/rules`);
    const numbers = (key) => game.variants.find((option) => option.key === key && !option.choices.length);
    main.append(el("section", { class: "panel", "data-testid": `rules-${game.id}` },
      el("h2", {}, t("{game} — {minimum} to {maximum} players",
        { game: rules.name, minimum: rules.min_players, maximum: rules.max_players })),
      el("p", { class: "muted" }, rules.summary,
        " ", el("a", { href: `/?game=${game.id}` }, t("Play it")),
        game.tutorial ? [" · ", el("a", { href: game.tutorial, "data-testid": `learn-${game.id}` }, t("Learn it step by step"))] : null),
      await howToPlay(game, Boolean(wanted)), // issue 32: before the rulings
      el("h3", {}, t("Variants")),
      el("table", { class: "list" },
        el("thead", {}, el("tr", {}, el("th", {}, t("Variant")), el("th", {}, t("Values")), el("th", {}, t("Ruling")))),
        el("tbody", {}, rules.variants.map((option) => el("tr", {},
          el("td", {}, el("b", {}, capitalised(option.summary)), el("div", { class: "small muted" }, el("code", {}, option.key))),
          el("td", {}, values(option, numbers(option.key))),
          el("td", {}, el("a", { href: `#${option.ruling}` }, option.ruling)))))),
      el("h3", {}, t("Rulings")),
      rules.rulings.map((ruling) => el("div", { class: `ruling${ruling.variant_keys.length ? " variant" : ""}`, id: ruling.id },
        el("span", { class: "id" }, ruling.id), el("b", {}, ruling.title),
        el("span", { class: "small muted" }, " [", ruling.sources.map((source) => SOURCES[source] || source).join(", "), "]"),
        ruling.ours ? el("span", { class: "ours" }, " ", t("our own design")) : null,
        ruling.variant_keys.length ? el("span", { class: "small" }, " — ",
          parts(t("variant: {keys}"), { keys: ruling.variant_keys.map((key, index) => [index ? ", " : "", el("code", {}, key)]) })) : null,
        el("p", {}, ruling.text)))));
  }
  main.append(el("section", { class: "panel", id: "clock", "data-testid": "rules-clock" },
    el("h2", {}, t("Playing online: the clock")),
    el("p", {}, t("A table may have a clock. It is per turn, not per decision: all the decisions a player makes in a row share one time — every draw of a Diamoniak turn, every action of a Super Camelot turn — and a new turn starts with the whole time again. Everyone at the table sees the countdown of the player to move, and that player is warned before it runs out.")),
    el("p", {}, t("When the time is up (or a player stays disconnected past the grace period) a fair bot, the stand-in, plays for them from their own view only; its moves are marked. The player takes the seat back with one click, “{button}”, or by making a move themselves.",
      { button: t("Take my seat back") }))));
  if (location.hash) document.getElementById(location.hash.slice(1))?.scrollIntoView();
  document.body.dataset.status = "ready";
}

main();
