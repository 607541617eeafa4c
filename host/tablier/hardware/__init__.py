"""The board's hardware description: the layout file, its validator and what is generated from it.

``hardware/board.toml`` is the single source of truth for every reed switch, LED and pin. Load it
with :func:`tablier.hardware.layout.load_layout`; the firmware's constants, the netlist and the
drawings are all generated from the resulting :class:`~tablier.hardware.layout.Layout`.
"""
