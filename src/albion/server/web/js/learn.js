// The Learn page (issue 32): a game's tutorial, step by step, on the real table with the
// game's own board script — the same update payload a seat's WebSocket sends, drawn by the
// same render() — and the place the step points at marked on it. The page decides
// nothing: each step comes from GET /api/learn/<game>/steps/<n>, and each move goes to the
// server (POST), which checks it through the tutorial engine: refused (the rules' words and
// ruling, or the rulings the step teaches, with the hint; the step stays) or played (what
// it brought about, then the next step). Keyboard: a choice's number (two digits from the
// tenth on), Enter on a focused target, h for the hint, Enter on "Next step". The text
// mode (text-mode.js) reads each step's position and choices for screen readers.
// "Why not?": a place of the board with no legal action (the board script marks it with
// dom.js spot) asks the server (POST …/why-not {place}) and the refusal of the actions
// there — the same check that builds the legal actions, as at a table — shows with its
// ruling and the step's hint; the step stays.
import { api } from "./api.js";
import { clear, el } from "./dom.js";
import { loadBoard, recent } from "./boards.js";
import { header } from "./header.js";
import { lang, t } from "./i18n.js";
import { actionLabel, english, said, seatName } from "./words.js";
import { TextMode, eventLine } from "./text-mode.js";

const gameId = decodeURIComponent(location.pathname.split("/")[2] || "");
const base = `/api/learn/${encodeURIComponent(gameId)}`;
const TYPING_MS = 700;

const ui = {
  title: el("h1", {}, t("Learn to play")),
  intro: el("p", { class: "muted learn-intro", "data-testid": "learn-intro" }),
  progress: el("progress", { class: "learn-progress", max: 1, value: 0, "aria-hidden": "true" }),
  stepTitle: el("h2", { tabindex: "-1", class: "learn-step-title", "data-testid": "learn-step-title" }),
  text: el("p", { class: "learn-text", "data-testid": "learn-text" }),
  look: el("p", { class: "learn-look", "data-testid": "learn-look" }),
  teaches: el("p", { class: "small muted", "data-testid": "learn-teaches" }),
  choicesTitle: el("h3", { id: "learn-choices-title" }, t("Your choices")),
  legal: el("div", { class: "legal", "data-testid": "legal", role: "group", "aria-labelledby": "learn-choices-title" }),
  keys: el("p", { class: "small muted" }, t("Type a choice's number to pick it (two digits from the tenth on), or click a highlighted target on the board; h shows the hint.")),
  hintButton: el("button", { type: "button", class: "secondary", "data-testid": "learn-hint-button" }, t("Hint")),
  hint: el("p", { class: "learn-hint hidden", role: "status", "data-testid": "learn-hint" }),
  refusal: el("div", { class: "notice error hidden", role: "alert", "data-testid": "learn-refusal" }),
  done: el("section", { class: "learn-done hidden", "data-testid": "learn-done", "aria-labelledby": "learn-done-title" }),
  problem: el("div", { class: "notice error hidden", role: "alert", "data-testid": "error" }),
  board: el("div", { class: "board panel", id: "board", "data-testid": "board" }),
};
const textMode = new TextMode({ submit });

let info = null; // the tutorial: title, intro, the steps' titles
let game = null; // the game's entry of /api/games
let renderer = null;
let step = null; // the step shown: its payload
let settled = false; // the step's move is made: only "Next step" is left
let busy = false; // a move is on its way to the server
let last = null; // the update the last move brought

const namer = (seat) => (step ? seatName(step.update.view, {}, seat) : `P${seat + 1}`);

/** Mark the place the step points at on the drawn board: the targets of the legal
 * actions that sit there (the server lists them), and a square it names. */
function markPoint() {
  const pointed = new Set(step.pointed);
  for (const node of ui.board.querySelectorAll("[data-action]")) {
    if (pointed.has(node.getAttribute("data-action"))) node.classList.add("learn-point");
  }
  const square = step.point.square;
  if (square && /^r\d+c\d+$/.test(square)) {
    for (const node of ui.board.querySelectorAll(`[data-square="${square}"], [data-testid="square-${square}"]`)) {
      node.classList.add("learn-point");
    }
  }
}

/** Draw `update` with the game's own board script, offering `legal`; `turn`: the text
 * mode's line for a step whose move is made. */
