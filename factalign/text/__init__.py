"""Sentence segmentation with exact char offsets, and passage windows."""

from factalign.text.segment import split_sentences
from factalign.text.windows import passages, windows_containing

__all__ = ["split_sentences", "passages", "windows_containing"]
