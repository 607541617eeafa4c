"""The club's live page: every board of the club at once, each a click away from its full page.

:class:`ClubServer` is the live page's server (:class:`~tablier.web.server.LiveServer`: Tornado, the
``Host`` header's guard, the cap on open streams, GET only) with the club's addresses:

``/``                     the grid: a tile per board (its name, online or away, the game, the players
                          and their colours, the score, whose turn and the dice, with a match
                          clock both clocks, whose runs and time short, its picture), and
                          the club's rating lists (recomputed from the archive as matches are stored);
``/events``, ``/state``   the grid's state, streamed and as JSON;
``/board/NAME/``          the board's full live page (the page of ``tablier play --serve``), with its
                          own ``events`` and ``state``;
``/board/NAME/board.svg`` the board's picture, drawn here from the checked scene;
``/board/NAME/match.mat`` the live transcript of its match (GNU Backgammon's ``.mat``, which eXtreme
                          Gammon imports too), as it stands;
``/evening/NAME.csv``     on a club evening (``tablier club evening``), the standings
                          (``standings.csv``) and each round's results (``round-1.csv``...).

On a club evening the grid's state also holds the evening (``evening``): the page shows its round,
the pairings (the board, the players of each side, each board's game as it stands, the results)
and the standings with their tie-breaks, above the boards, in one column on a phone.

The grid's stream carries only each tile's words and a version number; a tile's picture is fetched
again only when its version changes (a clock's tick alone leaves it as it was), and only half a
second after the one before has come (the latest version is asked then, those between skipped), so
two hundred boards cost a page little and a slow browser never falls behind.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any, Protocol

from .server import LiveServer, _Events, _Handler, _Page, _State

BOARD = r"/board/([a-z0-9][a-z0-9-]{0,31})"

#: A tile's picture is fetched again at most this long after the one before came.
PICTURE_S = 0.5


class BoardPicture(Protocol):
    """What the page shows of one board: its picture (SVG, '' before any scene) and its live page's
    state ({} before any scene), each drawn when asked."""

    @property
    def svg(self) -> str: ...

    @property
    def page(self) -> dict[str, Any]: ...


class Hall(Protocol):
    """What the page asks of the club's follower (:class:`tablier.club.hall.ClubHall`): its boards by
    name, and a board's live transcript (:class:`LookupError` saying why there is none)."""

    @property
    def boards(self) -> Mapping[str, BoardPicture]: ...

    def transcript(self, board: str) -> str: ...


class Channel:
    """One board's stream: its latest page state and the pages following it (the server's guards)."""

    def __init__(self, server: ClubServer) -> None:
        self.parent = server
        self.latest = ""
        self.clients: set[_Events] = set()
        self.max_clients = server.max_clients
        self.slow_client_s = server.slow_client_s
        self.allowed = server.allowed
        self.url = server.url
        self.stale = False  # a scene came since the latest was drawn

    def broadcast(self, data: str) -> None:
        self.latest, self.stale = data, False
        for client in list(self.clients):
            client.offer(data)


class ClubServer(LiveServer):
    """The club's page server; :meth:`show_board` sends a board's page state, :meth:`publish` the grid."""

    def __init__(self, hall: Hall, host: str = "127.0.0.1", port: int = 0) -> None:
        super().__init__(host, port)
        self.hall = hall
        self.channels: dict[str, Channel] = {}

    def routes(self) -> list[tuple[str, type[_Handler]]]:
        return [(r"/", _Grid), (r"/state", _State), (r"/events", _Events),
                (BOARD + r"/", _Page), (BOARD + r"/events", _BoardEvents),
                (BOARD + r"/state", _BoardState),
                (BOARD + r"/board\.svg", _BoardPicture), (BOARD + r"/match\.mat", _Transcript),
                (BOARD, _ToBoard), (r"/evening/([a-z0-9-]{1,20})\.csv", _EveningExport)]

    def channel(self, board: str) -> Channel:
        found = self.channels.get(board)
        if found is None:
            found = self.channels[board] = Channel(self)
        return found

    def forget_board(self, board: str) -> None:
        """Drop ``board``'s stream (thread-safe): the hall no longer follows it."""
        if self._loop is not None:
            self._loop.call_soon_threadsafe(self.channels.pop, board, None)

    def show_board(self, board: str) -> None:
        """``board``'s scene changed: its pages, if any page follows it, are sent its state
        (:func:`~tablier.web.live.page_state`), drawn here (thread-safe); a board nobody follows costs
        nothing (its state is drawn when a page asks for it)."""
        channel = self.channels.get(board)
        view = self.hall.boards.get(board)
        if channel is None or view is None or self._loop is None:
            return
        channel.stale = True
        if channel.clients:
            self._loop.call_soon_threadsafe(channel.broadcast, _page_json(view))

    def fresh(self, board: str) -> Channel:
        """``board``'s channel, its latest state drawn if a scene came since (on the server's thread)."""
        channel = self.channel(board)
        view = self.hall.boards.get(board)
        if view is not None and (channel.stale or not channel.latest):
            channel.latest, channel.stale = _page_json(view), False
        return channel


