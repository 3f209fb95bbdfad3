"""Several `albion` commands in one process, so that the command line (and the plug-in,
through its entry point) is imported once:

    python albion_session.py '[["games", "--json"], ["rules", "high-card"]]'

prints, per command, its exit code, stdout and stderr, as one JSON list."""

from __future__ import annotations

import json
import sys

from typer.testing import CliRunner

from albion.cli.app import app


def main(commands: list[list[str]]) -> None:
    runner = CliRunner()
    results = []
    for args in commands:
        result = runner.invoke(app, args)
        results.append({"args": args, "code": result.exit_code, "stdout": result.stdout,
                        "stderr": result.stderr})
    print(json.dumps(results))


if __name__ == "__main__":
    main(json.loads(sys.argv[1]))
