"""The web view: a read-only live page of a game on the board, for a class or a club's screen.

:mod:`.server` serves the page and pushes every change to it by server-sent events (Tornado, in a
thread of its own beside the synchronous play loop); :mod:`.page` is the page itself (one file,
no external scripts, fonts or CDNs); :mod:`.live` connects a running session to the server;
:mod:`.follow` plays an event log being written by another process (``tablier watch``). See
``docs/web.md``.
"""
