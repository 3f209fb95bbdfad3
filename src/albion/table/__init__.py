"""One game in progress: the Table, the authority every face drives."""

from albion.table.entries import Entry
from albion.table.log import LogRow
from albion.table.table import AgentError, AnyTable, Table
from albion.table.update import Update

__all__ = ["AgentError", "AnyTable", "Entry", "LogRow", "Table", "Update"]
