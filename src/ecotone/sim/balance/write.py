"""Writing a report's files: ``report.json``, the pictures as PNG and ``report.html``."""

from __future__ import annotations

import json
import math
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ecotone.sim.balance import plots
from ecotone.sim.balance.page import comparison_page, report_page
from ecotone.sim.balance.report import Comparison, Report

__all__ = ["Written", "write_comparison", "write_report"]

REPORT_JSON = "report.json"
REPORT_HTML = "report.html"


@dataclass(frozen=True, slots=True)
class Written:
    """The files written, and whether the pictures could be drawn."""

    folder: Path
    files: list[Path]
    plotted: bool

    @property
    def html(self) -> Path:
        """The report's page."""
        return self.folder / REPORT_HTML


def _dump(data: dict[str, Any]) -> str:
    # NaN (a figure with no games behind it) is not JSON: it is written as null.
    return json.dumps(_finite(data), indent=1, ensure_ascii=False) + "\n"


def _finite(value: Any) -> Any:
    if isinstance(value, float) and math.isnan(value):
        return None
    if isinstance(value, dict):
        return {k: _finite(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [_finite(v) for v in value]
    return value


def _write(folder: Path, data: dict[str, Any], pictures: dict[str, bytes], page: str) -> list[Path]:
    folder.mkdir(parents=True, exist_ok=True)
    data["plots"] = sorted(pictures)
    files = [folder / REPORT_JSON]
    files[0].write_text(_dump(data), encoding="utf-8")
    for name, png in pictures.items():
        (folder / name).write_bytes(png)
        files.append(folder / name)
    (folder / REPORT_HTML).write_text(page, encoding="utf-8")
    files.append(folder / REPORT_HTML)
    return files


def write_report(report: Report, folder: Path) -> Written:
    """Write one batch's report into ``folder``; pictures only when matplotlib is there."""
    plotted = plots.available()
    pictures = plots.report_plots(report) if plotted else {}
    page = report_page(report, pictures, "" if plotted else plots.INSTALL_HINT)
    return Written(folder, _write(folder, report.to_json(), pictures, page), plotted)


def write_comparison(comparison: Comparison, folder: Path) -> Written:
    """Write a comparison into ``folder`` (each side's own report is in a subfolder)."""
    plotted = plots.available()
    pictures = plots.comparison_plots(comparison) if plotted else {}
    page = comparison_page(comparison, pictures, "" if plotted else plots.INSTALL_HINT)
    return Written(folder, _write(folder, comparison.to_json(), pictures, page), plotted)
