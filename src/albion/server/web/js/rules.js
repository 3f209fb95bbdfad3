// The rules of each game with every ruling and variant: the same data as `albion rules`.
import { api } from "./api.js";
import { el } from "./dom.js";
import { header } from "./header.js";

async function main() {
  const main = el("main", {});
  document.body.append(header(), main);
  const games = await api("/api/games");
  const wanted = decodeURIComponent(location.pathname.split("/")[2] || "");
  main.append(el("h1", {}, "Rules and rulings"),
    el("p", { class: "row" }, games.map((game) => el("a", { class: "button secondary", href: `/rules/${game.id}` }, game.name))));
  const shown = wanted ? games.filter((game) => game.id === wanted) : games;
  if (!shown.length) {
    main.append(el("p", { class: "notice error" }, `No game ${wanted}.`));
    return;
  }
  for (const game of shown) {
    const rules = await api(`/api/games/${encodeURIComponent(game.id)}/rules`);
    main.append(el("section", { class: "panel", "data-testid": `rules-${game.id}` },
      el("h2", {}, `${rules.name} — ${rules.min_players} to ${rules.max_players} players`),
      el("p", { class: "muted" }, rules.summary,
        " ", el("a", { href: `/?game=${game.id}` }, "Play it")),
      el("h3", {}, "Variants"),
      el("table", { class: "list" },
        el("thead", {}, el("tr", {}, el("th", {}, "Key"), el("th", {}, "Values"), el("th", {}, "Ruling"))),
        el("tbody", {}, rules.variants.map((option) => el("tr", {},
          el("td", {}, el("b", {}, option.key), el("div", { class: "small muted" }, option.summary)),
          el("td", {}, option.choices.length
            ? el("ul", {}, option.choices.map((choice) => el("li", {},
              el("code", {}, choice.value), choice.value === option.default ? " (default)" : "",
              choice.meaning ? ` — ${choice.meaning}` : "")))
            : `${option.allowed} (default ${option.default})`),
          el("td", {}, el("a", { href: `#${option.ruling}` }, option.ruling)))))),
      el("h3", {}, "Rulings"),
      rules.rulings.map((ruling) => el("div", { class: `ruling${ruling.variant_keys.length ? " variant" : ""}`, id: ruling.id },
        el("span", { class: "id" }, ruling.id), el("b", {}, ruling.title),
        el("span", { class: "small muted" }, ` [${ruling.sources.join(", ")}]`),
        ruling.ours ? el("span", { class: "ours" }, " our own design") : null,
        ruling.variant_keys.length ? el("span", { class: "small" }, ` — variant: ${ruling.variant_keys.join(", ")}`) : null,
        el("p", {}, ruling.text)))));
  }
  main.append(el("section", { class: "panel", id: "clock", "data-testid": "rules-clock" },
    el("h2", {}, "Playing online: the clock"),
    el("p", {}, "A table may have a clock. It is per turn, not per decision: all the decisions a player makes ",
      "in a row share one time — every draw of a Diamoniak turn, every action of a Super Camelot turn — ",
      "and a new turn starts with the whole time again. Everyone at the table sees the countdown of the ",
      "player to move, and that player is warned before it runs out."),
    el("p", {}, "When the time is up (or a player stays disconnected past the grace period) a fair bot, ",
      "the stand-in, plays for them from their own view only; its moves are marked. The player takes ",
      "the seat back with one click, \u201cTake my seat back\u201d, or by making a move themselves.")));
  if (location.hash) document.getElementById(location.hash.slice(1))?.scrollIntoView();
  document.body.dataset.status = "ready";
}

main();
