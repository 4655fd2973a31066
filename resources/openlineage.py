"""Where OpenLineage events go besides the warehouse: an optional HTTP endpoint (Marquez, DataHub, ...).

The ``openlineage_events`` asset always writes the account-day's events as JSON lines into
the warehouse; when :attr:`OpenLineageTransport.url` is set, its Spark tasks also post each
event to ``<url>/<endpoint>`` through the OpenLineage client's HTTP transport
(:class:`~access_history_platform.openlineage.Endpoint`, the resource's settings as plain data),
with the API key (if any) as a bearer token. A refused event (an HTTP error status, or no
answer) fails the run with the status, never silently: the partition's events are then left
as they were.

From the environment (:func:`resources.resources_from_env`): ``AHP_OPENLINEAGE_URL`` (unset:
no endpoint), ``AHP_OPENLINEAGE_API_KEY`` (read through ``dg.EnvVar`` when the resource is
configured in code, so the key never appears in the UI), ``AHP_OPENLINEAGE_NAMESPACE``.
"""

from __future__ import annotations

from collections.abc import Iterable

import dagster as dg
from openlineage.client import OpenLineageClient
from openlineage.client.event_v2 import RunEvent
from pydantic import Field

from access_history_platform.openlineage import Endpoint, EventRefused

#: The default dataset namespace: OpenLineage's naming convention for a Snowflake account.
SNOWFLAKE_NAMESPACE = "snowflake://{organization}-{account}"


class OpenLineageRefused(dg.Failure):
    """The endpoint answered an event with an error status, or not at all."""


class OpenLineageTransport(dg.ConfigurableResource):
    """The OpenLineage endpoint the events are posted to (none by default) and the datasets' namespace."""

    url: str | None = Field(default=None, description="base URL of the OpenLineage endpoint; unset: events are only "
                                                      "written to the warehouse")
    endpoint: str = Field(default="api/v1/lineage", description="path of the lineage API under the URL")
    api_key: str | None = Field(default=None, description="API key sent as a bearer token (use dg.EnvVar)")
    timeout_seconds: float = Field(default=5.0, description="how long one post may take")
    retries: int = Field(default=5, description="retries of an event on a 5xx answer or a lost connection")
    namespace: str = Field(default=SNOWFLAKE_NAMESPACE,
                           description="the warehouse's dataset namespace; {organization} and {account} are filled in "
                                       "(OpenLineage naming: snowflake://{organization}-{account}, "
                                       "postgres://host:port, ...)")

    @property
    def enabled(self) -> bool:
        return bool(self.url)

    def namespace_of(self, *, organization: str, account: str) -> str:
        return self.namespace.format(organization=organization, account=account)

    def endpoint_of(self) -> Endpoint:
        """The endpoint as plain data (:class:`~access_history_platform.openlineage.Endpoint`: what a Spark task
        posts through); the resource must be :attr:`enabled`."""
        if not self.url:
            raise ValueError("no OpenLineage endpoint configured (url is unset)")
        return Endpoint(url=self.url, endpoint=self.endpoint, api_key=self.api_key,
                        timeout_seconds=self.timeout_seconds, retries=self.retries)

    def client(self) -> OpenLineageClient:
        """The OpenLineage client posting to :attr:`url` (the resource must be :attr:`enabled`)."""
        return self.endpoint_of().client()

    def emit(self, client: OpenLineageClient, event: RunEvent) -> None:
        """Post one event; an error status or no answer is an :class:`OpenLineageRefused` naming it."""
        try:
            self.endpoint_of().post(client, event)
        except EventRefused as err:
            raise OpenLineageRefused(str(err)) from None

    def emit_all(self, events: Iterable[RunEvent]) -> int:
        """Post every event in turn (stopping at the first refused); how many were posted."""
        client, posted = self.client(), 0
        for event in events:
            self.emit(client, event)
            posted += 1
        return posted
