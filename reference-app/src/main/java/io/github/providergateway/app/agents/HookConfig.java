package io.github.providergateway.app.agents;

import io.github.providergateway.agent.hook.HookRoute;
import io.github.providergateway.agent.tokens.ClientTokens;
import io.github.providergateway.app.cli.ExitCodes;
import java.io.OutputStream;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Optional;

/**
 * {@code gateway hook --print-config AGENT} and {@code gateway hook --revoke NAME}: the hooks'
 * set-up for a person to paste, with a hook token issued for Claude Code's HTTP hook, and taking
 * such a token back (docs/agents.md).
 */
public final class HookConfig {

  private HookConfig() {}

  /**
   * Prints {@code agent}'s hook set-up; for Claude Code, after issuing a hook token for {@code
   * client}.
   */
  public static int print(
      AgentConfig config,
      AgentConfig.Target agent,
      String client,
      Path home,
      int port,
      OutputStream out,
      PrintStream err) {
    PrintStream printed = new PrintStream(out, true, StandardCharsets.UTF_8);
    Optional<AgentSettings> settings = AgentSettingsRegistry.byId(agent.word());
    if (settings.isEmpty()) {
      err.println(
          "gateway hook: --print-config takes "
              + AgentNames.sentence()
              + " (VS Code and HTTP clients have no pre-tool-use hook of their own; their calls"
              + " through the gateway pass its gates anyway)");
      return ExitCodes.USAGE;
    }
    if (!settings.get().takesHttpHook()) {
      err.flush();
      printed.print(config.printedHooks(settings.get().kind().dialect()));
      return ExitCodes.OK;
    }
    ClientTokens tokens = ClientTokens.hooks(home);
    boolean replacing = hasToken(tokens, client);
    IssuedToken issued = IssuedToken.issue(tokens, client, home, "gateway hook", err);
    if (issued.token() == null) {
      return issued.exitCode();
    }
    // The home's port (GatewayHomeOptions.port): the running gateway's, else the home's own.
    URI url =
        URI.create(
            "http://127.0.0.1:" + port + HookRoute.PATH + "/" + settings.get().kind().word());
    err.flush();
    printed.print(
        settings
            .get()
            .httpHookSnippet(
                config,
                new AgentConfig.HookAccess(url, client, issued.token(), tokens.file(), replacing)));
    return ExitCodes.OK;
  }

  /**
   * Whether {@code client} has a token now (a file that cannot be read: no, and issuing says why).
   */
  private static boolean hasToken(ClientTokens tokens, String client) {
    try {
      return tokens.clients().contains(client);
    } catch (UncheckedIOException e) {
      return false;
    }
  }

  /** {@code --revoke NAME}: the client's hook token stops working at its next request. */
  public static int revoke(Path home, String client, OutputStream out, PrintStream err) {
    ClientTokens tokens = ClientTokens.hooks(home);
    try {
      if (!tokens.revoke(client)) {
        err.println(
            "gateway hook: no client named '"
                + client
                + "' has a hook token"
                + (tokens.clients().isEmpty()
                    ? " (none has)"
                    : " (clients: " + String.join(", ", tokens.clients()) + ")"));
        return ExitCodes.USAGE;
      }
    } catch (UncheckedIOException e) {
      err.println("gateway hook: cannot update " + tokens.file() + ": " + e.getMessage());
      return ExitCodes.START_FAILED;
    }
    new PrintStream(out, true, StandardCharsets.UTF_8)
        .println(
            "Revoked the hook token of '"
                + client
                + "'; its next hook request gets 401 (Claude Code then blocks the call).");
    return ExitCodes.OK;
  }
}
