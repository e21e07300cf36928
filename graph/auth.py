"""Who may see what on the LangGraph server (``langgraph.json`` → ``auth``).

Two modes, chosen once at startup from the environment:

- **keys**: every request carries an API key, as ``Authorization: Bearer <key>`` or
  ``x-api-key: <key>``; the key names an identity. Keys come from ``AISLE_API_KEYS``
  (comma-separated ``key:identity`` pairs) and/or ``AISLE_API_KEYS_FILE`` (one
  ``key identity`` per line; blank lines and ``#`` comments skipped). A thread belongs to
  the identity that created it (``metadata.owner``): only its owner reads, updates,
  deletes, lists or runs it. The store's profiles (``("users", <identity>)``) are the
  identity's own; assistants and crons cannot be written.
- **open** (local development): no keys; every request from a loopback client to a
  loopback address is the single identity ``local``, which may do everything (all
  profiles, assistants). Anything else is refused: open mode never serves the network.

``AISLE_AUTH`` = ``keys`` | ``off`` picks the mode; unset, it is ``keys`` when
``AISLE_API_KEYS`` or ``AISLE_API_KEYS_FILE`` is set and ``off`` otherwise. A
contradiction (``off`` with keys set, ``keys`` without any) or a malformed key stops the
server at startup: configured keys never fall back to open mode.

This module is loaded by the server from its path, so it imports nothing from ``graph``.
The graph side (``graph.profile.user_id_of``) personalises a run as the authenticated
identity unless it holds :data:`ANY_PROFILE`.
"""

from __future__ import annotations

import hashlib
import hmac
import ipaddress
import logging
import os
import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from langgraph_sdk import Auth

logger = logging.getLogger("aisle.auth")

LOCAL_IDENTITY = "local"
ANY_PROFILE = "aisle:any-profile"  # graph.profile honours configurable user_id (same string)
WRITE_ASSISTANTS = "aisle:write-assistants"
PROFILE_NAMESPACE = "users"  # graph.profile.NAMESPACE
MIN_KEY_LENGTH = 16
# A store namespace label: no dots (GET /store/items joins the namespace with them).
_IDENTITY = re.compile(r"[A-Za-z0-9][A-Za-z0-9_@+-]{0,63}")


class AuthConfigError(ValueError):
    """The auth environment is contradictory or malformed (the server must not start)."""


@dataclass(frozen=True)
class AuthSettings:
    """The server's mode (``keys`` or ``open``) and, in keys mode, its keys."""

    mode: str  # "keys" or "open"
    # sha256(key) → identity; hashed so every comparison has the same length
    keys: dict[bytes, str] = field(default_factory=dict)

    @property
    def identities(self) -> list[str]:
        """The distinct identities the keys name, sorted."""
        return sorted(set(self.keys.values()))


def _digest(token: str) -> bytes:
    return hashlib.sha256(token.encode("utf-8")).digest()


def _add_key(keys: dict[bytes, str], token: str, identity: str, where: str) -> None:
    if len(token) < MIN_KEY_LENGTH or any(c.isspace() for c in token):
        raise AuthConfigError(
            f"{where}: a key must be at least {MIN_KEY_LENGTH} characters without spaces "
            f"(identity {identity!r})"
        )
    if not _IDENTITY.fullmatch(identity):
        raise AuthConfigError(
            f"{where}: identity {identity!r} must be 1-64 letters, digits, '_', '@', '+' "
            "or '-', starting with a letter or digit"
        )
    digest = _digest(token)
    if digest in keys:
        raise AuthConfigError(f"{where}: the key for {identity!r} is listed twice")
    keys[digest] = identity


def parse_keys(text: str, where: str = "AISLE_API_KEYS") -> dict[bytes, str]:
    """``key:identity,key:identity`` → {sha256(key): identity}."""
    keys: dict[bytes, str] = {}
    for n, pair in enumerate((p.strip() for p in text.split(",")), 1):
        if not pair:
            continue
        token, sep, identity = pair.rpartition(":")
        if not sep or not token:
            raise AuthConfigError(f"{where}: entry {n} is not 'key:identity'")
        _add_key(keys, token.strip(), identity.strip(), f"{where} entry {n}")
    return keys


