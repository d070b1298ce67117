/*
 * activity.js: the page of the bot's Discord Activity. It shows the channel's board game
 * to watch, or to play on for a player whose move it is.
 *
 * Start-up: the Embedded App SDK's handshake (ready), authorize (a code), then
 * POST api/session (a session and the page's words).
 * Drawing: draws the state from api/state. That is the title, what is said, the board
 * picture with a tappable spot over each square to pick, the other choices as buttons,
 * Play and Back, the waiting or watching line, the players with their clocks and the
 * one to move, and the moves. A move opens the board after it; a replay bar (and the
 * arrow keys) steps through the game.
 * Moving: every move goes through fetch. The page never navigates, as Discord's CSP
 * forbids it.
 * Following: the api/events stream. When the stream fails, api/state is polled every
 * 2 s, and it is polled every 15 s anyway. The page is redrawn only when the game or
 * its version changed, or after a pick.
 *
 * The API it speaks is the server's, bot/web/activity.py. Every URL is relative, because
 * Discord's proxy maps / to our /activity/. The DOM is built with createElement and
 * textContent. Styles are never set from HTML strings (also Discord's CSP).
 */
import { DiscordSDK } from "./sdk/index.mjs";

const OUTSIDE = "Open this from Discord: it is the game's board as a Discord Activity.";
const NOT_AUTHORIZED =
  "Discord did not let the Activity know who you are; close it and open it again.";
const FAST_POLL_MS = 2000;
const SAFETY_POLL_MS = 15000;
const STREAM_SILENT_MS = 4000; // the stream says the version first: silence means it is held up
const STREAM_RETRY_MS = 30000;
const START_RETRY_MS = 2000;
const PIECES = /[\s-]+/; // what separates the pieces of a move's text (Bridge uses a dash)
const REPLAY_KEYS = { ArrowLeft: "prev", ArrowRight: "next", Home: "start", End: "now" };

const app = {
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
  restarting: null,
  stream: null,
  streamTimer: null,
  fastPoll: null,
};

// ---- start-up ------------------------------------------------------------------------

async function start() {
  document.addEventListener("keydown", onKey);
  const sdk = discord();
  if (sdk === null) {
    showStatus(OUTSIDE);
    return;
  }
  app.sdk = sdk;
  await sdk.ready();
  if (!(await openSession())) return;
  await refresh(true);
  setInterval(() => refresh(), SAFETY_POLL_MS);
  openStream();
}

/** The SDK, or null outside Discord: its constructor throws when Discord's query
 * parameters are missing, and a page at the top has no Discord frame to talk to. */
function discord() {
  if (window.parent === window && !window.opener) return null;
  try {
    return new DiscordSDK(document.body.dataset.clientId);
  } catch {
    return null;
  }
}

/** Authorize with Discord and open a session. True once the session is open; otherwise
 * the reason is shown in place of the page. */
async function openSession() {
  const code = await authorize();
  if (code === null) {
    showStatus(NOT_AUTHORIZED);
    return false;
  }
  for (;;) {
    const answer = await request("api/session", { code, instance_id: app.sdk.instanceId });
    if (answer.status === 200 && answer.body.session) {
      app.session = answer.body.session;
      app.words = answer.body.words || {};
      return true;
    }
    if (answer.status !== 0) {
      showStatus(answer.body.error || `${answer.status}`);
      return false;
    }
    await sleep(START_RETRY_MS); // the network failed: keep saying "Opening the game…"
  }
}

/** Discord's OAuth2 code for this user, or null if Discord refused. */
async function authorize() {
  try {
    const { code } = await app.sdk.commands.authorize({
      client_id: document.body.dataset.clientId,
      response_type: "code",
      state: "",
      prompt: "none",
      scope: ["identify"],
    });
    return code;
  } catch {
    return null; // the SDK rejects with a plain {code, message}
  }
}

/** The session expired (401): authorize again, open a new session, follow again. */
function restart() {
  app.restarting ??= (async () => {
    closeStream();
    stopFastPoll();
    if (await openSession()) {
      app.restarting = null;
      await refresh(true);
      openStream();
    }
  })();
  return app.restarting;
}

// ---- talking to the server -------------------------------------------------------------

