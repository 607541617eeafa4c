"""The board's layout as playing needs it: the layout file, its electrical check and the firmware's config.

``hardware/board.toml`` is the single source of truth for every sensor, LED and pin. This package is
what the link, the firmware's build and ``tablier play`` load; it does no board I/O and loads nothing
of the maker's tools (:mod:`tablier.fabrication`: the boards, KiCad, the templates, the BOM).

- :mod:`~tablier.hardware.layout`: :func:`load_layout` and the frozen :class:`Layout`;
- :mod:`~tablier.hardware.mechanics`: the ``[mechanics]`` tables as data (the host reads one value of
  them while playing, ``face_stable_ms``; the maker's tools read the rest);
- :mod:`~tablier.hardware.validate`: the electrical check every load runs;
- :mod:`~tablier.hardware.power`: what the board draws with its LEDs dark;
- :mod:`~tablier.hardware.firmware_config`: the firmware's ``board_config.py``;
- :mod:`~tablier.hardware.calibration`: the calibration overlay of a real board (the walk that
  measures it talks to a board: :mod:`tablier.play.calibrate`).
"""