def parse_keys_file(path: str | Path) -> dict[bytes, str]:
    """One ``key identity`` per line; blank lines and ``#`` comments are skipped."""
    try:
        lines = Path(path).read_text(encoding="utf-8").splitlines()
    except OSError as exc:
        raise AuthConfigError(f"AISLE_API_KEYS_FILE {path}: cannot read it ({exc})") from exc
    keys: dict[bytes, str] = {}
    for n, line in enumerate(lines, 1):
        line = line.strip()
        if not line or line.startswith("#"):
            continue
        parts = line.split()
        if len(parts) != 2:
            raise AuthConfigError(f"AISLE_API_KEYS_FILE {path}:{n}: expected 'key identity'")
        _add_key(keys, parts[0], parts[1], f"AISLE_API_KEYS_FILE {path}:{n}")
    return keys


def load_settings(environ: Mapping[str, str]) -> AuthSettings:
    """The auth mode and keys from ``environ``; raises :class:`AuthConfigError`."""
    text = environ.get("AISLE_API_KEYS", "").strip()
    path = environ.get("AISLE_API_KEYS_FILE", "").strip()
    requested = environ.get("AISLE_AUTH", "").strip().lower()
    if requested not in ("", "keys", "off"):
        raise AuthConfigError(f"AISLE_AUTH={requested!r}: use 'keys' or 'off'")
    configured = bool(text or path)
    if requested == "off":
        if configured:
            raise AuthConfigError(
                "AISLE_AUTH=off but API keys are configured (AISLE_API_KEYS or "
                "AISLE_API_KEYS_FILE): unset them, or drop AISLE_AUTH=off"
            )
        return AuthSettings("open")
    if requested == "" and not configured:
        return AuthSettings("open")
    keys = parse_keys(text) if text else {}
    for digest, identity in (parse_keys_file(path) if path else {}).items():
        if digest in keys:
            raise AuthConfigError(f"the key for {identity!r} is listed twice")
        keys[digest] = identity
    if not keys:
        raise AuthConfigError(
            "AISLE_AUTH=keys but no API key is configured: set AISLE_API_KEYS="
            "'key:identity,...' or AISLE_API_KEYS_FILE"
        )
    return AuthSettings("keys", keys)


def identity_for(settings: AuthSettings, token: str) -> str | None:
    """The identity of ``token``, or None. Compares against every key in constant time."""
    digest = _digest(token)
    found = None
    for known, identity in settings.keys.items():
        if hmac.compare_digest(known, digest):
            found = identity
    return found


def _is_loopback(host: Any) -> bool:
    try:
        return ipaddress.ip_address(str(host).split("%")[0]).is_loopback
    except ValueError:
        return False


def _bind_host(url: str) -> str:
    match = re.match(r"https?://(\[[^\]]+\]|[^:/]+)", url)
    return match.group(1).strip("[]") if match else ""


SETTINGS = load_settings(os.environ)
if SETTINGS.mode == "open":
    logger.warning(
        "Aisle auth: OPEN LOCAL MODE, no API keys configured (AISLE_API_KEYS / "
        "AISLE_API_KEYS_FILE unset): every request from 127.0.0.1 is the single user %r; "
        "requests from any other address are refused. Set AISLE_API_KEYS to serve others.",
        LOCAL_IDENTITY,
    )
    bind = _bind_host(os.environ.get("LANGGRAPH_API_URL", ""))
    if bind and bind != "localhost" and not _is_loopback(bind):
        logger.warning(
            "Aisle auth: the server listens on %s, but open local mode answers only "
            "loopback clients; configure AISLE_API_KEYS for remote ones",
            bind,
        )
else:
    logger.info(
        "Aisle auth: API keys required (%d keys, identities %s)",
        len(SETTINGS.keys),
        ", ".join(SETTINGS.identities),
    )

auth = Auth()


def _token(headers: Mapping[bytes, bytes]) -> str | None:
    bearer = None
    raw = headers.get(b"authorization")
    if raw is not None:
        scheme, _, value = raw.decode("latin-1").strip().partition(" ")
        if scheme.lower() != "bearer" or not value.strip():
            raise Auth.exceptions.HTTPException(401, "Authorization header must be 'Bearer <key>'")
        bearer = value.strip()
    api_key = headers.get(b"x-api-key")
    key = api_key.decode("latin-1").strip() if api_key is not None else None
    if bearer is not None and key is not None and bearer != key:
        raise Auth.exceptions.HTTPException(
            401, "two different keys (Authorization and x-api-key): send one"
        )
    return bearer if bearer is not None else key


