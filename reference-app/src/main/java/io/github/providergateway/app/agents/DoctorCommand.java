package io.github.providergateway.app.agents;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.github.providergateway.agent.hook.HookCanary;
import io.github.providergateway.app.cli.CommandContext;
import io.github.providergateway.app.cli.ExitCodes;
import io.github.providergateway.app.cli.GatewayHomeOptions;
import io.github.providergateway.app.cli.HelpOption;
import io.github.providergateway.app.guard.PolicySettings;
import io.github.providergateway.app.home.HomeDirectory;
import io.github.providergateway.app.home.SetupLedger;
import io.github.providergateway.app.home.SystemSettings;
import io.github.providergateway.app.service.InstalledService;
import io.github.providergateway.loop.base.DaemonThreads;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.CancellationException;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * {@code gateway doctor [--verbose] [--json]}: says for every agent on the machine whether the
 * gateway guards it, and proves it with a canary through the agent's real hook ({@link
 * AgentDoctor}). A person reads a line for the gateway and one for each agent, each problem in a
 * few words (issue 62: the full report, 44 to 51 lines, repeated itself); {@code --verbose} has
 * everything.
 */
@Command(
    name = "doctor",
    sortOptions = false,
    usageHelpAutoWidth = true,
    description = {
      "Says for every agent found on the machine ("
          + AgentNames.MARKER
          + "; one with no command of its own when its settings exist) whether the gateway guards it: its version; which settings files"
          + " (the user's and the current project's) hold the gateway's MCP server and hook, and"
          + " which one wins; whether the hook's matchers cover every tool kind (shell, read,"
          + " edit and write, notebook, MCP); whether the agent trusts the hook; whether the hook"
          + " names this home's gateway, and whether that gateway runs.",
      "",
      "Then it sends a canary through each hook: the agent's real hook command, run as the agent"
          + " runs it, with a shell call of '"
          + HookCanary.PROGRAM
          + " <nonce>' in the agent's own hook input, which the running gateway denies by itself"
          + " (rule "
          + HookCanary.RULE
          + "). 'denied by the canary' is working; 'allowed' is NOT guarded; 'the guard never"
          + " answered' (nothing printed, a crash, a time-out) is reported apart, and recorded"
          + " apart in the audit trail (outcome failure, code "
          + CanaryAudit.NO_ANSWER
          + ").",
      "",
      "It prints a line for the gateway (running or not, and whether a service keeps it running)"
          + " and one for each agent: 'ok' and what was proven, or 'PROBLEM' and each kind of"
          + " problem in a few words with what to do. --verbose prints every finding above, and"
          + " each problem in full.",
      ""
    },
    exitCodeListHeading = "%nExit codes:%n",
    exitCodeList = {
      "0:every agent found is guarded, and each canary was denied by the gateway",
      "1:something is not guarded (or not proven: the gateway is not running)",
      "2:bad command line"
    })
public final class DoctorCommand implements Callable<Integer> {

  /** The whole doctor's bound: each check is bounded, and the agents are examined at once. */
  static final Duration DEADLINE = Duration.ofSeconds(25);

  private final CommandContext context;

  @CommandLine.Mixin private GatewayHomeOptions gateway;

  @Option(names = "--json", description = "One JSON object, for scripts.")
  private boolean json;

  @Option(
      names = {"-v", "--verbose"},
      description =
          "Everything found for each agent: its settings files, which one wins, its matchers, its"
              + " trust, each hook and its canary, and each problem in full (default: a line for"
              + " the gateway and one for each agent).")
  private boolean verbose;

  @Option(
      names = "--dir",
      paramLabel = "DIR",
      description = "The project whose settings are read (default: the current folder).")
  private Path dir;

  @Mixin private HelpOption help;

  DoctorCommand(CommandContext context) {
    this.context = context;
  }

