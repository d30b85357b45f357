"""A stand-in for Loupe Cloud on loopback that answers what a test scripts and records what it received,
for the client's behaviour towards answers a real server never gives (and to prove nothing was sent)."""

from __future__ import annotations

import json
import threading
from dataclasses import dataclass
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any, Dict, List, Optional, Tuple


@dataclass
class Received:
    method: str
    path: str
    headers: Dict[str, str]
    body: Any


class StubService:
    """``with StubService() as stub``: ``stub.url`` to send to, ``stub.answer(...)`` to script the next
    answer (default 200 with a valid fetch result), ``stub.received`` for what arrived."""

    def __init__(self) -> None:
        self.received: List[Received] = []
        self._answer: Tuple[int, Dict[str, str], bytes] = (200, {}, b"")
        self.answer_json(200, valid_result())
        stub = self

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self) -> None:  # noqa: N802 (the standard library's name)
                length = int(self.headers.get("content-length") or 0)
                raw = self.rfile.read(length)
                stub.received.append(
                    Received(
                        self.command,
                        self.path,
                        {name.lower(): value for name, value in self.headers.items()},
                        json.loads(raw) if raw else None,
                    )
                )
                status, headers, body = stub._answer
                self.send_response(status)
                for name, value in headers.items():
                    self.send_header(name, value)
                self.send_header("content-length", str(len(body)))
                self.end_headers()
                self.wfile.write(body)

            def log_message(self, format: str, *args: Any) -> None:  # noqa: A002
                pass

        self._server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self._thread: Optional[threading.Thread] = None

    @property
    def url(self) -> str:
        host, port = self._server.server_address[:2]
        return f"http://{host}:{port}"

    def answer(self, status: int, body: bytes, content_type: str = "application/json") -> None:
        self._answer = (status, {"content-type": content_type}, body)

    def answer_json(self, status: int, payload: Any) -> None:
        self.answer(status, json.dumps(payload).encode("utf-8"))

    def start(self) -> "StubService":
        self._thread = threading.Thread(
            target=self._server.serve_forever, kwargs={"poll_interval": 0.05}, daemon=True
        )
        self._thread.start()
        return self

    def close(self) -> None:
        self._server.shutdown()
        self._server.server_close()

    def __enter__(self) -> "StubService":
        return self.start()

    def __exit__(self, *exc: object) -> None:
        self.close()


def valid_result(**overrides: Any) -> Dict[str, Any]:
    """A fetch result as the service sends it."""
    result: Dict[str, Any] = {
        "id": "ftc_1",
        "content": "hello",
        "contentType": "text/plain",
        "encoding": "utf-8",
        "headers": {"content-type": "text/plain"},
        "statusCode": 200,
    }
    result.update(overrides)
    return result
