package io.github.providergateway.app.detached;

import io.github.providergateway.app.cli.ExitCodes;
import io.github.providergateway.app.home.BoundedCommand;
import io.github.providergateway.app.home.GatewayPort;
import io.github.providergateway.app.home.ShellWords;
import io.github.providergateway.app.service.ServiceUnit;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.OptionalInt;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What {@code gateway service} asks of the user's service manager, systemd's and launchd's ways
 * side by side: start the home's unit once it is written (enable, or bootstrap), say what the
 * manager says of it, read the command a unit runs, and word a manager's failure. {@link
 * ServiceCommand} decides what to do; this says how each manager is told.
 */
final class ServiceManagerSteps {

  private static final Pattern PLIST_STRING = Pattern.compile("<string>([^<]*)</string>");

  private ServiceManagerSteps() {}

  static int enableSystemd(ServiceContext context, ServiceUnit unit, boolean changed) {
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

  static int bootstrapLaunchd(ServiceContext context, ServiceUnit unit) throws IOException {
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

  /** What the manager says of the unit: enabled and active, or why it cannot say. */
  static String managerSays(ServiceContext context, ServiceUnit unit) throws IOException {
    return switch (context.platform) {
      case SYSTEMD -> systemdSays(context, unit);
      case LAUNCHD -> launchdSays(context, unit);
    };
  }

  static String systemdSays(ServiceContext context, ServiceUnit unit) {
    BoundedCommand.Outcome answer = context.manager.answers(null);
    if (!answer.ok()) {
      return "no systemd user manager answers here (" + answer.said() + ")";
    }
    String enabled = context.manager.run("--user", "is-enabled", unit.name()).said();
    String active = context.manager.run("--user", "is-active", unit.name()).said();
    return "systemd says " + enabled + ", " + active;
  }

  static String launchdSays(ServiceContext context, ServiceUnit unit) throws IOException {
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
  static String commandOf(ServiceUnit.Platform platform, String text) {
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

  /** {@code " (pid N)"} when {@code <home>/gateway.pid} names a live process, else nothing. */
  static String pidNote(Path home) {
    Long pid = DetachedLaunch.livePid(home);
    return pid == null ? "" : " (pid " + pid + ")";
  }

  static void printLinger(ServiceContext context) {
    String user = context.env.getOrDefault("USER", context.env.getOrDefault("LOGNAME", "$USER"));
    context.out.println(
        "Your user manager runs while you are logged in. For the gateway from boot and between"
            + " logins (if you only log in over SSH, say), turn on linger once:"
            + " loginctl enable-linger "
            + user);
  }

  static int managerFailed(ServiceContext context, String what, BoundedCommand.Outcome outcome) {
    context.err.println(
        "gateway service: "
            + what
            + " failed ("
            + (outcome.output().isEmpty() ? "exit code " + outcome.exitCode() : outcome.output())
            + ")");
    return ExitCodes.START_FAILED;
  }
}
