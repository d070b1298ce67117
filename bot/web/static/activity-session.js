/*
 * activity-session.js: who the page's user is, told by Discord. The SDK's authorize
 * gives an OAuth2 code; POST api/session exchanges it for a session (and the page's words
 * and their language). When the session expires (a 401), the page authorizes again,
 * silently, and follows the game again.
 */
import { app, request, showStatus, sleep } from "./activity-app.js";
import { refresh, unfollow } from "./activity-follow.js";

const NOT_AUTHORIZED =
  document.body.dataset.notAuthorized ||
  "Discord did not let the Activity know who you are; close it and open it again.";
const START_RETRY_MS = 2000;

/** Authorize with Discord and open a session. True once the session is open; otherwise
 * the reason is shown in place of the page. */
export async function openSession() {
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
      if (answer.body.language) document.documentElement.lang = answer.body.language;
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

/** The session expired (401): stop following, authorize again, open a new session, and
 * follow again (the state's stream names the new session). */
export function restart() {
  app.restarting ??= (async () => {
    unfollow();
    if (await openSession()) {
      app.restarting = null;
      await refresh(true);
    }
  })();
  return app.restarting;
}
