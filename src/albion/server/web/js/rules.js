// The rules of each game with every ruling and variant: the same data as `albion rules`.
import { api } from "./api.js";
import { el } from "./dom.js";
import { header } from "./header.js";
import { t } from "./i18n.js";
import { english } from "./words.js";

async function main() {
  document.title = t("Albion — rules");
  const main = el("main", {});
  document.body.append(header(), main);
  const games = await api("/api/games");
  const wanted = decodeURIComponent(location.pathname.split("/")[2] || "");
  main.append(el("h1", {}, t("Rules and rulings")),
    el("p", { class: "row" }, games.map((game) => el("a", { class: "button secondary", href: `/rules/${game.id}` }, english(game.name)))));
  const shown = wanted ? games.filter((game) => game.id === wanted) : games;
  if (!shown.length) {
    main.append(el("p", { class: "notice error" }, t("No game {game}.", { game: wanted })));
    return;
  }
  for (const game of shown) {
    const rules = await api(`/api/games/${encodeURIComponent(game.id)}/rules`);
    main.append(el("section", { class: "panel", "data-testid": `rules-${game.id}` },
      el("h2", {}, t("{game} — {minimum} to {maximum} players",
        { game: english(rules.name), minimum: rules.min_players, maximum: rules.max_players })),
      el("p", { class: "muted" }, english(rules.summary),
        " ", el("a", { href: `/?game=${game.id}` }, t("Play it"))),
      el("h3", {}, t("Variants")),
      el("table", { class: "list" },
        el("thead", {}, el("tr", {}, el("th", {}, t("Key")), el("th", {}, t("Values")), el("th", {}, t("Ruling")))),
        el("tbody", {}, rules.variants.map((option) => el("tr", {},
          el("td", {}, el("b", {}, english(option.key)), el("div", { class: "small muted" }, english(option.summary))),
          el("td", {}, option.choices.length
            ? el("ul", {}, option.choices.map((choice) => el("li", {},
              el("code", {}, choice.value), choice.value === option.default ? [" ", t("(default)")] : "",
              choice.meaning ? [" — ", english(choice.meaning)] : "")))
            : t("{allowed} (default {default})", { allowed: english(option.allowed), default: option.default })),
          el("td", {}, el("a", { href: `#${option.ruling}` }, option.ruling)))))),
      el("h3", {}, t("Rulings")),
      rules.rulings.map((ruling) => el("div", { class: `ruling${ruling.variant_keys.length ? " variant" : ""}`, id: ruling.id },
        el("span", { class: "id" }, ruling.id), el("b", {}, english(ruling.title)),
        el("span", { class: "small muted" }, " [", english(ruling.sources.join(", ")), "]"),
        ruling.ours ? el("span", { class: "ours" }, " ", t("our own design")) : null,
        ruling.variant_keys.length ? el("span", { class: "small" }, " — ",
          t("variant: {keys}", { keys: english(ruling.variant_keys.join(", ")) })) : null,
        el("p", {}, english(ruling.text))))));
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
