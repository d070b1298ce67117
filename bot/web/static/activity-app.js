/*
 * activity-app.js: what the modules of the Activity's page share. That is the page's
 * state (its session and words, the last state the server sent, what is shown, whether
 * an action is on its way), its talk with the server, and the small helpers that build
 * the DOM (and the page's root, its one-sentence status and its busy mark).
 *
 * The modules import one way: activity-app.js at the bottom, then activity-move.js (the
 * move being built), activity-draw.js (which draws it), activity-follow.js, then
 * activity-session.js, with activity.js at the top. Where a lower module must have a
 * higher one act (a player's action taken as an answer, a 401), it calls `app.on`,
 * which activity.js fills in at start-up.
 *
 * The API it speaks is the server's, bot/web/activity.py. Every URL is relative, because
 * Discord's proxy maps / to our /activity/. The DOM is built with createElement and
 * textContent, and styles are never set from HTML strings (Discord's CSP).
 */

export const app = {
  sdk: null,
  session: null,
  words: {},
  state: null, // the last state the server sent
  at: null, // the replay position shown, or null for the board as it stands
  refused: "", // the sentence of a refused move, or of an error, until the next action
  busy: false, // a pick or Play is on its way
  stale: false, // the game changed while a pick was on its way: load it again after
  failed: false, // the last answer was an error: its sentence goes once one succeeds
  seq: 0, // numbers state requests: only the latest one's answer is drawn
  restarting: null, // the new session being opened after the old one expired
  on: {
    // what the higher modules do for the lower ones, filled in by activity.js
    refresh: null, // (force) => load the state and draw it (activity-follow.js)
    take: null, // (answer, force) => draw an answer of the server (activity-follow.js)
    restart: null, // () => open a new session after a 401 (activity-session.js)
  },
};

// ---- talking to the server -------------------------------------------------------------

/** GET `url`, or POST `body` to it as JSON. Gives {status, body}: status 0 means the
 * network failed, and body is {} when the answer is not JSON. */
export async function request(url, body) {
  const init = { cache: "no-store", headers: { Accept: "application/json" } };
  if (body !== undefined) {
    init.method = "POST";
    init.headers["Content-Type"] = "application/json";
    init.body = JSON.stringify(body);
  }
  try {
    const response = await fetch(url, init);
    const data = await response.json().catch(() => ({}));
    return { status: response.status, body: data && typeof data === "object" ? data : {} };
  } catch {
    return { status: 0, body: {} };
  }
}

/** The state's address, with the move picked so far when there is one. */
export function stateUrl(chosen, version) {
  const fields = chosen === undefined || chosen === null ? {} : { chosen, v: String(version) };
  return `api/state?${new URLSearchParams({ s: app.session, ...fields })}`;
}

export function sleep(ms) {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

// ---- building the DOM ------------------------------------------------------------------

/** The element the whole page is drawn in. */
export function root() {
  return document.getElementById("activity");
}

/** Replace the page by one sentence (outside Discord, or when the session fails). */
export function showStatus(sentence) {
  const status = el("p", "", sentence);
  status.id = "status";
  status.setAttribute("role", "status");
  root().replaceChildren(status);
  root().classList.remove("has-game");
}

/** Say whether a player's action is on its way. */
export function markBusy(busy) {
  root().setAttribute("aria-busy", busy ? "true" : "false");
}

/** One of the page's words, in its user's language (from api/session). */
export function word(key) {
  return app.words[key] ?? key;
}

/** An element of `tag` with a class and a text (both optional). */
export function el(tag, className = "", text = null) {
  const element = document.createElement(tag);
  if (className) element.className = className;
  if (text !== null && text !== undefined) element.textContent = text;
  return element;
}

/** A button: `focus` names it so that a redraw can give it back the focus. */
export function button(className, text, onClick, focus = "") {
  const element = el("button", className, text);
  element.type = "button";
  if (focus) element.dataset.focus = focus;
  element.addEventListener("click", onClick);
  return element;
}

/** The line that says why a move was refused, or what failed. */
export function alertLine(sentence) {
  const line = el("p", "alert", sentence);
  line.setAttribute("role", "alert");
  return line;
}
