"""E-mail through the SMTP server `albion serve` is given (issue 31: `--smtp-host`,
notifications by e-mail, opt-in per account). The standard library's `smtplib`, run in a
worker thread, one connection per batch; each message's Message-ID is the notification's
own, so a mail system that gets one twice shows it once."""

from __future__ import annotations

import contextlib
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
    timeout: float = 5.0


def message_of(smtp: SmtpSettings, to: str, subject: str, body: str,
               message_id: str) -> EmailMessage:
    """One plain-text message."""
    message = EmailMessage()
    message["From"] = smtp.sender
    message["To"] = to
    message["Subject"] = subject
    message["Date"] = formatdate(localtime=False)
    message["Message-ID"] = message_id
    message.set_content(body)
    return message


class MailSession:
    """One connection to the SMTP server for a batch of messages, opened at the first
    and closed at the end (`with`); raises on failure (the courier tries again)."""

    def __init__(self, smtp: SmtpSettings) -> None:
        self.smtp = smtp
        self.server: smtplib.SMTP | None = None

    def __enter__(self) -> MailSession:
        return self

    def __exit__(self, *exc: object) -> None:
        if self.server is not None:
            with contextlib.suppress(smtplib.SMTPException, OSError):
                self.server.quit()
            self.server = None

    def send(self, to: str, subject: str, body: str, message_id: str) -> None:
        if self.server is None:
            server = smtplib.SMTP(self.smtp.host, self.smtp.port, timeout=self.smtp.timeout)
            if self.smtp.starttls:
                server.starttls()
            if self.smtp.username is not None:
                server.login(self.smtp.username, self.smtp.password or "")
            self.server = server
        try:
            self.server.send_message(message_of(self.smtp, to, subject, body, message_id))
        except (smtplib.SMTPServerDisconnected, OSError):
            self.server = None  # the next message opens a new connection
            raise
