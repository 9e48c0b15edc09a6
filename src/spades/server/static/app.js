// The page of `spades serve`: the lobby at /, a table at /tables/ID, both over one WebSocket.
import { Connection } from "./protocol.js";
import { createMessage, renderTables, setUpForm } from "./lobby.js";
import { TableView } from "./table.js";

const LIST_EVERY_MS = 3000;
const TABLE_PATH = /^\/tables\/([A-Za-z0-9_-]{1,32})\/?$/;

const $ = (id) => document.getElementById(id);
const root = document.documentElement;

/** What the page is doing; the server's messages are the truth about the tables. */
const page = {
  welcome: null,
  tableId: null, // the table on screen, or null in the lobby
  seat: null, // the seat this connection holds at that table
  joinOnOpen: null, // the seat to take when the table this page just created opens
  creating: null, // the seat to take once the server answers create_table
  requests: new Map(), // request id -> "resume" | "join", to read the server's errors
  watching: false, // the server sends this connection the table's public updates
  moving: false, // a move is on its way: further clicks wait for the table to answer
  lastPly: null,
  tablesShown: null, // the lobby's list as last drawn (JSON)
};

// Seat and creator tokens live in sessionStorage (per tab, kept over a reload), never in a URL.
const tokens = {
  seat(table) {
    return sessionStorage.getItem(`spades.seat.${table}`);
  },
  saveSeat(table, token) {
    sessionStorage.setItem(`spades.seat.${table}`, token);
  },
  dropSeat(table) {
    sessionStorage.removeItem(`spades.seat.${table}`);
  },
  creator(table) {
    return sessionStorage.getItem(`spades.creator.${table}`);
  },
  saveCreator(table, token) {
    sessionStorage.setItem(`spades.creator.${table}`, token);
  },
};

const connection = new Connection({ onMessage: receive, onStatus: showStatus });

const tableView = new TableView($("table-view"), {
  move: sendMove,
  join: (seat) => request("join", { type: "join", table: page.tableId, seat }),
  handToBot: (seat) => send({ type: "hand_to_bot", table: page.tableId, seat,
    bot: page.welcome.bots[0], creator_token: tokens.creator(page.tableId) }),
  isCreator: () => tokens.creator(page.tableId) !== null,
});

function showMessage(text) {
  $("message").textContent = text;
}

function showStatus(status, delay) {
  const words = {
    connecting: "connecting…",
    open: "connected",
    reconnecting: delay ? `reconnecting in ${delay / 1000} s…` : "reconnecting…",
  };
  $("connection").textContent = words[status];
  $("connection").dataset.state = status;
  if (status !== "open") page.requests.clear();
}

/** Send `message`: its id, or null (and a word to the reader) when the connection is down. */
function send(message) {
  const id = connection.send(message);
  if (id === null) showMessage("Not connected to the server; reconnecting…");
  return id;
}

/** Send a message whose error needs reading in context (a refused resume, a taken seat). */
function request(kind, message) {
  showMessage("");
  const id = send(message);
  if (id !== null) page.requests.set(id, kind);
}

function sendMove(move) {
  if (page.moving) return;
  showMessage("");
  const message = { type: "move", table: page.tableId, move };
  // The ply makes a move meant for an older table (the clock played meanwhile) fail as stale.
  if (page.lastPly !== null) message.ply = page.lastPly;
  page.moving = send(message) !== null;
}

// Routing: the path says lobby or table; the server serves this page at both.

function route() {
  leaveTable();
  showMessage("");
  const match = TABLE_PATH.exec(location.pathname);
  $("lobby-view").hidden = Boolean(match);
  $("table-view").hidden = !match;
  if (match) openTable(match[1]);
  else listTables();
}

function navigate(path) {
  history.pushState(null, "", path);
  route();
}

function openTable(id) {
  page.tableId = id;
  tableView.reset();
  $("table-title").textContent = `Table ${id}`;
  enterTable();
}

