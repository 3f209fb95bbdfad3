// The table's clock as every seat sees it (issue 27): the seconds left to each person to
// move, counted down here between updates, a warning before time runs out, and, once a
// stand-in bot plays a seat, a one-click way for its person to take it back.
// The server runs the clock; an update's `clock.left` is the time left when it was sent.

import { el } from "./dom.js";
import { lang, t } from "./i18n.js";
import { botName } from "./words.js";

const TICK_MS = 250;

/** "1:05", "0:09"; past an hour "5 h 12 min", past a day "2 d 3 h" (issue 31). */
export function clockText(seconds) {
  const whole = Math.max(0, Math.ceil(seconds));
  if (whole >= 86400) {
    const days = Math.floor(whole / 86400);
    return t("{days} d {hours} h", { days, hours: Math.floor((whole % 86400) / 3600) });
  }
  if (whole >= 3600) {
    return t("{hours} h {minutes} min", { hours: Math.floor(whole / 3600), minutes: Math.floor((whole % 3600) / 60) });
  }
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, "0")}`;
}

/** When a turn-based move is due, in the reader's language: "Fri 4 Dec, 14:05". */
export function dueText(seconds) {
  const when = new Date(Date.now() + Math.max(0, seconds) * 1000);
  return new Intl.DateTimeFormat(lang === "qps" ? "en" : lang, {
    weekday: "short", day: "numeric", month: "short", hour: "2-digit", minute: "2-digit",
  }).format(when);
}

/** Whether `seconds` left of a turn of `perTurn` deserve a warning. */
export function isHurry(seconds, perTurn) {
  return seconds <= Math.min(15, Math.max(5, perTurn / 4));
}

export class Countdown {
  constructor(onTick) {
    this.onTick = onTick; // called with the seconds left per seat, several times a second
    this.left = {};
    this.perTurn = null;
    this.bot = null;
    this.received = 0;
    this.timer = null;
  }

  /** A new update's clock (or null: no clock at this table). */
  set(clock, running) {
    this.left = clock && running ? clock.left : {};
    this.perTurn = clock ? clock.seconds_per_turn : null;
    this.bot = clock ? clock.bot : null;
    this.turnBased = Boolean(clock && (clock.kind === "days" || clock.kind === "days-bank"));
    this.paused = new Set(clock && clock.paused ? clock.paused.map(String) : []);
    this.received = performance.now();
    if (Object.keys(this.left).length && !this.timer) {
      this.timer = setInterval(() => this.onTick(this.now()), TICK_MS);
    } else if (!Object.keys(this.left).length && this.timer) {
      clearInterval(this.timer);
      this.timer = null;
    }
    this.onTick(this.now());
  }

  /** Seconds left per seat (a string key), as of now. */
  now() {
    const spent = (performance.now() - this.received) / 1000;
    return Object.fromEntries(Object.entries(this.left)
      .map(([seat, seconds]) => [seat, this.paused.has(seat) ? seconds : Math.max(0, seconds - spent)]));
  }
}

/** The chip's countdown for a seat to move: "0:42". */
export function chipClock(seconds, perTurn) {
  return el("span", {
    class: `chip-clock${isHurry(seconds, perTurn) ? " hurry" : ""}`,
    "data-testid": "chip-clock",
  }, clockText(seconds));
}

/** What the page says to the seat whose own clock runs (null when it does not); a
 * turn-based move's due date, or that its time stands while its player is on vacation. */
export function ownClockWords(seconds, perTurn, bot, turnBased = false, paused = false) {
  if (seconds === undefined) return null;
  if (paused) return { hurry: false, text: t("You are on vacation: your time stands ({time} left).", { time: clockText(seconds) }) };
  if (turnBased && !isHurry(seconds, perTurn)) {
    return { hurry: false, text: t("Your move is due {date} ({time} left).", { date: dueText(seconds), time: clockText(seconds) }) };
  }
  if (isHurry(seconds, perTurn)) {
    return { hurry: true, text: t("Hurry: in {time} a bot ({bot}) plays this turn for you.", { time: clockText(seconds), bot: botName(bot) }) };
  }
  return { hurry: false, text: t("{time} left for this turn.", { time: clockText(seconds) }) };
}

/** Why a stand-in plays a seat (the server's reason: "disconnected", "out of time"). */
export function awayWords(reason) {
  if (reason === "disconnected") return t("disconnected");
  if (reason === "out of time") return t("out of time");
  return t("away");
}

/** The notice for a seat its stand-in plays, with the button that takes it back. */
export function standInNotice(reason, bot, takeBack) {
  const name = bot ? botName(bot) : t("stand-in");
  return el("div", { class: "notice stand-in", role: "status", "data-testid": "stand-in" },
    el("strong", {}, reason === "disconnected"
      ? t("A bot ({bot}) is playing for you: you were disconnected.", { bot: name })
      : t("A bot ({bot}) is playing for you: your time ran out.", { bot: name }), " "),
    el("span", {}, t("Its moves are marked in the log."), " "),
    el("button", { type: "button", "data-testid": "take-back", onclick: takeBack }, t("Take my seat back")));
}