def _page_json(view: BoardPicture) -> str:
    page = view.page
    return json.dumps(page, separators=(",", ":")) if page else ""


class _ClubHandler(_Handler):
    server: ClubServer

    def board(self, name: str) -> Any:
        """The hall's view of board ``name``, or a 404 saying there is none."""
        view = self.server.hall.boards.get(name)
        if view is None:
            self.send_error(404, reason=f"no board {name} in the club")
        return view

    def write_error(self, status_code: int, **kwargs: Any) -> None:
        self.set_header("Content-Type", "text/plain; charset=utf-8")
        self.finish(f"{status_code}: {self._reason}\n")


class _ToBoard(_ClubHandler):
    def get(self, name: str) -> None:
        self.redirect(f"/board/{name}/")


class _BoardState(_State):
    """A board's latest page state: the live page's, on the board's channel."""

    def get(self, *args: str) -> None:
        club: Any = self.server
        if args[0] not in club.hall.boards:  # no channel is made for a name nobody published
            self.send_error(404, reason=f"no board {args[0]} in the club")
            return
        self.server = club.fresh(args[0])
        super().get()


class _BoardEvents(_Events):
    """A board's stream: the live page's stream, on the board's channel."""

    async def get(self, *args: str) -> None:
        club: Any = self.server
        if args[0] not in club.hall.boards:  # no channel is made for a name nobody published
            self.send_error(404, reason=f"no board {args[0]} in the club")
            return
        self.server = club.fresh(args[0])
        await super().get()


class _BoardPicture(_ClubHandler):
    def get(self, name: str) -> None:
        view = self.board(name)
        if view is None:
            return
        if not view.svg:
            self.send_error(404, reason=f"board {name} has shown nothing yet")
            return
        self.set_header("Content-Type", "image/svg+xml")
        self.set_header("Cache-Control", "no-cache")
        self.write(view.svg)


class _Transcript(_ClubHandler):
    def get(self, name: str) -> None:
        try:
            text = self.server.hall.transcript(name)
        except LookupError as error:
            self.send_error(404, reason=str(error.args[0]))
            return
        self.set_header("Content-Type", "text/plain; charset=utf-8")
        self.set_header("Content-Disposition", f'inline; filename="{name}.mat"')
        self.set_header("Cache-Control", "no-store")
        self.write(text)


class _EveningExport(_ClubHandler):
    """The evening's CSV files (the hall's ``export``; none when no evening is run)."""

    def get(self, name: str) -> None:
        export = getattr(self.server.hall, "export", None)
        try:
            if export is None:
                raise LookupError("no evening is being run")
            text = export(name)
        except LookupError as error:
            self.send_error(404, reason=str(error.args[0]))
            return
        self.set_header("Content-Type", "text/csv; charset=utf-8")
        self.set_header("Content-Disposition", f'attachment; filename="{name}.csv"')
        self.set_header("Cache-Control", "no-store")
        self.write(text)


