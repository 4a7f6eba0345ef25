// The table's WebSocket: hello (token, lang) on every open, reconnect with backoff (0.5 s doubling to 8 s,
// jittered), catch up when the tab comes back, and a pending act or typed answer kept until a newer state
// arrives (resent once after a reconnect: the server applies it at most once).

/** @typedef {import("./types.js").ServerFrame} ServerFrame */

export class TableSocket {
  /**
   * @param {string} table
   * @param {{token: string|null, lang: string, onState: (f: import("./types.js").StateFrame) => void,
   *          onError: (f: import("./types.js").ErrorFrame) => void,
   *          onStatus: (s: "open"|"closed"|"connecting") => void, onGone?: () => void,
   *          onOther?: (f: import("./types.js").OtherFrame) => void}} options
   */
  constructor(table, options) {
    this.table = table;
    this.options = options;
    this.lang = options.lang;
    this.delay = 500;
    this.version = -1;
    /** @type {{frame: Record<string, unknown>, version: number, resent: boolean} | null} */
    this.pending = null;
    /** @type {WebSocket|null} */
    this.ws = null;
    this.timer = 0;
    this.stopped = false;
    this.opened = false;
    document.addEventListener("visibilitychange", () => {
      if (document.visibilityState !== "visible" || this.stopped) return;
      if (!this.ws || this.ws.readyState === WebSocket.CLOSED || this.ws.readyState === WebSocket.CLOSING) {
        this.connectNow();
      } else if (this.ws.readyState === WebSocket.OPEN) {
        this.send({ type: "sync" });
      }
    });
    // Offline: the socket is as good as dead (the browser may keep it open); reconnect once back.
    window.addEventListener("offline", () => {
      if (this.ws) this.ws.close();
    });
    window.addEventListener("online", () => this.connectNow());
    this.connect();
  }

  connectNow() {
    clearTimeout(this.timer);
    this.delay = 500;
    if (this.ws && this.ws.readyState === WebSocket.OPEN) return;
    if (this.ws && this.ws.readyState === WebSocket.CONNECTING) return;
    this.connect();
  }

  connect() {
    if (this.stopped) return;
    if (this.ws) {
      const old = this.ws;
      this.ws = null;
      try {
        old.close();
      } catch {
        /* already closed */
      }
    }
    this.options.onStatus("connecting");
    const scheme = location.protocol === "https:" ? "wss:" : "ws:";
    const ws = new WebSocket(`${scheme}//${location.host}/ws/tables/${encodeURIComponent(this.table)}`);
    this.ws = ws;
    ws.addEventListener("open", () => {
      if (ws !== this.ws) return;
      this.delay = 500;
      /** @type {Record<string, string>} */
      const hello = { type: "hello", lang: this.lang };
      if (this.options.token) hello.token = this.options.token;
      ws.send(JSON.stringify(hello));
      if (this.pending && !this.pending.resent) {
        this.pending.resent = true;
        ws.send(JSON.stringify(this.pending.frame));
      }
      this.opened = true;
      this.options.onStatus("open");
    });
    ws.addEventListener("message", (event) => {
      if (ws !== this.ws) return;
      /** @type {ServerFrame} */
      let frame;
      try {
        frame = JSON.parse(event.data);
      } catch {
        return;
      }
      if (frame.type === "state") {
        this.version = frame.version;
        if (this.pending && frame.version > this.pending.version) this.pending = null;
        this.options.onState(frame);
      } else if (frame.type === "error") {
        if (frame.code === "stale" || frame.code === "illegal" || frame.code === "not-your-turn") this.pending = null;
        this.options.onError(frame);
      } else if (this.options.onOther) {
        this.options.onOther(frame); // chat, chat-log, hint
      }
    });
    ws.addEventListener("close", (event) => {
      if (ws !== this.ws) return;
      this.ws = null;
      if (event.code === 4404) {
        this.stopped = true;
        if (this.options.onGone) this.options.onGone();
        return;
      }
      this.options.onStatus("closed");
      this.schedule();
    });
  }

  schedule() {
    if (this.stopped) return;
    clearTimeout(this.timer);
    const wait = this.delay * (0.75 + Math.random() * 0.5);
    this.delay = Math.min(this.delay * 2, 8000);
    this.timer = window.setTimeout(() => this.connect(), wait);
  }

  /** @param {Record<string, unknown>} frame */
  send(frame) {
    if (this.ws && this.ws.readyState === WebSocket.OPEN) {
      this.ws.send(JSON.stringify(frame));
      return true;
    }
    return false;
  }

  /** Plays an action made on `version`; kept pending until a newer state. @param {string} action @param {number} version */
  act(action, version) {
    this.propose({ type: "act", action, version }, version);
  }

  /** Sends what was typed on `version`, for the server to read; kept pending until a newer state or an
   * error. @param {string} text @param {number} version */
  answer(text, version) {
    this.propose({ type: "answer", text, version }, version);
  }

  /** @param {Record<string, unknown>} frame @param {number} version */
  propose(frame, version) {
    if (this.pending && this.pending.version === version) return; // one move per state
    this.pending = { frame, version, resent: false };
    this.send(frame);
  }

  /** Ready for the next deal, with a client seed of 16 random hex digits. */
  ready() {
    const bytes = new Uint8Array(8);
    crypto.getRandomValues(bytes);
    const seed = Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
    return this.send({ type: "ready", seed });
  }

  /** Switches the connection's language (the server answers with the state). @param {string} lang */
  setLang(lang) {
    this.lang = lang;
    this.send({ type: "sync", lang });
  }
}
