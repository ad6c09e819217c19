package io.github.providergateway.guard.internal;

import io.github.providergateway.guard.internal.Scan.Step;
import io.github.providergateway.guard.shell.Word;
import java.util.List;
import java.util.Locale;
import java.util.Set;

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
  private GatewayProcess() {}

  private static final Set<String> STOP_VERBS =
      Set.of("stop", "disable", "mask", "kill", "unload", "bootout", "remove", "reset-failed");

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
      kills |= step.is(ProgramKind.KILLER);
      if (step.is(ProgramKind.PROCESS_PROGRAM)) {
        process(scan, step);
      } else if (step.program().equals("java")) {
        fromItsJar(scan, step);
      }
      if (step.program().equals("fuser") && namesPort(scan, step)) {
        scan.hit(SelfRules.SELF, step, null); // fuser -k 9400/tcp
      }
    }
    if (kills && killsTheGateway(scan)) {
      for (Step step : steps) {
        if (step.is(ProgramKind.KILLER)) {
          scan.hit(SelfRules.SELF, step, null);
          return;
        }
      }
    }
  }

  /**
   * Whether a command that kills names the gateway: the words of every reader of a long command
   * (cat, grep, tail…) are read for it only then, and no further than the first.
   */
  private static boolean killsTheGateway(Scan scan) {
    boolean fedToKiller = false;
    for (Step step : scan.steps()) {
      fedToKiller |= step.is(ProgramKind.KILLER) && step.invocation().via().contains("xargs");
    }
    for (Step step : scan.steps()) {
      if (!step.is(ProgramKind.KILLER) && !step.is(ProgramKind.FINDER)) {
        continue;
      }
      if (scan.ofScript() && !fedToKiller && !substituted(step)) {
        // A script is many commands: its finder counts where it hands the kill its pid, as in
        // kill $(pgrep -f gateway); a grep elsewhere in it that names the gateway does not.
        continue;
      }
      if (step.program().equals("lsof") && namesPort(scan, step)) {
        return true; // kill $(lsof -t -i :9400)
      }
      List<Word> words = step.invocation().words();
      for (int i = 0; i < words.size(); i++) {
        String t = words.get(i).text();
        if (t.contains("tap/gateway.pid")
            || t.contains("TAP_HOME")
            || namesGatewayProcess(t.toLowerCase(Locale.ROOT))
                && (step.program().equals("pgrep")
                    || step.program().equals("pidof")
                    || step.program().equals("grep")
                    || step.program().equals("pkill"))) {
          return true;
        }
      }
    }
    return false;
  }

  /** Whether a program is read inside a command substitution. */
  private static boolean substituted(Step step) {
    List<String> via = step.invocation().via();
    return via.contains("$(…)") || via.contains("`…`");
  }

  /**
   * Whether a word of {@code step} names a port the gateway listens on as lsof and fuser take one:
   * {@code 9400/tcp}, {@code :9400}, {@code -i:9400}, {@code tcp:9400}.
   */
  private static boolean namesPort(Scan scan, Step step) {
    // fuser -n tcp 9400: a bare number is a port in the tcp name space.
    boolean bare = step.invocation().args().contains("tcp");
    for (Word word : step.args()) {
      String t = word.text();
      int colon = t.lastIndexOf(':');
      String digits =
          t.endsWith("/tcp")
              ? t.substring(0, t.length() - 4)
              : colon >= 0 ? t.substring(colon + 1) : bare ? t : "";
      if (!digits.isEmpty()
          && digits.length() <= 5
          && digits.chars().allMatch(Character::isDigit)
          && scan.gatewayPorts().contains(Integer.parseInt(digits))) {
        return true;
      }
    }
    return false;
  }

  private static void process(Scan scan, Step step) {
    List<String> args = step.invocation().args();
    switch (step.program()) {
      case "pkill", "killall" -> {
        for (String a : args) {
          if (namesGatewayProcess(a.toLowerCase(Locale.ROOT))) {
            scan.hit(SelfRules.SELF, step, null);
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
        if (stops && named) {
          scan.hit(SelfRules.SELF, step, null);
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
      scan.hit(SelfRules.SELF, step, null);
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

  /**
   * Whether a pattern names the gateway's process: its name ({@code gateway}, {@code java}, the
   * launcher's {@code provider-gateway}), its home, or a piece of its name long enough to be one
   * ({@code ider-gate}); a character class or two read through ({@code provider-gatewa[y]}). An
   * api-gateway or another project's gateway.pid is not it.
   */
  private static boolean namesGatewayProcess(String word) {
    String plain =
        word.replaceAll("\\[([a-zA-Z.-])\\]", "$1")
            .replace(".*", "")
            .replace("^", "")
            .replace("$", "");
    if (plain.equals("gateway") || plain.equals("java") || plain.equals("provider-gateway")) {
      return true;
    }
    if (namesGatewayHome(plain)) {
      return true;
    }
    for (String name :
        new String[] {
          "provider-gateway", "io.github.providergateway", "providergateway", "reference-app"
        }) {
      if (plain.length() >= 5 && name.contains(plain) || plain.contains(name)) {
        return true;
      }
    }
    return false;
  }

  /**
   * Whether a word names the gateway's home as its processes carry it ({@code pkill -f
   * copilot/extensions/tap}, {@code grep '[e]xtensions/tap'}): the home's last two folders, with a
   * character class or two in them read through.
   */
  private static boolean namesGatewayHome(String word) {
    String plain = word.replaceAll("\\[([a-zA-Z])\\]", "$1");
    return plain.contains("extensions/tap") || plain.contains("/.copilot/extensions");
  }

  /** The service's names: systemd's unit and launchd's label. */
  private static final List<String> SERVICE_NAMES =
      List.of("provider-gateway.service", "io.github.providergateway.plist");

  /**
   * Whether a word of systemctl or launchctl names the gateway's service: by its name, or a pattern
   * that matches it ({@code 'provider-gate*'}, {@code *gateway*}).
   */
  private static boolean namesTheService(String word) {
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
