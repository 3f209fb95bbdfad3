// The balance reports `albion report` wrote, when the server was given them (--reports).
import { api } from "./api.js";
import { el } from "./dom.js";
import { header } from "./header.js";

async function main() {
  const main = el("main", {}, el("h1", {}, "Balance reports"));
  document.body.append(header(), main);
  const reports = await api("/api/reports");
  if (!reports.length) {
    main.append(el("p", { class: "panel" }, "No reports here yet. Write one with ",
      el("code", {}, "albion report GAME --out report"), " and start the server where that folder is (or give ",
      el("code", {}, "albion serve --reports DIR"), ")."));
  } else {
    main.append(el("ul", { class: "panel", "data-testid": "reports" },
      reports.map((report) => el("li", {}, el("a", { href: report.url }, report.name)))));
  }
  document.body.dataset.status = "ready";
}

main();
