"""The maker's part of the hardware: everything built from the layout to make a board, loaded only by
``tablier hardware`` (playing never imports it; ``tests/test_layering.py`` guards that).

Install it with the maker's extra, ``pip install 'tablier[maker]'`` (SKiDL draws the netlists); KiCad 6
(Debian's ``kicad``, ``kicad-footprints``) checks and plots the boards and ``rsvg-convert``
(``librsvg2-bin``) renders the PNGs and PDFs.

- :mod:`~tablier.fabrication.check`: the whole check (electrical, then the slab and the boards);
- :mod:`~tablier.fabrication.cutouts`, :mod:`~tablier.fabrication.pockets`,
  :mod:`~tablier.fabrication.heights`: every cut-out of the slab, the boards in their pockets, what
  stands on them;
- :mod:`~tablier.fabrication.capture`: the magnet and the sensors;
- :mod:`~tablier.fabrication.netlist`, :mod:`~tablier.fabrication.boards`: the schematic and the
  boards' netlists (SKiDL);
- :mod:`~tablier.fabrication.pcb_layouts`, :mod:`~tablier.fabrication.pcb_chain`,
  :mod:`~tablier.fabrication.pcb_router`, :mod:`~tablier.fabrication.kicad_pcb`,
  :mod:`~tablier.fabrication.pcbs`: the boards' copper, KiCad's files, its DRC and Gerbers;
- :mod:`~tablier.fabrication.templates`, :mod:`~tablier.fabrication.drawings`: the drilling
  templates and the drawings;
- :mod:`~tablier.fabrication.bom`: the bill of materials, checked against the layout.
"""
