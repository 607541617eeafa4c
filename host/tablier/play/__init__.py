"""Play on the board: the turn loop fed by the link, dice, the terminal view, scripts and the demo.

The pure reading of the board is :mod:`tablier.board`; this package is its I/O edge:

- :mod:`.link`: connecting, heartbeat, reconnection with back-off, the link state;
- :mod:`.dice`: electronic dice (fair, from ``secrets``, or seeded) and physical dice typed in;
- :mod:`.tables_flow`: each tables game's turn flow behind one small interface;
- :mod:`.session`, :mod:`.tables_session`, :mod:`.draughts_session`: the turn loop as a state
  machine fed by switch changes, buttons and terminal commands, writing the event log;
- :mod:`.view`: the terminal's live view;
- :mod:`.hands`, :mod:`.script`, :mod:`.autoplay`: hands that move men on the simulated board, from
  a script (``docs/sim-script.md``) or from built-in players (the demo, :mod:`.demo`).

``docs/play.md`` describes how to play.
"""
