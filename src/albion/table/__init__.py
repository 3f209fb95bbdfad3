"""One game in progress: the Table, the authority every face drives."""

from albion.table.entries import Entry
from albion.table.table import AgentError, LogRow, Table

__all__ = ["AgentError", "Entry", "LogRow", "Table"]
