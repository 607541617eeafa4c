"""The board's hardware description: the layout file, its validator and what is generated from it.

``hardware/board.toml`` is the single source of truth for every reed switch, LED and pin.

- :mod:`~tablier.hardware.layout`: :func:`load_layout` and the frozen :class:`Layout`;
- :mod:`~tablier.hardware.validate`: the electrical check every load runs, and the whole check
  behind ``tablier hardware check`` (with :mod:`~tablier.hardware.validate_mechanics`, imported
  only then);
- :mod:`~tablier.hardware.firmware_config`: the firmware's ``board_config.py``;
- :mod:`~tablier.hardware.bom`: the bill of materials, checked against the layout;
- :mod:`~tablier.hardware.netlist`: the KiCad netlist (SKiDL, imported lazily) and its ERC;
- :mod:`~tablier.hardware.drawings` (with ``draw_board``, ``draw_wiring``, ``svg``): the drawings;
- :mod:`~tablier.hardware.calibration` and :mod:`~tablier.hardware.calibrate`: the calibration
  overlay of a real board and the walk that measures it.
"""
