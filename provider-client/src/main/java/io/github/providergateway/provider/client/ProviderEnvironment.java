package io.github.providergateway.provider.client;

import java.io.IOException;
import java.net.URI;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;

/**
 * Where a provider finds its gateway and its token when nobody passes them in: the variables the
 * gateway sets for the providers it spawns, and the token file it writes for the ones a person
 * starts (docs/providers.md). Read exactly as the Node and Python examples read them
 * (examples/node/provider.mjs, examples/python/provider.py), so that one environment serves a
 * provider in any language: an empty variable counts as unset.
 *
 * <ul>
 *   <li>the URL: {@value #URL}, else {@value #DEFAULT_URL};
 *   <li>the token: {@value #TOKEN}, else the token file {@code
 *       <COPILOT_HOME>/extensions/tap/.provider-token}, where {@code COPILOT_HOME} defaults to
 *       {@code ~/.copilot} ({@code ~} is {@code HOME}, else the JVM's {@code user.home}).
 * </ul>
 */
final class ProviderEnvironment {

  static final String URL = "TAP_GATEWAY_URL";
  static final String TOKEN = "TAP_PROVIDER_TOKEN";
  static final String COPILOT_HOME = "COPILOT_HOME";
  static final String HOME = "HOME";
  static final String DEFAULT_URL = "ws://127.0.0.1:9400";

  private final Map<String, String> variables;

  ProviderEnvironment(Map<String, String> variables) {
    this.variables = variables;
  }

  /** The gateway's URL. */
  URI gatewayUri() {
    String url = get(URL);
    if (url == null) {
      return URI.create(DEFAULT_URL);
    }
    try {
      return new URI(url);
    } catch (URISyntaxException e) {
      throw new IllegalArgumentException(URL + " is not a URI: " + url, e);
    }
  }

  /**
   * The provider's token.
   *
   * @throws IllegalStateException when there is neither the variable nor a readable, non-empty
   *     token file; the message names both, as the examples' does
   */
  String token() {
    String token = get(TOKEN);
    if (token != null) {
      return token;
    }
    Path file = tokenFile();
    String read;
    try {
      read = Files.readString(file).strip();
    } catch (IOException e) {
      throw new IllegalStateException(
          "No " + TOKEN + " and no token file at " + file + ": is the gateway running?", e);
    }
    if (read.isEmpty()) {
      throw new IllegalStateException(
          "No " + TOKEN + ", and the token file at " + file + " is empty");
    }
    return read;
  }

  /** Where the gateway of the default home writes its token. */
  Path tokenFile() {
    String copilotHome = get(COPILOT_HOME);
    Path home = copilotHome != null ? Path.of(copilotHome) : userHome().resolve(".copilot");
    return home.resolve("extensions").resolve("tap").resolve(".provider-token");
  }

  private Path userHome() {
    String home = get(HOME);
    return Path.of(home != null ? home : System.getProperty("user.home"));
  }

  /** The variable's value, or null when it is unset or empty. */
  private String get(String name) {
    String value = variables.get(name);
    return value == null || value.isEmpty() ? null : value;
  }
}
