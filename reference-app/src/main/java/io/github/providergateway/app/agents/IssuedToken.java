package io.github.providergateway.app.agents;

import io.github.providergateway.agent.tokens.ClientTokens;
import io.github.providergateway.app.cli.ExitCodes;
import io.github.providergateway.app.home.HomeDirectory;
import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.file.Path;

/**
 * A client token a command issues for a person to paste ({@code gateway mcp --print-config http},
 * {@code gateway hook --print-config claude}), or the exit code of the command that could not.
 *
 * @param token the token, shown once; null when it could not be issued
 * @param exitCode {@link ExitCodes#OK} with a token, else what the command exits with
 */
public record IssuedToken(String token, int exitCode) {

  /**
   * Issues a token for {@code client} in {@code tokens}, making the home first when no gateway has;
   * says on {@code err}, after {@code command}, why it could not.
   */
  public static IssuedToken issue(
      ClientTokens tokens, String client, Path home, String command, PrintStream err) {
    return issue(tokens, client, ClientTokens.Kind.CLIENT, home, command, err);
  }

  /** As above, for a client of {@code kind} ({@code gateway setup}'s agents' own tokens). */
  public static IssuedToken issue(
      ClientTokens tokens,
      String client,
      ClientTokens.Kind kind,
      Path home,
      String command,
      PrintStream err) {
    if (!ClientTokens.CLIENT_NAME.matcher(client).matches()) {
      err.println(
          command + ": --client must be 1 to 64 of A-Z a-z 0-9 _ . -, was '" + client + "'");
      return new IssuedToken(null, ExitCodes.USAGE);
    }
    try {
      HomeDirectory.ensure(home);
      return new IssuedToken(tokens.issue(client, kind), ExitCodes.OK);
    } catch (IOException | UncheckedIOException e) {
      err.println(command + ": cannot write " + tokens.file() + ": " + e.getMessage());
      return new IssuedToken(null, ExitCodes.START_FAILED);
    }
  }
}
