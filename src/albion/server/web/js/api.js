// The lobby API, as the pages use it. Errors come back as {error, message, words}
// (docs/protocol): `words` is the message as a Words value, for the page to say in its
// reader's language (issue 29: `said(error.words, error.message)`, words.js).

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
  const response = await fetch(path, init);
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
