package io.github.providergateway.app;

import io.github.providergateway.app.dist.RuntimeCopy;
import io.github.providergateway.app.home.BoundedCommand;
import io.github.providergateway.app.home.CommandContext;
import io.github.providergateway.app.home.ExitCodes;
import io.github.providergateway.app.home.GatewayPort;
import io.github.providergateway.app.home.HelpOption;
import io.github.providergateway.app.home.HomeDirectory;
import io.github.providergateway.app.home.SetupLedger;
import io.github.providergateway.app.home.ShellWords;
import io.github.providergateway.app.service.ServiceManager;
import io.github.providergateway.app.service.ServiceUnit;
import io.github.providergateway.loop.base.OwnerOnlyFiles;
import java.io.File;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.concurrent.Callable;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParentCommand;

/**
 * {@code gateway service install|uninstall|status}: the home's gateway there from login, run by the
 * user's service manager (a systemd user unit, a launchd agent: {@link ServiceUnit}) from a copy of
 * the app's jar outside any clone, restarted after a crash, with no idle exit. Without it, hosts
 * start the gateway on demand as before.
 */
@Command(
    name = "service",
    subcommands = {
      ServiceCommand.Install.class,
      ServiceCommand.Uninstall.class,
      ServiceCommand.Status.class
    },
    usageHelpAutoWidth = true,
    description = {
      "The home's gateway there from login: 'install' writes a systemd user unit (Linux) or a"
          + " launchd agent (macOS) that starts it at login and again after a crash, with no idle"
          + " exit, from a copy of this jar outside any clone; 'uninstall' removes it; 'status'"
          + " says what is installed, what the service manager says and whether the gateway"
          + " runs. Without the service, hosts start the gateway when they need it, as before.",
      ""
    })
public final class ServiceCommand implements Callable<Integer> {

  private static final Pattern PLIST_STRING = Pattern.compile("<string>([^<]*)</string>");

  private final CommandContext app;

  @CommandLine.Spec private CommandLine.Model.CommandSpec spec;

  @Mixin private HelpOption help;

  ServiceCommand(CommandContext app) {
    this.app = app;
  }

  @Override
  public Integer call() {
    spec.commandLine().usage(app.err());
    return ExitCodes.USAGE;
  }

  /** {@code --home}, as every command of the home has it. */
  static final class HomeOption {
    @Option(
        names = "--home",
        paramLabel = "DIR",
        description = "The gateway's home (default: as for the gateway).")
    Path home;

    @Mixin HelpOption help;
  }

  /** What the three commands share: the platform, the home, its unit, the output. */
  private static final class Context {
    final Map<String, String> env;
    final ServiceUnit.Platform platform;
    final Path home;
    final PrintStream out;
    final PrintStream err;
    final ServiceManager manager;

    Context(CommandContext app, HomeOption option) {
      this.env = app.env();
      this.platform = ServiceUnit.Platform.of(app.runningApp().osName());
      this.home = HomeDirectory.resolve(option.home, env);
      this.out = app.stdout();
      this.err = app.err();
      this.manager = new ServiceManager(platform, env);
    }

    /** The home's unit as it is named and placed; its command is not known here. */
    ServiceUnit unit() {
      return ServiceUnit.of(platform, env, home, List.of());
    }

    /** launchd's domain of this user, {@code gui/<uid>}: the uid that owns {@code file}. */
    String domain(Path ownFile) throws IOException {
      return "gui/" + Files.getAttribute(ownFile, "unix:uid", LinkOption.NOFOLLOW_LINKS);
    }
  }

  /** Runs {@code action} on the context, saying why it could not be made. */
  private static int withContext(
      CommandContext app, HomeOption option, String command, ContextAction action) {
    Context context;
    try {
      context = new Context(app, option);
    } catch (IllegalArgumentException e) {
      app.err().println("gateway service " + command + ": " + e.getMessage());
      return ExitCodes.START_FAILED;
    }
    try {
      return action.run(context);
    } catch (IOException | IllegalArgumentException e) {
      app.err().println("gateway service " + command + ": " + e.getMessage());
      return ExitCodes.START_FAILED;
    }
  }

  private interface ContextAction {
    int run(Context context) throws IOException;
  }

