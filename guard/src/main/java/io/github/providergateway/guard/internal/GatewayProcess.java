package io.github.providergateway.guard.internal;

import io.github.providergateway.guard.shell.Word;
import io.github.providergateway.guard.shell.internal.NameSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * The gateway's process and its console, as an agent's command reaches them ({@code guard.self}): a
 * kill that names the gateway (its name, its home, its pid file, its port), a service manager that
 * stops its service, and the gateway's own commands only the person runs ({@link
 * PersonOnlyCommands}: what lowers protection, {@code setup}, {@code service install}, the console
 * and {@code attach}, from which the gateway's questions to the person can be answered, the two
 * that issue a token) or only an agent's own program runs (its hook, the MCP server), issue 75. The
 * gateway run from its jar ({@code java -jar …/provider-gateway.jar stop}) is read as the launcher
 * is.
 */
final class GatewayProcess {
  private static final BuiltinRule SELF = RuleBook.rule("guard.self");

  private GatewayProcess() {}

  private static final Set<String> STOP_VERBS =
      NameSet.of("stop", "disable", "mask", "kill", "unload", "bootout", "remove", "reset-failed");

  /**
   * Scans each program for the gateway's process, its service and its console.
   *
   * @param scan the call's scan
   */
  static void scan(Scan scan) {
    boolean kills = false;
    List<Step> steps = scan.steps();
    for (int s = 0; s < steps.size(); s++) {
      Step step = steps.get(s);
      kills |= signals(step);
      if (step.program().equals("pwsh") || step.program().equals("powershell")) {
        powerShellStops(scan, step);
      }
      if (step.is(ProgramKind.PROCESS_PROGRAM)) {
        process(scan, step);
      } else if (step.program().equals("java")) {
        fromItsJar(scan, step);
      }
      if (step.program().equals("fuser") && GatewayPid.namesPort(scan, step)) {
        scan.hit(SELF, step, null); // fuser -k 9400/tcp
      }
    }
    if (kills && GatewayPid.takenBy(scan, GatewayProcess::signals)) {
      for (Step step : steps) {
        if (signals(step)) {
          scan.hit(SELF, step, null);
          return;
        }
      }
    }
  }

  /**
   * The programs that stop, starve or take over a process by its pid: the kills, and {@code
   * renice}, {@code prlimit --pid} (its open files to none), {@code ionice}, {@code taskset},
   * {@code chrt}, {@code cpulimit}, {@code reptyr} (its terminal taken), issue 75.
   */
  private static final Set<String> CONTROLLERS =
      NameSet.of("renice", "prlimit", "ionice", "taskset", "chrt", "cpulimit", "reptyr");

  private static boolean signals(Step step) {
    return step.is(ProgramKind.KILLER) || CONTROLLERS.contains(step.program());
  }

  /**
   * PowerShell's kill: {@code Get-Process java | Stop-Process}, every JVM the gateway among them.
   */
  private static final Pattern POWERSHELL_STOPS =
      Pattern.compile("(?i)\\b(?:stop-process|spps|kill)\\b|\\.kill\\(");

  /**
   * Reads the code's words as the shell gave them, each on its own: neither the pattern nor a name
   * spans a space, so no text is joined to be split again (issue 79).
   */
  private static void powerShellStops(Scan scan, Step step) {
    List<Word> args = step.args();
    boolean stops = false;
    for (int i = 0; i < args.size() && !stops; i++) {
      stops = PatternLiterals.finds(POWERSHELL_STOPS, args.get(i).text().toLowerCase(Locale.ROOT));
    }
    if (!stops) {
      return;
    }
    for (Word arg : args) {
      for (String word : arg.text().toLowerCase(Locale.ROOT).split("[\\s|;'\"(){},]+")) {
        if (GatewayPid.namesGatewayProcess(word)) {
          scan.hit(SELF, step, null);
          return;
        }
      }
    }
  }

  private static void process(Scan scan, Step step) {
    List<String> args = step.invocation().args();
    switch (step.program()) {
      case "pkill", "killall" -> {
        for (String a : args) {
          if (GatewayPid.namesGatewayProcess(a.toLowerCase(Locale.ROOT))) {
            scan.hit(SELF, step, null);
            return;
          }
        }
      }
      case "systemctl", "launchctl" -> {
        boolean stops = false;
        boolean named = false;
        for (String a : args) {
          stops |= STOP_VERBS.contains(a);
          named |= namesTheService(a);
        }
        // systemctl --user exit stops the user's service manager, every service with it.
        if (stops && named || args.contains("--user") && args.contains("exit")) {
          scan.hit(SELF, step, null);
        }
      }
      case "gateway", "provider-gateway" -> gatewayCommand(scan, step, args);
      default -> {}
    }
  }

  /**
   * The gateway's own command line: one only the person may run (what lowers protection, {@code
   * setup}, {@code service install}, the console, {@code attach}, the two that issue a token), or
   * one only an agent's own program runs (its hook, the MCP server: issue 75).
   */
  private static void gatewayCommand(Scan scan, Step step, List<String> args) {
    if (PersonOnlyCommands.of(args).isPresent() || PersonOnlyCommands.agentsOwn(args).isPresent()) {
      scan.hit(SELF, step, null);
    }
  }

  /** {@code java -jar …/provider-gateway.jar stop}, {@code java -cp … …app.Main attach}. */
  private static void fromItsJar(Scan scan, Step step) {
    List<String> args = jarArguments(step);
    if (args != null) {
      gatewayCommand(scan, step, args);
    }
  }

  /** The gateway's command line after its jar or main class, or null for another Java program. */
  private static List<String> jarArguments(Step step) {
    List<String> args = step.invocation().args();
    for (int i = 0; i < args.size(); i++) {
      String a = args.get(i);
      boolean jar = a.endsWith(".jar") && a.contains("provider-gateway") && i > 0;
      if (jar && args.get(i - 1).equals("-jar") || a.equals("io.github.providergateway.app.Main")) {
        return args.subList(i + 1, args.size());
      }
    }
    return null;
  }

  /**
   * Whether the step runs the gateway's own command line, by its launcher or its jar.
   *
   * @param step a program of the call
   * @return whether it is the gateway's
   */
  static boolean runsGateway(Step step) {
    String program = step.program();
    return program.equals("gateway")
        || program.equals("provider-gateway")
        || program.equals("java") && jarArguments(step) != null;
  }

  /** The service's names: systemd's unit and launchd's label. */
  private static final List<String> SERVICE_NAMES =
      List.of("provider-gateway.service", "io.github.providergateway.plist");

  /**
   * Whether a word of systemctl or launchctl names the gateway's service: by its name, or a pattern
   * that matches it ({@code 'provider-gate*'}, {@code *gateway*}).
   */
  static boolean namesTheService(String word) {
    if (word.contains("provider-gateway") || word.contains("providergateway")) {
      return true;
    }
    if (Places.firstWildcard(word) < 0 || word.startsWith("-")) {
      return false;
    }
    Glob pattern = Glob.path(word);
    for (String name : SERVICE_NAMES) {
      if (pattern.matches(name) || pattern.matches(name.substring(0, name.lastIndexOf('.')))) {
        return true;
      }
    }
    return false;
  }
}
