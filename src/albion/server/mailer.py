"""E-mail through the SMTP server `albion serve` is given (issue 31: `--smtp-host`,
notifications by e-mail, opt-in per account). The standard library's `smtplib`, run in a
worker thread; each message's Message-ID is the notification's own, so a mail system that
gets one twice shows it once."""

from __future__ import annotations

import smtplib
from dataclasses import dataclass
from email.message import EmailMessage
from email.utils import formatdate


@dataclass(frozen=True)
class SmtpSettings:
    host: str
    port: int = 25
    sender: str = "albion@localhost"
    username: str | None = None
    password: str | None = None
    starttls: bool = False
    timeout: float = 20.0


def send_mail(smtp: SmtpSettings, to: str, subject: str, body: str, message_id: str) -> None:
    """Send one plain-text message (raises on failure: the courier tries again)."""
    message = EmailMessage()
    message["From"] = smtp.sender
    message["To"] = to
    message["Subject"] = subject
    message["Date"] = formatdate(localtime=False)
    message["Message-ID"] = message_id
    message.set_content(body)
    with smtplib.SMTP(smtp.host, smtp.port, timeout=smtp.timeout) as server:
        if smtp.starttls:
            server.starttls()
        if smtp.username is not None:
            server.login(smtp.username, smtp.password or "")
        server.send_message(message)
