// The analysis of a finished game on its replay page (issue 33): "Analyse this game"
// asks the server (POST /api/tables/ID/analysis), a progress bar follows it (GET, once a
// second), then under the board: the win-chance graph (analysis-graph.js; a click jumps
// the replay to that decision), each seat's summary, the flagged decisions — each with
// the better move and the reason, said in the reader's language by the server — marked
// in the log too, and "try again" for each: the replay at that position, the better move
// and the position's text (docs/position-text.md). An analysis stored already is shown
// at once.
import { api } from "./api.js";
import { clear, el } from "./dom.js";
import { t, tn } from "./i18n.js";
import { said } from "./words.js";
import { graphLegend, winGraph } from "./analysis-graph.js";

const REFRESH_MS = 1000;
const MARKS = { inaccuracy: "?!", mistake: "?", blunder: "??" };

/**
 * The analysis section for the replay of `tableId`. `replay`: the replay's payload;
 * `seatName(seat)`; `show(index)`: move the replay to that step; `log`: the replay's log
 * (flagged decisions get marked there). Returns {node, moved(at)}.
 */
export function analysisPanel(tableId, replay, seatName, show, log) {
  const address = `/api/tables/${encodeURIComponent(tableId)}/analysis`;
  const button = el("button", { type: "button", "data-testid": "analyse" }, t("Analyse this game"));
  const bar = el("progress", { max: 1, value: 0, class: "hidden", "data-testid": "analysis-progress", "aria-label": t("Analysis progress") });
  const state = el("p", { class: "small muted", "aria-live": "polite", "data-testid": "analysis-status" },
    t("How well each decision was taken, and how much was luck: each player's win chance from what they could see, against the same with every hand known."));
  const body = el("div", { "data-testid": "analysis-body" });
  const node = el("section", { class: "panel analysis", "aria-labelledby": "analysis-title", "data-testid": "analysis" },
    el("h2", { id: "analysis-title" }, t("Analysis")), state, el("div", { class: "row" }, button, bar), body);
  let graph = null;
  let polling = null;

  function problem(error) {
    state.textContent = capitalised(said(error.words, error.message));
    state.classList.add("error-text");
    button.disabled = false;
    bar.classList.add("hidden");
  }

  function answer(status) {
    if (status.status === "done") {
      clearTimeout(polling);
      button.remove();
      bar.remove();
      state.classList.remove("error-text");
      state.textContent = tn("{count} decision judged, by a search of {iterations} iterations per move compared.",
        "{count} decisions judged, by a search of {iterations} iterations per move compared.",
        status.analysis.decisions.length, { iterations: status.analysis.iterations });
      draw(status.analysis, status.said || {}, status.said_actions || {});
      node.dataset.status = "done";
      return;
    }
    if (status.status === "failed") {
      problem({ words: status.words, message: status.problem_said || "" });
      button.textContent = t("Try the analysis again");
      node.dataset.status = "failed";
      return;
    }
    if (status.status === "none") {
      node.dataset.status = "none";
      return;
    }
    node.dataset.status = status.status;
    button.disabled = true;
    bar.classList.remove("hidden");
    bar.value = status.progress;
    state.textContent = status.status === "queued"
      ? t("Waiting for the server's analyst…")
      : t("Analysing: {done} of {total} decisions", { done: status.done, total: status.total });
    polling = setTimeout(poll, REFRESH_MS);
  }

  async function poll() {
    try {
      answer(await api(address));
    } catch (error) {
      problem(error);
    }
  }

  async function start() {
    button.disabled = true;
    state.classList.remove("error-text");
    try {
      answer(await api(address, { method: "POST" }));
    } catch (error) {
      problem(error);
    }
  }

  function draw(analysis, reasons, actions) {
    clear(body);
    // A flagged decision's actions as the seat's buttons name them, in the reader's
    // language (the server says them); their notation otherwise.
    const named = (d) => actions[String(d.index)] || { played: d.played, best: d.best };
    const pick = (decision) => show(decision.index);
    graph = winGraph(analysis, replay.steps.length, seatName, pick, named);
    graph.mark(Number(document.body.dataset.version || 0));
    const flagged = analysis.decisions.filter((d) => d.label !== "good");
    // "Replay my mistakes": each flagged position's text, by its decision's index.
    const positions = new Map((analysis.replays || []).map((r) => [r.index, r.position]));
    body.append(
      el("div", { class: "graph-wrap" }, graph.node),
      el("p", { class: "legend small" }, graphLegend(analysis.seats.length, seatName)),
      summaries(analysis),
      el("h3", {}, t("Flagged decisions")),
      flagged.length
        ? el("ol", { class: "flagged", "data-testid": "flagged" }, flagged.map((d) => flaggedItem(d, named(d), reasons, positions, pick)))
        : el("p", { class: "muted", "data-testid": "no-flagged" }, t("No decision of this game was flagged: none lost enough win chance.")));
    markLog(flagged, named, reasons);
  }

  function summaries(analysis) {
    const rows = analysis.summaries.map((s) => el("tr", { "data-testid": "summary-row" },
      el("th", { scope: "row" }, seatName(s.seat)),
      el("td", {}, String(s.decisions)),
      el("td", {}, String(s.labels.inaccuracy || 0)),
      el("td", {}, String(s.labels.mistake || 0)),
      el("td", {}, String(s.labels.blunder || 0)),
      el("td", { title: t("Deal: {luck}", { luck: signed(s.deal_luck) }) }, signed(s.luck))));
    return el("div", { class: "scroll" }, el("table", { class: "analysis-summary", "data-testid": "summary" },
      el("thead", {}, el("tr", {}, el("th", { scope: "col" }, t("Player")), el("th", { scope: "col" }, t("Decisions")),
        ["inaccuracy", "mistake", "blunder"].map((label) => el("th", { scope: "col", class: `flag-${label}` },
          el("span", { class: "narrow-only", "aria-hidden": "true" }, MARKS[label]), el("span", { class: "wide-only" }, t(label)))),
        el("th", { scope: "col" }, t("Luck")))),
      el("tbody", {}, rows)),
    el("p", { class: "small muted" }, t("Luck: how far the deal and the draws stood for the player, in win-chance points (hindsight minus fair win chance, on average at their decisions).")));
  }

  function flaggedItem(d, said, reasons, positions, pick) {
    const position = positions.get(d.index);
    const retry = el("div", { class: "retry hidden", "data-testid": "retry" },
      el("p", {}, t("Your position, {player} to move: you played “{played}”. Try “{best}” instead.", {
        player: seatName(d.seat), played: said.played, best: said.best })),
      position ? el("details", { "data-testid": "position-text" }, el("summary", {}, t("The position as text")), el("pre", { class: "mono position-text" }, position)) : null);
    return el("li", { class: `flagged-item flag-${d.label}`, "data-index": d.index, "data-testid": "flagged-item" },
      el("p", {},
        el("span", { class: `flag-badge flag-${d.label}` }, `${MARKS[d.label]} ${t(d.label)}`), " ",
        el("strong", {}, t("{player}, moment {at}", { player: seatName(d.seat), at: d.index })), " · ",
        t("played “{played}”, better “{best}”", { played: said.played, best: said.best })),
      el("p", { class: "reason", "data-testid": "reason" }, reasons[String(d.index)] || d.reason_text || ""),
      el("p", { class: "row" },
        el("button", { type: "button", class: "secondary small-button", "data-testid": "replay-mistake",
          onclick: () => { pick(d); retry.classList.remove("hidden"); } }, t("Replay this mistake"))),
      retry);
  }

  function markLog(flagged, named, reasons) {
    for (const d of flagged) {
      const after = replay.steps[d.index + 1];
      const version = after && after.version !== undefined ? after.version : d.index + 1;
      const lines = [...log.querySelectorAll(`.log-line[data-version="${version}"]`)];
      const line = lines[0];
      if (!line || line.querySelector(".log-flag")) continue;
      line.classList.add("log-flagged", `flag-${d.label}`);
      line.append(el("span", { class: `log-flag flag-${d.label}`, "data-testid": "log-flag",
        title: reasons[String(d.index)] || d.reason_text || "" },
      " ", MARKS[d.label], " ", t(d.label), " — ", t("better “{best}”", { best: named(d).best })));
    }
  }

  button.addEventListener("click", start);
  poll();
  return {
    node,
    moved(at) {
      if (graph) graph.mark(at);
    },
  };
}

function signed(value) {
  const points = Math.round(100 * value);
  return `${points > 0 ? "+" : points < 0 ? "−" : "±"}${Math.abs(points)}`;
}

/** Words the server sent (why an analysis failed or was refused) begun with a capital,
 * as a sentence of their own on the page (as the log does). */
function capitalised(text) {
  const sentence = String(text || "");
  return sentence.charAt(0).toUpperCase() + sentence.slice(1);
}
