// A table's chat (issue 27): short lines from the seats and, once a seat lets them, the
// spectators. Every line is drawn as text (dom.js), never as markup; the server trims and
// caps it and limits how often one may write.
import { clear, el } from "./dom.js";
import { t } from "./i18n.js";

const LINE_CAP = 200; // the server's cap on a line; it refuses longer ones (bad_chat)

export class TableChat {
  /** `send(message)` sends over the table's socket; `who(seat)` names a seat. */
  constructor({ send, who, watching, mySeat }) {
    this.send = send;
    this.who = who;
    this.watching = watching;
    this.mySeat = mySeat;
    this.spectators = false;
    this.list = el("ol", { class: "chat-lines", "data-testid": "chat-lines", "aria-live": "polite", "aria-label": t("Table chat") });
    this.input = el("input", { type: "text", maxlength: LINE_CAP, placeholder: t("Say something to the table"),
      "aria-label": t("Chat message"), "data-testid": "chat-input", autocomplete: "off" });
    this.form = el("form", { class: "chat-form", "data-testid": "chat-form" }, this.input,
      el("button", { type: "submit", class: "secondary" }, t("Send")));
    this.note = el("p", { class: "small muted", "data-testid": "chat-note" });
    this.allow = el("input", { type: "checkbox", "data-testid": "chat-spectators" });
    this.allowLabel = el("label", { class: "check small" }, this.allow, " ", t("Let spectators write here"));
    this.panel = el("section", { class: "panel chat", "aria-labelledby": "chat-title" },
      el("h2", { id: "chat-title" }, t("Table chat")), this.list, this.form, this.note,
      watching() ? null : this.allowLabel);
    this.form.addEventListener("submit", (event) => {
      event.preventDefault();
      const text = this.input.value.trim();
      if (!text) return;
      if (this.send({ type: "chat", text })) this.input.value = "";
    });
    this.allow.addEventListener("change", () => {
      this.send({ type: "chat_spectators", allow: this.allow.checked });
    });
    this.refresh();
  }

  /** A `chat` frame: every line (`whole`) or the new ones, and whether spectators may write. */
  receive(frame) {
    if (frame.whole) clear(this.list);
    for (const line of frame.lines) {
      const author = line.seat === null ? t("spectator") : this.who(line.seat);
      const mine = line.seat !== null && line.seat === this.mySeat();
      this.list.append(el("li", { class: mine ? "mine" : "", "data-seq": String(line.seq) },
        el("b", {}, t("{author}:", { author }), " "), line.text));
    }
    this.list.scrollTop = this.list.scrollHeight;
    this.spectators = frame.spectators;
    this.allow.checked = frame.spectators;
    this.refresh();
  }

  refresh() {
    const closed = this.watching() && !this.spectators;
    this.input.disabled = closed;
    this.note.textContent = closed ? t("Spectators read along; the players have not opened the chat to spectators.")
      : this.watching() ? t("You are watching: the players let spectators write.") : "";
  }
}
