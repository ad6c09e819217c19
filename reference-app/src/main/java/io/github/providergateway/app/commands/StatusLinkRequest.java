package io.github.providergateway.app.commands;

import io.github.providergateway.agent.hook.GatewayDown;
import io.github.providergateway.agent.hook.HookGateRecord;
import io.github.providergateway.app.cli.ExitCodes;
import io.github.providergateway.app.console.CommandFailed;
import io.github.providergateway.app.home.Counted;
import io.github.providergateway.host.api.ProviderInfo;
import io.github.providergateway.host.client.GatewayClient;
import io.github.providergateway.protocol.SessionInfo;
import java.io.IOException;
import java.io.PrintStream;
import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * {@code gateway status}: asks the gateway running for a home for a one-time link to its status
 * page ({@code status.link} over {@code /host}, as an observer that owns nothing) and prints it
 * with one line of what the gateway holds. Starts no gateway. On a coding agent's side the gateway
 * gives no link (issue 75): the line of what it holds is printed all the same, then why not, exit
 * {@value ExitCodes#REFUSED}.
 */
final class StatusLinkRequest {

  /** How long the gateway may take to answer; it answers from memory. */
  private static final Duration ANSWER_TIMEOUT = Duration.ofSeconds(10);

  private StatusLinkRequest() {}

  /**
   * Prints the link; returns the exit code ({@code Main.EXIT_OK} or {@code
   * Main.EXIT_START_FAILED}).
   */
  static int print(Path home, int port, PrintStream out, PrintStream err) {
    GatewayClient client;
    try {
      client = ObservedGateway.connect(home, port);
    } catch (IOException e) {
      return noGateway(home, e.getMessage(), err);
    }
    try (client) {
      List<SessionInfo> sessions =
          client.sessions().get(ANSWER_TIMEOUT.toMillis(), TimeUnit.MILLISECONDS);
      List<ProviderInfo> providers =
          client.providers().get(ANSWER_TIMEOUT.toMillis(), TimeUnit.MILLISECONDS);
      int inFlight = providers.stream().mapToInt(ProviderInfo::callsInFlight).sum();
      out.println(
          "Gateway for "
              + home
              + ": "
              + Counted.of(sessions.size(), "session")
              + ", "
              + Counted.of(providers.size(), "provider")
              + ", "
              + Counted.of(inFlight, "call")
              + " in flight.");
      URI link;
      try {
        link = client.statusLink().get(ANSWER_TIMEOUT.toMillis(), TimeUnit.MILLISECONDS);
      } catch (ExecutionException refused) {
        // Issue 75: the link is the person's; the gateway gives none to an agent's side.
        err.println("gateway status: no link: " + CommandFailed.rootMessage(refused));
        return ExitCodes.REFUSED;
      }
      out.println("Status page (the link works once, within 5 minutes; keep it to yourself):");
      out.println("  " + link);
      return ExitCodes.OK;
    } catch (ExecutionException e) {
      err.println(
          "gateway status: the gateway would not give a link: " + CommandFailed.rootMessage(e));
    } catch (TimeoutException e) {
      err.println(
          "gateway status: the gateway did not answer within " + ANSWER_TIMEOUT.toSeconds() + " s");
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
    return ExitCodes.START_FAILED;
  }

  private static int noGateway(Path home, String why, PrintStream err) {
    String state;
    String held = "";
    try {
      HookGateRecord.Contents record = HookGateRecord.read(home);
      state = GatewayDown.state(record, home);
      String projects = projects(record);
      if (!projects.isEmpty()) {
        held = " It had gates in force for " + projects + ".";
      }
    } catch (IOException e) {
      state = "its record of gates cannot be read (" + e.getMessage() + ")";
    }
    err.println(
        "gateway status: no gateway is answering for " + home + " (" + why + "): " + state + ".");
    err.println(
        "The guard is down: until a gateway runs for this home, agents' command hooks deny what"
            + " its providers' gates concern and leave the rest to the built-in guard, and Claude"
            + " Code's HTTP hook blocks every call."
            + held);
    err.println(GatewayDown.howToStart(home, GatewayDown.launcher()) + ".");
    return ExitCodes.START_FAILED;
  }

  /** The projects the record's gates are for, as a person reads them; empty for none. */
  private static String projects(HookGateRecord.Contents record) {
    java.util.Set<String> projects = new java.util.TreeSet<>();
    record.held().forEach(h -> projects.add(h.project()));
    record.sessions().stream()
        .filter(s -> !s.rules().isEmpty() && s.cwd() != null)
        .forEach(s -> projects.add(s.cwd()));
    return String.join(", ", projects);
  }
}
