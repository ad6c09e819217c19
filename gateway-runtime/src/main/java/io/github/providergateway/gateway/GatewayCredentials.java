package io.github.providergateway.gateway;

import java.nio.file.Path;
import java.util.Optional;

/**
 * The gateway token that providers started by hand present, and the file it is published in: for
 * the transport that publishes it once it listens, and for code that lets peers in with it (the
 * host side's {@code host.auth}). Get it from {@link Gateway#credentials()}. Spawn tokens, scoped
 * to one session, are issued by {@link ProviderSpawning}. Any thread.
 */
public interface GatewayCredentials {
  /**
   * {@return the gateway token for providers started by hand (project trust)}. Treat it as a
   * secret.
   */
  String providerToken();

  /**
   * Whether {@code presented} is the {@linkplain #providerToken() gateway token}, compared in
   * constant time (by SHA-256 digest): for code that lets peers in with it, such as the host side's
   * {@code host.auth}.
   *
   * @param presented the token a peer presented; not null
   * @return whether it is the gateway token
   */
  boolean isProviderToken(String presented);

  /**
   * Where the token file is, when the gateway has a home: {@code <home>/.provider-token}. It exists
   * from {@link #publishTokenFile()} until {@link Gateway#close()}.
   *
   * @return the path, whether or not the file exists now; empty without a home
   */
  Optional<Path> tokenFile();

  /**
   * Writes the gateway token to {@code <home>/.provider-token} (owner-only), where providers
   * started by hand look for it. A {@code WebSocketServer} calls this once it listens; call it
   * yourself when other processes reach the gateway another way. It is not written at {@link
   * Gateway.Builder#build()}: a gateway that then fails to listen (its port taken by another
   * gateway of the same home) must not replace, and on closing delete, the running gateway's token
   * file. Idempotent; does nothing without a home or after {@link Gateway#close()}. Any thread.
   *
   * @return the file, when one was written
   * @throws java.io.UncheckedIOException when the file cannot be written
   */
  Optional<Path> publishTokenFile();
}
