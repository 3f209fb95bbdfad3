// The account page's friends (issue 30): add a name; friends (each added the other) show
// whether they are online and the tables they sit at (to watch); one click sends a friend a
// new table of the chosen game — this account takes the first seat, the friend is offered
// the second on their own page. Requests received are added back or declined; requests sent
// are withdrawn. The list is asked for again every 20 seconds while the page is shown.
import { api } from "./api.js";
import { clear, el } from "./dom.js";
import { t } from "./i18n.js";
import { said } from "./words.js";

const REFRESH_MS = 20000;
const name = (entry) => encodeURIComponent(entry.username);

function profileLink(entry) {
  return el("a", { href: `/players/${name(entry)}` }, entry.username);
}

function presence(friend, gameName) {
  if (friend.tables.length) {
    return el("span", { class: "presence at-table", "data-testid": "friend-presence" },
      t("at a table"), " — ",
      friend.tables.map((seat, index) => [index ? ", " : "",
        el("a", { href: seat.watch }, t("watch {game}", { game: gameName(seat.game) }))]).flat());
  }
  return el("span", { class: `presence ${friend.online ? "online" : "offline"}`, "data-testid": "friend-presence" },
    friend.online ? t("online") : t("offline"));
}

/** The friends panel, `node`, filled once `ready`: `games` (GET /api/games) name the
 * tables and fill the menu of the game a friend is invited to. */
export function friendsPanel(games) {
  const problem = el("div", { class: "notice error hidden", role: "alert", "data-testid": "friend-error" });
  const told = el("p", { class: "notice hidden", role: "status", "data-testid": "friend-told" });
  const lists = el("div", {});
  const gameName = (id) => (games.find((game) => game.id === id) || { name: id }).name;
  const game = el("select", { "data-testid": "invite-game" },
    games.map((entry) => el("option", { value: entry.id }, entry.name)));
  const pace = el("select", { "data-testid": "invite-pace" },
    el("option", { value: "" }, t("No clock")),
    el("option", { value: "1" }, t("Turn-based: a day per move")),
    el("option", { value: "3" }, t("Turn-based: three days per move")));

  function fail(error) {
    told.classList.add("hidden");
    problem.textContent = said(error.words, error.message);
    problem.classList.remove("hidden");
  }

  async function act(path, options, after) {
    problem.classList.add("hidden");
    try {
      const answer = await api(path, options);
      if (after) after(answer);
      await refresh();
    } catch (error) {
      fail(error);
    }
  }

  async function invite(friend) {
    problem.classList.add("hidden");
    try {
      const body = { game: game.value };
      if (pace.value) body.clock = { kind: "days", days_per_move: Number(pace.value) };
      const made = await api(`/api/account/friends/${name(friend)}/table`, { body });
      location.assign(made.url);
    } catch (error) {
      fail(error);
    }
  }

  const remove = (entry, after) => act(`/api/account/friends/${name(entry)}`, { method: "DELETE" }, after);

  function friendRow(friend) {
    return el("li", { class: "row friend", "data-testid": "friend", "data-name": friend.username },
      el("span", { class: "friend-name" }, profileLink(friend)), presence(friend, gameName),
      el("span", { class: "row push" },
        el("button", { type: "button", "data-testid": "invite-friend",
          "aria-label": t("Invite {name} to a new table", { name: friend.username }),
          onclick: () => invite(friend) }, t("Invite to play")),
        el("button", { type: "button", class: "secondary",
          "aria-label": t("Remove {name} from your friends", { name: friend.username }),
          onclick: () => remove(friend) }, t("Remove"))));
  }

  function requestRow(entry, received) {
    return el("li", { class: "row", "data-testid": received ? "friend-asking" : "friend-asked", "data-name": entry.username },
      el("span", { class: "friend-name" }, profileLink(entry)),
      el("span", { class: "row push" }, received
        ? [el("button", { type: "button", onclick: () => act("/api/account/friends", { body: { username: entry.username } }) }, t("Add back")),
          el("button", { type: "button", class: "secondary", onclick: () => remove(entry) }, t("Decline"))]
        : el("button", { type: "button", class: "secondary", onclick: () => remove(entry) }, t("Withdraw"))));
  }

  async function refresh() {
    let circle;
    try {
      circle = await api("/api/account/friends");
    } catch (error) {
      fail(error);
      return;
    }
    const parts = [];
    parts.push(circle.friends.length
      ? el("ul", { class: "plain", "data-testid": "friends" }, circle.friends.map(friendRow))
      : el("p", { class: "muted" }, t("No friends yet. Add someone by their name: once they add you back, you see when they are online and can invite them in one click.")));
    if (circle.asking.length) {
      parts.push(el("h3", {}, t("Asking to be your friend")),
        el("ul", { class: "plain" }, circle.asking.map((entry) => requestRow(entry, true))));
    }
    if (circle.asked.length) {
      parts.push(el("h3", {}, t("Waiting for them to add you back")),
        el("ul", { class: "plain" }, circle.asked.map((entry) => requestRow(entry, false))));
    }
    clear(lists).append(...parts);
  }

  const username = el("input", { name: "friend", autocomplete: "off", required: true, maxlength: 24,
    "data-testid": "friend-name" });
  const form = el("form", { class: "row", novalidate: true },
    el("label", {}, t("Add a friend by name"), username),
    el("button", { type: "submit", "data-testid": "add-friend" }, t("Add")));
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    const wanted = username.value.trim();
    if (!wanted) return;
    act("/api/account/friends", { body: { username: wanted } }, (added) => {
      username.value = "";
      told.textContent = added.state === "friends"
        ? t("You and {name} are friends.", { name: added.username })
        : t("Asked {name}: you are friends once they add you back.", { name: added.username });
      told.classList.remove("hidden");
    });
  });

  const node = el("section", { class: "panel", "data-testid": "friends-panel", "aria-labelledby": "friends" },
    el("h2", { id: "friends" }, t("Friends")), form, told, problem,
    el("p", { class: "row" }, el("label", {}, t("Invite to"), game), el("label", {}, t("Pace"), pace)),
    lists);
  const timer = setInterval(() => {
    if (!document.body.contains(node)) clearInterval(timer);
    else if (document.visibilityState === "visible") refresh();
  }, REFRESH_MS);
  return { node, ready: refresh() };
}
