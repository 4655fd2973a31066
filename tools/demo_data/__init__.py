"""The demo organization's landing zone: catalogs and query logs for the pipeline to ingest.

:mod:`.generator` writes them deterministically from a seed; the SQL statement templates it
renders are data, in ``templates.yaml``. Used by ``bin/demo`` (:mod:`tools.demo`), the
automation driver and the tests; not part of the engine.
"""

from .generator import BAD_LINE_KINDS, DemoSummary, generate_demo

__all__ = ["BAD_LINE_KINDS", "DemoSummary", "generate_demo"]
