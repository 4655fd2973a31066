"""Dagster resources of the Access History Platform."""