function drawBoard(update, legal, turn = null) {
  const view = update.view;
  const actions = legal.length ? view.legal : [];
  clear(ui.board);
  const ctx = { submit, seatName: namer, replay: false, geometry: step.update.geometry };
  try {
    renderer.render(ui.board, { ...update, legal, actions, recent: recent(update.events),
      viewer: view.viewer, names: {} }, ctx);
  } catch (error) {
    ui.board.append(el("p", { class: "notice error" }, t("The board could not be drawn: {problem}", { problem: error.message })));
    console.error(error);
  }
  textMode.show({ ...update, recent: recent(update.events) }, { legal, seatName: namer,
    describe: renderer.describe || null, geometry: step.update.geometry, watching: false,
    turn });
}

function drawChoices(update, legal) {
  const actions = legal.length ? update.view.legal : [];
  clear(ui.legal).append(...actions.map((action, index) => el("button", {
    type: "button", "data-action": action.text, "data-testid": `choice-${index + 1}`,
    title: [action.text, t("key {number}", { number: index + 1 })].join(" · "),
  }, el("span", { class: "key", "aria-hidden": "true" }, String(index + 1)), actionLabel(action, namer))));
  if (!actions.length) ui.legal.append(el("span", { class: "muted small" }, t("Nothing to decide now.")));
}

/** Show step `number` (1-based), asked of the server. */
async function showStep(number) {
  let payload;
  try {
    payload = await api(`${base}/steps/${number}?lang=${encodeURIComponent(lang)}`);
  } catch (error) {
    showProblem(said(error.words, error.message));
    return;
  }
  step = payload;
  settled = false;
  history.replaceState(null, "", `${location.pathname}?step=${number}`);
  ui.progress.max = step.count;
  ui.progress.value = number - 1;
  ui.stepTitle.textContent = t("Step {number} of {count}: {title}", { number, count: step.count, title: step.title });
  ui.text.textContent = step.text;
  clear(ui.look).append(el("b", {}, t("Look at:")), " ", step.look); // as `albion learn` says it
  clear(ui.teaches).append(t("This step teaches:"), " ", ...step.teaches.flatMap((ruling, index) => [
    index ? ", " : "", el("a", { href: `/rules/${encodeURIComponent(gameId)}#${encodeURIComponent(ruling.id)}`,
      "data-ruling": ruling.id }, ruling.id), ` (${ruling.title})`]));
  for (const node of [ui.text, ui.look, ui.teaches]) node.classList.remove("hidden");
  ui.refusal.classList.add("hidden");
  ui.hint.classList.add("hidden");
  ui.hint.textContent = "";
  ui.hintButton.disabled = false;
  clear(ui.done).classList.add("hidden");
  for (const node of [ui.choicesTitle, ui.legal, ui.keys]) node.classList.remove("hidden");
  drawChoices(step.update, step.update.legal);
  drawBoard(step.update, step.update.legal);
  markPoint();
  document.body.dataset.step = String(number);
  document.body.dataset.status = "step";
  document.title = t("Albion — learn {game}: step {number} of {count}", { game: english(game.name), number, count: step.count });
  ui.stepTitle.focus();
}

/** Send a move of the step's legal list; the server says whether the step takes it. */
async function submit(text) {
  if (!step || settled || busy || !step.update.legal.includes(text)) return;
  busy = true;
  ui.problem.classList.add("hidden");
  let answer;
  try {
    answer = await api(`${base}/steps/${step.number}?lang=${encodeURIComponent(lang)}`, { body: { action: text } });
  } catch (error) {
    showProblem(said(error.words, error.message));
    return;
  } finally {
    busy = false;
  }
  if (answer.outcome === "refused") refused(answer);
  else played(answer);
}

function rulingLink(id, title) {
  return el("a", { href: `/rules/${encodeURIComponent(gameId)}#${encodeURIComponent(id)}`,
    "data-testid": "learn-refusal-ruling", "data-ruling": id }, title ? t("{title} ({ruling})", { title, ruling: id }) : id);
}

