"""The link to the board: the shared wire codec, the host's protocol client, transports, simulation.

- :mod:`tablier.link.wire`: the frame format and every message's encoding, shared byte for byte with
  the firmware (the build copies it into the firmware image);
- :mod:`tablier.link.messages`: the board's messages as typed values;
- :mod:`tablier.link.client`: :class:`~tablier.link.client.BoardClient`, the host side of the protocol;
- :mod:`tablier.link.transport`: the serial port (pyserial);
- :mod:`tablier.link.sim`: :class:`~tablier.link.sim.SimulatedBoard`, the firmware under MicroPython
  on a pseudo-terminal;
- :mod:`tablier.link.image`: staging and building the firmware image.

``docs/protocol.md`` describes the protocol.
"""
