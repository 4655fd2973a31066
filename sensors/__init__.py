"""Dagster sensors of the Access History Platform."""
