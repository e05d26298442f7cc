"""`factalign serve`: the scorer as an HTTP service (extra [serve]: FastAPI and uvicorn), see docs/serving.md.

Importing this package, its options (serve/cli.py) and its limits needs neither FastAPI nor uvicorn; app.py and
server.py do, and are imported only when the service starts. The client is factalign/client.py (stdlib only).
"""