  /** {@code gateway service install}. */
  @Command(
      name = "install",
      sortOptions = false,
      usageHelpAutoWidth = true,
      description = {
        // Paths on lines of their own: the help's wrapping would split them. $$ is a plain $.
        "Installs the home's gateway as a service of your login. It copies this jar (named by its"
            + " content) to",
        "  $${XDG_DATA_HOME:-~/.local/share}/provider-gateway/",
        "writes the systemd user unit",
        "  $${XDG_CONFIG_HOME:-~/.config}/systemd/user/provider-gateway.service",
        "(another home's: provider-gateway-<hash of its path>.service; on macOS the agent",
        "  ~/Library/LaunchAgents/io.github.providergateway.gateway.plist)",
        "and, when your user manager answers, enables and starts it; otherwise it says what to"
            + " run. The gateway takes its port and config from the home's settings (--port N,"
            + " --config of any start of the home), not from the unit.",
        ""
      },
      exitCodeListHeading = "%nExit codes:%n",
      exitCodeList = {
        "0:installed (and started when the manager answers)",
        "1:not installed: the app does not run from one jar, or a file or the manager failed",
        "2:bad command line"
      })
  static final class Install implements Callable<Integer> {
    @ParentCommand private ServiceCommand service;
    @CommandLine.Mixin private HomeOption home;

    @Override
    public Integer call() {
      CommandContext app = service.app;
      return withContext(app, home, "install", context -> install(app, context));
    }
  }

  /** {@code gateway service uninstall}. */
  @Command(
      name = "uninstall",
      sortOptions = false,
      usageHelpAutoWidth = true,
      description = {
        "Stops and disables the home's service when your user manager answers, removes its unit,"
            + " and removes the installed jar unless another home's unit names it.",
        ""
      })
  static final class Uninstall implements Callable<Integer> {
    @ParentCommand private ServiceCommand service;
    @CommandLine.Mixin private HomeOption home;

    @Override
    public Integer call() {
      return withContext(service.app, home, "uninstall", ServiceCommand::uninstall);
    }
  }

  /** {@code gateway service status}. */
  @Command(
      name = "status",
      sortOptions = false,
      usageHelpAutoWidth = true,
      description = {
        "Says whether the home's service is installed (its unit and command), what your user"
            + " manager says of it, and whether the home's gateway runs now.",
        ""
      })
  static final class Status implements Callable<Integer> {
    @ParentCommand private ServiceCommand service;
    @CommandLine.Mixin private HomeOption home;

    @Override
    public Integer call() {
      return withContext(service.app, home, "status", ServiceCommand::status);
    }
  }

  private static int install(CommandContext app, Context context) throws IOException {
    String classPath = app.runningApp().classPath();
    Optional<Path> jar = DetachedGatewayStarter.oneJar(classPath).filter(RuntimeCopy::copyable);
    if (jar.isEmpty()) {
      context.err.println(
          "gateway service install: the service runs a copy of the app's jar, and this app does"
              + " not run from one jar (its class path is "
              + summary(classPath)
              + "). Run it from the built jar: ./gateway service install, or java -jar"
              + " reference-app/target/provider-gateway.jar service install.");
      return ExitCodes.START_FAILED;
    }
    Path installed =
        RuntimeCopy.install(jar.get(), ServiceUnit.installDir(context.platform, context.env));
    ServiceUnit unit =
        ServiceUnit.of(
            context.platform,
            context.env,
            context.home,
            ServiceUnit.command(
                javaOfThisJvm(),
                DetachedGatewayStarter.jvmOptions(classPath),
                installed,
                context.home));
    String text = unit.text();
    String previous = Files.isRegularFile(unit.file()) ? Files.readString(unit.file()) : null;
    Files.createDirectories(unit.file().getParent());
    DetachedHost.writeOwnerOnly(unit.file(), text.stripTrailing());
    if (context.platform == ServiceUnit.Platform.LAUNCHD) {
      // launchd opens the agent's output itself: made owner-only here, in the owner-only logs/.
      Path log = DetachedHost.createLogFile(context.home.resolve("logs"));
      Path agentLog = log.resolveSibling(ServiceUnit.LAUNCHD_LOG);
      if (!Files.exists(agentLog, LinkOption.NOFOLLOW_LINKS)) {
        OwnerOnlyFiles.createFile(agentLog);
      }
    }
    // The home's ledger lists them, for `gateway uninstall` (which runs uninstall below for them).
    SetupLedger ledger = SetupLedger.read(context.home);
    ledger.wrote(unit.file(), "service");
    ledger.wrote(installed, "service");
    ledger.write();
    List<Path> removed = pruneInstalled(context.platform, context.env);
    boolean changed = previous != null && !previous.equals(text);
    context.out.println(
        (previous == null ? "Installed " : changed ? "Replaced " : "Installed (unchanged) ")
            + unit.file());
    context.out.println("  the gateway of " + context.home + ", there from login, no idle exit");
    context.out.println("  runs       " + installed);
    for (Path gone : removed) {
      context.out.println("  removed    " + gone + " (no unit names it any more)");
    }
    return switch (context.platform) {
      case SYSTEMD -> enableSystemd(context, unit, changed);
      case LAUNCHD -> bootstrapLaunchd(context, unit);
    };
  }

