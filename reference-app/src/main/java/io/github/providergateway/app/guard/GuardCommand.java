package io.github.providergateway.app.guard;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.github.providergateway.app.cli.CommandContext;
import io.github.providergateway.app.cli.ExitCodes;
import io.github.providergateway.app.cli.GatewayHomeOptions;
import io.github.providergateway.app.cli.HelpOption;
import io.github.providergateway.app.home.HomeDirectory;
import io.github.providergateway.guard.GuardCall;
import io.github.providergateway.guard.GuardExplanation;
import io.github.providergateway.guard.GuardVerdict;
import io.github.providergateway.protocol.json.ProtocolCodec;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParentCommand;

/**
 * {@code gateway guard explain|test}: the guard every home runs (issue 44, docs/guard.md), as a
 * person checks it: how it reads one call and what it decides, and whether it holds on the shipped
 * corpus and on the running gateway's hook paths.
 */
@Command(
    name = "guard",
    subcommands = {GuardCommand.Explain.class, GuardCommand.Test.class},
    sortOptions = false,
    usageHelpAutoWidth = true,
    description = {
      "The guard every gateway runs (docs/guard.md): 'gateway guard explain COMMAND' shows how it"
          + " reads a call, every rule that matched and the decision; 'gateway guard test' runs the"
          + " shipped corpus and a canary through the running gateway's hook paths.",
      ""
    })
public final class GuardCommand implements Callable<Integer> {

  /** {@code explain}: the guard allows the call. */
  static final int EXIT_ALLOW = 0;

  /** {@code explain}: the guard asks the person. */
  static final int EXIT_ASK = 3;

  /** {@code explain}: the guard denies the call. */
  static final int EXIT_DENY = 4;

  /** {@code test}: something was not as expected. */
  static final int EXIT_MISSED = 1;

  private final CommandContext context;

  @CommandLine.Spec private CommandLine.Model.CommandSpec spec;

  @Mixin private HelpOption help;

  GuardCommand(CommandContext context) {
    this.context = context;
  }

  @Override
  public Integer call() {
    spec.commandLine().usage(context.err());
    return ExitCodes.USAGE;
  }

  /** {@code gateway guard explain '<command>'}. */
  @Command(
      name = "explain",
      sortOptions = false,
      usageHelpAutoWidth = true,
      description = {
        "Shows how the guard of a home reads one call (the parse: each program the command would"
            + " run, with its wrappers and how it was reached), every rule that matched, and the"
            + " decision, from the home's configuration (its config's \"guard\" object) and the"
            + " project's own .provider-gateway/guard.json. Nothing is run.",
        ""
      },
      exitCodeListHeading = "%nExit codes:%n",
      exitCodeList = {
        "0:the guard allows the call",
        "2:bad command line",
        "3:the guard asks the person",
        "4:the guard denies the call"
      })
  static final class Explain implements Callable<Integer> {
    @ParentCommand private GuardCommand guard;

    @Option(
        names = "--home",
        paramLabel = "DIR",
        description =
            "The gateway's home, whose configuration the guard has (default: as for the gateway).")
    private Path home;

    @Parameters(
        index = "0",
        arity = "0..1",
        paramLabel = "COMMAND",
        description =
            "The shell command (with --tool shell, the default), or the call's arguments as a JSON"
                + " object for another tool.")
    private String command;

    @Option(
        names = "--tool",
        paramLabel = "T",
        defaultValue = "shell",
        description = "The tool in the gateway's names: shell (default), edit, read, or any other.")
    private String tool;

    @Option(names = "--path", paramLabel = "P", description = "With --tool edit or read: the file.")
    private String path;

    @Option(
        names = "--project",
        paramLabel = "DIR",
        description = "The session's project folder (default: the current folder).")
    private Path project;

    @Option(names = "--json", description = "One JSON object instead of lines.")
    private boolean json;

    @Mixin private HelpOption help;

    @Override
    public Integer call() {
      CommandContext context = guard.context;
      PrintStream err = context.err();
      JsonNode args;
      try {
        args = arguments();
      } catch (IllegalArgumentException e) {
        err.println("gateway guard explain: " + e.getMessage());
        return ExitCodes.USAGE;
      }
      Path folder = (project != null ? project : Path.of("")).toAbsolutePath().normalize();
      HomeGuard homeGuard =
          HomeGuard.forHome(
              HomeDirectory.resolve(home, context.env()),
              context.env(),
              problem -> err.println("gateway guard explain: " + problem));
      GuardCall call = new GuardCall(tool, args, folder, folder, null);
      GuardExplanation explanation = homeGuard.explain(call);
      Boundaries boundaries =
          Boundaries.of(
              call,
              explanation.verdict(),
              HomeGuard.sandboxPolicy(
                  HomeDirectory.resolve(home, context.env()),
                  problem -> err.println("gateway guard explain: " + problem)),
              homeGuard.environment());
      PrintStream out = context.stdout();
      if (json) {
        out.println(toJson(call, explanation, boundaries));
      } else {
        print(out, call, explanation);
        out.println("sandbox:");
        boundaries.lines().forEach(line -> out.println("  " + line));
        out.println("held by:  " + boundaries.heldBy());
      }
      return switch (explanation.verdict().outcome()) {
        case ALLOW -> EXIT_ALLOW;
        case ASK -> EXIT_ASK;
        case DENY -> EXIT_DENY;
      };
    }

