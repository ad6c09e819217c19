package io.github.providergateway.app.detached;

import io.github.providergateway.app.cli.CommandContext;
import io.github.providergateway.app.cli.ExitCodes;
import io.github.providergateway.app.cli.HelpOption;
import io.github.providergateway.app.dist.RuntimeCopy;
import io.github.providergateway.app.home.BoundedCommand;
import io.github.providergateway.app.home.GatewayPort;
import io.github.providergateway.app.home.PublishedFiles;
import io.github.providergateway.app.home.SetupLedger;
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

  /** Runs {@code action} on the context, saying why it could not be made. */
  private static int withContext(
      CommandContext app, HomeOption option, String command, ContextAction action) {
    ServiceContext context;
    try {
      context = new ServiceContext(app, option);
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
    int run(ServiceContext context) throws IOException;
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

  private static int install(CommandContext app, ServiceContext context) throws IOException {
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
    PublishedFiles.writeOwnerOnly(unit.file(), text.stripTrailing());
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
      case SYSTEMD -> ServiceManagerSteps.enableSystemd(context, unit, changed);
      case LAUNCHD -> ServiceManagerSteps.bootstrapLaunchd(context, unit);
    };
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

  private static int uninstall(ServiceContext context) throws IOException {
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
            return ServiceManagerSteps.managerFailed(
                context, "systemctl --user disable --now " + name, done);
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

  private static int status(ServiceContext context) throws IOException {
    ServiceUnit unit = context.unit();
    PrintStream out = context.out;
    out.println("Service of " + context.home + ":");
    if (!Files.isRegularFile(unit.file())) {
      out.println("  unit       not installed (no " + unit.file() + "): 'gateway service install'");
    } else {
      String text = Files.readString(unit.file());
      out.println("  unit       " + unit.file());
      out.println("  command    " + ServiceManagerSteps.commandOf(context.platform, text));
      Matcher jar =
          Pattern.compile(Pattern.quote(File.separator) + "(provider-gateway-[0-9a-f]+\\.jar)")
              .matcher(text);
      if (jar.find()) {
        Path copy = ServiceUnit.installDir(context.platform, context.env).resolve(jar.group(1));
        if (!Files.isRegularFile(copy)) {
          out.println("  missing    " + copy + ": run 'gateway service install' again");
        }
      }
      out.println("  manager    " + ServiceManagerSteps.managerSays(context, unit));
    }
    OptionalInt port = GatewayPort.answering(context.home);
    out.println(
        "  gateway    "
            + (port.isPresent()
                ? "running on port " + port.getAsInt() + ServiceManagerSteps.pidNote(context.home)
                : "not running"));
    return ExitCodes.OK;
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
