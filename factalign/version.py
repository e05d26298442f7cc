"""The package version: the last field of every signature (factalign.settings) and `factalign --version`.
A module of its own so that the modules below the package root need not import the root for it; pyproject.toml
reads the distribution's version from here (one place)."""

__version__ = "0.1.0"
