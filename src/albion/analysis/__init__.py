"""The analysis of a finished game (issue 33): fair and hindsight win chances at every
decision, each decision judged and the flagged ones explained, a summary per seat and the
positions to replay (docs/analysis.md)."""

from albion.analysis.analyse import (
    AnalysisError,
    AnalysisSettings,
    analyse,
    check_finished,
    decision_indices,
)
from albion.analysis.labels import THRESHOLDS, Label, judged_fall, label_for
from albion.analysis.report import ANALYSIS_FORMAT, Analysis, Decision, SeatSummary

__all__ = [
    "ANALYSIS_FORMAT",
    "THRESHOLDS",
    "Analysis",
    "AnalysisError",
    "AnalysisSettings",
    "Decision",
    "Label",
    "SeatSummary",
    "analyse",
    "check_finished",
    "decision_indices",
    "judged_fall",
    "label_for",
]
