package io.github.providergateway.guard.internal;

import io.github.providergateway.guard.shell.Redirect;
import io.github.providergateway.guard.shell.Word;
import io.github.providergateway.guard.shell.internal.NameSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The gateway's memory ({@code guard.gateway-token}, issue 75): the running gateway holds its
 * tokens and the status page's codes, and a debugger or a reader of its process hands them out. A
 * program that attaches to a process or dumps it ({@code jcmd}, {@code jmap}, {@code jstack},
 * {@code jhsdb}, {@code jinfo}, {@code jattach}, {@code gcore}, {@code gdb -p}, {@code lldb},
 * {@code strace -p}, {@code ltrace -p}, {@code criu}, {@code pmap}) given the gateway's pid ({@link
 * GatewayPid}: its pid file, a finder that names it, its pid as the disk's {@code gateway.pid}
 * holds it), {@code jcmd} by a part of the gateway's main class or jar (it takes every JVM whose
 * name holds it) or {@code jcmd 0} (every JVM), and a read of its {@code /proc/PID/mem}, {@code
 * environ}, {@code maps}, {@code smaps} or {@code pagemap} (or every process's, {@code
 * /proc/*&#47;environ}). The same programs on a project's own process stay allowed.
 */
final class GatewayMemory {
  private static final BuiltinRule GATEWAY_TOKEN = RuleBook.rule("guard.gateway-token");

  private GatewayMemory() {}

  /** Programs that attach to a process by its pid and read, dump or trace it. */
  static final Set<String> ATTACHERS =
      NameSet.of(
          "jcmd",
          "jmap",
          "jstack",
          "jhsdb",
          "jinfo",
          "jattach",
          "jconsole",
          "jdb",
          "gcore",
          "gdb",
          "lldb",
          "strace",
          "ltrace",
          "criu",
          "pmap",
          "pstack",
          "eu-stack",
          "py-spy",
          "asprof",
          "profiler.sh",
          "perf");

  /** What {@code jcmd} matches a name against: the gateway's main class and its jars. */
  private static final List<String> GATEWAY_NAMES =
      List.of(
          "io.github.providergateway.app.Main",
          "/.cache/provider-gateway/provider-gateway.jar",
          "/.local/share/provider-gateway/lib/provider-gateway.jar",
          "reference-app/target/provider-gateway.jar");

  /** A process's memory or what maps and describes it, under {@code /proc}. */
  private static final Pattern PROC_MEMORY =
      Pattern.compile(
          "/proc/(.+?)/(?:task/[^/\\s]+/)?(?:mem|environ|maps|smaps|smaps_rollup|pagemap)\\b");

  /** The command's own process, or its shell's parent: not the gateway. */
  private static final Set<String> OWN =
      NameSet.of("self", "thread-self", "$$", "${$}", "$BASHPID", "${BASHPID}", "$PPID", "${PPID}");

  /**
   * Scans each program for the gateway's memory.
   *
   * @param scan the call's scan
   */
  static void scan(Scan scan) {
    boolean attaches = false;
    for (Step step : scan.steps()) {
      if (ATTACHERS.contains(step.program())) {
        attaches = true;
        if (step.program().equals("jcmd") && jcmdTakesTheGateway(scan, step)) {
          scan.hit(GATEWAY_TOKEN, step, null);
          return;
        }
      }
    }
    if (attaches && GatewayPid.takenBy(scan, s -> ATTACHERS.contains(s.program()))) {
      for (Step step : scan.steps()) {
        if (ATTACHERS.contains(step.program())) {
          scan.hit(GATEWAY_TOKEN, step, null);
          return;
        }
      }
    }
    for (Step step : scan.steps()) {
      if (readsGatewayMemory(scan, step)) {
        scan.hit(GATEWAY_TOKEN, step, null);
        return;
      }
    }
  }

  /**
   * {@code jcmd PID|NAME COMMAND}: its first word past its options names the JVMs it speaks to, a
   * pid ({@code 0}: every one) or a part of a main class's or jar's name (every JVM whose name
   * holds it).
   */
  private static boolean jcmdTakesTheGateway(Scan scan, Step step) {
    for (Word word : step.args()) {
      String t = word.text();
      if (t.startsWith("-")) {
        continue;
      }
      if (!word.literal()) {
        return false; // a substitution: GatewayPid reads what prints it
      }
      if (t.chars().allMatch(Character::isDigit)) {
        return t.equals("0") || GatewayPid.isGatewaysPid(scan, t);
      }
      if (t.contains("provider-gateway") || t.contains("providergateway")) {
        return true;
      }
      for (String name : GATEWAY_NAMES) {
        if (name.contains(t)) {
          return true;
        }
      }
      return false;
    }
    return false;
  }

  /**
   * Whether a word or redirection of a step, a path under {@code /proc}, reads the gateway's
   * memory: each in turn, no list of them made, as every program of a long command is asked.
   */
  private static boolean readsGatewayMemory(Scan scan, Step step) {
    List<Word> words = step.invocation().words();
    for (int i = 0; i < words.size(); i++) {
      String text = words.get(i).text();
      if (text.contains("/proc/") && readsGatewayMemory(scan, step, text)) {
        return true;
      }
    }
    List<Redirect> redirects = step.invocation().redirects();
    for (int i = 0; i < redirects.size(); i++) {
      Redirect redirect = redirects.get(i);
      String text = redirect.body() == null ? redirect.target().text() : null;
      if (text != null && text.contains("/proc/") && readsGatewayMemory(scan, step, text)) {
        return true;
      }
    }
    return false;
  }

  /**
   * Whether a path reads the memory of the gateway's process: its pid as the disk holds it, a
   * pattern that takes every process, or a pid computed from the gateway's pid file or a finder
   * that names it.
   */
  private static boolean readsGatewayMemory(Scan scan, Step step, String text) {
    Matcher m = PROC_MEMORY.matcher(text);
    while (m.find()) {
      String pid = m.group(1);
      if (OWN.contains(pid)) {
        continue;
      }
      if (pid.chars().allMatch(Character::isDigit)) {
        if (GatewayPid.isGatewaysPid(scan, pid)) {
          return true;
        }
      } else if (Glob.hasWildcard(pid)
          || GatewayPid.namesPidFile(scan, text)
          || GatewayPid.takenBy(scan, s -> s == step)) {
        return true;
      }
    }
    return false;
  }
}
