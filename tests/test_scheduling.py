"""How ``bin/test`` splits the suite over its two workers (``tests/conftest.py``, ``xdist_groups``).

The groups are computed on the items pytest collects from small modules written here: a test that
asks for a fixture named ``spark`` goes to the Spark group, the others by module, and a module
whose tests of both kinds share a module- or package-scoped fixture goes whole to the Spark group,
unless every fixture they share is one of ``REPEATABLE_FIXTURES``.
"""

from __future__ import annotations

import pytest

from tests.conftest import REPEATABLE_FIXTURES, SPARK_GROUP, xdist_groups

FIXTURES = '''
import pytest

@pytest.fixture(scope="session")
def spark():
    return "session"

@pytest.fixture(scope="module")
def built_once():
    return "expensive"

@pytest.fixture(scope="module")
def {repeatable}():
    return "cheap"

@pytest.fixture
def per_test():
    return "every test"
'''


def groups(pytester: pytest.Pytester, **modules: str) -> dict[str, str]:
    pytester.makeconftest(FIXTURES.format(repeatable=sorted(REPEATABLE_FIXTURES)[0]))
    pytester.makepyfile(**modules)
    items, _ = pytester.inline_genitems()
    return {nodeid.split("/")[-1]: group for nodeid, group in xdist_groups(items).items()}


def test_spark_tests_go_to_the_spark_group_and_the_others_by_module(pytester: pytest.Pytester) -> None:
    found = groups(pytester, test_mixed="def test_a(spark): pass\ndef test_b(per_test): pass\n",
                   test_plain="def test_c(): pass\n")
    assert found == {"test_mixed.py::test_a": SPARK_GROUP, "test_mixed.py::test_b": "test_mixed.py",
                     "test_plain.py::test_c": "test_plain.py"}


def test_a_module_sharing_a_built_once_fixture_across_both_kinds_goes_whole(pytester: pytest.Pytester) -> None:
    found = groups(pytester, test_shared="def test_a(spark, built_once): pass\ndef test_b(built_once): pass\n")
    assert found == {"test_shared.py::test_a": SPARK_GROUP, "test_shared.py::test_b": SPARK_GROUP}


def test_a_module_sharing_only_repeatable_fixtures_is_split(pytester: pytest.Pytester) -> None:
    cheap = sorted(REPEATABLE_FIXTURES)[0]
    found = groups(pytester, test_cheap=f"def test_a(spark, {cheap}): pass\ndef test_b({cheap}): pass\n")
    assert found == {"test_cheap.py::test_a": SPARK_GROUP, "test_cheap.py::test_b": "test_cheap.py"}
