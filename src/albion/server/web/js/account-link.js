// The header's way to the account page (issue 30): "Sign in" for a guest, the account's
// name once GET /api/account says who is signed in, and beside it how many notifications
// it has not read (issue 31: your turn, a seat offered, a game ended), asked again each
// minute.
import { el } from "./dom.js";
import { t, tn } from "./i18n.js";

const RECHECK_MS = 60000;

/** A link to /account, its words filled in when the server answers, and its badge. */
export function accountLink() {
  const link = el("a", { href: "/account", class: "account-link", "data-testid": "account-link" }, t("Sign in"));
  const badge = el("a", { href: "/account#notifications", class: "badge notify-count hidden", "data-testid": "notify-count" });
  const count = () => fetch("/api/account/notifications", { headers: { Accept: "application/json" } })
    .then((answer) => (answer.ok ? answer.json() : null))
    .then((found) => {
      const unread = found ? found.unread.length : 0;
      badge.textContent = String(unread);
      badge.setAttribute("aria-label", tn("{count} notification not read", "{count} notifications not read", unread));
      badge.classList.toggle("hidden", unread === 0);
    })
    .catch(() => {});
  fetch("/api/account", { headers: { Accept: "application/json" } })
    .then((answer) => (answer.ok ? answer.json() : null))
    .then((account) => {
      if (!account) return;
      link.textContent = account.username;
      link.setAttribute("aria-label", t("Your account: {name}", { name: account.username }));
      count();
      const timer = setInterval(() => (document.body.contains(badge) ? count() : clearInterval(timer)), RECHECK_MS);
    })
    .catch(() => {}); // no answer: the link still leads to the sign-in form
  return el("span", { class: "account-links" }, link, " ", badge);
}