/** A place with no legal action was selected: ask why (the step stays). */
async function askWhyNot(node) {
  if (!step || settled || busy || !node) return;
  let place;
  try {
    place = JSON.parse(node.getAttribute("data-place"));
  } catch {
    return;
  }
  busy = true;
  ui.problem.classList.add("hidden");
  let answer;
  try {
    answer = await api(`${base}/steps/${step.number}/why-not?lang=${encodeURIComponent(lang)}`, { body: { place } });
  } catch (error) {
    showProblem(said(error.words, error.message));
    return;
  } finally {
    busy = false;
  }
  if (answer.number !== step.number || settled) return;
  let why;
  if (answer.legal.length) why = [t("That is one of your choices now: pick it on the board or in the list.")];
  else if (!answer.reasons.length) why = [t("Nothing is ever played there.")];
  else {
    why = answer.reasons.flatMap((reason, index) => [index ? " " : "",
      el("span", { class: "why-not-reason", "data-testid": "learn-why-not-reason", "data-ruling": reason.ruling },
        t("Not now: {reason}", { reason: said(reason.words, reason.said || reason.message, namer) }),
        " (", rulingLink(reason.ruling), ").")]);
  }
  clear(ui.refusal).append(el("p", {}, el("b", {}, t("Why not?")), " ", ...why),
    el("p", { "data-testid": "learn-refusal-hint" }, t("Hint: {hint}", { hint: answer.hint })));
  ui.refusal.classList.remove("hidden");
  document.body.dataset.status = "why-not";
}

/** A move the step does not take: the rules' reason and the ruling it rests on, or (a
 * legal move of another lesson) the rulings this step teaches; then the hint. */
function refused(answer) {
  const reason = said(answer.words, answer.said || answer.message, namer);
  const why = answer.ruling
    ? [t("Not now: {reason}", { reason }), " (", rulingLink(answer.ruling), ")"]
    : [t("Not this time: that move is allowed, but this step teaches something else:"), " ",
      step.teaches.flatMap((ruling, index) => [index ? ", " : "", rulingLink(ruling.id, ruling.title)]), "."];
  clear(ui.refusal).append(el("p", {}, why), el("p", {}, t("Hint: {hint}", { hint: answer.hint })));
  ui.refusal.classList.remove("hidden");
  document.body.dataset.status = "refused";
}

function played(answer) {
  settled = true;
  ui.refusal.classList.add("hidden");
  ui.hint.classList.add("hidden");
  ui.hintButton.disabled = true;
  for (const node of [ui.choicesTitle, ui.legal, ui.keys]) node.classList.add("hidden");
  drawChoices(answer.update, []);
  drawBoard(answer.update, [], answer.complete ? t("This was the last step: “Finish” ends the tutorial.")
    : t("This step is done: go on with “Next step”."));
  last = answer.update;
  const seat = step.seat;
  const happened = answer.update.events.map((event) => eventLine(event, seat, namer)).filter(Boolean);
  const next = el("button", { type: "button", "data-testid": "learn-next" },
    answer.complete ? t("Finish") : t("Next step"));
  next.addEventListener("click", () => (answer.complete ? finish() : showStep(answer.next)));
  clear(ui.done).append(
    el("h3", { id: "learn-done-title", class: "learn-good" }, t("✓ Well done.")),
    answer.after ? el("p", { "data-testid": "learn-after" }, answer.after) : "",
    happened.length ? el("div", {}, el("p", { class: "small muted" }, t("What happened:")),
      el("ul", { class: "learn-happened", "data-testid": "learn-happened" }, happened.map((line) => el("li", {}, line)))) : "",
    el("p", {}, next));
  ui.done.classList.remove("hidden");
  ui.progress.value = step.number;
  document.body.dataset.status = "played";
  next.focus();
}

/** The end: what was learnt, and what next — a game against bots, the rules. */
function finish() {
  for (const node of [ui.text, ui.look, ui.teaches]) node.classList.add("hidden");
  drawBoard(last, [], t("Tutorial complete"));
  clear(ui.done).append(
    el("h3", { id: "learn-done-title", class: "learn-good", tabindex: "-1", "data-testid": "learn-complete" },
      t("Tutorial complete: you know how to play {game}.", { game: english(game.name) })),
    el("p", {}, t("You learnt:")),
    el("ol", { class: "learn-happened", "data-testid": "learn-learnt" }, info.steps.map((title) => el("li", {}, title))),
    el("p", { class: "row" },
      el("a", { class: "button", href: `/?game=${encodeURIComponent(gameId)}`, "data-testid": "learn-play" }, t("Play a game against bots")),
      el("a", { class: "button secondary", href: `/rules/${encodeURIComponent(gameId)}` }, t("Rules"))),
    el("p", { class: "small muted" }, t("Step through it again:"), " ",
      el("a", { href: `${location.pathname}?step=1` }, t("start over"))));
  ui.stepTitle.textContent = t("Tutorial complete");
  document.body.dataset.status = "complete";
  document.title = t("Albion — learn {game}: complete", { game: english(game.name) });
  ui.done.querySelector("h3").focus();
}

