"""``ecotone policy export``: a trained model's weights, to play without PyTorch.

A model sb3-contrib's ``MaskablePPO`` saved plays as the policy bot only where PyTorch is
installed. Its weights, exported to a numpy ``.npz`` file with the layout it learnt from
and the configuration it plays, play wherever Ecotone's ``rl`` extra (numpy) is:
``policy:path=OUT.npz`` chooses exactly what ``policy:path=MODEL.zip`` chose. Exporting
reads the model, and so needs the ``train`` extra.
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path

from ecotone.cli.options import Commands
from ecotone.cli.output import UsageError, stdout_console

__all__ = ["add_parser", "run_export"]


def add_parser(commands: Commands) -> None:
    """Register ``policy`` and its ``export``."""
    parser = commands.add_parser(
        "policy",
        help="export a trained policy's weights to play without PyTorch",
        description="Trained policies for the policy bot (docs/rl.md).",
    )
    actions = parser.add_subparsers(title="actions", dest="action", metavar="ACTION")
    export = actions.add_parser(
        "export",
        help="write a MaskablePPO model's weights to a numpy .npz file",
        description="Write the weights of a model sb3-contrib's MaskablePPO saved to a numpy "
        ".npz file, with the layout it learnt from, so that the policy bot plays it without "
        "PyTorch (policy:path=OUT). Needs the train extra to read the model.",
    )
    export.add_argument("model", type=Path, help="the model file (MaskablePPO.save)")
    export.add_argument("out", type=Path, help="the weights file to write (.npz)")
    export.add_argument(
        "--about",
        type=Path,
        help="a JSON file of how the model was trained, kept in the weights file",
    )
    export.set_defaults(run=run_export)
    parser.set_defaults(run=lambda _: _no_action(parser))


def _no_action(parser: argparse.ArgumentParser) -> int:
    raise UsageError(f"an action is needed (see '{parser.prog} --help')")


def run_export(args: argparse.Namespace) -> int:
    """Read the model, write its weights, say what was written."""
    # numpy and the reader load here: the command line starts without them
    from ecotone.bots.policy import load_network  # noqa: PLC0415
    from ecotone.bots.policy.sb3 import TorchNetwork, weights_of  # noqa: PLC0415
    from ecotone.bots.policy.weights import save_weights  # noqa: PLC0415

    about = None
    if args.about is not None:
        try:
            about = json.loads(args.about.read_text(encoding="utf-8"))
        except (OSError, json.JSONDecodeError) as exc:
            raise UsageError(f"cannot read {args.about} as JSON: {exc}") from None
        if not isinstance(about, dict):
            raise UsageError(f"{args.about} must hold a JSON object")
    try:
        network = load_network(args.model)
        if not isinstance(network, TorchNetwork):
            raise UsageError(f"{args.model} holds weights already; nothing to export")
        out = save_weights(weights_of(network, about), args.out)
    except ModuleNotFoundError as exc:
        raise UsageError(str(exc)) from None
    except ValueError as exc:
        raise UsageError(str(exc)) from None
    except OSError as exc:
        raise UsageError(f"cannot write {args.out}: {exc.strerror}") from None
    stamp = network.layout
    where = f" for layout {stamp['fingerprint']}" if stamp else " (no layout stamp)"
    stdout_console().print(
        f"wrote {out} ({out.stat().st_size:,} bytes){where}: play it with policy:path={out}"
    )
    return 0
