package io.github.providergateway.app.console;

import static io.github.providergateway.app.console.CommandFailed.await;

import io.github.providergateway.host.HeldGates;
import io.github.providergateway.host.client.GatewayClient;
import io.github.providergateway.host.protocol.HeldGate;
import io.github.providergateway.protocol.VisibleText;
import java.nio.file.Path;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.function.Consumer;

/**
 * The gates a gateway holds in force although their provider is not bound ({@link HeldGate}), for a
 * person: the console's {@code gates} and {@code gates release PROVIDER [GATE] [--project DIR]},
 * and the lines {@code gateway gates} prints ({@code GatewayGates}). The gates come from this
 * process's gateway or, attached, from the gateway's over {@code gates.held} and {@code
 * gates.release}. Reader thread only (the console's, or the one of {@code gateway gates}).
 */
public final class GateCommands {

  /** What the console's {@code gates} takes after its name. */
  static final String RELEASE_USAGE = "release PROVIDER [GATE] [--project DIR]";

  private final Consumer<String> say;

  /** Where the held gates are. */
  private final HeldGates gates;

  /** How the person types a release where these lines are read: for the hint under the list. */
  private final String releaseCommand;

  /** What a relative {@code --project} is relative to: where the person typed it. */
  private final Path workingDirectory;

  /**
   * @param say prints one line (or lines) to the person
   * @param gates the gates held and their release; failures become {@link CommandFailed}
   * @param releaseCommand how a release is typed here: {@code gates release} in the console
   * @param workingDirectory what a relative {@code --project} is relative to
   */
  public GateCommands(
      Consumer<String> say, HeldGates gates, String releaseCommand, Path workingDirectory) {
    this.say = say;
    this.gates = gates;
    this.releaseCommand = releaseCommand;
    this.workingDirectory = workingDirectory;
  }

  /** The held gates of the gateway {@code client} is connected to. */
  public static HeldGates of(GatewayClient client) {
    return new HeldGates() {
      @Override
      public CompletableFuture<List<HeldGate>> held() {
        return client.heldGates();
      }

      @Override
      public CompletableFuture<List<HeldGate>> release(
          String provider, String gateId, String project) {
        return client.releaseHeldGates(provider, gateId, project);
      }
    };
  }

  /** The providers whose gates are held, for tab completion after {@code gates release}. */
  CompletableFuture<List<String>> providers() {
    return gates
        .held()
        .thenApply(held -> held.stream().map(HeldGate::provider).distinct().toList());
  }

  /** The console's {@code gates [release ...]}: what follows the command's name. */
  void console(String rest) {
    if (rest.isEmpty()) {
      list();
      return;
    }
    List<String> words = List.of(rest.split("\\s+"));
    if (!words.get(0).equals("release")) {
      throw new CommandFailed(
          "gates takes nothing (the held gates), or '" + RELEASE_USAGE + "'; was '" + rest + "'");
    }
    List<String> names = new ArrayList<>();
    String project = null;
    for (int i = 1; i < words.size(); i++) {
      String word = words.get(i);
      if (word.equals("--project") && i + 1 < words.size() && project == null) {
        project = words.get(++i);
      } else if (word.startsWith("--project=") && project == null) {
        project = word.substring("--project=".length());
      } else if (!word.startsWith("--") && names.size() < 2) {
        names.add(word);
      } else {
        throw new CommandFailed("usage: gates " + RELEASE_USAGE + "; was 'gates " + rest + "'");
      }
    }
    if (names.isEmpty() || (project != null && project.isEmpty())) {
      throw new CommandFailed("usage: gates " + RELEASE_USAGE + "; was 'gates " + rest + "'");
    }
    release(names.get(0), names.size() > 1 ? names.get(1) : null, project);
  }

  /** Prints the held gates, or that there are none. */
  public void list() {
    List<HeldGate> held = await(gates.held());
    show(held);
    if (!held.isEmpty()) {
      say.accept(
          "Each blocks what it blocked in its project until its provider binds there again. For a"
              + " provider gone for good: '"
              + releaseCommand
              + " PROVIDER [GATE] [--project DIR]'.");
    }
  }

  /**
   * Releases the provider's gate {@code gateId} (all its held rules for null) for {@code project}
   * (every project for null; a relative one is taken from the working directory), and prints what
   * was released or, when nothing matched, what is held.
   *
   * @return whether anything was released
   */
  public boolean release(String provider, String gateId, String project) {
    String absolute =
        project == null ? null : workingDirectory.resolve(project).normalize().toString();
    List<HeldGate> released = await(gates.release(provider, gateId, absolute));
    if (released.isEmpty()) {
      say.accept("No held gate matches " + describe(provider, gateId, absolute) + ".");
      show(await(gates.held()));
      return false;
    }
    say.accept(
        "Released "
            + released.size()
            + (released.size() == 1 ? " held gate" : " held gates")
            + " (no longer in force):");
    lines(released);
    return true;
  }

  private void show(List<HeldGate> held) {
    if (held.isEmpty()) {
      say.accept("Held gates: none (every gate in force is a bound provider's).");
      return;
    }
    say.accept("Held gates (in force although their provider is not bound):");
    lines(held);
  }

  /** One line a gate: provider, gate, project, since, why; the columns aligned. */
  private void lines(List<HeldGate> gates) {
    List<String> providers = gates.stream().map(g -> VisibleText.escape(g.provider())).toList();
    List<String> rules = gates.stream().map(GateCommands::rule).toList();
    int providerWidth = providers.stream().mapToInt(String::length).max().orElse(0);
    int ruleWidth = rules.stream().mapToInt(String::length).max().orElse(0);
    for (int i = 0; i < gates.size(); i++) {
      HeldGate gate = gates.get(i);
      say.accept(
          "  "
              + ConsoleText.pad(providers.get(i), providerWidth)
              + "  "
              + ConsoleText.pad(rules.get(i), ruleWidth)
              + "  project "
              + VisibleText.escape(gate.project())
              + "  since "
              + gate.since().truncatedTo(ChronoUnit.SECONDS)
              + "  ("
              + VisibleText.escape(gate.why())
              + ")");
    }
  }

  /** {@code gate ID}, or {@code static deny} for a rule without a gate id. */
  private static String rule(HeldGate gate) {
    return gate.gateId() == null ? "static deny" : "gate " + VisibleText.escape(gate.gateId());
  }

  /** What a release asked for, as the person said it. */
  private static String describe(String provider, String gateId, String project) {
    return "provider "
        + VisibleText.escape(provider)
        + (gateId == null ? "" : ", gate " + VisibleText.escape(gateId))
        + (project == null ? "" : ", project " + VisibleText.escape(project));
  }
}
