"""``cloud``: Loupe Cloud from Python.

``fetch()`` gets a URL over plain HTTP on Loupe Cloud — no browser, no JavaScript — and returns it as
``raw``, ``markdown`` or schema-shaped ``json``, with the target's status, headers and content type::

    from loupe import cloud

    page = cloud.fetch(api_key=key, url="https://example.com", format="markdown")
    print(page.status_code, page.content)
"""

from __future__ import annotations

import asyncio
import http.client
import json
import socket
import urllib.error
import urllib.request
from typing import Any, Dict, List, Mapping, Optional, cast

from ._version import __version__
from .errors import FETCH_ERROR_CODES, FetchError, FetchErrorCode, FetchValidationError
from .fetch_request import FetchFormat, PreparedFetch, prepare_fetch
from .fetch_result import FetchContent, FetchEncoding, FetchMetadata, FetchResult, parse_metadata

__all__ = ["fetch", "fetch_async", "FetchResult", "FetchFormat", "FetchMetadata"]

# The service caps content at 5 MB; base64 and JSON escaping can grow it several times. An answer past
# this is not a fetch result, and reading it whole could exhaust memory.
_MAX_ANSWER_BYTES = 64 * 1024 * 1024
_READ_CHUNK_BYTES = 256 * 1024
_USER_AGENT = f"loupe-python/{__version__}"


def fetch(
    *,
    api_key: Optional[str] = None,
    url: str,
    format: FetchFormat = "raw",
    schema: Optional[Mapping[str, Any]] = None,
    proxies: bool = False,
    allow_redirects: bool = False,
    allow_insecure_ssl: bool = False,
    base_url: Optional[str] = None,
    timeout: Optional[float] = None,
    metadata: bool = False,
) -> FetchResult:
    """Fetches ``url`` through Loupe Cloud over plain HTTP — no browser, no JavaScript.

    :param api_key: Loupe Cloud API key (the fetch is billed to its project); default ``LOUPE_API_KEY``.
    :param url: the http(s) URL to fetch.
    :param format: ``raw`` (default), ``markdown`` or ``json`` (needs ``schema``).
    :param schema: a JSON Schema; required with ``format="json"``, rejected with any other format.
    :param proxies: route through the service's proxies.
    :param allow_redirects: follow redirects; when False a redirect is returned as its 3xx.
    :param allow_insecure_ssl: skip the target's TLS certificate verification.
    :param base_url: where Loupe Cloud runs; default ``LOUPE_CLOUD_URL``, else http://127.0.0.1:4455.
    :param timeout: seconds to wait for the service, per connect and per read; default no limit
        beyond the service's own (60 s for the target).
    :param metadata: with ``markdown`` or ``json``: also return what the page's structured data
        (JSON-LD, microdata) states about it — title, author, date, price — as ``result.metadata``, and
        as YAML front matter before the markdown. Only what the page declares, never invented.
    :raises FetchValidationError: before anything is sent, for a request that breaks a rule.
    :raises FetchError: with ``status`` and ``code`` when the service answers with an error or cannot be
        reached. A target's own 4xx/5xx is not one: it is ``status_code`` in the result.
    :raises TimeoutError: when the service stays silent longer than ``timeout``.
    """
    request = prepare_fetch(
        api_key=api_key,
        url=url,
        format=format,
        schema=schema,
        proxies=proxies,
        allow_redirects=allow_redirects,
        allow_insecure_ssl=allow_insecure_ssl,
        base_url=base_url,
        metadata=metadata,
    )
    _check_timeout(timeout)
    return _send(request, timeout)


async def fetch_async(
    *,
    api_key: Optional[str] = None,
    url: str,
    format: FetchFormat = "raw",
    schema: Optional[Mapping[str, Any]] = None,
    proxies: bool = False,
    allow_redirects: bool = False,
    allow_insecure_ssl: bool = False,
    base_url: Optional[str] = None,
    timeout: Optional[float] = None,
    metadata: bool = False,
) -> FetchResult:
    """``fetch()`` for asyncio: the same parameters, result and errors, without blocking the loop.

    The request runs in the loop's default thread pool. Cancelling the awaiting task returns at once; the
    request itself ends in its thread when the service answers or ``timeout`` passes.
    """
    request = prepare_fetch(
        api_key=api_key,
        url=url,
        format=format,
        schema=schema,
        proxies=proxies,
        allow_redirects=allow_redirects,
        allow_insecure_ssl=allow_insecure_ssl,
        base_url=base_url,
        metadata=metadata,
    )
    _check_timeout(timeout)
    return await asyncio.get_running_loop().run_in_executor(None, _send, request, timeout)


def _check_timeout(timeout: object) -> None:
    if timeout is None:
        return
    if isinstance(timeout, bool) or not isinstance(timeout, (int, float)) or not timeout > 0:
        raise FetchValidationError(f"timeout must be a number of seconds above 0, not {timeout!r}.")