_STYLE = """
body { font-family: "DejaVu Sans", "Liberation Sans", Arial, Helvetica, sans-serif; margin: 1em;
       background: #faf6ee; color: #222; }
h1 { font-size: 1.4em; margin: 0 0 0.2em 0; }
#connection { font-size: 0.9em; color: #555; margin-bottom: 0.6em; } #connection.lost { color: #b00; }
#grid { display: grid; grid-template-columns: repeat(auto-fill, minmax(min(420px, 100%), 1fr)); gap: 0.6em; }
.tile { background: #fff; border: 1px solid #ccc; border-radius: 6px; padding: 0.5em; color: inherit;
        text-decoration: none; display: block; }
.tile:hover { border-color: #555; }
.tile.away { opacity: 0.55; border-style: dashed; }
.tile img { width: 100%; height: auto; display: block; margin-top: 0.3em; }
.head { display: flex; justify-content: space-between; font-weight: bold; }
.state { font-size: 0.8em; padding: 0 0.4em; border-radius: 3px; background: #2a7; color: #fff; }
.away .state { background: #b00; }
.line { font-size: 0.85em; margin-top: 0.1em; white-space: nowrap; overflow: hidden;
        text-overflow: ellipsis; }
.line.title { white-space: normal; overflow-wrap: anywhere; }
.pair { border-left-width: 6px; }
.partner { font-size: 0.85em; font-style: italic; }
.turn { font-weight: bold; }
.clocks.runs { font-weight: bold; } .clocks.short { color: #b00; }
.links { font-size: 0.8em; margin-top: 0.2em; }
h2 { font-size: 1.15em; margin: 1em 0 0.3em 0; }
#lists { display: grid; grid-template-columns: repeat(auto-fill, minmax(300px, 1fr)); gap: 0.6em; }
#lists table { background: #fff; border: 1px solid #ccc; border-radius: 6px; border-collapse: collapse;
               width: 100%; font-size: 0.9em; }
#lists caption { text-align: left; font-weight: bold; padding: 0.2em 0; }
#lists td, #lists th { padding: 0.15em 0.5em; text-align: left; } #lists .n { text-align: right; }
#evening .scroll { overflow-x: auto; margin-bottom: 0.6em; }
#evening table { background: #fff; border: 1px solid #ccc; border-radius: 6px; border-collapse: collapse;
                 font-size: 0.9em; min-width: min(100%, 36em); }
#evening td, #evening th { padding: 0.2em 0.5em; text-align: left; border-top: 1px solid #eee; }
#evening .n { text-align: right; } #evening .done { color: #555; } #evening .live { font-weight: bold; }
#evening .note { font-size: 0.85em; color: #555; margin: 0.2em 0 0.5em 0; }
#evening caption { text-align: left; font-weight: bold; padding: 0.2em 0; }
@media (max-width: 600px) { body { margin: 0.4em; } #evening table { font-size: 0.85em; }
  #evening td, #evening th { padding: 0.2em 0.3em; } }
"""

