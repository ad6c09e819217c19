package io.github.providergateway.host;

import io.github.providergateway.gateway.Gateway;
import io.github.providergateway.host.api.HostErrorCode;
import io.github.providergateway.host.api.HostException;
import io.github.providergateway.loop.InboundBacklog;
import io.github.providergateway.loop.Scheduler;
import java.lang.System.Logger.Level;
import java.time.Duration;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.function.Consumer;
import java.util.function.Supplier;
import java.util.random.RandomGenerator;

/**
 * The host side, wired: the registry of connections and owners, the event fan-out, {@code
 * host.auth} and the commands, all on the gateway loop ({@link HostLoop}). The public {@code
 * HostService} is a thin front over it.
 */
final class HostSide {
  private static final System.Logger LOG = System.getLogger(HostSide.class.getName());

  private final HostLoop loop;
  private final HostRegistry registry;
  private final HostAuthenticator authenticator;
  private final HostCommands commands;
  private final Duration authTimeout;
  private final InboundBacklog inbound;

  /** What a {@code HostService.Builder} was given, defaults applied. */
  public record Settings(
      Scheduler scheduler,
      Duration reclaimGrace,
      Duration authTimeout,
      Duration idleExitGrace,
      Runnable onIdle,
      Consumer<Duration> onShutdown,
      Map<String, String> defaultPromptSections,
      RandomGenerator random,
      String gatewayId,
      DecisionLog decisionLog,
      java.util.function.Supplier<java.net.URI> statusLinks,
      ProviderReloads providerReloads,
      HeldGates heldGates,
      io.github.providergateway.host.api.PersonCheck personCheck) {}

  public HostSide(Gateway gateway, Settings settings) {
    this.loop = new HostLoop(gateway, settings.scheduler());
    this.authTimeout = settings.authTimeout();
    this.inbound = gateway.inboundBacklog();
    this.registry =
        new HostRegistry(
            loop,
            gateway,
            settings.reclaimGrace(),
            settings.random(),
            settings.idleExitGrace(),
            settings.onIdle());
    HostEvents events = new HostEvents(registry);
    this.authenticator = new HostAuthenticator(gateway, registry, settings.gatewayId());
    this.commands =
        new HostCommands(
            gateway,
            registry,
            events,
            settings.onShutdown(),
            settings.defaultPromptSections(),
            settings.decisionLog(),
            settings.statusLinks(),
            settings.providerReloads(),
            settings.heldGates(),
            settings.personCheck());
    gateway.monitor().addListener(events);
  }

  /** A connection that must authenticate first; silence past the auth timeout closes it. */
  public HostChannel open(HostConnection connection) {
    HostLink link = newLink(connection);
    loop.execute(
        () ->
            link.authDeadline(
                loop.after(
                    authTimeout,
                    () -> {
                      if (link.authDeadlinePassed()) {
                        LOG.log(
                            Level.INFO,
                            "{0}: no host.auth within {1}; closing",
                            connection.describe(),
                            authTimeout);
                      }
                    })));
    return link;
  }

  /** A connection authenticated by how it reached the gateway. */
  public HostChannel openTrusted(HostConnection connection) {
    HostLink link = newLink(connection);
    loop.execute(() -> registry.addTrusted(link));
    return link;
  }

  private HostLink newLink(HostConnection connection) {
    return new HostLink(
        connection,
        inbound.share(connection::suspendReading, connection::resumeReading),
        loop,
        registry,
        authenticator,
        commands);
  }

  /** See {@code HostService.startIdleExit}. */
  public void startIdleExit() {
    loop.execute(registry::startIdleExit);
  }

  public CompletableFuture<Integer> connectedHosts() {
    return onLoop(registry::connectedHosts);
  }

  public CompletableFuture<Set<String>> orphanedSessions() {
    return onLoop(registry::orphanedSessions);
  }

  /** Cancels the timers; connections are the carriers' to close. Idempotent. */
  public void close() {
    loop.execute(registry::close);
  }

  private <T> CompletableFuture<T> onLoop(Supplier<T> query) {
    CompletableFuture<T> answer = new CompletableFuture<>();
    if (!loop.execute(() -> answer.complete(query.get()))) {
      answer.completeExceptionally(
          new HostException(HostErrorCode.GATEWAY_CLOSED, "the gateway has stopped"));
    }
    return answer;
  }
}
