"""Command-line tools over the pipeline's Dagster definitions; none of them is a Dagster definition.

- :mod:`tools.demo` (``bin/demo``): the demo organization materialized through Dagster.
- :mod:`tools.demo_data`: the demo organization's landing zone, generated from a seed.
- :mod:`tools.query`: ``ahp query``, the warehouse or ``ahp resolve``'s output asked in Snowflake SQL or Spark SQL.
- :mod:`tools.automation`: what the Dagster daemon does (sensor ticks, automation), in-process.
- :mod:`tools.checks`: asset checks evaluated on stored partitions without materializing them.

:mod:`tools.env_file` reads ``.env`` as ``dagster dev`` does, before any of the pipeline's modules is imported.
:mod:`tools.common` is their one session set-up: where the landing zone, the warehouse and the
Dagster instance are (flags with the environment's defaults), and the resources over them.
Dependencies point one way: tools -> sensors -> assets -> resources -> access_history_platform.
"""

import sys


def _one_line_for_a_bad_setting(kind: type[BaseException], error: BaseException, trace: object,
                                previous=sys.excepthook) -> None:
    """A bad ``AHP_*`` setting, which the pipeline's modules read as they are imported, is one line naming the
    variable and its rule, not a traceback (the command still exits with 1)."""
    if kind.__name__ == "SettingsError":
        main = getattr(sys.modules.get("__main__"), "__spec__", None)
        print(f"{main.name if main is not None else sys.argv[0]}: error: {error}", file=sys.stderr)
        return
    previous(kind, error, trace)


sys.excepthook = _one_line_for_a_bad_setting