_SCRIPT = """
const drawn = {}, wanted = {}, loading = new Set(), PICTURE_MS = %PICTURE_MS%;
function line(cls, value) { const e = document.createElement('div'); e.className = cls;
  e.textContent = value; return e; }
function tile(b) {
  let t = document.getElementById('board-' + b.board);
  if (!t) {
    t = document.createElement('a'); t.id = 'board-' + b.board; t.className = 'tile';
    t.href = 'board/' + b.board + '/';
    const img = document.createElement('img'); img.alt = 'board ' + b.board;
    t.append(document.createElement('div'), img); document.getElementById('grid').append(t);
  }
  const away = b.online === false && !b.over;
  t.className = 'tile' + (away ? ' away' : '');
  const head = document.createElement('div'); head.className = 'head';
  const name = document.createElement('span'); name.textContent = b.board;
  const state = document.createElement('span'); state.className = 'state';
  state.textContent = away ? 'away' : (b.online === false ? 'left' : 'online');
  head.append(name, state);
  const rows = [head];
  if (b.partner) { t.classList.add('pair'); t.style.borderLeftColor = hue(b.partner < b.board
      ? b.partner + b.board : b.board + b.partner);
    rows.push(line('partner', 'board to board with ' + b.partner)); }
  else { t.style.borderLeftColor = ''; }
  if (b.title !== undefined) {
    const match = b.match ? ', match to ' + b.match : '';
    rows.push(line('line title', b.title + (b.game ? ', game ' + b.game : '') + match));
    [0, 1].forEach(n => rows.push(line('line', b.players[n] + ' (' + b.colours[n] + '): ' + b.score[n])));
    const dice = b.dice.length ? ': ' + b.dice.join('-') : '';
    rows.push(line('line turn', b.over ? 'the match is over' : (b.turn ? b.turn + ' to play' + dice
                                                                    : 'setting up')));
    if (b.clocks) { [0, 1].forEach(n => rows.push(clock(b, n))); }
  }
  const links = line('links', b.stored ? 'in the archive as record ' + b.stored : '');
  if (b.transcript) { const a = document.createElement('a'); a.href = 'board/' + b.board + '/match.mat';
    a.textContent = (b.stored ? ' - ' : '') + 'match.mat'; links.append(a); }
  rows.push(links);
  t.firstChild.replaceChildren(...rows);
  wanted[b.board] = b.version;
  picture(b.board, t.querySelector('img'));
}
function picture(board, img) {  // a tile's picture: one at a time, the latest, at most every PICTURE_MS
  const version = wanted[board];
  if (!version || drawn[board] === version || loading.has(board)) { return; }
  drawn[board] = version; loading.add(board);
  img.onload = img.onerror = () => setTimeout(() => {
    if (img.isConnected) { loading.delete(board); picture(board, img); } }, PICTURE_MS);
  img.src = 'board/' + board + '/board.svg?v=' + version;
}
function hue(text) { let h = 0; for (const c of text) { h = (h * 31 + c.charCodeAt(0)) % 360; }
  return 'hsl(' + h + ', 60%, 45%)'; }
function draw(state) {
  const shown = new Set(state.boards.map(b => 'board-' + b.board));
  [...document.querySelectorAll('a.tile')].filter(t => !shown.has(t.id)).forEach(t => {
    const board = t.id.slice(6); delete drawn[board]; delete wanted[board]; loading.delete(board);
    t.remove(); });
  document.getElementById('title').textContent = 'Club ' + state.club + ': ' + state.boards.length
    + (state.boards.length === 1 ? ' board' : ' boards');
  document.title = 'Club ' + state.club + ' - Tablier';
  state.boards.forEach(tile);
  ratings(state.ratings || []);
  evening(state.evening, state.boards);
  document.body.dataset.boards = state.boards.length;
  document.body.dataset.away = state.boards.filter(b => b.online === false && !b.over).length;
}
let ratingsShown = '';
function ratings(lists) {  // the club's rating lists, redrawn only when they change
  const text = JSON.stringify(lists);
  if (text === ratingsShown) { return; }
  ratingsShown = text;
  document.getElementById('ratings').hidden = lists.length === 0;
  document.getElementById('lists').replaceChildren(...lists.map(list => {
    const table = document.createElement('table');
    const system = list.system === 'fibs' ? "FIBS's formula" : 'Elo';
    table.createCaption().textContent = list.list + (list.scope === 'family' ? ' (all games)' : '')
      + ': ' + system + ', ' + list.players + (list.players === 1 ? ' player' : ' players');
    const head = table.createTHead().insertRow();
    ['#', 'player', 'rating', 'won', 'lost'].forEach((h, k) => { const th = document.createElement('th');
      th.textContent = h; if (k !== 1) { th.className = 'n'; } head.append(th); });
    const body = table.createTBody();
    list.top.forEach((line, n) => { const row = body.insertRow();
      [n + 1, line.player, line.rating.toFixed(1), line.won, line.lost].forEach((value, k) => {
        const cell = row.insertCell(); cell.textContent = value;
        if (k !== 1) { cell.className = 'n'; } }); });
    return table; }));
  document.body.dataset.ratings = lists.length;
}
function cells(row, values, numeric) {
  values.forEach((value, k) => { const cell = row.insertCell(); cell.textContent = value;
    if (numeric.includes(k)) { cell.className = 'n'; } });
}
function table(heads, numeric) {
  const t = document.createElement('table'); const head = t.createTHead().insertRow();
  heads.forEach((h, k) => { const th = document.createElement('th'); th.textContent = h;
    if (numeric.includes(k)) { th.className = 'n'; } head.append(th); });
  t.createTBody(); return t;
}
function clock(b, n) {  // a player's match clock on a line of its own: its face, whether it runs
  const runs = b.clock_runs === n + 1, short = runs && b.clock_short;
  return line('line clocks' + (runs ? ' runs' : '') + (short ? ' short' : ''), 'clock ' + b.clocks[n] + ' '
    + b.players[n] + (short ? ' (runs, time short)' : runs ? ' (runs)' : ''));
}
function boardNow(b) {  // a board's game as it stands, in a few words
  if (!b) { return 'waiting for the board'; }
  if (b.online === false && !b.over) { return 'away'; }
  if (b.title === undefined) { return 'online'; }
  const score = b.score.join('-');
  if (b.over) { return 'finished ' + score; }
  return score + (b.turn ? ', ' + b.turn + ' to play' + (b.dice.length ? ' ' + b.dice.join('-') : '')
                         : ', setting up') + (b.clocks ? ', clocks ' + b.clocks.join(' / ') : '');
}
const SHORT = {'Buchholz Cut 1': 'BH-C1', 'Buchholz': 'BH', 'Sonneborn-Berger': 'SB', 'Wins': 'won'};
function evening(e, boards) {  // the club evening: its round, pairings and standings
  const section = document.getElementById('evening');
  section.hidden = !e;
  if (!e) { return; }
  const byName = {}; boards.forEach(b => { byName[b.board] = b; });
  document.getElementById('evening-title').textContent = e.name;
  document.getElementById('evening-round').textContent = (e.over ? 'Final standings after round '
    : 'Round ') + e.round + ' of ' + e.rounds + ' (' + e.system + ', ' + e.game
    + (e.match ? ', matches to ' + e.match : '') + (e.clock ? ', ' + e.clock + ' clock' : '') + ')';
  const shown = e.pairings.map(p => byName[p.board]).find(b => b && b.colours);
  const sides = shown ? shown.colours : ['side 0', 'side 1'];
  const pairs = table(['board', sides[0], sides[1], 'now'], []);
  e.pairings.forEach(p => { const row = pairs.tBodies[0].insertRow();
    const now = p.players[1] === null ? 'bye' : p.result ? p.result.join('-') + (p.detail ? ' (' + p.detail
      + ')' : '') : (p.board ? boardNow(byName[p.board]) : 'waiting for a free board');
    row.className = p.result ? 'done' : 'live';
    cells(row, [p.board || '-', p.players[0], p.players[1] === null ? '(bye)' : p.players[1], now], []); });
  pairs.createCaption().textContent = 'Pairings of round ' + e.round;
  const heads = ['#', 'player', 'points', ...e.tie_breaks.map(name => SHORT[name] || name), 'games'];
  const numbers = heads.map((h, k) => k).filter(k => k !== 1);
  const stand = table(heads, numbers);
  e.standings.forEach(s => cells(stand.tBodies[0].insertRow(), [s.place, s.name, s.points,
    ...s.tie_breaks, s.played], numbers));
  stand.createCaption().textContent = e.over ? 'Final standings' : 'Standings';
  document.getElementById('pairings').replaceChildren(pairs);
  document.getElementById('standings').replaceChildren(stand);
  document.getElementById('legend').textContent = e.tie_breaks.filter(name => SHORT[name])
    .map(name => SHORT[name] + ': ' + name).join(', ');
  document.getElementById('exports').replaceChildren('CSV: ', ...e.exports.flatMap((name, k) => {
    const a = document.createElement('a'); a.href = 'evening/' + name + '.csv'; a.textContent = name;
    return k ? [', ', a] : [a]; }));
  document.body.dataset.round = e.round;
  document.body.dataset.eveningOver = e.over;
}
function connect() {
  const source = new EventSource('events');
  source.onmessage = e => { draw(JSON.parse(e.data));
    const c = document.getElementById('connection'); c.textContent = 'live'; c.className = ''; };
  source.onerror = () => { const c = document.getElementById('connection');
    c.textContent = 'reconnecting to the club...'; c.className = 'lost';
    if (source.readyState === EventSource.CLOSED) { setTimeout(connect, 2000); } };
}
document.addEventListener('DOMContentLoaded', connect);
"""

_SCRIPT_TIMED = _SCRIPT.replace("%PICTURE_MS%", str(round(PICTURE_S * 1000)))

GRID_PAGE = f"""<!DOCTYPE html>
<html lang=en><head><meta charset=utf-8><meta name=viewport content="width=device-width, initial-scale=1">
<title>Tablier club</title><style>{_STYLE}</style><script>{_SCRIPT_TIMED}</script></head>
<body><h1 id=title>Tablier club: waiting for the boards</h1><div id=connection>connecting...</div>
<section id=evening hidden><h2 id=evening-title></h2><div id=evening-round class=note></div>
<div id=pairings class=scroll></div><div id=standings class=scroll></div>
<div id=legend class=note></div><div id=exports class=note></div>
</section>
<div id=grid></div>
<section id=ratings hidden><h2>Ratings</h2><div id=lists></div></section>
<p style="font-size:0.85em;color:#666">A read-only view of the club's boards (Tablier); click a board
for its full page.</p></body></html>
"""


class _Grid(_Page):
    page = GRID_PAGE