@auth.authenticate
async def authenticate(
    headers: dict[bytes, bytes], scope: dict[str, Any]
) -> Auth.types.MinimalUserDict:
    """The caller's identity from its key (keys mode) or ``local`` (open mode, loopback only)."""
    headers = {k.lower(): v for k, v in headers.items()}
    if SETTINGS.mode == "open":
        client = (scope.get("client") or ("",))[0]
        server = (scope.get("server") or ("",))[0]
        proxied = b"forwarded" in headers or b"x-forwarded-for" in headers
        if proxied or not (_is_loopback(client) and _is_loopback(server)):
            raise Auth.exceptions.HTTPException(
                401,
                "open local mode (no API keys configured) serves only 127.0.0.1; "
                "configure AISLE_API_KEYS on the server",
            )
        return {
            "identity": LOCAL_IDENTITY,
            "permissions": [ANY_PROFILE, WRITE_ASSISTANTS],
        }
    token = _token(headers)
    if not token:
        raise Auth.exceptions.HTTPException(
            401, "missing API key: send 'Authorization: Bearer <key>' or 'x-api-key: <key>'"
        )
    identity = identity_for(SETTINGS, token)
    if identity is None:
        raise Auth.exceptions.HTTPException(401, "invalid API key")
    return {"identity": identity, "permissions": []}


def _identity(ctx: Auth.types.AuthContext) -> str:
    if isinstance(ctx.user, Auth.types.StudioUser) and SETTINGS.mode != "open":
        # the server's own Studio login bypasses @auth.authenticate; keys mode refuses it
        raise Auth.exceptions.HTTPException(401, "an API key is required")
    return ctx.user.identity


@auth.on
async def deny_by_default(ctx: Auth.types.AuthContext, value: Any) -> bool:
    """Whatever no handler below names (crons…): the local developer only."""
    _identity(ctx)
    return ANY_PROFILE in ctx.permissions


@auth.on.threads.create
async def create_thread(
    ctx: Auth.types.AuthContext, value: Auth.types.ThreadsCreate
) -> Auth.types.FilterType:
    """A new thread belongs to its creator, whatever owner its metadata claims."""
    owner = _identity(ctx)
    value.setdefault("metadata", {})["owner"] = owner
    # an existing thread id (if_exists=do_nothing) is answered only to its owner
    return {"owner": owner}


@auth.on.threads.create_run
async def run_thread(
    ctx: Auth.types.AuthContext, value: Auth.types.RunsCreate
) -> Auth.types.FilterType:
    """Runs on the caller's own threads; a thread a run creates is the caller's."""
    owner = _identity(ctx)
    metadata = value.get("metadata")
    if isinstance(metadata, dict):
        metadata["owner"] = owner  # a thread created by this run (stateless, if_not_exists)
    return {"owner": owner}


@auth.on.threads
async def own_threads(ctx: Auth.types.AuthContext, value: Any) -> Auth.types.FilterType:
    """Read, update, delete, search (and their runs and state): the owner's threads only."""
    return {"owner": _identity(ctx)}


@auth.on.assistants
async def assistants(ctx: Auth.types.AuthContext, value: Any) -> bool:
    """The graph's assistants are the deployment's: everyone reads, only ``local`` writes."""
    _identity(ctx)
    if ctx.action in ("read", "search"):
        return True
    if WRITE_ASSISTANTS in ctx.permissions:
        return True
    raise Auth.exceptions.HTTPException(403, "assistants are read-only for API keys")


@auth.on.store
async def own_profile(ctx: Auth.types.AuthContext, value: Any) -> None:
    """Store namespaces under ``("users", <identity>)`` only; a wider search is narrowed."""
    identity = _identity(ctx)
    if ANY_PROFILE in ctx.permissions:
        return None
    own = (PROFILE_NAMESPACE, identity)
    namespace = tuple(value.get("namespace") or ())
    if ctx.action in ("search", "list_namespaces") and own[: len(namespace)] == namespace:
        value["namespace"] = own
        return None
    if namespace[:2] == own:
        return None
    raise Auth.exceptions.HTTPException(
        403, f"store namespace {list(namespace)} is not yours: yours start with {list(own)}"
    )
