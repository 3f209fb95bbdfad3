"""The terminal face: the `albion` command."""
