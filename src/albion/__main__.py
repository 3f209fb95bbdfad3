"""`python -m albion` runs the command line."""

from albion.cli.app import main

main()
