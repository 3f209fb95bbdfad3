// The lobby API, as the pages use it. Errors come back as {error, message, words}
// (docs/protocol): `words` is the message as a Words value, for the page to say in its
// reader's language (issue 29: `said(error.words, error.message)`, words.js).

// A signed-in browser (issue 30) sends its session's CSRF token with every request that
// changes something; the page learns it from GET /api/account the first time the server
// asks for it (403 bad_csrf), and a guest's page never does.

let csrf = null;

/** GET or POST JSON; throws an Error whose message is the server's own English, with the
 * server's `code`, the HTTP `status` and the message's `words` (null when none came). */
export async function api(path, options = {}) {
  const init = { ...options, headers: { Accept: "application/json", ...(options.headers || {}) } };
  if (options.method && options.body === undefined) init.method = options.method;
  if (options.body !== undefined) {
    init.method = options.method || "POST";
    init.headers["Content-Type"] = "application/json";
    init.body = JSON.stringify(options.body);
  }
  const changes = init.method && init.method !== "GET" && init.method !== "HEAD";
  if (changes && csrf) init.headers["X-CSRF-Token"] = csrf;
  let response = await fetch(path, init);
  if (changes && response.status === 403 && await refusedForCsrf(response)) {
    init.headers["X-CSRF-Token"] = csrf;
    response = await fetch(path, init);
  }
  const data = await response.json().catch(() => null);
  if (!response.ok) {
    const message = data && data.message ? data.message : `${response.status} ${response.statusText}`;
    const error = new Error(message);
    error.code = data && data.error;
    error.words = (data && data.words) || null;
    error.status = response.status;
    throw error;
  }
  return data;
}

/** Whether the server refused for want of the session's CSRF token, learning the token
 * (true: ask again with it). */
async function refusedForCsrf(response) {
  const data = await response.clone().json().catch(() => null);
  if (!data || data.error !== "bad_csrf") return false;
  const account = await fetch("/api/account", { headers: { Accept: "application/json" } });
  if (!account.ok) return false;
  csrf = (await account.json()).csrf;
  return Boolean(csrf);
}
