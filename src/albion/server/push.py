"""Web Push (issue 31): a notification to a browser that subscribed (RFC 8030, its payload
encrypted for it, RFC 8291), signed with the server's VAPID key (RFC 8292) — `pywebpush`
does both. The key is a file `albion serve --vapid-key` names, made on first use; the
pages subscribe with its public half (`GET /api/push/key`). Both libraries are imported
when first used: a server without Web Push never loads them (20 MiB)."""

from __future__ import annotations

import base64
from dataclasses import dataclass
from pathlib import Path
from typing import Any


class PushGoneError(Exception):
    """The push service says the subscription is no more (404/410): forget it."""


@dataclass(frozen=True)
class PushSettings:
    """The VAPID key's file and the contact the push services may write to."""

    key_file: Path
    contact: str = "mailto:albion@localhost"

    def vapid(self) -> Any:
        """The server's VAPID key (`py_vapid.Vapid`), made and kept in `key_file` the
        first time."""
        from py_vapid import Vapid  # noqa: PLC0415 - only a server with Web Push

        if not self.key_file.exists():
            key = Vapid()
            key.generate_keys()
            self.key_file.parent.mkdir(parents=True, exist_ok=True)
            key.save_key(str(self.key_file))
            self.key_file.chmod(0o600)
        return Vapid.from_file(str(self.key_file))

    def public_key(self) -> str:
        """The key's public half as the browser's applicationServerKey (base64url)."""
        from cryptography.hazmat.primitives import serialization  # noqa: PLC0415

        raw = self.vapid().public_key.public_bytes(
            serialization.Encoding.X962, serialization.PublicFormat.UncompressedPoint)
        return base64.urlsafe_b64encode(raw).rstrip(b"=").decode()


def send_push(push: PushSettings, endpoint: str, p256dh: str, auth: str, data: str) -> None:
    """Send `data` to one subscribed browser (raises on failure; PushGoneError when the
    subscription has ended)."""
    from pywebpush import WebPushException, webpush  # noqa: PLC0415 - see above

    try:
        webpush({"endpoint": endpoint, "keys": {"p256dh": p256dh, "auth": auth}}, data,
                vapid_private_key=str(push.key_file), vapid_claims={"sub": push.contact},
                ttl=86_400, timeout=5)
    except WebPushException as problem:
        status = problem.response.status_code if problem.response is not None else None
        if status in (404, 410):
            raise PushGoneError(endpoint) from None
        raise
