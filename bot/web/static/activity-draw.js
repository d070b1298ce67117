/*
 * activity-draw.js: drawing the state the server sent (app.state). That is the title,
 * what is said, the board picture (now, or after a move of the replay) with the move
 * being built over and below it (activity-move.js), the replay bar (and the arrow keys),
 * the players with their clocks and the one to move, and the moves, each of which opens
 * the board after it. A redraw keeps the focus where it was.
 */
import { alertLine, app, button, el, root, word } from "./activity-app.js";
import { spots, turnPanel } from "./activity-move.js";

const REPLAY_KEYS = { ArrowLeft: "prev", ArrowRight: "next", Home: "start", End: "now" };

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
export function render() {
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

// ---- the board and the replay ----------------------------------------------------------

/** The picture (now, or at the replay's position: both name the game), its spots, its
 * caption, the replay bar. */
function drawBoard(side, game) {
  const board = side.querySelector(".board");
  const picture = board.querySelector("img");
  const source = app.at === null ? game.picture : `${game.replay}${app.at}`;
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
export function onKey(event) {
  if (!app.state?.game || event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
  if (event.target.closest?.("input, textarea, select, [contenteditable]")) return;
  const key = REPLAY_KEYS[event.key];
  const target = key && document.querySelector(`nav.replay button[data-step="${key}"]`);
  if (!target) return;
  event.preventDefault();
  if (!target.disabled) target.click();
}

// ---- players and moves -----------------------------------------------------------------

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
export function refreshSeats(game) {
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
  } else if (
    here.offsetTop < list.scrollTop ||
    here.offsetTop + here.offsetHeight > list.scrollTop + list.clientHeight
  ) {
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
