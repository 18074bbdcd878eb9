// The one place that knows the server's REST paths and WebSocket protocol.
// Every page calls these functions; a change of the API is a change here only.

let csrf = sessionStorage.getItem("crupier.csrf") || "";
let me = null;

export class ApiError extends Error {
  constructor(status, code, message, detail) {
    super(message);
    this.status = status;
    this.code = code;
    this.detail = detail;
  }
}

async function call(method, path, body) {
  const headers = { Accept: "application/json" };
  if (body !== undefined) headers["Content-Type"] = "application/json";
  if (method !== "GET" && csrf) headers["X-CSRF-Token"] = csrf;
  let res;
  try {
    res = await fetch(path, {
      method,
      headers,
      credentials: "same-origin",
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch (e) {
    throw new ApiError(0, "offline", "the server cannot be reached");
  }
  const text = await res.text();
  let data = null;
  try {
    data = text ? JSON.parse(text) : null;
  } catch {
    data = { message: text };
  }
  if (!res.ok) throw errorOf(res.status, data);
  return data;
}

/** The typed error the server sent ({code, message} or FastAPI's {detail}). */
function errorOf(status, data) {
  let d = data && data.detail !== undefined ? data.detail : data;
  if (Array.isArray(d)) {
    const msg = d.map((x) => `${(x.loc || []).slice(1).join(".")}: ${x.msg}`).join("; ");
    return new ApiError(status, "malformed", msg, d);
  }
  if (d && typeof d === "object") {
    const err = d.error && typeof d.error === "object" ? d.error : d;
    return new ApiError(status, err.code || String(status), err.message || JSON.stringify(err), d);
  }
  return new ApiError(status, String(status), d ? String(d) : `HTTP ${status}`);
}

export const get = (p) => call("GET", p);
export const post = (p, b = {}) => call("POST", p, b);

// -- session -----------------------------------------------------------------------

export async function login(username, password) {
  const data = await post("/api/login", { username, password });
  csrf = data.csrf || "";
  sessionStorage.setItem("crupier.csrf", csrf);
  me = data;
  return me;
}

export async function logout() {
  try {
    await post("/api/logout", {});
  } finally {
    csrf = "";
    me = null;
    sessionStorage.removeItem("crupier.csrf");
  }
}

/** The logged-in person ({username, kind, subject, name, role...}) or null. */
export async function whoami() {
  if (me) return me;
  try {
    me = await get("/api/me");
  } catch (e) {
    if (e.status === 401 || e.status === 403) return null;
    throw e;
  }
  if (me && me.csrf) {
    csrf = me.csrf;
    sessionStorage.setItem("crupier.csrf", csrf);
  }
  return me;
}


// -- tables ------------------------------------------------------------------------

export async function tables() {
  const d = await get("/api/tables");
  return Array.isArray(d) ? d : d.tables || [];
}
export const table = (id) => get(`/api/tables/${encodeURIComponent(id)}`);
/** Send one engine action ({kind, ...fields}); resolves to the acknowledgement. */
export const act = (id, action) => post(`/api/tables/${encodeURIComponent(id)}/actions`, { action });
/** Chips sold to a player at the table by its staff (cash into the drop box). */
export const buyIn = (id, player, amount) => post(`/api/tables/${encodeURIComponent(id)}/buy-in`, { player, amount });
/** The last rounds of a table replayed move by move (staff and the CRAJ). */
export const recall = (id, last) => get(`/api/tables/${encodeURIComponent(id)}/recall${last ? `?last=${last}` : ""}`);

/**
 * A table view after a "delta" frame's changes (the server's crupier.server.delta.apply):
 * set/unset top-level keys, maps changed entry by entry, rows (records sorted by id)
 * upserted and removed by id. The view given is left as it was.
 */
export function applyDelta(view, delta) {
  const out = { ...(view || {}) };
  for (const [k, v] of Object.entries(delta.set || {})) out[k] = v;
  for (const k of delta.unset || []) delete out[k];
  for (const [k, part] of Object.entries(delta.maps || {})) {
    const entries = { ...(out[k] || {}) };
    Object.assign(entries, part.set || {});
    for (const e of part.unset || []) delete entries[e];
    out[k] = entries;
  }
  for (const [k, part] of Object.entries(delta.rows || {})) {
    const byId = new Map((out[k] || []).map((r) => [r.id, r]));
    for (const id of part.remove || []) byId.delete(id);
    for (const r of part.upsert || []) byId.set(r.id, r);
    out[k] = [...byId.values()].sort((a, b) => a.id - b.id);
  }
  return out;
}

/**
 * A table's frame after a WebSocket message: a "view" frame replaces it, a "delta" frame
 * ({table, seq, view: delta, status?, legal_actions?}) changes it; anything else (an ack,
 * an error) leaves it. Returns null when the message is no view.
 */
export function nextFrame(frame, msg) {
  if (!msg || typeof msg !== "object") return null;
  if (!msg.type || msg.type === "view") return msg;
  if (msg.type !== "delta" || !frame || !frame.view) return null;
  const out = { ...frame, type: "view", seq: msg.seq, view: applyDelta(frame.view, msg.view || {}) };
  if (msg.status) out.status = msg.status;
  if (msg.legal_actions) out.legal_actions = msg.legal_actions;
  return out;
}

/**
 * Follow a table live: onMessage(msg) gets every frame (parsed); returns {close()}.
 * Reconnects after a drop; onState(true|false) tells whether the link is up.
 */
export function follow(id, onMessage, onState = () => {}) {
  let ws = null;
  let closed = false;
  let wait = 500;
  const open = () => {
    const proto = location.protocol === "https:" ? "wss:" : "ws:";
    ws = new WebSocket(`${proto}//${location.host}/ws/tables/${encodeURIComponent(id)}`);
    ws.onopen = () => {
      wait = 500;
      onState(true);
    };
    ws.onmessage = (ev) => {
      try {
        onMessage(JSON.parse(ev.data));
      } catch (e) {
        console.error(e);
      }
    };
    ws.onclose = () => {
      onState(false);
      if (!closed) setTimeout(open, (wait = Math.min(wait * 2, 8000)));
    };
  };
  open();
  return {
    close() {
      closed = true;
      if (ws) ws.close();
    },
  };
}

/**
 * Follow the lobby (every table's status) on one WebSocket: onMessage gets
 * {type: "lobby", tables: [...]} first (every table one may see), then
 * {type: "tables", tables: [...]} with the tables that changed. Reconnects after a drop.
 */
export function followLobby(onMessage, onState = () => {}) {
  let ws = null;
  let closed = false;
  let wait = 500;
  const open = () => {
    const proto = location.protocol === "https:" ? "wss:" : "ws:";
    ws = new WebSocket(`${proto}//${location.host}/ws/lobby`);
    ws.onopen = () => {
      wait = 500;
      onState(true);
    };
    ws.onmessage = (ev) => {
      try {
        onMessage(JSON.parse(ev.data));
      } catch (e) {
        console.error(e);
      }
    };
    ws.onclose = () => {
      onState(false);
      if (!closed) setTimeout(open, (wait = Math.min(wait * 2, 8000)));
    };
  };
  open();
  return {
    close() {
      closed = true;
      if (ws) ws.close();
    },
  };
}