  @Override
  public Integer call() {
    PrintStream err = context.err();
    Map<String, String> env = context.env();
    int port;
    try {
      port = gateway.launchPort(env);
    } catch (IllegalArgumentException e) {
      err.println("gateway doctor: " + e.getMessage());
      return ExitCodes.USAGE;
    }
    Path home = gateway.home(env);
    Path project = (dir != null ? dir : Path.of("")).toAbsolutePath().normalize();
    PrintStream out = context.stdout();
    AgentConfig config = AgentConfig.forThisMachine(env, gateway.homeNamed() ? home : null, port);
    AgentLayouts layouts = new AgentLayouts(config, env, HomeDirectory.userHome(env));
    SetupLedger ledger;
    try {
      ledger = SetupLedger.read(home);
    } catch (IOException e) {
      err.println("gateway doctor: the setup ledger cannot be read: " + e.getMessage());
      ledger = null;
    }
    HookReach reach = new HookReach(config, home, port);
    HookReach.Reach running = reach.gateway();
    String nonce = nonce();
    String canary = HookCanary.command(nonce);
    SandboxDoctor sandbox =
        new SandboxDoctor(
            layouts,
            verbose
                ? new SandboxCanary(env, project, HomeDirectory.userHome(env), home, nonce)
                : null);
    AgentDoctor doctor =
        new AgentDoctor(
            env,
            home,
            project,
            new AgentPlaces(layouts),
            ledger,
            new HookTrustCheck(env, layouts.codexConfig(), layouts.geminiTrustedFolders()),
            reach,
            running,
            new CanaryRun(env, project),
            new CanaryAudit(home, Clock.systemUTC()),
            canary,
            sandbox,
            Clock.systemUTC());
    List<AgentReport> reports = examineAll(doctor);
    SystemSettings organisation = SystemSettings.read();
    List<ManagedDoctor.Finding> managed =
        new ManagedDoctor(ManagedPlaces.forThisMachine(env)).examineAll();
    boolean guarded = reports.stream().allMatch(AgentReport::guarded) && reports.size() > 0;
    // Issue 77: a home under a folder the sandboxes let every program write, said once.
    List<String> exposed = SandboxExposures.of(reports, home, HomeDirectory.userHome(env));
    if (json) {
      ObjectNode root = JsonNodeFactory.instance.objectNode();
      root.put("home", home.toString()).put("project", project.toString());
      root.putObject("gateway").put("running", running.ok()).put("detail", running.detail());
      root.put("canary", canary);
      exposed.forEach(root.putArray("sandboxExposures")::add);
      root.putObject("organisation")
          .put("settings", organisation.dir().resolve(SystemSettings.FILE).toString())
          .put("read", organisation.file())
          .put("summary", organisation.summary() + policyProblems(organisation));
      var agents = root.putArray("agents");
      reports.forEach(r -> agents.add(r.toJson()));
      var layers = root.putArray("managed");
      for (ManagedDoctor.Finding f : managed) {
        var layer = layers.addObject().put("agent", f.agent().id());
        layer.put("present", !f.present().isEmpty()).put("hook", f.hook());
        layer.put("mcpServer", f.mcpServer()).put("managedHooksOnly", f.hooksOnly());
        layer.put("detail", f.line());
      }
      root.put("guarded", guarded);
      out.println(root.toPrettyString());
    } else if (verbose) {
      out.println("gateway doctor (home " + home + ", project " + project + ")");
      out.println("gateway: " + running.detail() + "; " + service(env, home));
      out.println("organisation's settings: " + organisation.summary());
      out.println("canary: '" + canary + "'");
      exposed.forEach(line -> out.println("sandbox: " + line));
      for (AgentReport report : reports) {
        out.println();
        report.print(out);
      }
      out.println();
      out.println("Managed settings (what device management places):");
      managed.forEach(f -> out.println("  " + f.agent() + ": " + f.line()));
      out.println();
      out.println(verdict(reports, guarded, "see the problems above"));
    } else {
      out.println(
          String.format("%-" + AgentReport.NAME_WIDTH + "s ", "gateway")
              + running.brief()
              + "; "
              + service(env, home)
              + " (home "
              + home
              + ")");
      if (organisation.file() || !organisation.problems().isEmpty()) {
        // A machine with no system install has no line for it: most have none.
        out.println(
            String.format("%-" + AgentReport.NAME_WIDTH + "s ", "system")
                + organisation.summary()
                + policyProblems(organisation));
      }
      exposed.forEach(
          line ->
              out.println(String.format("%-" + AgentReport.NAME_WIDTH + "s ", "sandbox") + line));
      for (AgentReport report : reports) {
        out.println(report.line());
        report.noteLines().forEach(out::println);
      }
      // Said only where a managed layer is there: most machines have none.
      managed.stream()
          .filter(f -> !f.present().isEmpty())
          .forEach(
              f ->
                  out.println(
                      String.format("%-" + AgentReport.NAME_WIDTH + "s ", f.agent()) + f.line()));
      out.println(verdict(reports, guarded, "'gateway doctor --verbose' says each in full"));
    }
    return guarded ? ExitCodes.OK : ExitCodes.START_FAILED;
  }

