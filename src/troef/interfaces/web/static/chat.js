// The table's chat (docs/server.md, "Table talk and hints"): the messages as text only (nothing a person
// writes is read as markup), the preset messages in the reader's language, free text while the state
// frame's `talk` allows it, and on a folded panel the number of messages not read yet.

import { currentLang, t } from "./i18n.js";
import { h } from "./render.js";
import { $, page } from "./state.js";

/** @typedef {import("./types.js").ChatFrame} ChatFrame */

/**
 * The preset messages the server knows, by id, in English (the words are declared in words.py).
 * @type {Record<string, string>}
 */
const PRESETS = {
  hello: "Hello!",
  "well-played": "Well played!",
  "one-moment": "One moment, please.",
  thanks: "Thanks!",
  sorry: "Sorry!",
  "good-game": "Good game!",
  bye: "Bye!",
};

/** @type {ChatFrame[]} */
let messages = [];
let unread = 0;
let drawnIn = "";

/** Builds the section's parts once: the messages, the presets, the box for free text. */
export function buildChat() {
  const form = h("form", { class: "chat-form" });
  const input = h("input", {
    id: "chat-text",
    type: "text",
    maxlength: "200",
    autocomplete: "off",
    "data-chat-text": "",
  });
  form.append(input, h("button", { type: "submit", "data-chat-send": "" }));
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    const text = input.value.trim();
    if (text && page.socket && page.socket.send({ type: "chat", text })) input.value = "";
  });
  $("chat").append(
    h("ol", { id: "chat-log", class: "chat-log", "aria-live": "polite" }),
    h("div", { id: "chat-presets", class: "chat-presets", role: "group" }),
    form,
    h("p", { id: "chat-closed", class: "hint", "data-chat-closed": "" }),
  );
  $("sec-chat").addEventListener("toggle", () => {
    if ($("sec-chat", HTMLDetailsElement).open) unread = 0;
    drawUnread();
  });
}

/**
 * A chat frame (a message) or a chat-log frame (the last messages, after hello).
 * @param {ChatFrame|import("./types.js").ChatLogFrame} frame
 */
export function onChat(frame) {
  if (frame.type === "chat-log") {
    messages = frame.messages;
  } else {
    messages = [...messages.slice(-99), frame];
    if (!$("sec-chat", HTMLDetailsElement).open) unread += 1;
  }
  drawMessages();
}

/** A new connection: the server sends the table's last messages again, if it has any. */
export function resetChat() {
  messages = [];
  drawMessages();
}

/** What this receiver may say now (the state frame's `talk`), in the page's language. */
export function renderChat() {
  const talk = (page.frame && page.frame.talk) || "read";
  const presets = $("chat-presets");
  presets.replaceChildren();
  presets.setAttribute("aria-label", t("Preset messages"));
  if (talk !== "read")
    for (const [id, words] of Object.entries(PRESETS)) {
      const button = h("button", { type: "button", class: "chat-preset", "data-chat-preset": id, text: t(words) });
      button.addEventListener("click", () => page.socket && page.socket.send({ type: "chat", preset: id }));
      presets.append(button);
    }
  const input = $("chat-text", HTMLInputElement);
  const send = document.querySelector("[data-chat-send]");
  const form = input.form;
  if (!(send instanceof HTMLButtonElement) || !form) throw new Error("buildChat makes the chat's form first");
  form.hidden = talk === "read";
  input.disabled = send.disabled = talk !== "free";
  input.setAttribute("aria-label", t("Your message"));
  input.placeholder = talk === "free" ? t("Your message") : "";
  send.textContent = t("Send");
  const closed = $("chat-closed");
  closed.textContent =
    talk === "read" ? t("You are watching: you read the chat.") : talk === "presets" ? t("The rules allow no table talk during the round: preset messages only.") : "";
  closed.hidden = talk === "free";
  if (drawnIn !== currentLang()) drawMessages();
  drawUnread();
}

function drawMessages() {
  const list = $("chat-log");
  const atBottom = list.scrollHeight - list.scrollTop - list.clientHeight < 30;
  list.replaceChildren(
    ...messages.map((m) =>
      h(
        "li",
        { "data-chat-message": "", "data-seat": String(m.seat), class: m.preset ? "preset" : "" },
        h("b", { text: `${m.name || t("seat {n}", { n: m.seat + 1 })}: ` }),
        h("span", { text: m.preset ? t(PRESETS[m.preset] || m.preset) : m.text }),
      ),
    ),
  );
  if (atBottom) list.scrollTop = list.scrollHeight;
  drawnIn = currentLang();
  drawUnread();
}

function drawUnread() {
  const badge = $("chat-unread");
  badge.textContent = String(unread);
  badge.setAttribute("aria-label", t("{n} new messages", { n: unread }));
  badge.hidden = unread === 0;
}
