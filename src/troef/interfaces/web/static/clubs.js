// /clubs: the clubs of the player signed in (GET /api/clubs), a form to create one (POST /api/clubs, then
// its page) and one to join one by its id and invite code (POST /api/clubs/{club}/join; `?club=` and
// `?invite=` in the address fill it in).

import { getJSON, postJSON } from "./api.js";
import { t } from "./i18n.js";
import { busy, message, roleText, signInNote, startPage, statusOf } from "./pages.js";
import { byId as $, h } from "./render.js";

/** @typedef {import("./types.js").ClubEntry} ClubEntry */

/** The clubs as last answered; null before the answer, or when refused (`refusal`). @type {ClubEntry[]|null} */
let clubs = null;
/** @type {unknown} */
let refusal = null;

function show() {
  const box = $("clubs");
  if (refusal !== null) {
    box.replaceChildren(
      statusOf(refusal) === 401
        ? signInNote(t("Sign in to see your clubs, to create one or to join one."))
        : h("p", { class: "error", text: message(refusal) }),
    );
    return;
  }
  if (clubs === null) return;
  if (!clubs.length) {
    box.replaceChildren(h("p", { class: "hint", text: t("You are in no club yet: create one, or join one with its invite code.") }));
    return;
  }
  const list = h("ul", { class: "table-list" });
  for (const club of clubs) {
    const href = `/clubs/${encodeURIComponent(club.club)}`;
    const presets = (club.presets || []).map((p) => p.name);
    list.append(
      h(
        "li",
        { "data-club": club.club },
        h("div", { class: "what" }, h("a", { href, text: club.name }), ` · ${roleText(club.role)}`),
        h("div", { class: "who", text: presets.length ? t("Presets: {names}", { names: presets.join(", ") }) : t("No saved presets.") }),
      ),
    );
  }
  box.replaceChildren(list);
}

async function load() {
  try {
    const answer = /** @type {import("./types.js").ClubsAnswer} */ (await getJSON("/api/clubs"));
    clubs = (answer && answer.clubs) || [];
    refusal = null;
  } catch (error) {
    refusal = error;
  }
  show();
}

/** @param {SubmitEvent} event */
async function create(event) {
  event.preventDefault();
  const error = $("create-error");
  const input = $("club-name", HTMLInputElement);
  const name = input.value.trim();
  error.textContent = "";
  if (!name) {
    error.textContent = t("Please fill in the club's name.");
    input.focus();
    return;
  }
  const button = event.submitter || null;
  busy(button, true);
  try {
    const answer = /** @type {{club: string}} */ (await postJSON("/api/clubs", { name }));
    location.href = `/clubs/${encodeURIComponent(answer.club)}`;
  } catch (caught) {
    error.textContent = message(caught);
    busy(button, false);
  }
}

/** @param {SubmitEvent} event */
async function join(event) {
  event.preventDefault();
  const error = $("join-error");
  const idInput = $("join-id", HTMLInputElement);
  const codeInput = $("join-code", HTMLInputElement);
  const club = idInput.value.trim();
  const invite = codeInput.value.trim();
  error.textContent = "";
  if (!club || !invite) {
    error.textContent = t("Please fill in the club's id and its invite code.");
    (club ? codeInput : idInput).focus();
    return;
  }
  const button = event.submitter || null;
  busy(button, true);
  try {
    await postJSON(`/api/clubs/${encodeURIComponent(club)}/join`, { invite });
    location.href = `/clubs/${encodeURIComponent(club)}`;
  } catch (caught) {
    error.textContent = statusOf(caught) === 403 ? t("That invite code does not open this club.") : message(caught);
    busy(button, false);
  }
}

async function main() {
  await startPage(show);
  const asked = new URLSearchParams(location.search);
  $("join-id", HTMLInputElement).value = asked.get("club") || "";
  $("join-code", HTMLInputElement).value = asked.get("invite") || "";
  $("create-club").addEventListener("submit", create);
  $("join-club").addEventListener("submit", join);
  await load();
}

main();
