// The account page's notifications (issue 31): those not read yet (each opens its page;
// all marked read at once), the e-mail address they may go to (opt-in), and this
// browser's push subscription (when the server offers Web Push).
import { api } from "./api.js";
import { clear, el } from "./dom.js";
import { t } from "./i18n.js";
import { said } from "./words.js";

const WORDS = {
  turn: (game) => t("Your turn at {game}", { game }),
  invited: (game) => t("You are invited to {game}", { game }),
  ended: (game) => t("The game of {game} is over", { game }),
};

/** What the page says of the account's address: saved and confirmed, or waiting for the
 * link its confirmation mail holds (nothing else is sent there until then). */
function emailWords(choice) {
  if (!choice.sending) return t("This server sends no e-mail yet: the address is kept for when it does.");
  if (choice.confirmed) return t("Saved: notifications go to {address}.", { address: choice.address });
  return t("A confirmation was sent to {address}: open the link in it, and notifications will go there.", { address: choice.address });
}

function keyBytes(base64url) {
  const text = atob(base64url.replace(/-/g, "+").replace(/_/g, "/"));
  return Uint8Array.from(text, (c) => c.charCodeAt(0));
}

/** The panel, filled once `ready`; `gameName(id)` names a game. */
export function notificationsPanel(gameName) {
  const list = el("div", {});
  const problem = el("div", { class: "notice error hidden", role: "alert", "data-testid": "notify-error" });
  const fail = (error) => {
    problem.textContent = said(error.words, error.message);
    problem.classList.remove("hidden");
  };

  async function drawList() {
    const found = (await api("/api/account/notifications")).unread;
    clear(list).append(found.length
      ? el("ul", { class: "plain", "data-testid": "notifications" }, found.map((note) => el("li", { "data-testid": "notification", "data-kind": note.kind },
        el("a", { href: note.url }, WORDS[note.kind](gameName(note.game))), " ",
        el("span", { class: "small muted" }, new Date(note.created_at).toLocaleString(document.documentElement.lang || "en")))))
      : el("p", { class: "muted" }, t("Nothing new.")));
    if (found.length) {
      list.append(el("button", { type: "button", class: "secondary", "data-testid": "mark-read",
        onclick: () => api("/api/account/notifications/read", { body: {} }).then(drawList).catch(fail) }, t("Mark all as read")));
    }
  }

  const address = el("input", { type: "email", autocomplete: "email", maxlength: 254, "data-testid": "email" });
  const wanted = el("input", { type: "checkbox", "data-testid": "email-notify" });
  const told = el("p", { class: "small muted", role: "status", "data-testid": "email-told" });
  const email = el("form", { class: "row", novalidate: true },
    el("label", {}, t("E-mail address"), address),
    el("label", { class: "check" }, wanted, " ", t("E-mail me when it is my turn, when a seat is offered to me and when a game ends")),
    el("button", { type: "submit", "data-testid": "email-save" }, t("Save")));
  email.addEventListener("submit", (event) => {
    event.preventDefault();
    problem.classList.add("hidden");
    api("/api/account/email", { method: "PUT", body: { address: address.value.trim(), notify: wanted.checked } })
      .then((choice) => { told.textContent = emailWords(choice); })
      .catch(fail);
  });

  const push = el("p", { class: "row" });
  async function drawPush() {
    let key;
    try {
      key = (await api("/api/push/key")).key;
    } catch {
      clear(push).append(el("span", { class: "small muted" }, t("This server sends no browser notifications.")));
      return;
    }
    if (!("serviceWorker" in navigator) || !("PushManager" in window)) {
      clear(push).append(el("span", { class: "small muted" }, t("This browser cannot receive notifications.")));
      return;
    }
    const registration = await navigator.serviceWorker.register("/static/js/sw.js");
    const current = await registration.pushManager.getSubscription();
    const button = el("button", { type: "button", class: "secondary", "data-testid": "push-toggle" },
      current ? t("Stop notifications in this browser") : t("Notify me in this browser"));
    button.addEventListener("click", async () => {
      problem.classList.add("hidden");
      try {
        if (current) {
          await api("/api/account/push", { method: "DELETE", body: current.toJSON() });
          await current.unsubscribe();
        } else {
          const made = await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: keyBytes(key) });
          await api("/api/account/push", { body: made.toJSON() });
        }
      } catch (error) {
        fail(error);
      }
      drawPush();
    });
    clear(push).append(button);
  }

  const node = el("section", { class: "panel", id: "notifications", "data-testid": "notifications-panel", "aria-labelledby": "notifications-title" },
    el("h2", { id: "notifications-title" }, t("Notifications")), problem, list,
    el("h3", {}, t("By e-mail")), email, told,
    el("h3", {}, t("In this browser")), push);
  const ready = Promise.all([
    drawList(),
    api("/api/account/email").then((choice) => {
      address.value = choice.address || "";
      wanted.checked = choice.notify;
      if (choice.address) told.textContent = emailWords(choice);
      else if (!choice.sending) told.textContent = t("This server sends no e-mail yet: the address is kept for when it does.");
    }),
    drawPush(),
  ]).catch(fail);
  return { node, ready };
}
