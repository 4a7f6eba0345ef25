// The account (clubs.md, "Accounts and sessions"): the header of every page says who is signed in
// (`showAccount`), and the forms of /signup and /login (`accountForm`) sign up or sign in.
//
// The header's part is `[data-account]`: once GET /api/session answered, `data-signed-in="true"` with a
// link to the player's clubs (`[data-my-clubs]`, /clubs), the name in `[data-account-name]` (a link to the
// player's page, /players/{name}) and a "Sign out" button (`[data-sign-out]`), or `data-signed-in="false"`
// with the links `[data-sign-in]` and `[data-sign-up]`. Its words carry data-i18n, so that the page's
// language switch translates them with the rest of the page.

import { ApiError, deleteJSON, getJSON, postJSON } from "./api.js";
import { languageSwitch, loadWords, t, translate } from "./i18n.js";
import { byId as $, h } from "./render.js";

/** @typedef {import("./types.js").Session} Session */
/** @typedef {import("./render.js").AttrValue} AttrValue */

/** The shortest password the server takes (a sign-up checks it before asking). */
export const PASSWORD_LENGTH = 8;
const ACCOUNT_PAGES = ["/login", "/signup"];

/**
 * Where a sign-in or sign-up goes: the `?next=` of the page's address where it is a path of this site
 * (starting with "/", but not "//", and not the sign-in pages themselves), else the lobby "/".
 */
export function nextPath() {
  const asked = new URLSearchParams(location.search).get("next");
  if (!asked || !asked.startsWith("/") || asked.startsWith("//") || asked.startsWith("/\\")) return "/";
  let url;
  try {
    url = new URL(asked, location.origin); // "/\t/x" is "//x" to a browser: the origin tells
  } catch {
    return "/";
  }
  if (url.origin !== location.origin || ACCOUNT_PAGES.includes(url.pathname)) return "/";
  return `${url.pathname}${url.search}${url.hash}`;
}

/**
 * The address of /login or /signup that comes back to this page afterwards (on those pages themselves:
 * to where they were to go).
 * @param {string} page "/login" or "/signup"
 */
export function accountHref(page) {
  const back = ACCOUNT_PAGES.includes(location.pathname) ? nextPath() : `${location.pathname}${location.search}`;
  return back === "/" ? page : `${page}?next=${encodeURIComponent(back)}`;
}

/** The name signed in, or null (not signed in, or the server not reached). @returns {Promise<string|null>} */
export async function signedIn() {
  try {
    const session = /** @type {Session} */ (await getJSON("/api/session"));
    return session && typeof session.name === "string" ? session.name : null;
  } catch {
    return null;
  }
}

/** Signs out (DELETE /api/session) and loads the page again. @param {Event} event */
async function signOut(event) {
  const button = event.currentTarget;
  if (button instanceof HTMLButtonElement) button.disabled = true;
  try {
    await deleteJSON("/api/session");
  } catch {
    /* the page shows what the server still knows */
  }
  location.reload();
}

/**
 * The account in the page's header (`header.bar`), after the page's other tools: the name signed in and
 * "Sign out", or "Sign in" and "Sign up". Called once the page's words are loaded.
 */
export async function showAccount() {
  const header = document.querySelector("header.bar");
  if (!header) return;
  const nav = h("nav", { class: "account", "data-account": "", "aria-label": t("Account"), "data-i18n-label": "Account" });
  header.append(nav);
  const name = await signedIn();
  /** An element's attributes with its word, translated (and again on a language switch). @param {string} word @param {Record<string, AttrValue>} attrs */
  const worded = (word, attrs) => ({ ...attrs, "data-i18n": word, text: t(word) });
  if (name === null) {
    nav.append(
      h("a", worded("Sign in", { class: "button", href: accountHref("/login"), "data-sign-in": "" })),
      h("a", worded("Sign up", { class: "button", href: accountHref("/signup"), "data-sign-up": "" })),
    );
  } else {
    const who = h(
      "a",
      { class: "who", title: name, href: `/players/${encodeURIComponent(name)}`, "data-account-player": "" },
      h("span", worded("Signed in as", { class: "visually-hidden" })),
      " ",
      h("span", { "data-account-name": "", text: name }),
    );
    nav.append(
      h("a", worded("My clubs", { class: "button", href: "/clubs", "data-my-clubs": "" })),
      who,
      h("button", worded("Sign out", { type: "button", class: "tool", "data-sign-out": "", onclick: signOut })),
    );
  }
  nav.dataset.signedIn = String(name !== null);
}

/**
 * The page /signup or /login: its words, the language switch, the header's account, and the form
 * `#account` (`#name`, `#password`, the server's refusal in `#error`) that posts to `endpoint` and then
 * goes to `nextPath()`.
 * @param {"/api/accounts"|"/api/session"} endpoint POST /api/accounts signs up, POST /api/session signs in
 */
export async function accountForm(endpoint) {
  await loadWords();
  translate();
  $("tools").append(languageSwitch(() => {}));
  showAccount();
  const other = $("other", HTMLAnchorElement);
  other.href = accountHref(new URL(other.href).pathname);
  const form = $("account", HTMLFormElement);
  const nameInput = $("name", HTMLInputElement);
  const passwordInput = $("password", HTMLInputElement);
  const error = $("error");
  const signingUp = endpoint === "/api/accounts";

  /** Says what is wrong next to `input` (or the form, for none). @param {string} message @param {HTMLInputElement|null} input */
  const refuse = (message, input) => {
    error.textContent = message;
    for (const field of [nameInput, passwordInput]) {
      if (field === input) field.setAttribute("aria-invalid", "true");
      else field.removeAttribute("aria-invalid");
    }
    if (input) input.focus();
  };
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    const name = nameInput.value.trim();
    const password = passwordInput.value;
    if (!name) return refuse(t("Please fill in your name."), nameInput);
    if (!password) return refuse(t("Please fill in your password."), passwordInput);
    if (signingUp && password.length < PASSWORD_LENGTH) return refuse(t("A password has at least 8 characters."), passwordInput);
    const button = form.querySelector("[data-account-submit]");
    if (button instanceof HTMLButtonElement) button.disabled = true;
    try {
      await postJSON(endpoint, { name, password });
      location.href = nextPath();
    } catch (caught) {
      const status = caught instanceof ApiError ? caught.status : 0;
      refuse(String(/** @type {Error} */ (caught).message), status === 401 ? passwordInput : status === 409 ? nameInput : null);
      if (button instanceof HTMLButtonElement) button.disabled = false;
    }
  });
}
