"""The two ways the board can sense its men, and the parts each uses: the layout's ``[mechanics.sensor]``.

A :class:`SensorPart` is a switch a maker buys, with the thresholds its maker guarantees: the field by
which it has surely closed (``operate``) and under which it has surely opened (``release``). A Hall
switch is driven by the field through its package (mT); a reed switch by the field along its length,
which a reed's maker gives as the ampere-turns (AT) of a standard test coil that closes it.

:data:`SENSING` says, for each sensor kind and each carrier (``ladder``: the six slots of a point, the
bar or a tray; ``row``: four dark squares), which part senses a place and where it sits: its offsets
from the place's centre along the carrier (towards the board's middle for a ladder, along the row for a
row) and across it. Everything that follows from the choice (the carriers' netlists and copper, the
grooves' lengths, the capture analysis, the BOM) reads it from here.
"""

from __future__ import annotations

from dataclasses import dataclass

from tablier.hardware.layout import Layout


@dataclass(frozen=True)
class SensorPart:
    """A magnetic switch as bought, with its guaranteed thresholds and where they come from."""

    name: str
    kind: str  # "hall" or "reed"
    description: str
    manufacturer: str
    mpn: str
    footprint: str
    operate: float  # closed by this drive at most
    release: float  # open below this drive at least
    unit: str  # "mT" (a Hall switch: |Bz| through it) or "AT" (a reed: ampere-turns along it)
    depth: float  # its sensing element under the top of its package (mm)
    source: str
    length: float = 0.0  # a reed's length along its axis (mm)
    open_drain: bool = False  # its output only pulls low: the line needs a pull-up (a reed is a contact)


DRV5032FA = SensorPart(
    "DRV5032FA", "hall", "DRV5032FA omnipolar Hall switch (SOT-23, 20 Hz)", "Texas Instruments",
    "DRV5032FADBZR", "Package_TO_SOT_SMD:SOT-23", 4.8, 0.5, "mT", 0.6,
    "TI's DRV5032 datasheet (SLVSDC7H, 6.6 Magnetic Characteristics, FA version): B_OP 4.8 mT at most, "
    "B_RP 0.5 mT at least, over temperature; its Hall element about 0.6 mm under the top of the SOT-23 "
    "(DBZ) package")
#: The DRV5032's "medium sensitivity" version: a higher release point, for the ladders, where a man on the
#: next slot must leave the switch open (the FA's 0.5 mT cannot be met with a magnet that also reaches 9 mm
#: off a square's centre). Open drain: each has its pull-up on the carrier.
DRV5032AJ = SensorPart(
    "DRV5032AJ", "hall", "DRV5032AJ omnipolar Hall switch (SOT-23, 20 Hz, open drain)", "Texas Instruments",
    "DRV5032AJDBZR", "Package_TO_SOT_SMD:SOT-23", 9.5, 3.0, "mT", 0.6,
    "TI's DRV5032 datasheet (SLVSDC7H, 5 Device Comparison and 6.6 Magnetic Characteristics, AJ version): "
    "B_OP 9.5 mT at most, B_RP 3.0 mT at least, over temperature; open-drain output; the Hall element as "
    "the FA's", open_drain=True)
#: Coto's CT10 "encapsulated molded" reed switches: a flat body 12.8 x 2.5 x 2.41 mm at most, made for
#: pick and place; the part number says the operate band in AT (CT10-2540: 25-40 AT, in a Philips 10JK
#: coil). The series gives operate 10-40 AT and release 3-35 AT: the least release is 0.3 of the least
#: operate, which is taken for each band (an estimate: measure it on the coupon, build guide step 0).
CT10_2540 = SensorPart(
    "CT10-2540-G1", "reed", "CT10 flat SMD reed switch, operate 25-40 AT", "Coto Technology",
    "CT10-2540-G1", "Button_Switch_SMD:SW_SPST_REED_CT10-XXXX-G1", 40.0, 7.5, "AT", 1.2,
    "Coto's CT10 datasheet: operate 25-40 AT for CT10-2540 (Philips 10JK coil); release at least 7.5 AT, "
    "estimated as 0.3 of the least operate (the series: operate 10-40 AT, release 3-35 AT); the reed's "
    "axis half way down its 2.41 mm body", length=10.0, open_drain=True)
CT10_1030 = SensorPart(
    "CT10-1030-G1", "reed", "CT10 flat SMD reed switch, operate 10-30 AT", "Coto Technology",
    "CT10-1030-G1", "Button_Switch_SMD:SW_SPST_REED_CT10-XXXX-G1", 30.0, 3.0, "AT", 1.2,
    "Coto's CT10 datasheet (its own example part number): operate 10-30 AT (Philips 10JK coil); release "
    "at least 3 AT, the series' least", length=10.0, open_drain=True)


@dataclass(frozen=True)
class Sensing:
    """How a carrier senses each of its places: which part, where, and what else it needs."""

    part: SensorPart
    offsets: tuple[tuple[float, float], ...]  # each switch's (along, across) offset from its place's centre
    pull_up: bool  # a 10 k pull-up per place on the carrier (a reed only closes, open drain only pulls low)
    thickness: float  # the carrier board's thickness (mm)
    margins: tuple[float, float]  # the strip past its first and its last place's centre (mm)


SENSING: dict[str, dict[str, Sensing]] = {
    # A DRV5032AJ under each slot (its release point lets the next slot's man go), a DRV5032FA under each
    # square (its lower operate point sees a man 9 mm off the square's centre): both see a man straight
    # through them, strongest under its centre.
    "hall": {
        "ladder": Sensing(DRV5032AJ, ((0.0, 0.0),), True, 1.6, (6.0, 6.0)),
        "row": Sensing(DRV5032FA, ((0.0, 0.0),), False, 1.6, (6.0, 6.0)),
    },
    # A reed sees nothing of a man straight over its middle (the field along it cancels): one reed leaves a
    # blind strip across its place. So every place has a pair in parallel, each where the other is blind: a
    # slot's pair 2.4 mm either side of its centre along the ladder and 2.25 mm either side of its line, a
    # square's pair 6 mm either side of its centre and 2 mm either side of the row's line.
    "reed": {
        "ladder": Sensing(CT10_2540, ((2.4, -2.25), (-2.4, 2.25)), True, 1.0, (12.0, 12.0)),
        "row": Sensing(CT10_1030, ((6.0, 2.0), (-6.0, -2.0)), True, 1.0, (18.5, 15.5)),
    },
}


def sensing(layout: Layout, carrier: str) -> Sensing:
    """How the layout's sensor senses the places of a ``ladder`` or ``row`` carrier."""
    return SENSING[layout.mechanics.sensor][carrier]


def carrier_names(sensor: str) -> tuple[str, str]:
    """The two carriers' board names for a sensor kind (the Hall carriers keep their first names)."""
    suffix = "" if sensor == "hall" else f"-{sensor}"
    return f"carrier-ladder{suffix}", f"carrier-row{suffix}"
