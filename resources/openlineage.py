"""Where OpenLineage events go besides the warehouse: an optional HTTP endpoint (Marquez, DataHub, ...).

The ``openlineage_events`` asset always writes the account-day's events as JSON lines into
the warehouse; when :attr:`OpenLineageTransport.url` is set, it also posts each event to
``<url>/<endpoint>`` through the OpenLineage client's HTTP transport, with the API key (if
any) as a bearer token. A refused event (an HTTP error status, or no answer) fails the run
with the status, never silently: the partition's events file is then left as it was.

From the environment (:func:`resources.resources_from_env`): ``AHP_OPENLINEAGE_URL`` (unset:
no endpoint), ``AHP_OPENLINEAGE_API_KEY`` (read through ``dg.EnvVar`` when the resource is
configured in code, so the key never appears in the UI), ``AHP_OPENLINEAGE_NAMESPACE``.
"""

from __future__ import annotations

from collections.abc import Iterable

import dagster as dg
import requests
from openlineage.client import OpenLineageClient
from openlineage.client.event_v2 import RunEvent
from openlineage.client.transport.http import ApiKeyTokenProvider, HttpConfig, HttpTransport, TokenProvider
from pydantic import Field

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

    def client(self) -> OpenLineageClient:
        """The OpenLineage client posting to :attr:`url` (the resource must be :attr:`enabled`)."""
        if not self.url:
            raise ValueError("no OpenLineage endpoint configured (url is unset)")
        auth = ApiKeyTokenProvider({"api_key": self.api_key}) if self.api_key else TokenProvider({})
        retry = {"total": self.retries, "read": self.retries, "connect": self.retries, "backoff_factor": 0.3,
                 "status_forcelist": [500, 502, 503, 504], "allowed_methods": ["HEAD", "POST"]}
        config = HttpConfig(url=self.url, endpoint=self.endpoint, timeout=self.timeout_seconds, auth=auth,
                            retry=retry)
        return OpenLineageClient(transport=HttpTransport(config))

    def emit(self, client: OpenLineageClient, event: RunEvent) -> None:
        """Post one event; an error status or no answer is an :class:`OpenLineageRefused` naming it."""
        try:
            client.emit(event)
        except requests.HTTPError as err:
            status = err.response.status_code if err.response is not None else "?"
            raise OpenLineageRefused(f"OpenLineage endpoint {self.url} answered HTTP {status} to the event of run "
                                     f"{event.run.runId} (job {event.job.name}): {err}") from None
        except requests.RequestException as err:
            raise OpenLineageRefused(f"OpenLineage endpoint {self.url} did not take the event of run "
                                     f"{event.run.runId} (job {event.job.name}): {err}") from None

    def emit_all(self, events: Iterable[RunEvent]) -> int:
        """Post every event in turn (stopping at the first refused); how many were posted."""
        client, posted = self.client(), 0
        for event in events:
            self.emit(client, event)
            posted += 1
        return posted