function showHint() {
  if (!step || settled) return;
  ui.hint.textContent = t("Hint: {hint}", { hint: step.hint });
  ui.hint.classList.remove("hidden");
}

function showProblem(text) {
  ui.problem.textContent = text;
  ui.problem.classList.remove("hidden");
  document.body.dataset.status = "problem";
}

// ---- keys: as on the table page -------------------------------------------------------

let typed = "";
let typing = null;

function typeNumber(digit) {
  clearTimeout(typing);
  typed = typed === "" && digit === "0" ? "" : typed + digit;
  if (typed === "") return;
  if (Number(typed) * 10 <= step.update.legal.length) typing = setTimeout(pickTyped, TYPING_MS);
  else pickTyped();
}

function pickTyped() {
  const text = step && !settled ? step.update.legal[Number(typed) - 1] : undefined;
  typed = "";
  if (text !== undefined) submit(text);
}

document.addEventListener("click", (event) => {
  const node = event.target.closest("[data-action]");
  if (node) submit(node.getAttribute("data-action"));
  else if (ui.board.contains(event.target)) askWhyNot(event.target.closest("[data-place]")); // why not?
});
document.addEventListener("keydown", (event) => {
  if (event.target.closest("input, select, textarea") || event.ctrlKey || event.metaKey || event.altKey) return;
  const node = event.target.closest && event.target.closest("[data-action]");
  if (node && node.tagName !== "BUTTON" && (event.key === "Enter" || event.key === " ")) {
    event.preventDefault();
    submit(node.getAttribute("data-action"));
  } else if (/^[0-9]$/.test(event.key) && step && !settled) {
    typeNumber(event.key);
  } else if (event.key === "h") {
    showHint();
  }
});

async function main() {
  document.title = t("Albion — learn");
  const stepPanel = el("section", { class: "panel learn-step", "aria-labelledby": "learn-step-heading" },
    ui.progress, el("div", { id: "learn-step-heading" }, ui.stepTitle), ui.text, ui.look, ui.teaches,
    ui.refusal, ui.done, ui.choicesTitle, ui.legal, ui.keys,
    el("p", { class: "row" }, ui.hintButton), ui.hint);
  const boardColumn = el("div", { class: "learn-board" }, textMode.panel,
    el("h2", { class: "sr-only" }, t("The board")), ui.board);
  document.body.append(header(), el("main", {},
    el("div", { class: "row" }, ui.title, textMode.switch), ui.intro, ui.problem,
    el("div", { class: "learn-layout" }, stepPanel, boardColumn)));
  ui.hintButton.addEventListener("click", showHint);
  // The text mode switched on at a step: its reading starts at the step's heading, which
  // had the focus before the switch took it (the step's words come first, issue 32).
  textMode.toggle.addEventListener("change", () => {
    if (textMode.toggle.checked && step && !settled) ui.stepTitle.focus();
  });
  let games;
  try {
    [info, games] = await Promise.all([api(`${base}?lang=${encodeURIComponent(lang)}`), api("/api/games")]);
  } catch (error) {
    showProblem(error.status === 404 ? t("No tutorial for {game}: {problem}", { game: gameId, problem: said(error.words, error.message) })
      : said(error.words, error.message));
    stepPanel.classList.add("hidden");
    document.body.dataset.status = "missing";
    return;
  }
  game = games.find((entry) => entry.id === gameId);
  ui.title.textContent = info.title;
  ui.intro.textContent = info.intro;
  renderer = await loadBoard(game);
  const wanted = Number(new URLSearchParams(location.search).get("step"));
  await showStep(Number.isInteger(wanted) && wanted >= 1 && wanted <= info.steps.length ? wanted : 1);
}

main();
