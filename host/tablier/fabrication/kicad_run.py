"""Run by Debian's ``/usr/bin/python3`` (KiCad 6's ``pcbnew`` module), never imported by tablier.

``python3 kicad_run.py OUT BOARD.kicad_pcb...``: for each board, its zones filled (the board saved so,
``OUT/NAME-filled.kicad_pcb``, for the committed file to carry its pours), KiCad's design-rule check
(``pcbnew.WriteDRCReport``, into ``OUT/NAME-drc.rpt``), then its Gerbers (copper, mask, paste,
silkscreen, outline; the comments layer where a panel's V-cuts are drawn), their Gerber job file and the
Excellon drill file, plotted by KiCad into ``OUT``
from the board's auxiliary origin (its lower left corner: the origin of the placement file too).
Prints one JSON line per board: its name, the DRC's violation and unconnected counts, and the files
written.
"""

import json
import os
import re
import sys

import pcbnew  # type: ignore[import-not-found]

PLOTTED = (("F_Cu", pcbnew.F_Cu), ("B_Cu", pcbnew.B_Cu), ("F_Mask", pcbnew.F_Mask),
           ("B_Mask", pcbnew.B_Mask), ("F_Paste", pcbnew.F_Paste), ("F_SilkS", pcbnew.F_SilkS),
           ("B_SilkS", pcbnew.B_SilkS), ("Edge_Cuts", pcbnew.Edge_Cuts))


def check_and_plot(path: str, out: str) -> dict[str, object]:
    name = os.path.splitext(os.path.basename(path))[0]
    board = pcbnew.LoadBoard(path)
    pcbnew.ZONE_FILLER(board).Fill(board.Zones())  # the ground pours, as KiCad's B key fills them
    board.Save(os.path.join(out, f"{name}-filled.kicad_pcb"))
    report = os.path.join(out, f"{name}-drc.rpt")
    pcbnew.WriteDRCReport(board, report, pcbnew.EDA_UNITS_MILLIMETRES, True)
    with open(report, encoding="utf-8") as handle:
        text = handle.read()
    counts = {key: int(n) for n, key in re.findall(r"\*\* Found (\d+) (DRC violations|unconnected pads)",
                                                    text)}
    errors = len(re.findall(r"; error\b", text))
    controller = pcbnew.PLOT_CONTROLLER(board)
    options = controller.GetPlotOptions()
    options.SetOutputDirectory(out)
    options.SetPlotFrameRef(False)
    options.SetUseGerberProtelExtensions(False)
    options.SetUseGerberX2format(False)
    options.SetIncludeGerberNetlistInfo(False)
    options.SetCreateGerberJobFile(False)
    options.SetSubtractMaskFromSilk(True)
    options.SetUseAuxOrigin(True)
    job = pcbnew.GERBER_JOBFILE_WRITER(board)
    files = []
    drawn = {drawing.GetLayer() for drawing in board.GetDrawings()}
    extra = (("Cmts_User", pcbnew.Cmts_User),) if pcbnew.Cmts_User in drawn else ()  # a panel's V-cuts
    for suffix, layer in (*PLOTTED, *extra):
        controller.SetLayer(layer)
        controller.OpenPlotfile(suffix, pcbnew.PLOT_FORMAT_GERBER, suffix)
        controller.PlotLayer()
        files.append(controller.GetPlotFileName())
        job.AddGbrFile(layer, os.path.basename(controller.GetPlotFileName()))
    controller.ClosePlot()
    job_file = os.path.join(out, f"{name}-job.gbrjob")
    job.CreateJobFile(job_file)
    files.append(job_file)
    drill = pcbnew.EXCELLON_WRITER(board)
    drill.SetOptions(False, False, board.GetDesignSettings().GetAuxOrigin(), True)
    drill.SetFormat(True)
    drill.CreateDrillandMapFilesSet(out, True, False)
    files += [os.path.join(out, f) for f in sorted(os.listdir(out))
              if f.startswith(name) and f.endswith(".drl")]
    unconnected = sum(1 for _ in range(board.GetConnectivity().GetUnconnectedCount()))
    return {"board": name, "violations": counts.get("DRC violations", -1), "errors": errors,
            "unconnected": counts.get("unconnected pads", unconnected), "report": report,
            "files": [os.path.basename(f) for f in files]}


def main() -> None:
    out = sys.argv[1]
    os.makedirs(out, exist_ok=True)
    for path in sys.argv[2:]:
        print(json.dumps(check_and_plot(path, out)), flush=True)


if __name__ == "__main__":
    main()
