package io.github.providergateway.guard.internal;

import io.github.providergateway.guard.shell.Redirect;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A queue manager's messages destroyed, moved or consumed by its administrators' tools (decision
 * 205): IBM MQ's {@code runmqsc} fed {@code CLEAR QLOCAL}, {@code DELETE QLOCAL}, a channel stopped
 * or a queue's gets or puts disabled; {@code dmpmqmsg -I} (and {@code qload}), which takes every
 * message off its input queue, to a file or onto another queue; {@code dltmqm}; and inline code
 * that takes messages off a queue with {@code pymqi}'s {@code get} on a queue manager not this
 * machine's. A browse ({@code dmpmqmsg -i}, {@code MQOO_BROWSE}), a {@code DISPLAY}, and IBM's
 * developer queues ({@code DEV.QUEUE.1}) or a queue manager named for tests are not.
 */
final class QueueDrains {
  private QueueDrains() {}

  /** MQSC that destroys messages or stops their flow. */
  private static final Pattern MQSC_DESTROYS =
      Pattern.compile(
          "(?i)\\b(?:CLEAR\\s+(?:QLOCAL|QL|TOPICSTR)|DELETE\\s+(?:QLOCAL|QL|QREMOTE|QR|QALIAS|QA"
              + "|CHANNEL|CHL))\\s*\\(\\s*'?([^')\\s]*)"
              + "|\\bSTOP\\s+(?:CHANNEL|CHL|LISTENER)\\s*\\(\\s*'?([^')\\s]*)"
              + "|\\bALTER\\s+(?:QLOCAL|QL)\\s*\\(\\s*'?([^')\\s]*)'?\\s*\\)[^\\n]*?"
              + "\\b(?:GET|PUT)\\s*\\(\\s*DISABLED\\s*\\)");

  /** pymqi's connection: its queue manager and {@code host(port)}. */
  private static final Pattern PYMQI_CONNECT =
      Pattern.compile(
          "pymqi\\.connect\\s*\\(\\s*['\"]([^'\"]*)['\"][^)]*?['\"]([\\w.-]+)\\(\\d+\\)");

  /** A queue opened: {@code q = pymqi.Queue(qm, 'X')}, its name. */
  private static final Pattern PYMQI_QUEUE = Pattern.compile("(\\w+)\\s*=\\s*pymqi\\.Queue\\s*\\(");

  /** A get on a queue opened in place: {@code pymqi.Queue(qm, 'X').get()}. */
  private static final Pattern PYMQI_GET_IN_PLACE =
      Pattern.compile("pymqi\\.Queue\\s*\\([^)]*\\)\\s*\\.get\\s*\\(");

  /** Whether the program destroys, moves or consumes a shared queue manager's messages. */
  static boolean emptied(Scan scan, Step step) {
    return switch (step.program()) {
      case "runmqsc" -> mqscDestroys(scan, step);
      case "dmpmqmsg", "qload" -> consumes(step);
      case "dltmqm" -> !testQueueManager(firstPositional(step.invocation().args()));
      default -> step.interpreter() && codeGets(step);
    };
  }

  private static boolean mqscDestroys(Scan scan, Step step) {
    List<String> args = step.invocation().args();
    if (args.contains("-v")) {
      return false; // runmqsc -v: verifies the commands, runs none
    }
    if (testQueueManager(firstPositional(args))) {
      return false;
    }
    if (fedFromAFile(scan, step)) {
      return true; // commands the guard cannot read, on a shared queue manager
    }
    Matcher m = MQSC_DESTROYS.matcher(CopiesPredicates.fed(scan, step));
    while (m.find()) {
      String object =
          m.group(1) != null ? m.group(1) : m.group(2) != null ? m.group(2) : m.group(3);
      if (!developerObject(object)) {
        return true;
      }
    }
    return false;
  }

