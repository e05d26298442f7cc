"""A client for OpenAI-compatible chat endpoints (openai SDK, retries, parallel calls, reply cache), and parsing of list-shaped replies."""

from factalign.llm.client import ChatClient
from factalign.llm.parse import parse_list

__all__ = ["ChatClient", "parse_list"]
