// The balance reports `albion report` wrote, when the server was given them (--reports):
// each with its game, when it was written and what it holds (GET /api/reports).
import { api } from "./api.js";
import { el } from "./dom.js";
import { header } from "./header.js";
import { lang, t, tn } from "./i18n.js";
import { botName, english, parts, said } from "./words.js";

function written(iso) {
  const when = new Date(iso);
  return Number.isNaN(when.getTime()) ? iso
    : when.toLocaleString(lang === "qps" ? "en" : lang, { dateStyle: "medium", timeStyle: "short" });
}

// What a report holds, in a few words: its line-up, its games, the values it compares.
function contents(report) {
  if (report.game === null) return [t("A report without its report.json: open it to see what it holds.")];
  const lines = [];
  const who = [];
  if (report.players !== null) who.push(tn("{count} player", "{count} players", report.players));
  if (report.bots.length) who.push(t("bots {bots}", { bots: report.bots.map(botName).join(", ") }));
  if (who.length) lines.push(who.join(" · "));
  const swept = report.configurations.filter((label) => label !== "base");
  const against = swept.join(", "); // the variants' labels (data)
  if (report.games === null) {
    lines.push(swept.length ? t("the base rules against {variants}", { variants: against }) : t("the base rules"));
  } else if (swept.length) {
    lines.push(tn("{count} game each of the base rules against {variants}",
      "{count} games each of the base rules against {variants}", report.games, { variants: against }));
  } else {
    lines.push(tn("{count} game of the base rules", "{count} games of the base rules", report.games));
  }
  if (report.hidden_information) lines.push(t("the value of hidden information"));
  return lines;
}

function row(report) {
  return el("tr", { "data-testid": "report" },
    el("td", {}, el("a", { href: report.url }, english(report.game_name) || report.game || report.name),
      el("div", { class: "muted small" }, report.name)),
    el("td", {}, el("time", { datetime: report.written }, written(report.written))),
    el("td", {}, contents(report).map((line) => el("div", {}, line))));
}

async function main() {
  document.title = t("Albion — reports");
  const page = el("main", {}, el("h1", {}, t("Balance reports")));
  document.body.append(header(), page);
  let reports;
  try {
    reports = await api("/api/reports");
  } catch (error) {
    page.append(el("p", { class: "panel" }, t("The reports could not be listed: {problem}", { problem: said(error.words, error.message) })));
    document.body.dataset.status = "ready";
    return;
  }
  if (!reports.length) {
    page.append(el("p", { class: "panel" }, parts(
      t("No reports here yet. Write one with {write} and start the server where that folder is (or give {serve})."),
      { write: el("code", {}, "albion report GAME --out report"), serve: el("code", {}, "albion serve --reports DIR") })));
  } else {
    page.append(el("p", { class: "muted" }, t("Seat advantage, game length and endings, from bot tournaments; newest first.")),
      el("div", { class: "panel" }, el("table", { class: "list", "data-testid": "reports" },
        el("thead", {}, el("tr", {}, el("th", {}, t("Game")), el("th", {}, t("Written")), el("th", {}, t("What it holds")))),
        el("tbody", {}, reports.map(row)))));
  }
  document.body.dataset.status = "ready";
}

main();
