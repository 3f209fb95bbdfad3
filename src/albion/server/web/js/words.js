// Words shared by the table page, the replay viewer, the log and the board scripts, in the
// reader's language (issue 29): every sentence is one catalogue message with placeholders,
// so French and German may order it their own way.

import { el } from "./dom.js";
import { t, tn, words } from "./i18n.js";

/**
 * What the page shows in English because the server sent no words for it (yet): a game's
 * text, a label, a ruling. The pseudo-locale test reads this list (`albionEnglish`) to tell
 * the server's pending English from a page's own untranslated words.
 */
const shownInEnglish = new Set();
globalThis.albionEnglish = shownInEnglish;

/** A text the server gives only in English (a name, a summary, a rule's text). */
export function english(text) {
  if (text !== null && text !== undefined && text !== "") shownInEnglish.add(String(text));
  return text;
}

/** Words the server sent: `value` (a Words value) in the reader's language when it is
 * there, else the English `text` beside it. */
export function said(value, text, seatName) {
  return value ? words(value, seatName) : english(text);
}

/** A legal action's label in the reader's language (`label_words`), else its English
 * label, else its notation. */
export function actionLabel(action, seatName) {
  if (action.label_words) return said(action.label_words, action.label, seatName);
  return action.label ? english(action.label) : action.text;
}

/** An event's words in the reader's language (`words`), else its English `text`. */
export function eventWords(event, seatName) {
  return said(event.words, event.text || "", seatName);
}

/**
 * A translated sentence with nodes in it: `parts(t("{player} takes {disk}"), {player, disk})`
 * → ["", <strong>, " takes ", <span>] (t leaves a {name} it is not given as it is).
 */
export function parts(sentence, values) {
  return sentence.split(/(\{[a-z_][a-z0-9_]*\})/).filter((part) => part !== "").map((part) => {
    const name = /^\{([a-z_][a-z0-9_]*)\}$/.exec(part);
    return name && name[1] in values ? values[name[1]] : part;
  });
}

/** A seat as people see it: the name its player chose, or P1, P2… */
export function seatName(view, names, seat) {
  const chosen = names && names[String(seat)];
  const base = view.seats[seat] ? view.seats[seat].name : `P${seat + 1}`;
  return chosen ? `${chosen} (${base})` : base;
}

/** A bot by its kind (a player spec such as "heuristic" or "ismcts:iterations=300"). */
export function botName(spec) {
  const kind = String(spec || "").split(":")[0];
  const known = { random: t("random"), heuristic: t("heuristic"), ismcts: t("search"), learned: t("learned") };
  return known[kind] || english(kind);
}

/** Names in a list: "P1", "P1 and P3", "P1, P2 and P3". */
export function nameList(names) {
  if (names.length < 2) return names.join("");
  return t("{names} and {last}", { names: names.slice(0, -1).join(", "), last: names[names.length - 1] });
}

// How a game ended, by the reason a game gives (`result.reason`, a game_over event's
// `reason`): one sentence per reason, for one winner or several, with or without "you won"
// (the sentence is one message: word order differs between languages). A reason not
// listed here is shown as it is, in brackets.
const WON_BY = {
  castle: (n, you, who) => (you
    ? tn("{winners} wins with a full castle — you won!", "{winners} share the win with a full castle — you won!", n, who)
    : tn("{winners} wins with a full castle.", "{winners} share the win with a full castle.", n, who)),
  score: (n, you, who) => (you
    ? tn("{winners} wins on points — you won!", "{winners} share the win on points — you won!", n, who)
    : tn("{winners} wins on points.", "{winners} share the win on points.", n, who)),
  hand: (n, you, who) => (you
    ? tn("{winners} wins on points, the hands breaking the tie — you won!",
      "{winners} share the win on points, the hands breaking the tie — you won!", n, who)
    : tn("{winners} wins on points, the hands breaking the tie.",
      "{winners} share the win on points, the hands breaking the tie.", n, who)),
  shared: (n, you, who) => (you
    ? tn("{winners} wins with identical hands — you won!", "{winners} share the win with identical hands — you won!", n, who)
    : tn("{winners} wins with identical hands.", "{winners} share the win with identical hands.", n, who)),
  gems: (n, you, who) => (you
    ? tn("{winners} wins on gems — you won!", "{winners} share the win on gems — you won!", n, who)
    : tn("{winners} wins on gems.", "{winners} share the win on gems.", n, who)),
  grail: (n, you, who) => (you
    ? tn("{winners} wins by claiming the Holy Grail — you won!",
      "{winners} share the win by claiming the Holy Grail — you won!", n, who)
    : tn("{winners} wins by claiming the Holy Grail.", "{winners} share the win by claiming the Holy Grail.", n, who)),
};
const DRAWN_BY = {
  cap: () => t("A draw: the turn limit was reached."),
};

function otherWin(n, you, who, reason) {
  if (reason && reason !== "over") {
    const args = { ...who, reason: english(reason) };
    return you ? tn("{winners} wins ({reason}) — you won!", "{winners} share the win ({reason}) — you won!", n, args)
      : tn("{winners} wins ({reason}).", "{winners} share the win ({reason}).", n, args);
  }
  return you ? tn("{winners} wins — you won!", "{winners} share the win — you won!", n, who)
    : tn("{winners} wins.", "{winners} share the win.", n, who);
}

/**
 * The end of a game in words, from its values: `winners` (seats), `reason`, whether the
 * `viewer` (a seat or null) is among the winners. One sentence, punctuated once:
 * "P2 wins with a full castle.", "P1 wins on points — you won!", "A draw: the turn limit
 * was reached."
 */
export function endWords(winners, reason, viewer, name) {
  if (!winners.length) {
    if (DRAWN_BY[reason]) return DRAWN_BY[reason]();
    if (WON_BY[reason]) return t("A draw.");
    return reason && reason !== "over" ? t("A draw: {reason}.", { reason: english(reason) }) : t("A draw.");
  }
  const who = { winners: nameList(winners.map(name)) };
  const you = viewer !== null && viewer !== undefined && winners.includes(viewer);
  return WON_BY[reason] ? WON_BY[reason](winners.length, you, who) : otherWin(winners.length, you, who, reason);
}

/** The end of a game in words: who won and how, or a draw. */
export function resultWords(view, names) {
  const result = view.result;
  if (!result) return "";
  return endWords(result.winners, result.reason, view.viewer,
    (seat) => seatName(view, names, seat));
}

/**
 * A ruling as a small link to its place in the rules (/rules/<game>#<ruling>), for those
 * who want it; the words around it say what the rule means. Null without a ruling.
 */
export function ruleLink(game, ruling) {
  if (!ruling) return null;
  return el("a", {
    class: "rule-link", href: `/rules/${encodeURIComponent(game)}#${encodeURIComponent(ruling)}`,
    target: "_blank", rel: "noopener", title: t("The rule behind it ({ruling})", { ruling }),
    "aria-label": t("the rule ({ruling})", { ruling }), "data-ruling": ruling,
  }, t("rule"));
}
