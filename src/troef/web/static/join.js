// /join/{id}/{code}: ask for a name, take a seat with the invite code, go to the table.

import { getJSON, keepInvite, keepToken, postJSON, store, tokenFor } from "./api.js";
import { languageSwitch, loadWords, t, translate } from "./i18n.js";

const [, , id, code] = location.pathname.split("/").map(decodeURIComponent);
const $ = (/** @type {string} */ key) => /** @type {any} */ (document.getElementById(key));
const tableUrl = `/tables/${encodeURIComponent(id)}`;

/** @type {any} */
let info = null;

function describe() {
  if (!info) return;
  const names = info.seats.map((/** @type {any} */ s) => (s.kind === "open" ? t("open seat") : s.kind === "bot" ? t("bot: {level}", { level: s.bot }) : s.name));
  const open = info.seats.filter((/** @type {any} */ s) => s.kind === "open").length;
  $("about").textContent = `${info.game} · ${names.join(" · ")} · ${open ? t("waiting for {n} more", { n: open }) : t("No open seat left.")}`;
}

/** @param {SubmitEvent} event */
async function join(event) {
  event.preventDefault();
  const name = $("name").value.trim();
  if (!name) {
    $("error").textContent = t("Please fill in your name.");
    $("name").focus();
    return;
  }
  store.set("troef.name", name);
  const button = document.querySelector("[data-join]");
  button && button.setAttribute("disabled", "");
  try {
    const answer = await postJSON(`/api/tables/${encodeURIComponent(id)}/join`, { name, invite: code });
    keepToken(id, answer.token);
    keepInvite(id, `/join/${encodeURIComponent(id)}/${encodeURIComponent(code)}`);
    location.href = tableUrl;
  } catch (error) {
    $("error").textContent = String(/** @type {Error} */ (error).message);
    button && button.removeAttribute("disabled");
  }
}

async function main() {
  await loadWords();
  translate();
  $("tools").append(languageSwitch(describe));
  $("watch").href = tableUrl;
  $("name").value = store.get("troef.name") || "";
  if (tokenFor(id)) {
    const back = document.createElement("a");
    back.className = "button primary";
    back.href = tableUrl;
    back.textContent = t("Back to your seat");
    $("watch").before(back);
  }
  $("join").addEventListener("submit", join);
  try {
    info = await getJSON(`/api/tables/${encodeURIComponent(id)}`);
    describe();
  } catch (error) {
    $("error").textContent = String(/** @type {Error} */ (error).message);
  }
}

main();
