// The top bar of every page.
import { el } from "./dom.js";
import { nav } from "./api.js";

export function header() {
  return el("header", { class: "top" },
    el("a", { class: "brand", href: "/" }, "♞ Albion"),
    el("nav", { "aria-label": "Main" }, nav().map(([href, text]) => el("a", { href }, text))));
}
