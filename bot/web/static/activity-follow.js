/*
 * activity-follow.js: following the channel's game. Every answer of the server (a poll,
 * a pick, Play) is taken here: the state it holds is drawn if the game or its version
 * changed, and the game it names is followed.
 *
 * Following: the Server-Sent Events stream at the state's `game.events`, which names the
 * game (`g`). When the channel's game changes (a new `game.id`), the stream is closed and
 * the new game's opened at once; with no game there is no stream. Every event is a sign
 * of life: the version first, then each new version, and `alive` every 15 s on an idle
 * stream. A stream that says nothing for 4 s after it opens, or for 40 s after that,
 * is held up somewhere: like one that errs, it is closed and tried again 30 s later.
 * Polling: api/state every 2 s while there is no stream that works, while there is no
 * game and while the game is finished (a new one can begin at any moment), and every
 * 15 s anyway (another game can begin in the channel).
 *
 * A 401 opens a new session through `app.on.restart` (activity-session.js, which is
 * above this module).
 */
import { app, request, showStatus, stateUrl } from "./activity-app.js";
import { refreshSeats, render } from "./activity-draw.js";

const FAST_POLL_MS = 2000;
const SAFETY_POLL_MS = 15000;
const STREAM_FIRST_MS = 4000; // the stream says the version first: silence means it is held up
const STREAM_SILENT_MS = 40000; // the server says `alive` every 15 s when nothing happens
const STREAM_RETRY_MS = 30000;
const SIGNS_OF_LIFE = ["version", "alive", "message"]; // the events the server sends

const follow = {
  events: null, // the address of the stream of the game shown, or null with no game
  stream: null, // that stream, while it is open
  trusted: true, // false once a stream failed, until one says something again
  silence: null, // the timer that calls the open stream held up
  retry: null, // the timer that opens the stream again after it failed
  fastPoll: null,
  safetyPoll: null,
};

// ---- taking the server's answers -------------------------------------------------------

/** Load the state, and draw it if the game changed (always, if `force`). A move being
 * built is kept (the server says whether it still stands), but only in its own game. */
export async function refresh(force = false) {
  if (app.busy) app.stale = true;
  if (app.busy || app.restarting || app.session === null) return;
  const held = heldStep();
  const mine = ++app.seq;
  let answer = await request(held ? stateUrl(held.chosen, held.version) : stateUrl());
  if (held && answer.status === 200 && answer.body.game?.id !== held.game) {
    if (mine !== app.seq || app.busy) return;
    answer = await request(stateUrl()); // a new game: nothing of the move built in the last
  }
  if (mine !== app.seq || app.busy) return; // a pick went out meanwhile: its answer wins
  await take(answer, force);
}

/** The step being built, with its game, when something is picked. */
function heldStep() {
  const game = app.state?.game;
  const step = game?.you?.step;
  return step && step.chosen ? { chosen: step.chosen, version: step.version, game: game.id } : null;
}

/** Handle a state answer. 200 draws the state; 409 draws it and shows why the move was
 * refused; 401 starts again; another error shows its sentence until an answer succeeds;
 * a network failure changes nothing (the next poll tries again). */
export async function take(answer, force) {
  const { status, body } = answer;
  if (status === 200 || status === 409) {
    const recovered = app.failed;
    app.failed = false;
    if (recovered) app.refused = "";
    if (status === 409) app.refused = body.refused || "";
    show(body, force || recovered || status === 409);
  } else if (status === 401) {
    await app.on.restart();
  } else if (status !== 0) {
    app.failed = true;
    app.refused = body.error || `${status}`;
    if (app.state) render();
    else showStatus(app.refused);
  }
}

/** What identifies what is shown: the game and its version (or, with no game, what the
 * page says instead). */
function shownKey(state) {
  if (!state) return "";
  return state.game ? `${state.game.id}:${state.game.version}` : `-:${state.said}`;
}

/** Take a new state and follow its game. It is redrawn if forced, or if the game or its
 * version changed; otherwise only the clocks are brought up to date. */
function show(state, force) {
  const before = app.state;
  const changed = force || shownKey(state) !== shownKey(before);
  app.state = state;
  followGame(state.game);
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

// ---- following -------------------------------------------------------------------------

/** Once the first state is drawn: poll every 15 s, whatever the stream does. */
export function startFollowing() {
  follow.safetyPoll ??= setInterval(() => refresh(), SAFETY_POLL_MS);
}

/** Follow `game` (the state's, or null): its stream, opened anew when it names another
 * game (or another session) than the one followed. */
function followGame(game) {
  const events = game?.events ?? null;
  if (events !== follow.events) {
    follow.events = events;
    openStream();
  }
  pace();
}

/** Follow nothing until the next state is taken (the session expired). */
export function unfollow() {
  follow.events = null;
  closeStream();
  clearTimeout(follow.retry);
  stopFastPoll();
}

/** Open the stream of the game followed, if there is one and the browser has streams. */
function openStream() {
  closeStream();
  clearTimeout(follow.retry);
  if (follow.events && "EventSource" in window) {
    const stream = new EventSource(follow.events);
    follow.stream = stream;
    follow.silence = setTimeout(streamFailed, STREAM_FIRST_MS);
    for (const name of SIGNS_OF_LIFE) {
      stream.addEventListener(name, (event) => {
        if (follow.stream === stream) heard(event);
      });
    }
    stream.addEventListener("error", () => {
      if (follow.stream === stream) streamFailed();
    });
  }
  pace();
}

/** The stream said something: it works. A version other than the one shown is loaded. */
function heard(event) {
  clearTimeout(follow.silence);
  follow.silence = setTimeout(streamFailed, STREAM_SILENT_MS);
  follow.trusted = true;
  pace();
  if (event.type === "version" && Number(event.data) !== app.state?.game?.version) refresh();
}

/** The stream broke, or stayed silent: poll instead, and try the stream again later. */
function streamFailed() {
  closeStream();
  follow.trusted = false;
  follow.retry = setTimeout(openStream, STREAM_RETRY_MS);
  pace();
}

function closeStream() {
  clearTimeout(follow.silence);
  follow.stream?.close();
  follow.stream = null;
}

/** Poll every 2 s, or stop, as what is followed asks (see the top of this file). A
 * stream just opened is trusted at once, unless the last one failed. */
function pace() {
  const game = app.state?.game;
  const streamed = follow.stream !== null && follow.trusted;
  if (!streamed || !game || game.finished) {
    follow.fastPoll ??= setInterval(() => refresh(), FAST_POLL_MS);
  } else {
    stopFastPoll();
  }
}

function stopFastPoll() {
  clearInterval(follow.fastPoll);
  follow.fastPoll = null;
}