    /** The call's arguments from the command line, as an agent's hook would map them. */
    private JsonNode arguments() {
      ObjectNode args = JsonNodeFactory.instance.objectNode();
      switch (tool) {
        case "shell" -> {
          if (command == null) {
            throw new IllegalArgumentException("give the COMMAND to explain");
          }
          if (path != null) {
            throw new IllegalArgumentException("--path goes with --tool edit or read");
          }
          args.put("command", command);
        }
        case "edit", "read" -> {
          if (path == null) {
            throw new IllegalArgumentException("--tool " + tool + " needs --path");
          }
          args.put("path", path);
          if (command != null) {
            args.setAll(object(command));
          }
        }
        default -> {
          if (command != null) {
            args.setAll(object(command));
          }
          if (path != null) {
            args.put("path", path);
          }
        }
      }
      return args;
    }

    private static ObjectNode object(String text) {
      JsonNode node = ProtocolCodec.create().parseJson(text);
      if (!(node instanceof ObjectNode object)) {
        throw new IllegalArgumentException("the arguments must be a JSON object, was: " + text);
      }
      return object;
    }
  }

  /** The explanation for a person: the call, the parse, the rules that matched, the decision. */
  static void print(PrintStream out, GuardCall call, GuardExplanation explanation) {
    out.println("call:     " + call.tool() + " " + call.args() + " in project " + call.project());
    out.println("parse:");
    if (explanation.parse().isEmpty()) {
      out.println("  (nothing to read)");
    }
    explanation.parse().forEach(line -> out.println("  " + line));
    out.println("matched:");
    if (explanation.matched().isEmpty()) {
      out.println("  (no rule)");
    }
    explanation.matched().forEach(line -> out.println("  " + line));
    GuardVerdict verdict = explanation.verdict();
    out.println(
        "decision: "
            + verdict.outcome().name().toLowerCase(java.util.Locale.ROOT)
            + (verdict.ruleId() == null ? "" : " (" + verdict.ruleId() + ")")
            + ": "
            + verdict.reason());
    if (verdict.instead() != null) {
      out.println("instead:  " + verdict.instead());
    }
  }

  /** The explanation as one JSON object, for scripts. */
  static String toJson(GuardCall call, GuardExplanation explanation, Boundaries boundaries) {
    ObjectNode root = JsonNodeFactory.instance.objectNode();
    root.put("tool", call.tool());
    root.set("args", call.args());
    root.put("project", call.project() == null ? null : call.project().toString());
    explanation.parse().forEach(root.putArray("parse")::add);
    if (!root.has("parse")) {
      root.putArray("parse");
    }
    var matched = root.putArray("matched");
    explanation.matched().forEach(matched::add);
    GuardVerdict verdict = explanation.verdict();
    root.put("decision", verdict.outcome().name().toLowerCase(java.util.Locale.ROOT));
    root.put("rule", verdict.ruleId());
    root.put("reason", verdict.reason());
    root.put("instead", verdict.instead());
    ObjectNode held = root.putObject("boundaries");
    boundaries.lines().forEach(held.putArray("sandbox")::add);
    held.put("heldBy", boundaries.heldBy());
    return root.toString();
  }

  /** {@code gateway guard test}: the corpus, then a canary through the running gateway's hooks. */
  @Command(
      name = "test",
      sortOptions = false,
      usageHelpAutoWidth = true,
      description = {
        "Runs the corpus shipped with the guard through the guard this home configures and prints"
            + " per category the share blocked and allowed; then, if the home's gateway runs,"
            + " sends a canary through its hook paths (the command hook's socket <home>/hook.sock"
            + " and Claude Code's HTTP hook /hooks/claude): one call that must be blocked"
            + " (rm -rf /) and one that must be allowed (ls). Says what was covered and what not."
            + " Nothing is run.",
        ""
      },
      exitCodeListHeading = "%nExit codes:%n",
      exitCodeList = {
        "0:every check came out as expected",
        "1:a corpus figure missed its goal, or a canary came back otherwise than expected",
        "2:bad command line"
      })
  static final class Test implements Callable<Integer> {
    @ParentCommand private GuardCommand guard;

    @CommandLine.Mixin private GatewayHomeOptions gateway;

    @Mixin private HelpOption help;

    @Override
    public Integer call() {
      CommandContext context = guard.context;
      int port;
      try {
        port = gateway.port(context.env());
      } catch (IllegalArgumentException e) {
        context.err().println("gateway guard test: " + e.getMessage());
        return ExitCodes.USAGE;
      }
      PrintStream out = context.stdout();
      return GuardCheck.run(gateway.home(context.env()), port, context.env(), out, context.err());
    }
  }
}
