// /reset/{code}: a new password by the link a club's admin made (POST /api/accounts/reset {code,
// password}); the answer signs the player in, and the page goes to the lobby.

import { PASSWORD_LENGTH } from "./account.js";
import { postJSON } from "./api.js";
import { t } from "./i18n.js";
import { busy, message, pathPart, startPage } from "./pages.js";
import { byId as $ } from "./render.js";

const code = pathPart(2);

async function main() {
  await startPage(() => {});
  const form = $("reset", HTMLFormElement);
  const input = $("password", HTMLInputElement);
  const error = $("error");
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    const password = input.value;
    /** @param {string} text */
    const refuse = (text) => {
      error.textContent = text;
      input.setAttribute("aria-invalid", "true");
      input.focus();
    };
    if (!password) return refuse(t("Please fill in your password."));
    if (password.length < PASSWORD_LENGTH) return refuse(t("A password has at least 8 characters."));
    input.removeAttribute("aria-invalid");
    error.textContent = "";
    busy(event.submitter, true);
    try {
      await postJSON("/api/accounts/reset", { code, password });
      location.href = "/";
    } catch (caught) {
      error.textContent = message(caught);
      busy(event.submitter, false);
    }
  });
}

main();
