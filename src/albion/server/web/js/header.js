// The top bar of every page, with the language menu (issue 29).
import { el } from "./dom.js";
import { LANGUAGES, chooseLanguage, lang, t } from "./i18n.js";

const LINKS = [["/", t("Lobby")], ["/rules", t("Rules")], ["/reports", t("Reports")],
  ["/docs", t("API")]];

function languageMenu() {
  const menu = el("select", { class: "language", "aria-label": t("Language") },
    Object.entries(LANGUAGES).map(([code, name]) =>
      el("option", { value: code, lang: code, selected: code === lang }, name)));
  menu.addEventListener("change", () => chooseLanguage(menu.value));
  return menu;
}

export function header() {
  return el("header", { class: "top" },
    el("a", { class: "brand", href: "/" }, "♞ Albion"),
    el("nav", { "aria-label": t("Main") },
      LINKS.map(([href, text]) => el("a", { href }, text))),
    languageMenu());
}
