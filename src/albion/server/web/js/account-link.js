// The header's way to the account page (issue 30): "Sign in" for a guest, the account's
// name once GET /api/account says who is signed in.
import { el } from "./dom.js";
import { t } from "./i18n.js";

/** A link to /account, its words filled in when the server answers. */
export function accountLink() {
  const link = el("a", { href: "/account", class: "account-link", "data-testid": "account-link" }, t("Sign in"));
  fetch("/api/account", { headers: { Accept: "application/json" } })
    .then((answer) => (answer.ok ? answer.json() : null))
    .then((account) => {
      if (!account) return;
      link.textContent = account.username;
      link.setAttribute("aria-label", t("Your account: {name}", { name: account.username }));
    })
    .catch(() => {}); // no answer: the link still leads to the sign-in form
  return link;
}
