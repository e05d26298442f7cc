"""Sentence segmentation with exact char offsets, and passage windows."""

from factalign.text.segment import Span, split_sentences
from factalign.text.windows import pack, passages, windows_containing

__all__ = ["Span", "split_sentences", "pack", "passages", "windows_containing"]
