// The WebSocket to the server: JSON messages, request ids, and reconnection with backoff.

const BACKOFF_MS = [500, 1000, 2000, 4000, 8000];

/** The server's WebSocket address, on the host that served the page. */
function socketUrl() {
  const scheme = location.protocol === "https:" ? "wss:" : "ws:";
  return `${scheme}//${location.host}/ws`;
}

/**
 * One connection that comes back by itself: `onMessage(message)` hears every server
 * message, `onStatus(status)` hears "connecting", "open", "reconnecting" (with the delay).
 */
export class Connection {
  constructor({ onMessage, onStatus }) {
    this.onMessage = onMessage;
    this.onStatus = onStatus;
    this.socket = null;
    this.failures = 0;
    this.nextId = 1;
  }

  connect() {
    this.onStatus(this.failures ? "reconnecting" : "connecting");
    const socket = new WebSocket(socketUrl());
    this.socket = socket;
    socket.addEventListener("open", () => {
      this.failures = 0;
      this.onStatus("open");
    });
    socket.addEventListener("message", (event) => this.receive(event.data));
    // Whatever closed it (server restart, network, a closed laptop), try again, waiting
    // longer each time so a server that is down is not hammered.
    socket.addEventListener("close", () => {
      if (this.socket !== socket) return;
      const delay = BACKOFF_MS[Math.min(this.failures, BACKOFF_MS.length - 1)];
      this.failures += 1;
      this.onStatus("reconnecting", delay);
      setTimeout(() => this.connect(), delay);
    });
  }

  receive(text) {
    let message;
    try {
      message = JSON.parse(text);
    } catch {
      return; // The server only sends JSON; anything else is not for this page.
    }
    this.onMessage(message);
  }

  get isOpen() {
    return this.socket !== null && this.socket.readyState === WebSocket.OPEN;
  }

  /** Send `message` with a fresh id; the id (echoed as reply_to), or null when closed. */
  send(message) {
    if (!this.isOpen) return null;
    const id = this.nextId++;
    this.socket.send(JSON.stringify({ ...message, id }));
    return id;
  }
}
