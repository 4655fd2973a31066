"""Integration tests: real Spark standalone, Spark Connect and PostgreSQL on loopback."""
