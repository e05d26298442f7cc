"""The request bodies as OpenAPI shows them at /docs (the bodies are read and checked by limits.py, whose
refusals carry the CLI's messages, not by a schema)."""

SOURCE = {"oneOf": [{"type": "string"},
                    {"type": "object", "required": ["id", "text"], "additionalProperties": False,
                     "properties": {"id": {"type": "string"}, "text": {"type": "string"}, "title": {"type": "string"},
                                    "url": {"type": "string"}}}]}
ITEM = {"type": "object", "required": ["text"], "additionalProperties": False,
        "properties": {"text": {"type": "string", "description": "the text to check (a summary, an answer)"},
                       "sources": {"type": "array", "items": SOURCE, "description": "the sources (or give document)"},
                       "document": {"type": "string", "description": "one source document (or give sources)"}},
        "example": {"text": "Natalia Moon moved to the Philippines in 2012.",
                    "document": "After struggling to find work as an actress in Australia, Natalia Moon moved to the "
                                "Philippines in 2012."}}


def _body(schema: dict) -> dict:
    return {"requestBody": {"required": True, "content": {"application/json": {"schema": schema}}}}


CHECK = _body(ITEM)
BATCH = _body({"type": "object", "required": ["items"], "properties": {"items": {"type": "array", "items": ITEM}}})
