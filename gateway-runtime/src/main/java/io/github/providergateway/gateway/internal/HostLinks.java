package io.github.providergateway.gateway.internal;

import io.github.providergateway.gateway.Gateway;
import io.github.providergateway.gateway.HostChannel;
import io.github.providergateway.gateway.HostConnection;
import io.github.providergateway.gateway.HostService;
import io.github.providergateway.gateway.Scheduler;
import java.lang.System.Logger.Level;
import java.time.Duration;
import java.util.function.Consumer;

/**
 * Opens the host side of each host connection: one that must send {@code host.auth} within the
 * auth timeout, or one trusted by how it reached the gateway. Internal: public only for {@link
 * HostService}.
 */
public final class HostLinks {
  private static final System.Logger LOG = System.getLogger(HostService.class.getName());

  private final HostRegistry registry;
  private final Scheduler scheduler;
  private final Duration authTimeout;
  private final HostAuthenticator authenticator;
  private final HostCommands commands;

  /**
   * @param onShutdown stops the gateway when a host asks, or null to refuse {@code shutdown}
   * @param gatewayId this gateway run's id, for {@code host.auth} replies
   */
  public HostLinks(
      Gateway gateway,
      HostRegistry registry,
      HostEvents events,
      Scheduler scheduler,
      Duration authTimeout,
      Consumer<Duration> onShutdown,
      String gatewayId) {
    this.registry = registry;
    this.scheduler = scheduler;
    this.authTimeout = authTimeout;
    this.authenticator = new HostAuthenticator(gateway, registry, gatewayId);
    this.commands = new HostCommands(gateway, registry, events, onShutdown);
  }

  /** A connection that must authenticate first; silence past the auth timeout closes it. */
  public HostChannel open(HostConnection connection) {
    HostLink link = new HostLink(connection, registry, authenticator, commands);
    link.authTimer(
        scheduler.schedule(
            authTimeout,
            () -> {
              if (!link.isAuthenticated()) {
                LOG.log(Level.INFO, "{0}: no host.auth within {1}; closing", connection.describe(), authTimeout);
                link.shut();
              }
            }));
    return link;
  }

  /** A connection authenticated by how it reached the gateway. */
  public HostChannel openTrusted(HostConnection connection) {
    HostLink link = new HostLink(connection, registry, authenticator, commands);
    registry.addTrusted(link);
    return link;
  }
}
