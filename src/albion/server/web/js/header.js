// The top bar of every page.
import { el } from "./dom.js";

const LINKS = [["/", "Lobby"], ["/rules", "Rules"], ["/reports", "Reports"], ["/docs", "API"]];

export function header() {
  return el("header", { class: "top" },
    el("a", { class: "brand", href: "/" }, "♞ Albion"),
    el("nav", { "aria-label": "Main" }, LINKS.map(([href, text]) => el("a", { href }, text))));
}
