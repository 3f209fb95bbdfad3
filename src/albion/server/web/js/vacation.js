// The account page's vacation (issue 31): while away, the account's seats' clocks stand at
// every turn-based table; it leaves for some days of its yearly allowance and may come back early.
import { api } from "./api.js";
import { clear, el } from "./dom.js";
import { t, tn } from "./i18n.js";
import { said } from "./words.js";

/** The vacation panel, filled once `ready`. */
export function vacationPanel() {
  const body = el("div", {});
  const node = el("section", { class: "panel", "data-testid": "vacation", "aria-labelledby": "vacation-title" },
    el("h2", { id: "vacation-title" }, t("Vacation")),
    el("p", { class: "small muted" }, t("While you are on vacation, your time stands at every turn-based table where you sit: nobody plays for you there and no clock runs out.")),
    body);
  const problem = el("div", { class: "notice error hidden", role: "alert", "data-testid": "vacation-error" });

  async function send(options) {
    problem.classList.add("hidden");
    try {
      draw(await api("/api/account/vacation", options));
    } catch (error) {
      problem.textContent = said(error.words, error.message);
      problem.classList.remove("hidden");
    }
  }

  function draw(info) {
    const allowance = el("p", {}, tn("{count} day of vacation left this year", "{count} days of vacation left this year",
      info.days_left), ` (${info.days_used}/${info.days_per_year}).`);
    if (info.on_vacation) {
      const until = new Date(info.until).toLocaleString(document.documentElement.lang || "en");
      clear(body).append(
        el("p", { class: "notice", "data-testid": "on-vacation" }, t("On vacation until {date}: your clocks stand.", { date: until })),
        allowance, problem,
        el("button", { type: "button", "data-testid": "vacation-end", onclick: () => send({ method: "DELETE" }) }, t("Come back now")));
      return;
    }
    const days = el("input", { type: "number", min: 1, max: Math.max(1, info.days_left), value: Math.min(7, Math.max(1, info.days_left)),
      "data-testid": "vacation-days" });
    const form = el("form", { class: "row" }, el("label", {}, t("Days away"), days),
      el("button", { type: "submit", "data-testid": "vacation-start", disabled: info.days_left < 1 }, t("Go on vacation")));
    form.addEventListener("submit", (event) => {
      event.preventDefault();
      send({ body: { days: Number(days.value) } });
    });
    clear(body).append(allowance, form, problem);
  }

  const ready = api("/api/account/vacation").then(draw).catch((error) => {
    clear(body).append(el("p", { class: "notice error" }, said(error.words, error.message)));
  });
  return { node, ready };
}
