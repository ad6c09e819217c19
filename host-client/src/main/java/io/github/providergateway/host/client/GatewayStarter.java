package io.github.providergateway.host.client;

import java.io.IOException;
import java.nio.file.Path;

/**
 * Starts a gateway for a home, for {@link GatewayClient#connectOrStart}. The library has no starter
 * of its own: which program is the gateway, and how to run it, is the caller's to say. The
 * reference app's is {@code io.github.providergateway.app.detached.DetachedGatewayStarter} (module
 * {@code reference-app}), which runs {@code gateway --detached} from the class path; a host that
 * has the app's jar elsewhere, or runs the gateway some other way, implements this.
 *
 * <p>What it starts must serve {@code home} on {@code port} as the detached gateway does: write the
 * token file ({@link GatewayHome#TOKEN_FILE}) and {@link GatewayHome#PORT_FILE} in the home, hold
 * {@link GatewayHome#LOCK_FILE} while it runs, write what it prints to {@code
 * <home>/logs/gateway.log}, and stay up while hosts use it. The client calls it at most once per
 * {@link GatewayLaunch#startTimeout()} while no gateway answers, on a thread of its own: it may
 * take a while (the reference app's prepares what the gateway runs from), and the client goes on
 * meanwhile, failing requests at once as it does whenever no gateway answers. An exception is
 * logged and the next connection attempt tries again.
 */
@FunctionalInterface
public interface GatewayStarter {
  /**
   * Starts a gateway for {@code home} on {@code port}; returns without waiting for it.
   *
   * @param home the gateway's home
   * @param port the port it must listen on
   * @return the process it started, for the client to watch: when it exits with a non-zero code
   *     before any gateway answered (and no other gateway holds the home: the loser of two hosts'
   *     start race exits too), {@link GatewayClient#connectOrStart} fails at once, with the exit
   *     code and the last lines of {@code <home>/logs/gateway.log}, instead of waiting out {@link
   *     GatewayLaunch#startTimeout()}. {@code null} when there is no such process (the gateway runs
   *     in this JVM, or was handed to a program that returns once it runs)
   * @throws IOException when the gateway cannot be started (the client logs it and tries again)
   */
  Process start(Path home, int port) throws IOException;
}
