/*
 * activity.js: the page of the bot's Discord Activity, and its start-up. The page shows
 * the channel's board game to watch, or to play on for a player whose move it is.
 *
 * Start-up (here): the modules below are wired (`app.on`). Outside Discord the page then
 * says so in one sentence. Inside, the Embedded App SDK's handshake (ready), then the
 * session (activity-session.js), then the state, drawn and followed. Until the session
 * names a language, the page speaks the browser's: the server put its sentences on the
 * body.
 *
 * The other modules, by what they do:
 * - activity-app.js: the page's shared state, fetch, the DOM helpers (with the status
 *   sentence and the busy mark), and `app.on`, what the higher modules do for the lower;
 * - activity-session.js: authorize with Discord, POST api/session, and again on a 401;
 * - activity-follow.js: following the game: the state taken from each answer, and the
 *   game's api/events stream, with polling when there is no stream (or it failed);
 * - activity-draw.js: drawing the state: title, said line, board, replay, players, moves;
 * - activity-move.js: building and playing a move: spots, choices, Back and Play.
 *
 * The API the page speaks is the server's, bot/web/activity.py. Every move goes through
 * fetch: the page never navigates, as Discord's CSP forbids it.
 *
 * The imports run one way, from here down: session -> follow -> draw -> move -> app.
 */
import { DiscordSDK } from "./sdk/index.mjs";
import { app, showStatus } from "./activity-app.js";
import { onKey } from "./activity-draw.js";
import { refresh, startFollowing, take } from "./activity-follow.js";
import { openSession, restart } from "./activity-session.js";

const OUTSIDE =
  document.body.dataset.outside ||
  "Open this from Discord: it is the game's board as a Discord Activity.";

// What the lower modules ask of the higher ones (see activity-app.js).
app.on.refresh = refresh;
app.on.take = take;
app.on.restart = restart;

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
  startFollowing();
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

start();
