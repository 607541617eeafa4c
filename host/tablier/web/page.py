"""The live page: one HTML file with its style and script inline (no external scripts, fonts or CDNs).

It opens ``/events`` (server-sent events) and draws each state it is sent: the board's SVG (drawn
on the host by :mod:`tablier.record.svg_diagram`), the game, score, cube, turn and link, the lit
lights with their meanings, the move list (each move with who made it) and the players' messages.
Every text is set as text, never as markup. The browser's ``EventSource`` reconnects by itself;
should it give up (the host gone for long), the page opens a new one every two seconds and says
so; a ``refused`` event (the host serves no more pages) is shown where the page says "live".
"""

from __future__ import annotations

_STYLE = """
body { font-family: "DejaVu Sans", "Liberation Sans", Arial, Helvetica, sans-serif; margin: 1em;
       background: #faf6ee; color: #222; }
h1 { font-size: 1.4em; margin: 0 0 0.3em 0; }
.wrap { display: flex; gap: 1.5em; align-items: flex-start; flex-wrap: wrap; }
#board svg { width: 720px; max-width: 95vw; height: auto; display: block; }
.side { min-width: 18em; max-width: 28em; }
.info div { margin: 0.15em 0; } .turn { font-weight: bold; }
#connection { font-size: 0.9em; color: #555; } #connection.lost { color: #b00; font-weight: bold; }
#link.lost, #clocks.lost { color: #b00; font-weight: bold; }
.legend div { display: flex; align-items: center; gap: 0.5em; margin: 0.2em 0; }
.swatch { width: 1.1em; height: 1.1em; border: 1px solid #333; border-radius: 3px; flex: none; }
.blink { animation: blink 1s steps(2, start) infinite; } @keyframes blink { to { visibility: hidden; } }
ol#moves { max-height: 16em; overflow-y: auto; background: #fff; border: 1px solid #ccc; margin: 0;
           padding: 0.3em 0.3em 0.3em 2.5em; }
ul#messages { list-style: none; padding: 0; margin: 0; } ul#messages li { padding: 0.15em 0; }
.note { font-size: 0.85em; color: #555; margin-bottom: 0.2em; }
h2 { font-size: 1.05em; margin: 0.8em 0 0.3em 0; }
"""

_SCRIPT = """
let source = null;
function text(id, value) { document.getElementById(id).textContent = value; }
function fill(id, items, tag) {
  const list = document.getElementById(id);
  list.replaceChildren(...items.map(item => {
    const e = document.createElement(tag); e.textContent = item; return e;
  }));
  return list;
}
function draw(state) {
  const s = state.scene;
  document.getElementById('board').innerHTML = state.svg;
  text('title', s.title + (s.game_number ? ', game ' + s.game_number : ''));
  document.title = s.title + ' - Tablier';
  const match = s.match_length ? ' (match to ' + s.match_length + ')' : '';
  text('score', 'Score' + match + ': ' + s.players[0] + ' (' + s.colours[0] + ') ' + s.score[0]
       + ', ' + s.players[1] + ' (' + s.colours[1] + ') ' + s.score[1]);
  const owner = s.cube && s.cube[1] ? ', ' + s.players[s.cube[1] - 1] + "'s" : ', in the middle';
  text('cube', s.cube ? 'Cube: ' + s.cube[0] + owner : '');
  const clocks = s.clocks || ['', ''];
  const runs = i => s.clock_runs === i + 1 ? (s.clock_short ? ' (runs, time short)' : ' (runs)') : '';
  const face = i => s.players[i] + ' ' + clocks[i] + runs(i);
  text('clocks', clocks[0] ? 'Clocks: ' + face(0) + ', ' + face(1) : '');
  document.getElementById('clocks').className = s.clock_short ? 'lost' : '';
  const dice = s.dice.map((d, i) => d + (s.dice_used[i] ? ' (used)' : '')).join(', ');
  const mover = s.turn ? s.players[s.turn - 1] + ' to play' + (dice ? ': ' + dice : '') : '';
  text('turn', s.over ? 'The match is over' : mover);
  text('hand', s.in_hand ? 'In hand: ' + s.in_hand : '');
  text('hints', s.hints ? 'Quality lights: ' + s.hints : '');
  const link = document.getElementById('link');
  link.textContent = 'Board link: ' + s.link + (s.link === 'connected' ? '' : ' (board disconnected)');
  link.className = s.link === 'connected' ? '' : 'lost';
  fill('words', s.words, 'div');
  text('palette', state.palette ? 'in the ' + state.palette + ' palette' : '');
  const legend = document.getElementById('legend');
  legend.replaceChildren(...state.legend.map(([name, colour, blink, says]) => {
    const row = document.createElement('div'), swatch = document.createElement('span');
    const label = document.createElement('span');
    swatch.className = 'swatch' + (blink ? ' blink' : ''); swatch.style.background = colour;
    label.textContent = name + ': ' + says; row.append(swatch, label); return row;
  }));
  const marks = s.marks || [];
  const moved = s.moves.map((move, i) => (s.movers[i] ? s.movers[i] + ': ' : '') + move
                            + (marks[i] ? ' ' + marks[i] : ''));
  const moves = fill('moves', moved, 'li'); moves.scrollTop = moves.scrollHeight;
  text('numbers', s.family === 'tables' && s.moves.length ? "each move in its player's own numbers" : '');
  fill('messages', s.messages.slice().reverse(), 'li');
  document.body.dataset.moves = s.moves.length;
}
function connect() {
  source = new EventSource('events');
  source.onmessage = e => {
    draw(JSON.parse(e.data));
    const c = document.getElementById('connection'); c.textContent = 'live'; c.className = '';
  };
  source.addEventListener('refused', e => {
    const c = document.getElementById('connection'); c.textContent = e.data; c.className = 'lost';
  });
  source.onerror = () => {
    const c = document.getElementById('connection');
    const refused = c.textContent.startsWith('the host serves at most');
    if (!refused) { c.textContent = 'reconnecting to the host...'; }
    c.className = 'lost';
    if (source.readyState === EventSource.CLOSED) { setTimeout(connect, 2000); }
  };
}
document.addEventListener('DOMContentLoaded', connect);
"""

PAGE = f"""<!DOCTYPE html>
<html lang=en><head><meta charset=utf-8><meta name=viewport content="width=device-width, initial-scale=1">
<title>Tablier</title><style>{_STYLE}</style><script>{_SCRIPT}</script></head>
<body><h1 id=title>Tablier: waiting for the game</h1>
<div id=connection>connecting...</div>
<div class=wrap><div id=board></div>
<div class=side><div class=info><div id=score></div><div id=cube></div><div id=turn class=turn></div>
<div id=clocks></div><div id=hand></div><div id=hints></div><div id=link></div></div><div id=words></div>
<h2>Lights</h2><div id=palette class=note></div><div id=legend class=legend></div>
<h2>Moves</h2><div id=numbers class=note></div><ol id=moves></ol>
<h2>Messages</h2><ul id=messages></ul></div></div>
<p style="font-size:0.85em;color:#666">A read-only view of the game on the board (Tablier).</p>
</body></html>
"""
