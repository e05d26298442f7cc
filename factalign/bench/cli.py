def register(subparsers):
    """Adds this feature's subcommands (filled in by its issue)."""