/** Take the stored seat back, take the seat asked for, or watch. */
function enterTable() {
  if (!connection.isOpen || page.tableId === null) return;
  const id = page.tableId;
  const token = tokens.seat(id);
  if (token !== null) {
    request("resume", { type: "resume", table: id, token });
  } else if (page.joinOnOpen !== null) {
    request("join", { type: "join", table: id, seat: page.joinOnOpen });
  } else {
    send({ type: "watch", table: id });
  }
  page.joinOnOpen = null;
}

function leaveTable() {
  if (page.tableId !== null && connection.isOpen) send({ type: "leave", table: page.tableId });
  page.tableId = null;
  page.seat = null;
  page.watching = false;
  page.moving = false;
  page.lastPly = null;
  delete root.dataset.ply;
  delete root.dataset.status;
  delete root.dataset.seat;
}

function listTables() {
  if (page.tableId === null && connection.isOpen) send({ type: "list_tables" });
}

// Messages from the server.

const handlers = {
  welcome(message) {
    if (page.welcome === null) setUpForm($("create-form"), message);
    page.welcome = message;
    // A new connection follows nothing yet: enterTable asks again.
    page.seat = null;
    page.watching = false;
    page.moving = false;
    enterTable();
    listTables();
  },
  tables(message) {
    // The list comes every few seconds; redraw it only when it changed.
    const shown = JSON.stringify(message.tables);
    if (page.tableId !== null || shown === page.tablesShown) return;
    page.tablesShown = shown;
    renderTables($("table-list"), $("no-tables"), message.tables);
  },
  created(message) {
    tokens.saveCreator(message.table, message.creator_token);
    page.joinOnOpen = page.creating;
    navigate(`/tables/${encodeURIComponent(message.table)}`);
  },
  watching(message) {
    if (message.table === page.tableId) page.watching = true;
  },
  joined(message) {
    if (message.table !== page.tableId) return;
    page.seat = message.seat;
    tokens.saveSeat(message.table, message.token);
  },
  table(message) {
    if (message.table !== page.tableId) return; // still on its way from a table left behind
    // "you" is the seat this connection holds: null again when the creator gave it to a bot.
    page.seat = message.you;
    page.moving = false;
    page.lastPly = message.ply;
    root.dataset.ply = String(message.ply);
    root.dataset.status = message.status;
    if (message.you === null) delete root.dataset.seat;
    else root.dataset.seat = String(message.you);
    tableView.render(message);
  },
  error(message, kind) {
    page.moving = false;
    showMessage(message.message);
    if (page.tableId === null) return;
    // A seat that cannot be had (a stale token, a seat taken first): watch the table instead.
    if (kind === "resume") tokens.dropSeat(page.tableId);
    if ((kind === "resume" || kind === "join") && page.seat === null && !page.watching) {
      send({ type: "watch", table: page.tableId });
    }
  },
};

/** Hand `message` to its handler, with what the page asked when it is a reply. */
function receive(message) {
  const kind = page.requests.get(message.reply_to);
  page.requests.delete(message.reply_to);
  handlers[message.type]?.(message, kind);
}

// Wiring.

$("create-form").addEventListener("submit", (event) => {
  event.preventDefault();
  const message = createMessage(event.target);
  const open = message.seats.indexOf("open");
  page.creating = open === -1 ? null : open;
  showMessage("");
  send(message);
});

// Links marked data-nav stay in the page (history.pushState); a modified click opens a tab.
document.addEventListener("click", (event) => {
  const link = event.target.closest("a[data-nav]");
  const modified = event.ctrlKey || event.metaKey || event.shiftKey || event.altKey;
  if (!link || event.button !== 0 || modified) return;
  event.preventDefault();
  navigate(link.getAttribute("href"));
});

window.addEventListener("popstate", route);
setInterval(listTables, LIST_EVERY_MS);
route();
connection.connect();
