package io.github.providergateway.host.client;

import java.io.IOException;
import java.lang.System.Logger.Level;
import java.nio.file.Path;
import java.time.Clock;

/**
 * Starts a gateway for a home when nobody answers ({@link GatewayClient#connectOrStart}), at most
 * once per {@link GatewayClient.Launch#startTimeout()}, so a gateway still starting up is not
 * started twice. A client made by {@code connect} has no launch and starts nothing. Client thread
 * only.
 */
final class GatewayLauncher {
  private static final System.Logger LOG = System.getLogger(GatewayClient.class.getName());
  private static final long LONG_AGO = Long.MIN_VALUE / 2;

  /** How to start one, or null to never start one. */
  private final GatewayClient.Launch launch;
  private final Path home;
  private final Clock clock;
  /** When this client last started a gateway (clock millis), or a very old time. Client thread only. */
  private long lastStartMillis = LONG_AGO;

  GatewayLauncher(GatewayClient.Launch launch, Path home, Clock clock) {
    this.launch = launch;
    this.home = home;
    this.clock = clock;
  }

  /** A connection attempt failed with {@code cause}: start a gateway if nobody listens and it is time. */
  void attemptFailed(Throwable cause) {
    if (launch == null || !isUnreachable(cause)) {
      return;
    }
    long now = clock.millis();
    if (now - lastStartMillis >= launch.startTimeout().toMillis()) {
      lastStartMillis = now;
      try {
        LOG.log(Level.INFO, "no gateway for {0}; starting one", home);
        launch.starter().start(home, launch.port());
      } catch (IOException | RuntimeException e) {
        LOG.log(Level.WARNING, "could not start a gateway: {0}", e.toString());
      }
    }
  }

  /** A gateway answered: the next loss may start one at once. */
  void answered() {
    lastStartMillis = LONG_AGO;
  }

  /** Whether {@code cause} means nobody listens (rather than a refusal from a live gateway). */
  private static boolean isUnreachable(Throwable cause) {
    return !(cause instanceof PendingReplies.AuthRefused);
  }
}
