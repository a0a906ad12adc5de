"""Database URLs: reading one as libpq does, and the one redaction every message and log line goes through.

A PostgreSQL setting is a libpq connection URI (https://www.postgresql.org/docs/current/libpq-connect.html,
"Connection URIs")::

    postgresql://[user[:password]@][host][:port][,...][/dbname][?param1=value1&...]

``postgres://`` is the same; hosts may be a list (``h1:5432,h2:5433``), an IPv6 address in brackets
(``[::1]:5432``), or empty with the host given in the query (``?host=/var/run/postgresql``, a unix
socket); the password may also come as ``?password=...``; any part may be percent-encoded.

:func:`redact` is the only way a setting (or a text that may hold one: an error, a log line) is shown:
the password goes wherever it is written, the user part of a URL even when it does not parse (a missing
colon, one slash, a password holding a raw ``/``, ``#``, ``?`` or ``@``), and a query's ``password=``.
It never parses strictly, so it cannot fail and leak: it over-redacts rather than under-redact.

:func:`url_problem` says why a setting that looks like a URL is not a usable one (``None`` when it is),
so that ``postgresql//u:pw@host/x`` is refused by name instead of becoming a SQLite file named after it.
"""

from __future__ import annotations

import re
from urllib.parse import unquote

__all__ = ["MASK", "POSTGRES_SCHEMES", "SCHEME", "looks_like_url", "redact", "secrets_of", "url_problem"]

MASK = "***"
POSTGRES_SCHEMES = ("postgresql", "postgres")
#: Query (and keyword/value) parameters that are secrets: libpq's password and sslpassword.
_SECRET_KEYS = frozenset({"password", "sslpassword"})

# "scheme:" at the start; one letter is a Windows drive ("C:\\..."), not a scheme.
SCHEME = re.compile(r"^(?P<scheme>[A-Za-z][A-Za-z0-9+.\-]+):")
# A URL inside free text (an error message, a log line): a scheme, then up to a space or a quote.
_URL_IN_TEXT = re.compile(
    r"""[A-Za-z][A-Za-z0-9+.\-]+:/*[^\s'"<>]*@[^\s'"<>]*|postgres(?:ql)?[:/][^\s'"<>]*"""
)
# ``password=VALUE`` in a query or a keyword/value string; the value ends at ``&key=`` or a space (or
# its closing quote), else at the end: a raw ``&`` inside a password never leaves a piece of it shown.
_SECRET_PARAM = re.compile(
    r"(?P<key>[A-Za-z0-9_%.\-]+)[ \t]*=[ \t]*(?P<value>'(?:[^'\\]|\\.)*'?|.*?)(?=&[A-Za-z0-9_%.\-]+=|\s|$)"
)
_PERCENT = re.compile(r"%(?![0-9A-Fa-f]{2})")
#: A password shorter than this is not searched for in free text (it would blot out every "a" or "1" of
#: a message); the URL's own password is masked by position whatever its length.
_SHORTEST_SCRUBBED = 3
_PORT = re.compile(r"^[0-9]{1,5}$")


def _authority_start(text: str) -> int:
    """Where the user/host part begins: after ``scheme:`` and its slashes (also a mistyped ``scheme//``)."""
    match = SCHEME.match(text)
    at = match.end() if match else 0
    if match is None:
        bare = re.match(r"^[A-Za-z][A-Za-z0-9+.\-]*(?=/)", text)
        if bare and bare.group(0).lower().startswith("postgres"):
            at = bare.end()
    while at < len(text) and text[at] in "/\\":
        at += 1
    return at


def _userinfo_password_span(text: str) -> tuple[int, int] | None:
    """The span of the password in ``user:password@``: from the first ``:`` of the part before the last
    ``@`` (a raw ``@``, ``/``, ``#`` or ``?`` in the password stays inside it)."""
    start = _authority_start(text)
    at = text.rfind("@", start)
    if at < 0:
        return None
    colon = text.find(":", start, at)
    if colon < 0:
        return None
    return colon + 1, at


def _is_secret_key(key: str) -> bool:
    return unquote(key).strip().lower() in _SECRET_KEYS


