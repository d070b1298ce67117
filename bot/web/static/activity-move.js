/*
 * activity-move.js: building and playing a move, for a player whose move it is. The
 * choices that name a square of the board are spots to tap over the picture, the others
 * buttons below it, with Play (the whole move) and Back. Each pick is
 * GET api/state?chosen=…&v=…, and Play is POST api/play, which names the game the move
 * was built in (`g`): the server refuses it (409, with the state) if the channel's game
 * is another by then. Below the board is also what a player waits for, or that the user
 * watches. The spots and choices show only at "now", not during a replay.
 *
 * activity-draw.js puts these parts on the page; an action's answer is taken by
 * activity-follow.js, through `app.on` (this module imports neither).
 */
import { alertLine, app, button, el, markBusy, request, stateUrl, word } from "./activity-app.js";

const PIECES = /[\s-]+/; // what separates the pieces of a move's text (Bridge uses a dash)

// ---- sending -----------------------------------------------------------------------------

/** Pick `chosen` (a choice, or Back) in the step at `version`. */
function pick(chosen, version) {
  return act(() => request(stateUrl(chosen, version)));
}

/** Play the whole move of `step`, built in `game`. */
function play(game, step) {
  const sent = { s: app.session, g: game.id, chosen: step.complete, v: step.version };
  return act(() => request("api/play", sent));
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
  if (mine === app.seq) await app.on.take(answer, true);
  if (app.stale) {
    app.stale = false;
    await app.on.refresh();
  }
}

// ---- over the board ----------------------------------------------------------------------

/** The step shown, when the player is building a move and the board is at "now". */
function liveStep(game) {
  return app.at === null ? game.you?.step ?? null : null;
}

/** True if `choice` is picked by tapping its square on the picture. */
function onBoard(choice, game) {
  return Boolean(choice.square && game.board?.squares?.[choice.label]);
}

/** The spots over the picture: the squares picked so far, and one to tap per square choice. */
export function spots(game) {
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

// ---- below the board ---------------------------------------------------------------------

/** Below the board: why a move was refused (or what failed), then the move being built,
 * or the waiting line, or the watching line. */
export function turnPanel(game) {
  const alert = app.refused ? [alertLine(app.refused)] : [];
  const you = game.you;
  if (!you) return [...alert, el("p", "waiting", word("watching"))];
  if (!you.step) return [...alert, el("p", "waiting", you.waiting ?? "")];
  return [...alert, ...stepPanel(game, you.step)];
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
  if (step.complete !== null && step.complete !== undefined) actions.append(playButton(game, step));
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

function playButton(game, step) {
  const playing = button("play", `${word("play")} `, () => play(game, step), "play");
  playing.append(el("code", "", step.complete));
  return playing;
}
