/*
 * discord_frame.js: a stand-in for Discord's client frame, for browser tests of the
 * Activity.
 *
 * Run it with Selenium's driver.execute_script(script, activity_url, client_id, code) on
 * a page of the Activity's own origin. The Embedded App SDK only takes messages from
 * Discord's hosts or from its own origin.
 * It replaces the page's body with a full-window iframe that loads `activity_url`. That
 * URL already carries frame_id, instance_id, platform, channel_id and guild_id.
 * It answers the SDK as Discord would:
 *   HANDSHAKE    READY
 *   AUTHORIZE    {code}, the code given
 *   CAPTURE_LOG  data: null (the SDK forwards the page's console output this way)
 *   anything     an ERROR frame, code 4002
 * Everything the frame sends is recorded for the test to read:
 *   window.discordFrame = {received: [[opcode, payload], …], authorized: bool,
 *                          mismatches: ["HANDSHAKE client_id …", …]}
 * A mismatch is a client_id other than the one given, in HANDSHAKE or AUTHORIZE.
 */
const [activityUrl, clientId, code] = arguments;
const HANDSHAKE = 0;
const FRAME = 1;
const NOT_HANDLED = 4002;
const READY = {
  v: 1,
  config: { api_endpoint: "//discord.com/api", environment: "production", cdn_host: "cdn.discordapp.com" },
};
const record = { received: [], authorized: false, mismatches: [] };
window.discordFrame = record;

const frame = document.createElement("iframe");
frame.id = "activity-frame";
frame.title = "Activity";
frame.style.cssText = "position:fixed;inset:0;width:100%;height:100%;border:0;display:block";

/** Note any client_id other than the test's. */
function check(where, given) {
  if (given !== clientId) record.mismatches.push(`${where} client_id ${given}, not ${clientId}`);
}

/** Reply to the frame. A reply must always have the evt and nonce keys: the SDK drops
 * a reply without them, and its promise then never settles. */
function reply(event, payload) {
  event.source.postMessage([FRAME, payload], event.origin);
}

function answerCommand(event, { cmd, args, nonce }) {
  if (cmd === "AUTHORIZE") {
    check("AUTHORIZE", args?.client_id);
    record.authorized = true;
    reply(event, { cmd, evt: null, nonce, data: { code } });
  } else if (cmd === "CAPTURE_LOG") {
    reply(event, { cmd, evt: null, nonce, data: null });
  } else {
    const data = { code: NOT_HANDLED, message: `${cmd} is not handled by the stand-in` };
    reply(event, { cmd, evt: "ERROR", nonce, data });
  }
}

// Listen before the frame loads: the SDK sends its HANDSHAKE as soon as it is constructed.
window.addEventListener("message", (event) => {
  if (event.source !== frame.contentWindow || !Array.isArray(event.data)) return;
  const [opcode, payload] = event.data;
  record.received.push([opcode, payload]);
  if (opcode === HANDSHAKE) {
    check("HANDSHAKE", payload?.client_id);
    reply(event, { cmd: "DISPATCH", evt: "READY", nonce: null, data: READY });
  } else if (opcode === FRAME && payload) {
    answerCommand(event, payload);
  }
});

// A phone's width (mobile emulation) reaches the Activity only if the top page has a viewport.
if (!document.querySelector('meta[name="viewport"]')) {
  const viewport = document.createElement("meta");
  viewport.name = "viewport";
  viewport.content = "width=device-width, initial-scale=1, viewport-fit=cover";
  document.head.append(viewport);
}
document.body.style.margin = "0";
document.body.replaceChildren(frame);
frame.src = activityUrl;
