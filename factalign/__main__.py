"""`python -m factalign` and the `factalign` command: factalign.cli.main as a program, which ends on SIGINT
and SIGTERM as factalign.interrupts describes."""

from factalign.interrupts import run


def program() -> None:
    run(_main)


def _main() -> int:
    from factalign.cli import main  # imported once the handlers are in place: a signal while it loads ends cleanly too

    return main()


if __name__ == "__main__":
    program()