  private static int enableSystemd(Context context, ServiceUnit unit, boolean changed) {
    BoundedCommand.Outcome answer = context.manager.answers(null);
    String name = unit.name();
    if (!answer.ok()) {
      context.out.println(
          "No systemd user manager answers here (systemctl --user show-environment: "
              + answer.said()
              + "), so nothing was started. Where yours runs (your desktop session, or an SSH"
              + " login), run:");
      context.out.println("  systemctl --user daemon-reload");
      context.out.println("  systemctl --user enable --now " + name);
      printLinger(context);
      return ExitCodes.OK;
    }
    BoundedCommand.Outcome reload = context.manager.run("--user", "daemon-reload");
    if (!reload.ok()) {
      return managerFailed(context, "systemctl --user daemon-reload", reload);
    }
    boolean active = context.manager.run("--user", "is-active", name).ok();
    OptionalInt running = GatewayPort.answering(context.home);
    List<String> steps = new ArrayList<>();
    if (!active && running.isPresent()) {
      // Another gateway holds the home: the unit's would exit 1 and be restarted every
      // RestartSec until that one stops.
      steps.add("enable");
    } else if (active && changed) {
      steps.add("enable");
      steps.add("restart");
    } else {
      steps.add("enable --now");
    }
    for (String step : steps) {
      List<String> args = new ArrayList<>(List.of("--user"));
      args.addAll(List.of(step.split(" ")));
      args.add(name);
      BoundedCommand.Outcome done = context.manager.run(args.toArray(String[]::new));
      if (!done.ok()) {
        return managerFailed(context, "systemctl --user " + step + " " + name, done);
      }
    }
    if (!active && running.isPresent()) {
      context.out.println(
          "Enabled "
              + name
              + ", not started: a gateway already runs for this home on port "
              + running.getAsInt()
              + pidNote(context.home)
              + ". The service starts it at your next login, or now once that one has stopped:"
              + " systemctl --user start "
              + name);
    } else {
      context.out.println(
          (steps.contains("restart") ? "Enabled and restarted " : "Enabled and started ")
              + name
              + " (systemctl --user status "
              + name
              + ").");
    }
    printLinger(context);
    return ExitCodes.OK;
  }

  private static int bootstrapLaunchd(Context context, ServiceUnit unit) throws IOException {
    String domain = context.domain(unit.file());
    BoundedCommand.Outcome answer = context.manager.answers(domain);
    String bootstrap =
        "launchctl bootstrap " + domain + " " + ShellWords.quote(unit.file().toString());
    if (!answer.ok()) {
      context.out.println(
          "launchd does not answer here (launchctl print "
              + domain
              + ": "
              + answer.said()
              + "), so nothing was started. It loads the agent at your next login; to start it"
              + " now, run in your session:");
      context.out.println("  " + bootstrap);
      return ExitCodes.OK;
    }
    String target = domain + "/" + unit.name();
    boolean loaded = context.manager.run("print", target).ok();
    OptionalInt running = GatewayPort.answering(context.home);
    if (!loaded && running.isPresent()) {
      context.out.println(
          "Not loaded now: a gateway already runs for this home on port "
              + running.getAsInt()
              + pidNote(context.home)
              + ". launchd starts the agent at your next login, or now once that one has stopped: "
              + bootstrap);
      return ExitCodes.OK;
    }
    if (loaded) {
      // A loaded agent keeps the definition it was loaded with: out, and in again.
      context.manager.run("bootout", target);
    }
    BoundedCommand.Outcome done = context.manager.run("bootstrap", domain, unit.file().toString());
    if (!done.ok()) {
      return managerFailed(context, bootstrap, done);
    }
    context.out.println("Loaded " + unit.name() + " (launchctl print " + target + ").");
    return ExitCodes.OK;
  }

