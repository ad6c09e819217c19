package io.github.providergateway.guard.internal;

import io.github.providergateway.guard.shell.Word;
import io.github.providergateway.guard.shell.internal.NameSet;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import java.util.function.Predicate;

/**
 * The gateway's process as a command names it (issue 75): by its pid file, the finders that print
 * its pid, its port, its name, and its pid as the disk's {@code gateway.pid} holds it. Read for the
 * kills that stop it ({@link GatewayProcess}) and the debuggers and readers of its memory ({@link
 * GatewayMemory}), which hold its token.
 */
final class GatewayPid {
  private GatewayPid() {}

  /** The most characters of the gateway's pid file read: a pid and a line's end. */
  private static final int MAX_PID_CHARS = 32;

  /**
   * Whether a command hands a program that takes a pid ({@code taker}: a kill, a debugger) the
   * gateway's: the words of every reader of a long command (cat, grep, tail…) are read for it only
   * then, and no further than the first. Its pid file ({@code $(cat …/gateway.pid)}), {@code
   * TAP_HOME}, a finder that names its process ({@code pgrep -f provider-gateway}) or its port
   * ({@code lsof -t -i :9400}), or its pid as the disk's {@code gateway.pid} holds it.
   *
   * @param scan the call's scan
   * @param taker the programs that take the pid
   * @return whether one is handed the gateway's
   */
  static boolean takenBy(Scan scan, Predicate<Step> taker) {
    boolean fedToKiller = false;
    for (Step step : scan.steps()) {
      fedToKiller |= taker.test(step) && step.invocation().via().contains("xargs");
    }
    for (Step step : scan.steps()) {
      boolean takes = taker.test(step);
      if (!takes && !step.is(ProgramKind.FINDER)) {
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
        if (namesPidFile(scan, t)
            || t.contains("TAP_HOME")
            || takes && i > 0 && isGatewaysPid(scan, t)
            || namesGatewayProcess(t.toLowerCase(Locale.ROOT))
                && FILTERS.contains(step.program())) {
          return true;
        }
      }
    }
    return false;
  }

  /**
   * The programs whose pattern picks processes out of a list by their command line: {@code pgrep
   * -f}, and a filter of {@code ps}'s lines ({@code ps … | awk '/[p]rovider-gateway/{print $1}'}).
   */
  private static final Set<String> FILTERS =
      NameSet.of("pgrep", "pidof", "pkill", "grep", "egrep", "fgrep", "rg", "awk", "gawk", "mawk");

  /** Whether a program is read inside a command substitution. */
  private static boolean substituted(Step step) {
    List<String> via = step.invocation().via();
    return via.contains("$(…)") || via.contains("`…`");
  }

  /**
   * Whether a word of {@code step} names a port the gateway listens on as lsof and fuser take one:
   * {@code 9400/tcp}, {@code :9400}, {@code -i:9400}, {@code tcp:9400}.
   */
  static boolean namesPort(Scan scan, Step step) {
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

  /**
   * Whether a word names the gateway's pid file: {@code …/tap/gateway.pid}, or {@code gateway.pid}
   * in the gateway's home as written absolute or from {@code ~} or {@code $HOME}.
   */
  static boolean namesPidFile(Scan scan, String word) {
    if (!word.contains("gateway.pid")) {
      return false;
    }
    Places places = scan.places();
    Path pidFile = places.gatewayHome().resolve("gateway.pid");
    if (word.contains("tap/gateway.pid") || word.contains(pidFile.toString())) {
      return true;
    }
    if (!pidFile.startsWith(places.home())) {
      return false;
    }
    String relative = places.home().relativize(pidFile).toString();
    return word.contains("~/" + relative)
        || word.contains("HOME/" + relative)
        || word.contains("HOME}/" + relative);
  }

  /**
   * Whether {@code word} is the running gateway's pid, as its home's {@code gateway.pid} on the
   * disk says (with no disk, or no gateway running, no number is).
   *
   * @param scan the call's scan
   * @param word a word of a program that takes a pid
   * @return whether it is the gateway's
   */
  static boolean isGatewaysPid(Scan scan, String word) {
    if (word.isEmpty() || word.length() > 10 || !word.chars().allMatch(Character::isDigit)) {
      return false;
    }
    String pid = scan.callDisk().gatewayPid();
    return pid != null && pid.equals(word.replaceFirst("^0+(?=\\d)", ""));
  }

  /** The pid {@code gatewayHome/gateway.pid} holds on the disk, or {@code null}. */
  static String readPid(Places places) {
    if (places.disk().none()) {
      return null;
    }
    Optional<String> text =
        places.disk().text(places.gatewayHome().resolve("gateway.pid"), MAX_PID_CHARS);
    String pid = text.map(String::strip).orElse("");
    return !pid.isEmpty() && pid.length() <= 10 && pid.chars().allMatch(Character::isDigit)
        ? pid
        : null;
  }

  /**
   * Whether a pattern names the gateway's process: its name ({@code gateway}, {@code java}, the
   * launcher's {@code provider-gateway}), its home, or a piece of its name long enough to be one
   * ({@code ider-gate}); a character class or two read through ({@code provider-gatewa[y]}). An
   * api-gateway or another project's gateway.pid is not it.
   */
  static boolean namesGatewayProcess(String word) {
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
          "provider-gateway",
          "io.github.providergateway",
          "providergateway",
          "reference-app",
          // Its command lines, as pgrep -f matches them: the detached gateway, the console.
          "io.github.providergateway.app.main --detached",
          "io.github.providergateway.app.main attach",
          "/gateway --detached",
          "/gateway attach"
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
}