def _send(request: PreparedFetch, timeout: Optional[float]) -> FetchResult:
    http_request = urllib.request.Request(
        request.endpoint,
        data=json.dumps(request.body).encode("utf-8"),
        method="POST",
        headers={
            "Authorization": f"Bearer {request.api_key}",
            "Content-Type": "application/json",
            "Accept": "application/json",
            "User-Agent": _USER_AGENT,
        },
    )
    try:
        try:
            response = urllib.request.urlopen(http_request, timeout=timeout)
            status: int = response.status
        except urllib.error.HTTPError as error:
            response, status = error, error.code  # an error status still has a body to read
        with response:
            data = _read_capped(response, status)
    except (urllib.error.URLError, OSError, http.client.HTTPException) as error:
        reason = error.reason if isinstance(error, urllib.error.URLError) else error
        if isinstance(reason, socket.timeout):
            raise TimeoutError(
                f"Loupe Cloud at {request.endpoint} did not answer within {timeout} s."
            ) from error
        raise FetchError(
            f"Loupe Cloud at {request.endpoint} could not be reached ({reason}). "
            "Start one with `npx loupe cloud serve` or set LOUPE_CLOUD_URL.",
            0,
            "target_unreachable",
        ) from error
    if 200 <= status < 300:
        return _result(status, data)
    raise _service_error(status, data)


def _read_capped(response: Any, status: int) -> bytes:
    # In chunks: read(n) of some Python versions allocates n bytes up front, whatever the answer's size.
    chunks: List[bytes] = []
    size = 0
    while True:
        chunk: bytes = response.read(_READ_CHUNK_BYTES)
        if not chunk:
            return b"".join(chunks)
        size += len(chunk)
        if size > _MAX_ANSWER_BYTES:
            raise FetchError(
                f"Loupe Cloud's answer is larger than {_MAX_ANSWER_BYTES} bytes; "
                "no fetch result is that large.",
                status,
                "response_too_large",
            )
        chunks.append(chunk)


def _parse_json_object(data: bytes) -> Optional[Dict[str, object]]:
    """The answer as a JSON object, or None when it is not one."""
    try:
        payload: object = json.loads(data.decode("utf-8"))
    except (UnicodeDecodeError, ValueError):
        return None
    return cast("Dict[str, object]", payload) if isinstance(payload, dict) else None


def _service_error(status: int, data: bytes) -> FetchError:
    """The service's error body, ``{ statusCode, error, message, id }``, as a FetchError."""
    payload = _parse_json_object(data) or {}
    error, message, request_id = payload.get("error"), payload.get("message"), payload.get("id")
    code = (
        cast(FetchErrorCode, error)
        if isinstance(error, str) and error in FETCH_ERROR_CODES
        else _fallback_code(status)
    )
    return FetchError(
        message if isinstance(message, str) else f"Loupe Cloud answered HTTP {status}.",
        status,
        code,
        request_id if isinstance(request_id, str) else None,
    )


def _fallback_code(status: int) -> FetchErrorCode:
    if status in (401, 403):
        return "unauthorized"
    if status == 429:
        return "rate_limited"
    if status in (400, 404, 422):
        return "invalid_request"
    return "target_unreachable"


def _result(status: int, data: bytes) -> FetchResult:
    """A success answer as a FetchResult, checking that it is one."""
    payload = _parse_json_object(data)
    if payload is None:
        preview = data[:200].decode("utf-8", errors="replace")
        raise FetchError(
            f"Loupe Cloud answered with something that is not JSON: {preview}",
            status,
            "extraction_failed",
        )
    headers = payload.get("headers")
    status_code = payload.get("statusCode")
    checks = {
        "id": isinstance(payload.get("id"), str),
        "content": "content" in payload,
        "contentType": isinstance(payload.get("contentType"), str),
        "encoding": payload.get("encoding") in ("utf-8", "base64"),
        "headers": isinstance(headers, dict)
        and all(
            isinstance(name, str) and isinstance(value, str)
            for name, value in cast("Dict[object, object]", headers).items()
        ),
        "statusCode": isinstance(status_code, int) and not isinstance(status_code, bool),
    }
    try:
        metadata = parse_metadata(payload.get("metadata"))
    except ValueError:
        metadata, checks["metadata"] = None, False
    wrong = [name for name, ok in checks.items() if not ok]
    if wrong:
        raise FetchError(
            f"Loupe Cloud's answer is not a fetch result ({', '.join(wrong)} missing or wrong).",
            status,
            "extraction_failed",
        )
    # Each cast below was checked just above.
    return FetchResult(
        id=cast(str, payload["id"]),
        content=cast(FetchContent, payload["content"]),
        content_type=cast(str, payload["contentType"]),
        encoding=cast(FetchEncoding, payload["encoding"]),
        headers=dict(cast("Dict[str, str]", headers)),
        status_code=cast(int, status_code),
        metadata=metadata,
    )
