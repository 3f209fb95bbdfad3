// The account page (issue 30): sign in or make an account; once signed in, the account's
// name, signing out (here or everywhere), its tables (those waiting for its move first, each
// with its seat's page), the seats offered to it, to accept or decline, and its friends
// (friends.js).
import { api } from "./api.js";
import { accountLink } from "./account-link.js";
import { clear, el } from "./dom.js";
import { friendsPanel } from "./friends.js";
import { vacationPanel } from "./vacation.js";
import { notificationsPanel } from "./notify-settings.js";
import { header } from "./header.js";
import { t } from "./i18n.js";
import { said } from "./words.js";

const page = el("main", {});
let games = [];

function gameName(id) {
  return (games.find((game) => game.id === id) || { name: id }).name;
}

function problemBox(testid) {
  return el("div", { class: "notice error hidden", role: "alert", "data-testid": testid });
}

function show(box, error) {
  box.textContent = said(error.words, error.message);
  box.classList.remove("hidden");
}

function field(label, input) {
  return el("label", {}, label, input);
}

function signInForm() {
  const username = el("input", { name: "username", autocomplete: "username", required: true,
    minlength: 3, maxlength: 24, "data-testid": "username" });
  const password = el("input", { name: "password", type: "password", required: true, minlength: 8,
    autocomplete: "current-password", "data-testid": "password" });
  const problem = problemBox("account-error");
  const form = el("form", { class: "panel account-form", novalidate: true, "aria-labelledby": "sign-in" },
    el("h2", { id: "sign-in" }, t("Sign in or make an account")),
    el("div", { class: "grid" }, field(t("Name"), username), field(t("Password"), password)),
    el("p", { class: "small muted" }, t("A name is 3 to 24 letters, digits, _ or -. A password is at least 8 characters.")),
    el("p", { class: "row" },
      el("button", { type: "submit", value: "signin", "data-testid": "signin" }, t("Sign in")),
      el("button", { type: "submit", value: "signup", class: "secondary", "data-testid": "signup" }, t("Make an account"))),
    problem);
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    problem.classList.add("hidden");
    const route = event.submitter && event.submitter.value === "signup" ? "signup" : "signin";
    if (route === "signup") password.setAttribute("autocomplete", "new-password");
    try {
      await api(`/api/account/${route}`, { body: { username: username.value.trim(), password: password.value } });
      location.reload();
    } catch (error) {
      show(problem, error);
      (error.code === "bad_password" ? password : username).focus();
    }
  });
  return form;
}

function tableRow(entry) {
  return el("tr", { "data-testid": "my-table", "data-table": entry.table },
    el("td", {}, entry.to_move ? el("b", { class: "your-move" }, t("Your move")) : null,
      entry.to_move ? " " : null, gameName(entry.game)),
    el("td", {}, `P${entry.seat + 1}`),
    el("td", {}, el("span", { class: `badge ${entry.status}` },
      entry.status === "waiting" ? t("waiting") : entry.status === "playing" ? t("in play") : t("finished"))),
    el("td", {}, el("a", { href: entry.status === "over" ? `/replay/${encodeURIComponent(entry.table)}` : entry.url },
      entry.status === "over" ? t("Replay") : t("Open"))));
}

async function tablesPanel() {
  const node = el("section", { class: "panel", "data-testid": "my-tables", "aria-labelledby": "my-tables" },
    el("h2", { id: "my-tables" }, t("Your tables")));
  try {
    const entries = await api("/api/account/tables?limit=100");
    node.append(entries.length
      ? el("table", { class: "list" },
        el("thead", {}, el("tr", {}, el("th", {}, t("Game")), el("th", {}, t("Seat")), el("th", {}, t("Status")), el("th", {}, ""))),
        el("tbody", {}, entries.map(tableRow)))
      : el("p", { class: "muted" }, t("No tables yet. Play one from the lobby; the seats you take while signed in are kept here.")));
  } catch (error) {
    node.append(el("p", { class: "notice error" }, said(error.words, error.message)));
  }
  return node;
}

async function answerInvitation(entry, verb, problem) {
  problem.classList.add("hidden");
  try {
    const answer = await api(`/api/account/invitations/${encodeURIComponent(entry.table)}/${entry.seat}/${verb}`, { method: "POST" });
    if (verb === "accept") location.assign(answer.url);  // to the table taken
    else await draw();
  } catch (error) {
    show(problem, error);
  }
}

async function invitationsPanel() {
  const node = el("section", { class: "panel", "data-testid": "invitations", "aria-labelledby": "invitations" },
    el("h2", { id: "invitations" }, t("Invitations")));
  const problem = problemBox("invitation-error");
  try {
    const entries = await api("/api/account/invitations");
    node.append(problem, entries.length
      ? el("ul", { class: "plain" }, entries.map((entry) => el("li", { class: "row", "data-testid": "invitation" },
        el("span", {}, t("{game}, seat {seat}", { game: gameName(entry.game), seat: `P${entry.seat + 1}` })),
        el("button", { type: "button", "data-testid": "accept-invitation", onclick: () => answerInvitation(entry, "accept", problem) }, t("Accept")),
        el("button", { type: "button", class: "secondary", onclick: () => answerInvitation(entry, "decline", problem) }, t("Decline")))))
      : el("p", { class: "muted" }, t("No seat is offered to you.")));
  } catch (error) {
    node.append(el("p", { class: "notice error" }, said(error.words, error.message)));
  }
  return node;
}

async function signOut(route, problem) {
  try {
    await api(`/api/account/${route}`, { method: "POST" });
    location.reload();
  } catch (error) {
    show(problem, error);
  }
}

async function draw() {
  let account = null;
  try {
    account = await api("/api/account");
  } catch (error) {
    if (error.status !== 401) {
      clear(page).append(el("h1", {}, t("Your account")), el("p", { class: "notice error" }, said(error.words, error.message)));
      return;
    }
  }
  if (!account) {
    clear(page).append(el("h1", {}, t("Your account")),
      el("p", { class: "muted" }, t("With an account your seats follow you to any browser, and rated tables count toward your rating. Playing as a guest needs none.")),
      signInForm());
    return;
  }
  const problem = problemBox("signout-error");
  const friends = friendsPanel(games);
  const away = vacationPanel();
  const notes = notificationsPanel(gameName);
  const [tables, invitations] = await Promise.all([tablesPanel(), invitationsPanel(), friends.ready, away.ready, notes.ready]);
  clear(page).append(el("h1", {}, t("Your account")),
    el("section", { class: "panel", "data-testid": "signed-in" },
      el("p", {}, t("Signed in as {name}.", { name: account.username }), " ",
        el("a", { href: `/players/${encodeURIComponent(account.username)}`, "data-testid": "profile-link" }, t("Your profile"))),
      el("p", { class: "row" },
        el("button", { type: "button", class: "secondary", "data-testid": "signout", onclick: () => signOut("signout", problem) }, t("Sign out")),
        el("button", { type: "button", class: "secondary", "data-testid": "signout-everywhere",
          onclick: () => signOut("signout-everywhere", problem) }, t("Sign out everywhere"))),
      el("p", { class: "small muted" }, t("Signing out everywhere ends this account's sessions in every browser.")),
      problem),
    notes.node, tables, invitations, friends.node, away.node);
}

async function main() {
  document.title = t("Albion — your account");
  const top = header();
  top.querySelector("nav").append(accountLink());
  document.body.append(top, page);
  games = await api("/api/games").catch(() => []);
  await draw();
  document.body.dataset.status = "ready";
}

main();
