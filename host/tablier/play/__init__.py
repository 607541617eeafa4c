"""Play on the board: the turn loop fed by the link, dice, the terminal view, scripts and the demo.

The pure reading of the board is :mod:`tablier.board`; this package is its I/O edge:

- :mod:`.link`: connecting, heartbeat, reconnection with back-off, the link state; a pullable cable;
- :mod:`.dice`: electronic dice (fair, from ``secrets``, or seeded) and physical dice typed in;
- :mod:`.session` (the common loop) and a wing per family, :mod:`.tables` (its session, with its
  :class:`~.tables.display.TablesDisplay`: its LEDs and view) and :mod:`.draughts`: the turn loop
  as a state machine fed by switch changes, buttons and typed commands, writing the event log; a
  tables game's own turn (:class:`tablier.tables.turn.Turn`) says what it awaits and answers its
  words; each wing answers what the seats ask of it through two small protocols, the moves on the
  board (:mod:`.board_move`) and the seat's decisions (:mod:`.seat_decisions`), so that the
  computer (:mod:`.computer`) and the remote seat (:mod:`.remote_seat`) never tell the games apart,
  and the generic modules import no wing (:mod:`.start` picks one);
- :mod:`.view`: the terminal's live view;
- :mod:`.hands`, :mod:`.script`, :mod:`.autoplay`: hands that move men on the simulated board, from
  a script (``docs/sim-script.md``), typed at the terminal, or from built-in players;
- :mod:`.start`, :mod:`.runner`, :mod:`.report`: a game put together on a port or the simulated
  board, and what it prints at the end; :mod:`.demo`: ``tablier demo``;
- :mod:`.replay`, :mod:`.resume`: a log replayed through the same session (``tablier rebuild``,
  ``tablier play --resume``).

``docs/play.md`` describes how to play.
"""