  /**
   * {@code gateway service uninstall --home home}, for {@code gateway uninstall}: stops and removes
   * the home's unit when there is one, and the installed jars no unit names any more.
   */
  public static int uninstall(CommandContext app, Path home) {
    HomeOption option = new HomeOption();
    option.home = home;
    return withContext(app, option, "uninstall", ServiceCommand::uninstall);
  }

  private static int uninstall(Context context) throws IOException {
    ServiceUnit unit = context.unit();
    if (!Files.exists(unit.file(), LinkOption.NOFOLLOW_LINKS)) {
      context.out.println(
          "No service is installed for " + context.home + " (no " + unit.file() + ").");
      return ExitCodes.OK;
    }
    String name = unit.name();
    switch (context.platform) {
      case SYSTEMD -> {
        BoundedCommand.Outcome answer = context.manager.answers(null);
        if (answer.ok()) {
          BoundedCommand.Outcome done = context.manager.run("--user", "disable", "--now", name);
          if (!done.ok()) {
            return managerFailed(context, "systemctl --user disable --now " + name, done);
          }
          context.out.println("Stopped and disabled " + name + ".");
        } else {
          // What `disable` would remove, so no dangling link is left at the next login.
          Files.deleteIfExists(
              unit.file()
                  .resolveSibling("default.target.wants")
                  .resolve(unit.file().getFileName()));
          context.out.println(
              "No systemd user manager answers here (systemctl --user show-environment: "
                  + answer.said()
                  + "). If one runs the unit elsewhere (another login), stop it there:"
                  + " systemctl --user stop "
                  + name);
        }
        Files.delete(unit.file());
        if (answer.ok()) {
          context.manager.run("--user", "daemon-reload");
        }
      }
      case LAUNCHD -> {
        String domain = context.domain(unit.file());
        BoundedCommand.Outcome done = context.manager.run("bootout", domain + "/" + name);
        context.out.println(
            done.ok()
                ? "Stopped and unloaded " + name + "."
                : "launchd had not loaded " + name + " (" + done.said() + ").");
        Files.delete(unit.file());
      }
    }
    context.out.println("Removed " + unit.file());
    for (Path gone : pruneInstalled(context.platform, context.env)) {
      context.out.println("Removed " + gone);
    }
    SetupLedger ledger = SetupLedger.read(context.home);
    ledger.forgetWritten("service");
    ledger.write();
    return ExitCodes.OK;
  }

  private static int status(Context context) throws IOException {
    ServiceUnit unit = context.unit();
    PrintStream out = context.out;
    out.println("Service of " + context.home + ":");
    if (!Files.isRegularFile(unit.file())) {
      out.println("  unit       not installed (no " + unit.file() + "): 'gateway service install'");
    } else {
      String text = Files.readString(unit.file());
      out.println("  unit       " + unit.file());
      out.println("  command    " + commandOf(context.platform, text));
      Matcher jar =
          Pattern.compile(Pattern.quote(File.separator) + "(provider-gateway-[0-9a-f]+\\.jar)")
              .matcher(text);
      if (jar.find()) {
        Path copy = ServiceUnit.installDir(context.platform, context.env).resolve(jar.group(1));
        if (!Files.isRegularFile(copy)) {
          out.println("  missing    " + copy + ": run 'gateway service install' again");
        }
      }
      out.println("  manager    " + managerSays(context, unit));
    }
    OptionalInt port = GatewayPort.answering(context.home);
    out.println(
        "  gateway    "
            + (port.isPresent()
                ? "running on port " + port.getAsInt() + pidNote(context.home)
                : "not running"));
    return ExitCodes.OK;
  }

  /** What the manager says of the unit: enabled and active, or why it cannot say. */
  private static String managerSays(Context context, ServiceUnit unit) throws IOException {
    return switch (context.platform) {
      case SYSTEMD -> systemdSays(context, unit);
      case LAUNCHD -> launchdSays(context, unit);
    };
  }

  private static String systemdSays(Context context, ServiceUnit unit) {
    BoundedCommand.Outcome answer = context.manager.answers(null);
    if (!answer.ok()) {
      return "no systemd user manager answers here (" + answer.said() + ")";
    }
    String enabled = context.manager.run("--user", "is-enabled", unit.name()).said();
    String active = context.manager.run("--user", "is-active", unit.name()).said();
    return "systemd says " + enabled + ", " + active;
  }

