"""The USB board's copper: the USB-C receptacle a player touches, its ESD protection beside it, and the pads
the cable to the main board leaves from.

The board lies flat in the USB socket's hole in the slab's right short edge (``[mechanics.edge]``), its
front edge flush with the wood and its back against the hole's floor; the receptacle's mouth stands
:data:`RECEPTACLE_PROUD` in front of the board, through the window of the faceplate screwed over the
hole (:mod:`tablier.fabrication.fits`), flush with the plate's face: the plate holds the board in, the
hole's floor takes a plug's push. The cable runs from its pads at the back to the main board's USB
header (J5). The receptacle (HRO TYPE-C-31-M-12) brings each USB line out
twice, on interleaved pads (B7 D-, A6 D+, A7 D-, B6 D+ across the middle), so that a plug works either
way up: the four fan out upwards on the top copper to vias a via's width apart, and each pair is joined
on the bottom (D- over D+'s via, D+ under D-'s, neither closing the pour in). D+ and D- then flow
through the USBLC6-2SC6 (D- into pin 4, out along the row to pin 3; D+ up the left to pin 1, across
to pin 6), which clamps them, and VBUS, to ground a few millimetres from the socket. VBUS reaches the
bottom at a via beside each of the receptacle's VBUS pads and runs underneath to its cable pad; the CC
lines' 5.1 k pull-downs (0402) sit right behind their pads; ground is the shell's four pegs, a via at
the chip and a pour underneath.
"""

from __future__ import annotations

from tablier.fabrication.kicad_pcb import Pcb, read_netlist

USB_BOARD_MM = (11.0, 17.5)  # across the hole, into it
#: How far the receptacle's mouth stands in front of the board's front edge: the faceplate's thickness,
#: so that a plug goes fully home through the plate's window (its front shell pegs stay 0.8 mm in).
RECEPTACLE_PROUD = 1.0
NARROW = 0.2  # the receptacle's 0.5 mm pitch leaves room for 0.2 mm tracks between its pads
#: The four data pads' runs up to their vias (their last points): D- (B7) out to the left, D+ (A6) and
#: D- (A7) straight behind the middle, D+ (B6) out to the right.
FAN = {"B7": ((4.75, 10.9), (4.15, 11.5), (3.8, 11.5)), "A6": ((5.25, 11.95), (5.0, 12.2)),
       "A7": ((5.75, 11.95), (6.0, 12.2)), "B6": ((6.25, 11.0), (6.95, 11.7), (7.3, 11.7))}
VIAS = {number: run[-1] for number, run in FAN.items()}
CHIP = (5.5, 14.8)  # the USBLC6-2SC6, turned so that its pins are in two rows: 1 2 3 below, 6 5 4 above


def usb_board(netlist_text: str) -> Pcb:
    """The USB board, placed and routed."""
    width, height = USB_BOARD_MM
    pcb = Pcb("usb-board", width, height, read_netlist(netlist_text), hide_references=True)
    pcb.place("J1", width / 2, 3.65)  # the receptacle, its mouth at Y 0 (RECEPTACLE_PROUD past the edge)
    pcb.place("R1", 3.6, 10.0, 90)  # CC1's 5.1 k, over the unused SBU2 pad
    pcb.place("R2", 7.25, 9.95, 90)  # CC2's, straight behind its pad
    pcb.place("U1", *CHIP, 90)
    pcb.place("J2", width / 2, 15.2)  # the cable's pads, two either side of the chip
    _route(pcb)
    pcb.move(0.0, -RECEPTACLE_PROUD)  # the board's front edge behind the mouth, its back to the hole's floor
    near, far_x, far_y = 0.3, width - 0.3, height - 0.3
    pcb.zone("GND", "B.Cu", (near, near), (far_x, near), (far_x, far_y), (near, far_y))
    return pcb


def _route(pcb: Pcb) -> None:
    pad = pcb.pad
    cx, cy = CHIP
    # the data pads fanned out to their vias; each pair joined underneath, D- below A6's via, D+ over A7's
    for number, run in FAN.items():
        net = pcb.net_of("J1", number)
        pcb.track(net, pad("J1", number), *run, width=NARROW)
        pcb.via(net, *run[-1])
    pcb.track("USB_DM", VIAS["B7"], (3.8, 12.9), (6.0, 12.9), VIAS["A7"], layer="B.Cu")
    pcb.track("USB_DP", VIAS["A6"], (5.0, 11.2), (7.3, 11.2), VIAS["B6"], layer="B.Cu")
    # into the chip from below: D+ at pin 1, D- at pin 3, each through to its pin above (6, 4)
    for via, pin, above in ((VIAS["A6"], "1", "6"), (VIAS["A7"], "3", "4")):
        px, py = pad("U1", pin)
        pcb.track(pcb.net_of("U1", pin), via, (px, via[1] + abs(px - via[0])), (px, py), pad("U1", above))
    ground = (cx, cy - 1.2)  # under pin 2, clear of D- running under the chip's front
    pcb.via("GND", *ground)
    pcb.track("GND", ground, pad("U1", "2"))
    # out to the cable: D+ left from pin 6, D- right from pin 3, VBUS over the top from pin 5
    x6, y6 = pad("U1", "6")
    pcb.track("USB_DP", (x6, y6), pad("J2", "1"))
    x3, y3 = pad("U1", "3")
    pcb.track("USB_DM", (x3, y3), (x3 + 0.6, y3 - 0.6), pad("J2", "4"))
    x5, y5 = pad("U1", "5")
    vx, vy = pad("J2", "2")
    pcb.track("+5V", (x5, y5), (x5, 16.95), (vx, 16.95), (vx, vy), width=0.3)
    gx, gy = pad("J2", "3")
    pcb.via("GND", gx - 0.2, gy - 1.3)
    pcb.track("GND", (gx, gy), (gx - 0.2, gy - 1.3))
    # CC1 up and over the unused SBU2 pad into its pull-down, CC2 straight up into its; their ground
    # through vias to the pour
    x, y = pad("J1", "A5")
    rx, ry = pad("R1", "1")
    pcb.track("CC1", (x, y), (x, 8.8), (rx, 8.8), (rx, ry), width=NARROW)
    x, y = pad("J1", "B5")
    pcb.track("CC2", (x, y), pad("R2", "1"), width=NARROW)
    for resistor, via in (("R1", (2.7, 10.8)), ("R2", (8.0, 11.2))):
        pcb.via("GND", *via)
        pcb.track("GND", pad(resistor, "2"), via)
    # VBUS: the pads of both sides through vias, joined underneath and up the right side to the cable
    for number, via in (("A4", (2.6, 9.1)), ("B4", (8.4, 9.5))):
        x, y = pad("J1", number)
        pcb.track("+5V", (x, y), (x, 8.3), via, width=0.3)
        pcb.via("+5V", *via)
    up = (9.6, 15.2)  # between the right pads, up to VBUS's
    pcb.track("+5V", (2.6, 9.1), (2.6, 9.3), (8.4, 9.3), (8.4, 9.5), (9.6, 9.5), up, layer="B.Cu", width=0.3)
    pcb.via("+5V", *up)
    pcb.track("+5V", up, (vx, vy))
    # the shell's ground pads to their nearest pegs (the pegs go through the pour)
    for number, peg in (("A1", (1.18, 7.5)), ("B1", (9.82, 7.5))):
        x, _y = pad("J1", number)
        pcb.track("GND", (x, 7.5), peg, width=0.4)
