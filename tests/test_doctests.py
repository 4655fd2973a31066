"""The examples in the engine's docstrings run: each module's doctests pass (a docstring that shows a result
the code no longer gives fails here, not silently)."""

from __future__ import annotations

import ast
import doctest
import importlib
import pkgutil
from collections import Counter
from pathlib import Path

import pytest

import access_history_platform

MODULES = sorted(info.name for info in pkgutil.walk_packages(access_history_platform.__path__,
                                                             access_history_platform.__name__ + "."))


@pytest.mark.parametrize("name", MODULES)
def test_the_docstring_examples_of_each_module_hold(name: str) -> None:
    failed, _ = doctest.testmod(importlib.import_module(name), optionflags=doctest.ELLIPSIS)
    assert failed == 0, f"{name}: {failed} docstring example(s) give another result (run python -m doctest -v)"



def test_no_module_binds_a_top_level_name_twice() -> None:
    """A module that defines a function, a class or a constant twice (or a class a method twice) silently gives every
    caller the later one: two readers' sets of the same name once made one reader use the other's."""
    root = Path(access_history_platform.__file__).parent
    twice = {str(path.relative_to(root.parent)): names for path in sorted(root.rglob("*.py"))
             if (names := _bound_twice(path.read_text()))}
    assert not twice, f"names bound twice: {twice}"


def _bound_twice(source: str) -> list[str]:
    """The names a module's top level binds more than once, and the methods a class defines twice (a property's
    setter, which reuses its name, apart)."""
    tree = ast.parse(source)
    top: Counter[str] = Counter()
    for node in tree.body:
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            top[node.name] += 1
        targets = node.targets if isinstance(node, ast.Assign) else \
            [node.target] if isinstance(node, ast.AnnAssign) and node.value is not None else []
        top.update(target.id for target in targets if isinstance(target, ast.Name) and target.id != "__all__")
    twice = [name for name, count in top.items() if count > 1]
    for node in ast.walk(tree):
        if isinstance(node, ast.ClassDef):
            methods = Counter(item.name for item in node.body if isinstance(item, (ast.FunctionDef, ast.AsyncFunctionDef))
                              and not any(isinstance(d, ast.Attribute) for d in item.decorator_list))
            twice += [f"{node.name}.{name}" for name, count in methods.items() if count > 1]
    return twice