  private static String launchdSays(Context context, ServiceUnit unit) throws IOException {
    String domain = context.domain(unit.file());
    BoundedCommand.Outcome answer = context.manager.answers(domain);
    if (!answer.ok()) {
      return "launchd does not answer here (" + answer.said() + ")";
    }
    BoundedCommand.Outcome print = context.manager.run("print", domain + "/" + unit.name());
    if (!print.ok()) {
      return "launchd says not loaded";
    }
    return "launchd says loaded"
        + print
            .output()
            .lines()
            .map(String::strip)
            .filter(line -> line.startsWith("state = "))
            .findFirst()
            .map(line -> ", " + line)
            .orElse("");
  }

  /** The command a unit's text runs, as it is written there. */
  private static String commandOf(ServiceUnit.Platform platform, String text) {
    return switch (platform) {
      case SYSTEMD ->
          text.lines()
              .filter(line -> line.startsWith("ExecStart="))
              .map(line -> line.substring("ExecStart=".length()))
              .findFirst()
              .orElse("(no ExecStart)");
      case LAUNCHD -> {
        int from = text.indexOf("<array>");
        int to = text.indexOf("</array>");
        List<String> words = new ArrayList<>();
        if (from >= 0 && to > from) {
          Matcher word = PLIST_STRING.matcher(text.substring(from, to));
          while (word.find()) {
            words.add(
                ShellWords.quote(
                    word.group(1)
                        .replace("&lt;", "<")
                        .replace("&gt;", ">")
                        .replace("&quot;", "\"")
                        .replace("&amp;", "&")));
          }
        }
        yield words.isEmpty() ? "(no ProgramArguments)" : String.join(" ", words);
      }
    };
  }

  /**
   * Deletes the installed jars that no unit of {@code gateway service} names any more (a unit names
   * its jar by its content-hashed file name, which quoting leaves as it is); returns them.
   */
  private static List<Path> pruneInstalled(ServiceUnit.Platform platform, Map<String, String> env)
      throws IOException {
    Path installDir = ServiceUnit.installDir(platform, env);
    Path unitDir = ServiceUnit.unitDir(platform, env);
    if (!Files.isDirectory(installDir)) {
      return List.of();
    }
    StringBuilder units = new StringBuilder();
    if (Files.isDirectory(unitDir)) {
      try (DirectoryStream<Path> files = Files.newDirectoryStream(unitDir)) {
        for (Path file : files) {
          if (ServiceUnit.isOurs(platform, file.getFileName().toString())
              && Files.isRegularFile(file, LinkOption.NOFOLLOW_LINKS)) {
            units.append(Files.readString(file)).append('\n');
          }
        }
      }
    }
    List<Path> removed = new ArrayList<>();
    try (DirectoryStream<Path> files =
        Files.newDirectoryStream(installDir, "provider-gateway-*.jar")) {
      for (Path jar : files) {
        if (!units.toString().contains(jar.getFileName().toString())) {
          Files.deleteIfExists(jar);
          removed.add(jar);
        }
      }
    }
    return removed;
  }

  /** {@code " (pid N)"} when {@code <home>/gateway.pid} names a live process, else nothing. */
  private static String pidNote(Path home) {
    Long pid = DetachedLaunch.livePid(home);
    return pid == null ? "" : " (pid " + pid + ")";
  }

  private static void printLinger(Context context) {
    String user = context.env.getOrDefault("USER", context.env.getOrDefault("LOGNAME", "$USER"));
    context.out.println(
        "Your user manager runs while you are logged in. For the gateway from boot and between"
            + " logins (if you only log in over SSH, say), turn on linger once:"
            + " loginctl enable-linger "
            + user);
  }

  private static int managerFailed(Context context, String what, BoundedCommand.Outcome outcome) {
    context.err.println(
        "gateway service: "
            + what
            + " failed ("
            + (outcome.output().isEmpty() ? "exit code " + outcome.exitCode() : outcome.output())
            + ")");
    return ExitCodes.START_FAILED;
  }

  private static String javaOfThisJvm() {
    return Path.of(System.getProperty("java.home"), "bin", "java").toString();
  }

  /** A class path, shortened for a message. */
  private static String summary(String classPath) {
    String[] entries = classPath.split(File.pathSeparator);
    return entries.length <= 1
        ? "'" + classPath + "'"
        : entries.length + " entries, '" + entries[0] + "' first";
  }
}
