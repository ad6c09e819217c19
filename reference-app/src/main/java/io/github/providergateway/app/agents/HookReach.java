package io.github.providergateway.app.agents;

import io.github.providergateway.host.client.GatewayHome;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.time.Duration;

/**
 * Whether a hook of the gateway reaches this home's gateway: a command hook must name this launcher
 * and this home ({@code gateway hook <agent>} as {@code gateway setup} writes it for the home,
 * {@link AgentConfig#shellLine}), an HTTP hook this home's port; and whether the home's gateway is
 * running (its token file is there and something listens on its port).
 */
final class HookReach {

  /** How long the look at the gateway's port may take: it is on this machine. */
  private static final Duration CONNECT = Duration.ofSeconds(1);

  /**
   * A finding.
   *
   * @param ok whether it reaches (or runs)
   * @param detail what was found, for a person
   * @param brief the same in a few words, for the doctor's one line about the gateway
   */
  record Reach(boolean ok, String detail, String brief) {

    /** A finding whose few words are its whole detail. */
    Reach(boolean ok, String detail) {
      this(ok, detail, detail);
    }
  }

  private final AgentConfig config;
  private final Path home;
  private final int port;

  /**
   * @param config the launcher and the home's options, as setup writes them
   * @param port the port the home's gateway listens on, or will
   */
  HookReach(AgentConfig config, Path home, int port) {
    this.config = config;
    this.home = home;
    this.port = port;
  }

  /** Whether {@code hook} of {@code agent} names this home's gateway. */
  Reach of(String agent, AgentHooks.Hook hook) {
    if (hook.url() != null) {
      URI url;
      try {
        url = URI.create(hook.url());
      } catch (IllegalArgumentException e) {
        return new Reach(false, "its URL cannot be read: " + hook.url());
      }
      boolean ok =
          url.getPort() == port
              && ("127.0.0.1".equals(url.getHost()) || "localhost".equals(url.getHost()));
      return new Reach(
          ok,
          ok
              ? "its URL " + url + " is this home's port"
              : "its URL " + url + " is not this home's (127.0.0.1:" + port + ")");
    }
    String command = hook.command();
    String ours = config.shellLine("hook", agent);
    int at = command.indexOf(ours);
    if (at >= 0 && !command.substring(at + ours.length()).matches("(?s)\\s+--home\\b.*")) {
      return new Reach(true, "it runs " + ours);
    }
    return new Reach(
        false,
        "it does not run this home's hook ("
            + ours
            + "): it runs "
            + command
            + ". Run 'gateway setup "
            + agent
            + "' with this home");
  }

  /** What the hooks do while no gateway runs (decision 76). */
  static final String UNTIL_IT_RUNS =
      "until it runs, a command hook allows only what the guard allows and no gate the home's"
          + " record holds concerns (denied while a configured provider's gates are unknown), and"
          + " Claude Code's HTTP hook blocks every call";

  /** Whether the home's gateway is running. */
  Reach gateway() {
    if (Files.notExists(home.resolve(GatewayHome.TOKEN_FILE), LinkOption.NOFOLLOW_LINKS)) {
      return new Reach(
          false,
          "the gateway of "
              + home
              + " is not running: "
              + UNTIL_IT_RUNS
              + ". "
              + "Start it ("
              + config.shellLine("--detached")
              + ", or an agent whose MCP server is the gateway starts it), then run the doctor"
              + " again",
          "NOT running: start it with '" + config.shellLine("--detached") + "'");
    }
    int listening;
    try {
      listening = GatewayHome.port(home, port);
    } catch (IOException e) {
      return new Reach(false, "the gateway's port cannot be read: " + e.getMessage());
    }
    try (Socket socket = new Socket()) {
      socket.connect(
          new InetSocketAddress(InetAddress.getLoopbackAddress(), listening),
          (int) CONNECT.toMillis());
      return new Reach(
          true,
          "the gateway of " + home + " is running on port " + listening,
          "running on port " + listening);
    } catch (IOException e) {
      return new Reach(
          false,
          "the gateway of "
              + home
              + " does not answer on port "
              + listening
              + " ("
              + e.getMessage()
              + "): "
              + UNTIL_IT_RUNS,
          "NOT answering on port "
              + listening
              + ": start it again with '"
              + config.shellLine("--detached")
              + "'");
    }
  }
}
