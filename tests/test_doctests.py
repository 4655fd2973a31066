"""The examples in the engine's docstrings run: each module's doctests pass (a docstring that shows a result
the code no longer gives fails here, not silently)."""

from __future__ import annotations

import doctest
import importlib
import pkgutil

import pytest

import access_history_platform

MODULES = sorted(info.name for info in pkgutil.walk_packages(access_history_platform.__path__,
                                                             access_history_platform.__name__ + "."))


@pytest.mark.parametrize("name", MODULES)
def test_the_docstring_examples_of_each_module_hold(name: str) -> None:
    failed, _ = doctest.testmod(importlib.import_module(name), optionflags=doctest.ELLIPSIS)
    assert failed == 0, f"{name}: {failed} docstring example(s) give another result (run python -m doctest -v)"
