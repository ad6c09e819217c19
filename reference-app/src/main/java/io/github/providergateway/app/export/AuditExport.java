package io.github.providergateway.app.export;

import io.github.providergateway.gateway.event.Decision;
import io.github.providergateway.gateway.event.GatewayListener;

/**
 * One place the audit trail is sent beyond the machine (docs/audit.md, "Sending the trail off the
 * machine"): it hears every decision on the gateway's loop, only offers it to a bounded queue of
 * its own, and counts what it could not deliver. Deliberately an interface: the gateway holds the
 * OTLP export through it, so that no class of the OpenTelemetry SDK is loaded unless one is built.
 */
interface AuditExport extends GatewayListener, AutoCloseable {

  /** Offers {@code decision}, with what the trail adds to it ({@code labels}), to the queue. */
  void recorded(Decision decision, AuditLabels labels);

  /** Offers {@code decision} with no labels. */
  @Override
  default void decided(Decision decision) {
    recorded(decision, AuditLabels.NONE);
  }

  /** {@return where the records go, as a person reads it: {@code otlp https://…/v1/logs}} */
  String destination();

  /** {@return what it has sent and dropped so far} */
  ExportCounts counts();

  /** Sends what is queued, within a bounded time, then stops the export's thread. */
  @Override
  void close();
}
