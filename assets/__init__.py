"""Dagster assets of the Access History Platform."""