/** GET `url`, or POST `body` to it as JSON. Gives {status, body}: status 0 means the
 * network failed, and body is {} when the answer is not JSON. */
async function request(url, body) {
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

function query(fields) {
  return new URLSearchParams({ s: app.session, ...fields }).toString();
}

/** The state's address, with the move picked so far when there is one. */
function stateUrl(chosen, version) {
  const fields = chosen === undefined || chosen === null ? {} : { chosen, v: String(version) };
  return `api/state?${query(fields)}`;
}

/** The step being built, when something is picked: following the game keeps it, unless
 * the server's answer says that it moved on. */
function heldStep() {
  const step = app.state?.game?.you?.step;
  return step && step.chosen ? step : null;
}

/** Load the state, and draw it if the game changed (always, if `force`). */
async function refresh(force = false) {
  if (app.busy) app.stale = true;
  if (app.busy || app.restarting || app.session === null) return;
  const held = heldStep();
  const mine = ++app.seq;
  const answer = await request(held ? stateUrl(held.chosen, held.version) : stateUrl());
  if (mine !== app.seq || app.busy) return; // a pick went out meanwhile: its answer wins
  await take(answer, force);
}

/** Pick `chosen` (a choice, or Back) in the step at `version`. */
function pick(chosen, version) {
  return act(() => request(stateUrl(chosen, version)));
}

/** Play the whole move of `step`. */
function play(step) {
  return act(() => request("api/play", { s: app.session, chosen: step.complete, v: step.version }));
}

/** Send a player's action and always draw its answer. Taps made while one is on its
 * way are ignored. */
async function act(send) {
  if (app.busy) return;
  app.busy = true;
  app.refused = "";
  const mine = ++app.seq;
  markBusy(true);
  const answer = await send();
  app.busy = false;
  markBusy(false);
  if (mine === app.seq) await take(answer, true);
  if (app.stale) {
    app.stale = false;
    await refresh();
  }
}

/** Handle a state answer. 200 draws the state; 409 draws it and shows why the move was
 * refused; 401 starts again; another error shows its sentence until an answer succeeds;
 * a network failure changes nothing (the next poll tries again). */
async function take(answer, force) {
  const { status, body } = answer;
  if (status === 200 || status === 409) {
    const recovered = app.failed;
    app.failed = false;
    if (recovered) app.refused = "";
    if (status === 409) app.refused = body.refused || "";
    show(body, force || recovered || status === 409);
  } else if (status === 401) {
    await restart();
  } else if (status !== 0) {
    app.failed = true;
    app.refused = body.error || `${status}`;
    if (app.state) render();
    else showStatus(app.refused);
  }
}

// ---- following -------------------------------------------------------------------------

function openStream() {
  closeStream();
  if (!("EventSource" in window)) {
    startFastPoll();
    return;
  }
  const stream = new EventSource(`api/events?${query({})}`);
  app.stream = stream;
  app.streamTimer = setTimeout(streamFailed, STREAM_SILENT_MS);
  stream.addEventListener("version", (event) => {
    clearTimeout(app.streamTimer);
    stopFastPoll();
    if (Number(event.data) !== shownVersion()) refresh();
  });
  stream.addEventListener("error", streamFailed);
}

/** The stream broke, or stayed silent: poll instead, and try the stream again later. */
function streamFailed() {
  closeStream();
  startFastPoll();
  app.streamTimer = setTimeout(openStream, STREAM_RETRY_MS);
}

function closeStream() {
  clearTimeout(app.streamTimer);
  app.stream?.close();
  app.stream = null;
}

function startFastPoll() {
  app.fastPoll ??= setInterval(() => refresh(), FAST_POLL_MS);
}

function stopFastPoll() {
  clearInterval(app.fastPoll);
  app.fastPoll = null;
}

function shownVersion() {
  return app.state?.game?.version ?? null;
}

/** What identifies what is shown: the game and its version (or, with no game, what the
 * page says instead). */
function shownKey(state) {
  if (!state) return "";
  return state.game ? `${state.game.id}:${state.game.version}` : `-:${state.said}`;
}

/** Take a new state. It is redrawn if forced, or if the game or its version changed;
 * otherwise only the clocks are brought up to date. */
function show(state, force) {
  const before = app.state;
  const changed = force || shownKey(state) !== shownKey(before);
  app.state = state;
  if (!changed) {
    refreshSeats(state.game);
    return;
  }
  const game = state.game;
  if (!game || before?.game?.id !== game.id) {
    app.at = null;
    if (!force) app.refused = "";
  } else if (app.at !== null && app.at > game.positions - 2) {
    app.at = null;
  }
  render();
}

// ---- drawing ---------------------------------------------------------------------------

function word(key) {
  return app.words[key] ?? key;
}

/** An element of `tag` with a class and a text (both optional). */
function el(tag, className = "", text = null) {
  const element = document.createElement(tag);
  if (className) element.className = className;
  if (text !== null && text !== undefined) element.textContent = text;
  return element;
}

/** A button: `focus` names it so that a redraw can give it back the focus. */
function button(className, text, onClick, focus = "") {
  const element = el("button", className, text);
  element.type = "button";
  if (focus) element.dataset.focus = focus;
  element.addEventListener("click", onClick);
  return element;
}

/** Replace the page by one sentence (outside Discord, or when the session fails). */
function showStatus(sentence) {
  const status = el("p", "", sentence);
  status.id = "status";
  status.setAttribute("role", "status");
  root().replaceChildren(status);
  root().classList.remove("has-game");
}

function root() {
  return document.getElementById("activity");
}

function markBusy(busy) {
  root().setAttribute("aria-busy", busy ? "true" : "false");
}

/** The page's lasting parts. The said line must stay in place for aria-live to announce
 * its changes, and the picture stays so that a new board replaces the old one once it
 * has loaded, without a blank. */
function frame() {
  const main = root();
  if (main.querySelector(":scope > header.top")) return main;
  const header = el("header", "top");
  const title = el("h1");
  const said = el("p", "said");
  said.setAttribute("aria-live", "polite");
  header.append(title, said, el("p", "note"), alertLine(""));
  const boardSide = el("div", "board-side");
  const board = el("div", "board");
  const picture = el("img");
  picture.decoding = "async";
  picture.addEventListener("load", () => {
    main.style.setProperty("--aspect", String(picture.naturalWidth / picture.naturalHeight));
  });
  board.append(picture);
  const figure = el("figure");
  figure.append(board);
  boardSide.append(figure, el("nav", "replay"));
  const turn = el("section", "turn");
  const side = el("div", "side");
  main.replaceChildren(header, boardSide, turn, side);
  return main;
}

/** Draw the state held (`app.state`) at the replay position held (`app.at`). */
function render() {
  const focused = document.activeElement?.dataset?.focus ?? "";
  const main = frame();
  const { state } = app;
  const game = state.game;
  drawHeader(main.querySelector("header.top"), state);
  main.classList.toggle("has-game", Boolean(game));
  for (const part of main.querySelectorAll(".board-side, .turn, .side")) part.hidden = !game;
  if (game) {
    drawBoard(main.querySelector(".board-side"), game);
    main.querySelector(".turn").replaceChildren(...turnPanel(game));
    main.querySelector(".side").replaceChildren(...sidePanel(game));
    scrollMoves(main.querySelector("ol.moves"));
  }
  if (game) document.title = game.title;
  giveFocusBack(focused);
}

function setText(element, text) {
  if (element.textContent !== text) element.textContent = text; // no repeated announcements
  element.hidden = !text;
}

function drawHeader(header, state) {
  const game = state.game;
  const said = game ? game.said : state.said;
  setText(header.querySelector("h1"), game ? game.title : "");
  setText(header.querySelector(".said"), said || "");
  setText(header.querySelector(".note"), game && state.said !== game.said ? state.said || "" : "");
  setText(header.querySelector(".alert"), game ? "" : app.refused); // with a game: in the turn panel
}

/** The picture (now, or at the replay's position), its spots, its caption, the replay bar. */
function drawBoard(side, game) {
  const board = side.querySelector(".board");
  const picture = board.querySelector("img");
  const source = app.at === null ? game.picture : `api/board.png?${query({ at: app.at })}`;
  if (picture.getAttribute("src") !== source) picture.src = source;
  const replay = app.at === null ? "" : ` (${caption(game)})`;
  picture.alt = `${word("board")}: ${game.title}${replay}`;
  if (game.board) {
    picture.width = game.board.width;
    picture.height = game.board.height;
    root().style.setProperty("--aspect", String(game.board.width / game.board.height));
  }
  for (const spot of board.querySelectorAll(".spot")) spot.remove();
  board.append(...spots(game));
  const figure = side.querySelector("figure");
  figure.querySelector("figcaption")?.remove();
  if (app.at !== null) figure.append(el("figcaption", "", caption(game)));
  side.querySelector("nav.replay").replaceWith(replayNav(game));
}

/** What the replay shows: its position and the move that led there. */
function caption(game) {
  const move = game.moves.find((each) => each.ply === app.at);
  const where = `${word("replay")} ${app.at}/${game.positions - 1}`;
  return move ? `${where}: ${move.player} ${move.move}` : where;
}

/** The step shown, when the player is building a move and the board is at "now". */
function liveStep(game) {
  return app.at === null ? game.you?.step ?? null : null;
}

/** True if `choice` is picked by tapping its square on the picture. */
function onBoard(choice, game) {
  return Boolean(choice.square && game.board?.squares?.[choice.label]);
}

/** The spots over the picture: the squares picked so far, and one to tap per square choice. */
function spots(game) {
  const step = liveStep(game);
  if (!step || !game.board) return [];
  const squares = game.board.squares;
  const picked = step.chosen.split(PIECES).filter((piece) => squares[piece]);
  const marks = picked.map((piece) => pickedSpot(game.board, piece));
  const taps = step.choices.filter((choice) => onBoard(choice, game));
  return [...marks, ...taps.map((choice) => spotButton(game.board, choice, step))];
}

function pickedSpot(board, square) {
  const mark = el("span", "spot picked");
  mark.setAttribute("aria-hidden", "true");
  place(mark, board, board.squares[square]);
  return mark;
}

function spotButton(board, choice, step) {
  const spot = button(choice.wins ? "spot wins" : "spot", null, () => pick(choice.value, step.version),
    `spot-${choice.value}`);
  spot.setAttribute("aria-label", choice.wins ? `${choice.label} (${word("wins")})` : choice.label);
  spot.title = choice.words || choice.label;
  place(spot, board, board.squares[choice.label]);
  return spot;
}

/** Lay `element` over a square's box: as shares of the picture, since the picture scales. */
function place(element, board, [left, top, right, bottom]) {
  const percent = (share) => `${(share * 100).toFixed(3)}%`;
  element.style.left = percent(left / board.width);
  element.style.top = percent(top / board.height);
  element.style.width = percent((right - left + 1) / board.width);
  element.style.height = percent((bottom - top + 1) / board.height);
}

/** The replay bar: to the start, back, forward, and now; where none leads, it is off. */
function replayNav(game) {
  const last = game.positions - 1;
  const here = app.at ?? last;
  const steps = [
    ["start", 0, here > 0],
    ["prev", here - 1, here > 0],
    ["next", here + 1, here < last],
    ["now", last, app.at !== null],
  ];
  const nav = el("nav", "replay");
  nav.setAttribute("aria-label", word("replay"));
  for (const [key, target, open] of steps) {
    const step = button("", word(key), () => showAt(target, game), `replay-${key}`);
    step.dataset.step = key;
    step.disabled = !open;
    nav.append(step);
  }
  return nav;
}

/** Show the board after `ply` actions; the last one is "now". */
function showAt(ply, game) {
  const last = game.positions - 1;
  app.at = ply >= last ? null : Math.max(0, ply);
  render();
}

/** The arrow keys step through the replay (and Home / End jump to its ends). */
function onKey(event) {
  if (!app.state?.game || event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
  if (event.target.closest?.("input, textarea, select, [contenteditable]")) return;
  const key = REPLAY_KEYS[event.key];
  const target = key && document.querySelector(`nav.replay button[data-step="${key}"]`);
  if (!target) return;
  event.preventDefault();
  if (!target.disabled) target.click();
}

/** Below the board: why a move was refused (or what failed), then the move being built,
 * or the waiting line, or the watching line. */
function turnPanel(game) {
  const alert = app.refused ? [alertLine(app.refused)] : [];
  const you = game.you;
  if (!you) return [...alert, el("p", "waiting", word("watching"))];
  if (!you.step) return [...alert, el("p", "waiting", you.waiting ?? "")];
  return [...alert, ...stepPanel(game, you.step)];
}

function alertLine(sentence) {
  const line = el("p", "alert", sentence);
  line.setAttribute("role", "alert");
  return line;
}

/** The move being built: its heading, the hint to tap, the choices not on the board,
 * and Play and Back. During a replay only the heading is shown. */
function stepPanel(game, step) {
  const heading = el("h2", step.moved_on ? "moved-on" : "", step.heading);
  if (!liveStep(game)) return [heading];
  const parts = [heading];
  if (step.choices.some((choice) => onBoard(choice, game))) parts.push(el("p", "hint", word("tap")));
  const listed = step.choices.filter((choice) => !onBoard(choice, game));
  if (listed.length) {
    const choices = el("div", "choices");
    choices.append(...listed.map((choice) => choiceButton(choice, step)));
    parts.push(choices);
  }
  const actions = el("div", "actions");
  if (step.complete !== null && step.complete !== undefined) actions.append(playButton(step));
  if (step.back !== null && step.back !== undefined) {
    actions.append(button("back", word("back"), () => pick(step.back, step.version), "back"));
  }
  if (actions.childElementCount) parts.push(actions);
  return parts;
}

function choiceButton(choice, step) {
  const text = choice.wins ? `${choice.label} (${word("wins")})` : choice.label;
  const choose = button(choice.wins ? "choice wins" : "choice", text,
    () => pick(choice.value, step.version), `choice-${choice.value}`);
  choose.title = choice.words || choice.label;
  return choose;
}

function playButton(step) {
  const playing = button("play", `${word("play")} `, () => play(step), "play");
  playing.append(el("code", "", step.complete));
  return playing;
}

/** Beside the board (or below it): the players, then the moves. */
function sidePanel(game) {
  return [
    el("h2", "", word("players")),
    seatsList(game.seats),
    el("h2", "", word("moves")),
    movesList(game),
  ];
}

function seatsList(seats) {
  const list = el("ul", "seats");
  for (const seat of seats) {
    const item = el("li", seat.to_move ? "to-move" : "");
    item.append(el("span", "name", seat.name));
    if (seat.clock) item.append(el("span", "clock", seat.clock));
    list.append(item);
  }
  return list;
}

/** Bring the players' clocks up to date without a redraw. */
function refreshSeats(game) {
  const list = document.querySelector(".side ul.seats");
  if (game && list) list.replaceWith(seatsList(game.seats));
}

/** The moves, each a button that shows the board after it. */
function movesList(game) {
  if (!game.moves.length) return el("p", "none", word("no_moves"));
  const list = el("ol", "moves");
  for (const move of game.moves) {
    const item = el("li", move.ply === app.at ? "here" : "");
    item.value = move.ply;
    const open = button("move", `${move.player}: `, () => showAt(move.ply, game), `move-${move.ply}`);
    open.append(el("code", "", move.move));
    if (move.ply === app.at) open.setAttribute("aria-current", "step");
    item.append(open);
    if (move.mark) item.append(el("span", "mark", move.mark));
    list.append(item);
  }
  return list;
}

/** Keep the move shown in view in the move list: the last one at "now". */
function scrollMoves(list) {
  if (!list) return;
  const here = list.querySelector("li.here");
  if (!here) {
    list.scrollTop = list.scrollHeight;
  } else if (here.offsetTop < list.scrollTop || here.offsetTop + here.offsetHeight > list.scrollTop + list.clientHeight) {
    list.scrollTop = here.offsetTop - list.clientHeight / 2;
  }
}

/** After a redraw, give the focus back to the control that had it. If that control is
 * gone and it built the move (a spot, a choice, Back), the focus goes to the next thing
 * to press: Play, or else the first spot or choice. */
function giveFocusBack(key) {
  if (!key || document.activeElement?.dataset?.focus === key) return;
  let again = document.querySelector(`[data-focus="${CSS.escape(key)}"]`);
  if (!again && /^(spot-|choice-|back$)/.test(key)) {
    again = document.querySelector(".turn button.play, .board button.spot, .turn .choices button");
  }
  if (again && !again.disabled) again.focus({ preventScroll: true });
}

function sleep(ms) {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

start();