  /**
   * {@code runmqsc QM < file} or {@code cat file | runmqsc QM}: a script of commands whose text the
   * call does not show, which may clear or delete what it likes, as {@code psql -f} on a shared
   * database is asked.
   */
  private static boolean fedFromAFile(Scan scan, Step step) {
    for (Redirect redirect : step.invocation().redirects()) {
      if (redirect.operator().equals("<") && redirect.body() == null) {
        return true;
      }
    }
    for (Step other : scan.steps()) {
      if (other != step
          && other.program().equals("cat")
          && other.invocation().redirects().stream().allMatch(r -> r.body() == null)
          && other.invocation().args().stream().anyMatch(arg -> !arg.startsWith("-"))) {
        return true;
      }
    }
    return false;
  }

  /** {@code dmpmqmsg -I queue}: every message taken off the queue (the {@code -i} browses). */
  private static boolean consumes(Step step) {
    List<String> args = step.invocation().args();
    String queueManager = null;
    String queue = null;
    for (int i = 0; i < args.size(); i++) {
      String a = args.get(i);
      String value = i + 1 < args.size() ? args.get(i + 1) : "";
      if (a.equals("-m")) {
        queueManager = value;
      } else if (a.startsWith("-m") && a.length() > 2) {
        queueManager = a.substring(2);
      } else if (a.equals("-I")) {
        queue = value;
      } else if (a.startsWith("-I") && a.length() > 2) {
        queue = a.substring(2);
      }
    }
    return queue != null && !developerObject(queue) && !testQueueManager(queueManager);
  }

  /** Inline code that gets (not browses) from a queue manager on another machine. */
  private static boolean codeGets(Step step) {
    String code = InterpreterCode.of(step);
    if (code == null || !code.contains("pymqi") || !gets(code)) {
      return false;
    }
    if (code.contains("BROWSE")) {
      return false; // MQOO_BROWSE, MQGMO_BROWSE_FIRST: the messages stay
    }
    Matcher m = PYMQI_CONNECT.matcher(code);
    if (!m.find()) {
      return false;
    }
    String host = m.group(2).toLowerCase(Locale.ROOT);
    return !Environments.localHost(host)
        && !Environments.stagingHost(host)
        && !testQueueManager(m.group(1));
  }

  /**
   * Whether the code gets from a queue it opened: {@code q.get()}, {@code q.get(None, md, gmo)}.
   */
  private static boolean gets(String code) {
    if (PatternLiterals.finds(PYMQI_GET_IN_PLACE, code)) {
      return true;
    }
    Matcher queue = PYMQI_QUEUE.matcher(code);
    while (queue.find()) {
      String name = queue.group(1);
      for (int at = code.indexOf(name + ".get(");
          at >= 0;
          at = code.indexOf(name + ".get(", at + 1)) {
        if (at == 0 || !Character.isJavaIdentifierPart(code.charAt(at - 1))) {
          return true; // q.get(), not seq.get(
        }
      }
    }
    return false;
  }

  /** IBM's developer objects ({@code DEV.QUEUE.1}, {@code DEV.APP.SVRCONN}): a test's. */
  private static boolean developerObject(String name) {
    return name != null && name.toUpperCase(Locale.ROOT).startsWith("DEV.");
  }

  /** A queue manager named for tests or development ({@code QMTEST}, {@code qm-dev}). */
  private static boolean testQueueManager(String name) {
    if (name == null || name.isEmpty()) {
      return false;
    }
    String lower = name.toLowerCase(Locale.ROOT);
    return !Environments.namesProduction(name)
        && (Environments.testName(name)
            || lower.endsWith("test")
            || lower.endsWith("dev")
            || lower.startsWith("test")
            || lower.startsWith("dev"));
  }

  private static String firstPositional(List<String> args) {
    for (int i = 0; i < args.size(); i++) {
      String a = args.get(i);
      if (a.equals("-m") || a.equals("-w") || a.equals("-u") || a.equals("-x")) {
        i++;
      } else if (!a.startsWith("-")) {
        return a;
      }
    }
    return null;
  }
}
