// Words in the reader's language (issue 29). The page's language is the <html lang> the
// server chose (a remembered choice, else the browser's Accept-Language); its catalogue
// (/i18n/<lang>.json) is loaded before any page script runs. Messages are keyed by their
// English text with {name} placeholders, as in the Python catalogue.
//
//   t("Your turn")                         a page's own message
//   t("{player} wins", { player: "Ann" })  with arguments
//   tn("one card", "{count} cards", n)     with plural forms ({count} is n)
//   words(value, seatName)                 words a game or the server sent as a value:
//                                          {message, args, plural?, n?}; a seat argument
//                                          {seat: n} is named by seatName(n)

export const LANGUAGES = { en: "English", fr: "Français", de: "Deutsch" };
export const lang = document.documentElement.lang || "en";

let messages = {};
if (lang !== "en") {
  try {
    const answer = await fetch(`/i18n/${encodeURIComponent(lang)}.json`);
    if (answer.ok) messages = (await answer.json()).messages || {};
  } catch (error) {
    // No catalogue: the page reads in English rather than not at all.
  }
}

const plurals = new Intl.PluralRules(lang === "qps" ? "en" : lang);

function fill(template, args, seatName) {
  return template.replace(/\{([a-z_][a-z0-9_]*)\}/g, (whole, name) =>
    name in args ? show(args[name], seatName) : whole);
}

function show(value, seatName) {
  if (value && typeof value === "object") {
    if ("message" in value) return words(value, seatName);
    if ("seat" in value) return seatName ? seatName(value.seat) : `P${value.seat + 1}`;
  }
  return String(value);
}

/** A page's own message in the reader's language, its {name}s filled from `args`. */
export function t(message, args = {}) {
  const found = messages[message];
  return fill(typeof found === "string" && found ? found : message, args);
}

/** A message with plural forms: `n` chooses the form and fills {count}. */
export function tn(singular, plural, n, args = {}) {
  const found = messages[singular];
  const one = plurals.select(n) === "one";
  const form = Array.isArray(found) ? found[one ? 0 : 1] : (n === 1 ? singular : plural);
  return fill(form || (n === 1 ? singular : plural), { count: n, ...args });
}

/** Whether the catalogue says `message` in the reader's language (a game's name for a
 * thing, sent as its English: a tile's name). */
export function known(message) {
  return typeof messages[message] === "string" && messages[message] !== "";
}

/** Words sent as a value ({message, args, plural?, n?}) in the reader's language. */
export function words(value, seatName) {
  if (value === null || value === undefined) return "";
  if (typeof value === "string") return value;
  const args = value.args || {};
  if (value.plural !== undefined && value.plural !== null) {
    const found = messages[value.message];
    const one = plurals.select(value.n) === "one";
    const english = value.n === 1 ? value.message : value.plural;
    const form = Array.isArray(found) ? found[one ? 0 : 1] || english : english;
    return fill(form, { count: value.n, ...args }, seatName);
  }
  const found = messages[value.message];
  return fill(typeof found === "string" && found ? found : value.message, args, seatName);
}

/** Read in `code` from now on: remembered by the server (a cookie), the page reloaded. */
export function chooseLanguage(code) {
  document.cookie = `albion_lang=${encodeURIComponent(code)}; path=/; max-age=31536000; samesite=lax`;
  location.reload();
}