def secrets_of(setting: str) -> list[str]:
    """The passwords a setting holds, as written and percent-decoded (to scrub them from any text)."""
    found: list[str] = []
    span = _userinfo_password_span(setting)
    if span is not None and span[1] > span[0]:
        found.append(setting[span[0] : span[1]])
    for match in _SECRET_PARAM.finditer(setting):
        if _is_secret_key(match["key"]) and match["value"]:
            found.append(match["value"].strip("'"))
    out: list[str] = []
    for secret in found:
        for form in (secret, unquote(secret)):
            if form and form not in out:
                out.append(form)
    return sorted(out, key=len, reverse=True)


def _masked_param(match: re.Match[str]) -> str:
    if not _is_secret_key(match["key"]) or not match["value"]:
        return match.group(0)
    return match.group(0)[: match.start("value") - match.start()] + MASK


def _redact_one(url: str) -> str:
    """One setting (a URL, a keyword/value string or a path) without its password."""
    span = _userinfo_password_span(url)
    if span is not None and span[1] > span[0]:
        url = url[: span[0]] + MASK + url[span[1] :]
    return _SECRET_PARAM.sub(_masked_param, url)


def redact(text: str, *, setting: str | None = None) -> str:
    """``text`` fit to print: every password of ``setting`` (when given) and of any database URL or
    ``password=`` inside ``text`` replaced by ``***``.  ``text`` may be the setting itself."""
    for secret in secrets_of(setting) if setting else []:
        if len(secret) >= _SHORTEST_SCRUBBED:
            text = text.replace(secret, MASK)
    if looks_like_url(text) and (SCHEME.match(text) or not re.search(r"\s", text)):
        return _redact_one(text)  # the setting itself, however mistyped
    text = _URL_IN_TEXT.sub(lambda m: _redact_one(m.group(0)), text)
    return _SECRET_PARAM.sub(_masked_param, text)


def looks_like_url(text: str) -> bool:
    """A setting meant as a URL (or a libpq keyword/value string), however mistyped: never a file name."""
    stripped = text.strip()
    lowered = stripped.lower()
    if "://" in stripped or lowered.startswith(POSTGRES_SCHEMES):
        return True
    if SCHEME.match(stripped) and re.match(r"^[A-Za-z][A-Za-z0-9+.\-]+:/", stripped):
        return True
    if re.match(r"^[^/\\\s]*:[^/\\]*@", stripped):  # user:password@host without a scheme
        return True
    return any(_is_secret_key(m["key"]) for m in _SECRET_PARAM.finditer(stripped))


def url_problem(url: str) -> str | None:
    """Why ``url`` is not a libpq connection URI asyncpg can use (``None`` when it is one)."""
    match = SCHEME.match(url)
    if match is None or match["scheme"].lower() not in POSTGRES_SCHEMES:
        return "it does not start with postgresql://"
    rest = url[match.end() :]
    if not rest.startswith("//"):
        return "postgresql: must be followed by //"
    rest = rest[2:]
    if _PERCENT.search(url):
        return "a % must start a percent-encoded byte (%40 for @, %2F for /)"
    userinfo, at, tail = rest.rpartition("@")
    if not at:
        userinfo, tail = "", rest
    if re.search(r"[/?#@\s]", userinfo):
        return "the user or password holds a raw /, ?, #, @ or space: percent-encode it (/ is %2F, @ is %40)"
    if "#" in tail:
        return "a URL's # starts a fragment, which a database URL has not: percent-encode it (%23)"
    hosts = re.split(r"[/?]", tail, maxsplit=1)[0]
    for host in hosts.split(",") if hosts else []:
        bracketed = re.fullmatch(r"\[[0-9A-Fa-f:.%a-zA-Z]+\](?::(?P<port>[^:]*))?", host)
        if bracketed:
            port = bracketed["port"]
        else:
            name, _, port = host.partition(":")
            if ":" in port or re.search(r"[\[\]]", name):
                return "a host does not read as host:port (an IPv6 address goes in brackets: [::1]:5432)"
        if port and not _PORT.match(port):
            return "a port is not a number"
    query = tail.partition("?")[2]
    for pair in query.split("&") if query else []:
        if "=" not in pair:
            return "a query parameter has no value (write name=value&name=value)"
    return None
