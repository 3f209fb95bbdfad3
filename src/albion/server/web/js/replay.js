// The replay viewer for a finished table (/replay/ID#V): step, jump, autoplay, and a
// shareable link to any moment (the version after '#').
import { analysisPanel } from "./analysis.js";
import { api } from "./api.js";
import { clear, el } from "./dom.js";
import { loadBoard, recent } from "./boards.js";
import { header } from "./header.js";
import { drawLog, markLogVersion } from "./log.js";
import { t } from "./i18n.js";
import { english, resultWords, said, seatName } from "./words.js";

const tableId = decodeURIComponent(location.pathname.split("/")[2] || "");
const ui = {
  title: el("h1", {}, t("Replay")),
  board: el("div", { class: "board panel", id: "board", "data-testid": "board" }),
  slider: el("input", { type: "range", min: 0, value: 0, "aria-label": t("Moment"), "data-testid": "slider" }),
  position: el("span", { class: "mono", "data-testid": "position" }),
  play: el("button", { type: "button", "data-testid": "autoplay" }, t("▶ Play")),
  log: el("ol", { class: "log", "data-testid": "log" }),
  result: el("p", { class: "result", "data-testid": "result" }),
  share: el("a", { "data-testid": "share" }, t("Link to this moment")),
  problem: el("div", { class: "notice error hidden", role: "alert" }),
};
let replay = null;
let renderer = null;
let at = 0;
let playing = null;
let analysis = null; // the analysis section (issue 33)

function show(version) {
  at = Math.max(0, Math.min(version, replay.steps.length - 1));
  const view = replay.steps[at];
  const events = replay.events.filter((event) => event.version === at);
  clear(ui.board);
  try {
    renderer.render(ui.board, { view, legal: [], actions: [], version: at, viewer: null,
      names: replay.names, status: view.status, events, recent: recent(events) },
    { submit: () => {}, seatName: (seat) => seatName(view, replay.names, seat), replay: true,
      geometry: replay.geometry });
  } catch (error) {
    ui.board.append(el("p", { class: "notice error" }, t("This moment could not be drawn: {problem}", { problem: error.message })));
    console.error(error);
  }
  ui.slider.value = String(at);
  ui.position.textContent = t("{at} / {last}", { at, last: replay.steps.length - 1 });
  history.replaceState(null, "", `#${at}`);
  ui.share.href = `${location.origin}/replay/${tableId}#${at}`;
  markLogVersion(ui.log, at);
  document.body.dataset.version = String(at);
  if (analysis) analysis.moved(at);
}

function step(delta) {
  show(at + delta);
}

function toggle() {
  if (playing) {
    clearInterval(playing);
    playing = null;
    ui.play.textContent = t("▶ Play");
    return;
  }
  ui.play.textContent = t("❚❚ Pause");
  playing = setInterval(() => {
    if (at >= replay.steps.length - 1) toggle();
    else step(1);
  }, 600);
}

function controls() {
  const button = (text, label, action, testid) => el("button", { type: "button", class: "secondary",
    "aria-label": label, "data-testid": testid, onclick: action }, text);
  return el("div", { class: "replay-controls panel" },
    button("«", t("First"), () => show(0), "first"),
    button("◀", t("Back one"), () => step(-1), "back"),
    ui.play,
    button("▶", t("Forward one"), () => step(1), "forward"),
    button("»", t("Last"), () => show(replay.steps.length - 1), "last"),
    ui.slider, ui.position, ui.share);
}

async function main() {
  document.title = t("Albion — replay");
  document.body.append(header(), el("main", {}, ui.title, ui.problem));
  try {
    replay = await api(`/api/tables/${encodeURIComponent(tableId)}/replay`);
  } catch (error) {
    ui.problem.textContent = error.code === "not_over"
      ? t("This game is not over yet: watch it live instead.")
      : said(error.words, error.message);
    ui.problem.classList.remove("hidden");
    if (error.code === "not_over") ui.problem.append(" ", el("a", { href: `/watch/${tableId}` }, t("Watch")));
    return;
  }
  const games = await api("/api/games");
  const game = games.find((g) => g.id === replay.game);
  const name = english(game ? game.name : replay.game);
  ui.title.textContent = t("Replay — {game}", { game: name });
  document.title = t("Albion — replay of {game}", { game: name });
  renderer = await loadBoard(game);
  const last = replay.steps[replay.steps.length - 1];
  ui.result.textContent = resultWords(last, replay.names);
  ui.slider.max = String(replay.steps.length - 1);
  ui.play.addEventListener("click", toggle);
  ui.slider.addEventListener("input", () => show(Number(ui.slider.value)));
  drawLog(ui.log, replay.events, { seatName: (seat) => seatName(last, replay.names, seat),
    onPick: (version) => show(version), follow: false });
  analysis = analysisPanel(tableId, replay, (seat) => seatName(last, replay.names, seat), show, ui.log);
  document.querySelector("main").append(ui.result, controls(),
    el("div", { class: "table-layout" },
      // The board's own headings (a game's "Dice", "Just now") sit under this one (issue 29).
      el("section", { class: "replay-board", "aria-labelledby": "replay-board-title" },
        el("h2", { class: "sr-only", id: "replay-board-title" }, t("The board")), ui.board, analysis.node),
      el("aside", {}, el("section", { class: "panel" }, el("h2", {}, t("Log")), ui.log))));
  document.addEventListener("keydown", (event) => {
    if (event.target.closest("input")) return;
    if (event.key === "ArrowRight") step(1);
    else if (event.key === "ArrowLeft") step(-1);
    else if (event.key === "Home") show(0);
    else if (event.key === "End") show(replay.steps.length - 1);
    else if (event.key === " ") { event.preventDefault(); toggle(); }
  });
  const wanted = Number(location.hash.slice(1));
  show(Number.isInteger(wanted) && location.hash ? wanted : 0);
  document.body.dataset.status = "ready";
}

main();
