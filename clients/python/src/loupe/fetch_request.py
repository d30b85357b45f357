"""A ``cloud.fetch()`` request, checked before anything is sent, and where it goes."""

from __future__ import annotations

import json
import os
from dataclasses import dataclass
from typing import Any, Dict, Literal, Mapping, Optional, Tuple, cast, get_args
from urllib.parse import urlsplit

from .errors import FetchValidationError

FetchFormat = Literal["raw", "json", "markdown"]
"""``raw`` (the body as is), ``markdown`` (the main content as GitHub-flavoured markdown) or ``json``
(data extracted on the server against ``schema``)."""

FETCH_FORMATS: Tuple[str, ...] = get_args(FetchFormat)

DEFAULT_CLOUD_URL = "http://127.0.0.1:4455"
"""Where Loupe Cloud runs when neither ``base_url`` nor ``LOUPE_CLOUD_URL`` says otherwise."""


@dataclass(frozen=True)
class PreparedFetch:
    """A checked request: the endpoint, the key for the Authorization header, and the JSON body."""

    endpoint: str
    api_key: str
    body: Dict[str, Any]


def cloud_base_url(explicit: Optional[str], env: Mapping[str, str] = os.environ) -> str:
    """Where a request goes: ``explicit``, else ``LOUPE_CLOUD_URL``, else the local default."""
    chosen = explicit if explicit is not None else (env.get("LOUPE_CLOUD_URL") or DEFAULT_CLOUD_URL)
    return chosen.rstrip("/")


def prepare_fetch(
    *,
    api_key: object,
    url: object,
    format: object,
    schema: object,
    proxies: object,
    allow_redirects: object,
    allow_insecure_ssl: object,
    base_url: object,
    metadata: object = False,
    env: Mapping[str, str] = os.environ,
) -> PreparedFetch:
    """Checks a fetch request by the rules the service applies, so a mistake costs no request and says
    what to change.

    :raises FetchValidationError: ``format="json"`` without ``schema``; ``schema`` with another format;
        ``metadata`` with ``raw``; a ``url`` that is not http(s); a missing key; a value of the wrong type.
    """
    key = api_key if api_key is not None else env.get("LOUPE_API_KEY", "")
    if not isinstance(key, str) or not key.strip():
        raise FetchValidationError(
            "api_key is required: a Loupe Cloud API key (`npx loupe cloud keys create --project NAME`), "
            "passed as api_key= or set in LOUPE_API_KEY."
        )
    if not isinstance(url, str):
        raise FetchValidationError("url is required: the http or https URL to fetch.")
    scheme = _http_scheme(url)
    if scheme is None:
        raise FetchValidationError(f'url "{url}" is not a URL; give an absolute http or https URL.')
    if scheme not in ("http", "https"):
        raise FetchValidationError(f'url must be http or https, not {scheme}: "{url}".')
    if format not in FETCH_FORMATS:
        raise FetchValidationError(
            f"format must be one of {', '.join(FETCH_FORMATS)}, not {format!r}."
        )
    if format == "json" and schema is None:
        raise FetchValidationError(
            'format "json" needs a schema: the JSON Schema of the data to extract.'
        )
    if format != "json" and schema is not None:
        raise FetchValidationError(
            f'schema goes with format "json" only; remove it or set format="json" '
            f'(format is "{format}").'
        )
    body: Dict[str, Any] = {"url": url, "format": format}
    if schema is not None:
        if not isinstance(schema, Mapping):
            raise FetchValidationError("schema must be a JSON Schema object (a dict).")
        try:
            plain = json.dumps(dict(cast(Mapping[str, object], schema)), allow_nan=False)
            body["schema"] = json.loads(plain)
        except (TypeError, ValueError) as error:
            raise FetchValidationError(f"schema must be plain JSON: {error}.") from None
    for name, wire_name, value in (
        ("proxies", "proxies", proxies),
        ("allow_redirects", "allowRedirects", allow_redirects),
        ("allow_insecure_ssl", "allowInsecureSsl", allow_insecure_ssl),
    ):
        if not isinstance(value, bool):
            raise FetchValidationError(f"{name} must be True or False, not {value!r}.")
        body[wire_name] = value
    if not isinstance(metadata, bool):
        raise FetchValidationError(f"metadata must be True or False, not {metadata!r}.")
    if metadata:
        if format == "raw":
            raise FetchValidationError(
                'metadata goes with format "markdown" or "json": raw content is returned as the '
                "target sent it; remove metadata or choose another format."
            )
        # Sent only when asked: a service from before the option refuses a body that names it.
        body["metadata"] = True

    if base_url is not None and not isinstance(base_url, str):
        raise FetchValidationError(f"base_url must be a URL string, not {base_url!r}.")
    base = cloud_base_url(base_url, env)
    if _http_scheme(base) not in ("http", "https"):
        source = "base_url" if base_url is not None else "LOUPE_CLOUD_URL"
        raise FetchValidationError(f'{source} "{base}" is not an http or https URL.')
    return PreparedFetch(endpoint=f"{base}/v1/fetch", api_key=key.strip(), body=body)


def _http_scheme(value: str) -> Optional[str]:
    """The scheme of an absolute URL with a host (lower case), or None when ``value`` is not one."""
    try:
        parts = urlsplit(value)
        _ = parts.port  # raises ValueError for a port that is not a number in 0–65535
    except ValueError:
        return None
    if not parts.scheme or not parts.hostname:
        # "mailto:x" and "file:///x" have no host, but still a scheme worth naming in the message.
        return parts.scheme.lower() if parts.scheme and parts.scheme not in ("http", "https") else None
    return parts.scheme.lower()