  /**
   * What is wrong with the settings' policy section, after the system line: its key file that
   * anyone could have written, a URL it may not use (issue 78); empty when nothing.
   */
  private static String policyProblems(SystemSettings organisation) {
    java.util.List<String> problems = PolicySettings.read(organisation).problems();
    return problems.isEmpty() ? "" : "; " + String.join("; ", problems);
  }

  /**
   * The last line: whether every agent found is guarded; {@code where} says where the problems are.
   */
  private static String verdict(List<AgentReport> reports, boolean guarded, String where) {
    boolean found = reports.stream().anyMatch(AgentReport::examined);
    return !found
        ? "No agent is installed or set up here: nothing to guard."
        : guarded ? "Every agent found is guarded." : "NOT every agent is guarded: " + where + ".";
  }

  /** Whether {@code gateway service} keeps the home's gateway running. */
  private String service(Map<String, String> env, Path home) {
    return InstalledService.isInstalled(home, env, context.runningApp().osName())
        ? "kept running by 'gateway service'"
        : "no service keeps it running";
  }

  /** Every agent, examined at once, within {@link #DEADLINE}. */
  private static List<AgentReport> examineAll(AgentDoctor doctor) {
    ExecutorService pool = Executors.newCachedThreadPool(DaemonThreads.factory("gateway-doctor"));
    try {
      List<Callable<AgentReport>> tasks = new ArrayList<>();
      for (AgentSettings agent : AgentSettingsRegistry.all()) {
        tasks.add(() -> doctor.examine(agent));
      }
      List<Future<AgentReport>> futures =
          pool.invokeAll(tasks, DEADLINE.toMillis(), TimeUnit.MILLISECONDS);
      List<AgentReport> reports = new ArrayList<>();
      for (int i = 0; i < futures.size(); i++) {
        AgentSettings agent = AgentSettingsRegistry.all().get(i);
        try {
          reports.add(futures.get(i).get());
        } catch (CancellationException e) {
          reports.add(unfinished(agent, "not examined within " + DEADLINE.toSeconds() + " s"));
        } catch (ExecutionException e) {
          reports.add(unfinished(agent, "could not be examined: " + e.getCause()));
        }
      }
      return reports;
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return List.of();
    } finally {
      pool.shutdownNow();
    }
  }

  private static AgentReport unfinished(AgentSettings agent, String why) {
    return new AgentReport(
        agent,
        new AgentVersion(agent.binary(), null, null, why),
        true,
        List.of(),
        List.of(),
        agent.precedence(),
        null,
        List.of(),
        new HookTrustCheck.Trust(false, why),
        List.of(),
        List.of(new DoctorProblem(why, why)),
        null,
        List.of());
  }

  /** A nonce for this run's canary, to find it in the audit trail. */
  private static String nonce() {
    byte[] bytes = new byte[6];
    new SecureRandom().nextBytes(bytes);
    return HexFormat.of().formatHex(bytes);
  }
}
