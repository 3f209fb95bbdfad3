// The balance reports `albion report` wrote, when the server was given them (--reports):
// each with its game, when it was written and what it holds (GET /api/reports).
import { api } from "./api.js";
import { el } from "./dom.js";
import { header } from "./header.js";

function written(iso) {
  const when = new Date(iso);
  return Number.isNaN(when.getTime()) ? iso
    : when.toLocaleString(undefined, { dateStyle: "medium", timeStyle: "short" });
}

function plural(count, word) {
  return `${count} ${word}${count === 1 ? "" : "s"}`;
}

// What a report holds, in a few words: its line-up, its games, the values it compares.
function contents(report) {
  if (report.game === null) return ["A report without its report.json: open it to see what it holds."];
  const lines = [];
  const who = [];
  if (report.players !== null) who.push(plural(report.players, "player"));
  if (report.bots.length) who.push(`bots ${report.bots.join(", ")}`);
  if (who.length) lines.push(who.join(" · "));
  const swept = report.configurations.filter((label) => label !== "base");
  const rules = swept.length ? `the base rules against ${swept.join(", ")}` : "the base rules";
  if (report.games === null) lines.push(rules);
  else lines.push(`${plural(report.games, "game")}${swept.length ? " each" : ""} of ${rules}`);
  if (report.hidden_information) lines.push("the value of hidden information");
  return lines;
}

function row(report) {
  return el("tr", { "data-testid": "report" },
    el("td", {}, el("a", { href: report.url }, report.game_name || report.game || report.name),
      el("div", { class: "muted small" }, report.name)),
    el("td", {}, el("time", { datetime: report.written }, written(report.written))),
    el("td", {}, contents(report).map((line) => el("div", {}, line))));
}

async function main() {
  const page = el("main", {}, el("h1", {}, "Balance reports"));
  document.body.append(header(), page);
  let reports;
  try {
    reports = await api("/api/reports");
  } catch (error) {
    page.append(el("p", { class: "panel" }, `The reports could not be listed: ${error.message}`));
    document.body.dataset.status = "ready";
    return;
  }
  if (!reports.length) {
    page.append(el("p", { class: "panel" }, "No reports here yet. Write one with ",
      el("code", {}, "albion report GAME --out report"), " and start the server where that folder is (or give ",
      el("code", {}, "albion serve --reports DIR"), ")."));
  } else {
    page.append(el("p", { class: "muted" }, "Seat advantage, game length and endings, from bot tournaments; newest first."),
      el("div", { class: "panel" }, el("table", { class: "list", "data-testid": "reports" },
        el("thead", {}, el("tr", {}, el("th", {}, "Game"), el("th", {}, "Written"), el("th", {}, "What it holds"))),
        el("tbody", {}, reports.map(row)))));
  }
  document.body.dataset.status = "ready";
}

main();
