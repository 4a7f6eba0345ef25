// Fetch helpers: JSON in, JSON out; a failed request throws an Error with the server's sentence.

export class ApiError extends Error {
  /** @param {number} status @param {string} message */
  constructor(status, message) {
    super(message);
    this.status = status;
  }
}

/**
 * The body of a response (null where it is not JSON); an ApiError for a failed request.
 * @param {Response} response @returns {Promise<unknown>}
 */
async function answer(response) {
  /** @type {unknown} */
  let body = null;
  try {
    body = await response.json();
  } catch {
    body = null;
  }
  if (!response.ok) {
    const error = body && typeof body === "object" && "error" in body ? body.error : undefined;
    const message = typeof error === "string" ? error : `HTTP ${response.status}`;
    throw new ApiError(response.status, message);
  }
  return body;
}

/** The JSON a GET answers (its shape is the caller's to name). @param {string} url */
export async function getJSON(url) {
  return answer(await fetch(url, { headers: { Accept: "application/json" }, cache: "no-store" }));
}

/** @param {string} url @param {unknown} body */
export async function postJSON(url, body) {
  return answer(
    await fetch(url, {
      method: "POST",
      headers: { "Content-Type": "application/json", Accept: "application/json" },
      body: JSON.stringify(body),
    }),
  );
}

/** A DELETE (null for an answer without a body, as 204). @param {string} url */
export async function deleteJSON(url) {
  return answer(await fetch(url, { method: "DELETE", headers: { Accept: "application/json" } }));
}

// localStorage, tolerant of private modes that refuse it.
export const store = {
  /** @param {string} key */
  get(key) {
    try {
      return localStorage.getItem(key);
    } catch {
      return null;
    }
  },
  /** @param {string} key @param {string} value */
  set(key, value) {
    try {
      localStorage.setItem(key, value);
    } catch {
      /* ignored */
    }
  },
};

/** The seat token this browser holds for a table (never put in a URL). @param {string} table */
export const tokenFor = (table) => store.get(`troef.token.${table}`);
/** @param {string} table @param {string} token */
export const keepToken = (table, token) => store.set(`troef.token.${table}`, token);
/** @param {string} table */
export const inviteFor = (table) => store.get(`troef.invite.${table}`);
/** @param {string} table @param {string} invite */
export const keepInvite = (table, invite) => store.set(`troef.invite.${table}`, invite);

/** An absolute link for a path like /join/abc/def. @param {string} path */
export const absolute = (path) => new URL(path, location.origin).href;

/** Copies text to the clipboard (or selects it in a fallback input). @param {string} text */
export async function copyText(text) {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    const input = document.createElement("textarea");
    input.value = text;
    document.body.append(input);
    input.select();
    let ok = false;
    try {
      ok = document.execCommand("copy");
    } catch {
      ok = false;
    }
    input.remove();
    return ok;
  }
}
