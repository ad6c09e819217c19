package io.github.providergateway.guard.internal;

import io.github.providergateway.guard.shell.Redirect;
import io.github.providergateway.guard.shell.Word;
import io.github.providergateway.guard.shell.internal.NameSet;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * The go-ahead and the server of decision 159 ({@link GoAheadActs}) said in words its lists do not
 * hold (decision 165, the red team of 159): a go-ahead flag made longer ({@code --yes-really}), a
 * preview turned off ({@code --no-preview}), a dry run's own flag set off ({@code --dry-run=false},
 * {@code --dryrun 0}), a mode that acts ({@code --mode execute}), the tool's question answered by a
 * here-string ({@code <<< y}); and the server given by a short option ({@code -H
 * hazlog.ops.example.internal}), as {@code host:port} standing alone, or by a variable the call
 * sets ({@code HAZLOG_SERVER=https://…}).
 */
final class GoAheadSaidOtherwise {
  private GoAheadSaidOtherwise() {}

  /** The first parts of a longer flag that send the act through: {@code --yes-really}. */
  private static final Set<String> GO_AHEAD_FIRST =
      NameSet.of("yes", "confirm", "commit", "execute");

  /** The parts of a name that say preview: {@code --no-preview}, {@code --simulate=false}. */
  private static final Set<String> PREVIEW =
      NameSet.of("preview", "dryrun", "simulate", "simulation", "noop", "whatif");

  /** The first parts that turn what follows off: {@code --no-preview}, {@code --skip-preview}. */
  private static final Set<String> TURNING_OFF = NameSet.of("no", "skip", "disable", "without");

  /** The values that set a flag off. */
  private static final Set<String> OFF =
      NameSet.of("0", "false", "no", "off", "n", "none"); // kubectl --dry-run=none runs (d. 312)

  /** The values of a mode that act: {@code --mode execute}. */
  private static final Set<String> ACTING_MODES =
      NameSet.of(
          "live",
          "execute",
          "exec",
          "commit",
          "apply",
          "real",
          "for-real",
          "write",
          "wet",
          "update",
          "final");

  /** The values of a mode that only shows: {@code --mode audit} (decision 166). */
  private static final Set<String> PREVIEW_MODES =
      NameSet.of(
          "audit",
          "preview",
          "plan",
          "check",
          "simulate",
          "simulation",
          "dry",
          "dry-run",
          "dryrun",
          "validate",
          "report",
          "readonly",
          "read-only",
          "whatif");

  /**
   * Whether the program is told to run in a mode that only shows what it would do ({@code --mode
   * audit}, {@code --run-mode=preview}): a dry run by another name (decision 166). Decision 168:
   * the run's own mode only ({@code --mode}, {@code --run-mode}; not {@code --log-mode audit}), the
   * last one given, and not a mode a command sets ({@code waf policy set --mode audit}).
   *
   * @param args its words
   * @return whether they do
   */
  static boolean previewMode(List<Word> args) {
    String mode = null;
    int at = -1;
    for (int i = 0; i < args.size() && i < 4 * ShapeWords.SCAN; i++) {
      String text = args.get(i).text();
      // Few words are a mode's option: every dry run asks this of every word.
      if (!text.startsWith("--") || text.indexOf("mode") < 0) {
        continue;
      }
      List<String> parts = longOptionParts(text);
      if (!runMode(parts)) {
        continue;
      }
      int eq = text.indexOf('=');
      mode = eq > 0 ? text.substring(eq + 1) : i + 1 < args.size() ? args.get(i + 1).text() : "";
      at = i;
    }
    return mode != null
        && PREVIEW_MODES.contains(mode.toLowerCase(Locale.ROOT))
        && !setBefore(args, at);
  }

  /** The parts before {@code mode} that name the run's own mode: {@code --run-mode}. */
  private static final Set<String> RUN_PARTS =
      NameSet.of(
          "run", "exec", "execution", "job", "operation", "op", "batch", "process", "processing");

  /** Whether an option's name is the run's own mode: {@code mode}, {@code run-mode}. */
  static boolean runMode(List<String> parts) {
    int n = parts.size();
    return n > 0
        && parts.get(n - 1).equals("mode")
        && (n == 1 || n == 2 && RUN_PARTS.contains(parts.get(0)));
  }

  /** The command words that set what follows them ({@code policy set --mode audit}). */
  private static final Set<String> SETTING =
      NameSet.of(
          "set",
          "update",
          "patch",
          "configure",
          "config",
          "change",
          "modify",
          "edit",
          "enable",
          "switch",
          "put");

  /** Whether a command word before {@code at} sets something: the mode is then what it sets. */
  private static boolean setBefore(List<Word> args, int at) {
    for (int i = 0; i < at; i++) {
      String text = args.get(i).text();
      if (!text.startsWith("-")
          && text.length() < 40
          && SETTING.contains(text.toLowerCase(Locale.ROOT))) {
        return true;
      }
    }
    return false;
  }

  /**
   * Whether the program's words or its input tell it to go ahead in a way {@link
   * ActReach#toldToGoLive} does not read.
   *
   * @param step the program
   * @param args its words (a script's, for an interpreter), without the answering flags
   * @return whether they do
   */
  static boolean toldToGoLive(Step step, List<Word> args) {
    return saidInWords(args, true) || answeredOnInput(step);
  }

  /**
   * Whether the program's words tell it to write for real in a way {@link ActReach#toldToGoLive}
   * does not read, none of them only an answer ({@code --yes-really}): {@code --dry-run=false},
   * {@code --no-dryrun}, {@code --mode apply}, {@code --commit-changes} (decision 178, for decision
   * 177's read word beside a commit).
   */
  static boolean toldToCommit(List<Word> args) {
    return saidInWords(args, false);
  }

  private static boolean saidInWords(List<Word> args, boolean answering) {
    for (int i = 0; i < args.size() && i < 4 * ShapeWords.SCAN; i++) {
      String text = args.get(i).text();
      List<String> parts = longOptionParts(text);
      int eq = text.indexOf('=');
      if (parts.isEmpty()) {
        continue;
      }
      String next = i + 1 < args.size() ? args.get(i + 1).text() : "-";
      String value = eq > 0 ? text.substring(eq + 1) : next.startsWith("-") ? null : next;
      if (eq < 0
          && value == null
          && longerGoAhead(parts)
          && (answering || !ANSWERS.contains(parts.get(0)))) {
        return true; // --yes-really, --no-preview
      }
      if (value != null && preview(parts) && OFF.contains(value.toLowerCase(Locale.ROOT))) {
        return true; // --dry-run=false, --dryrun 0
      }
      if (value != null
          && parts.get(parts.size() - 1).equals("mode")
          && ACTING_MODES.contains(value.toLowerCase(Locale.ROOT))) {
        return true; // --mode execute
      }
    }
    return false;
  }

  /**
   * The first parts of a longer flag that only answer the tool's question: {@code --yes-really}.
   */
  private static final Set<String> ANSWERS = NameSet.of("yes", "confirm");

  /** A long option's name in parts ({@code --run-mode=x}: run, mode), or none for another word. */
  private static List<String> longOptionParts(String text) {
    if (!text.startsWith("--") || text.length() > 48) {
      return List.of();
    }
    int eq = text.indexOf('=');
    return ServiceVerbs.split(eq > 0 ? text.substring(2, eq) : text.substring(2));
  }

  /** A bare flag of parts that begins with a go-ahead or turns a preview off. */
  private static boolean longerGoAhead(List<String> parts) {
    if (parts.size() < 2) {
      return false;
    }
    return GO_AHEAD_FIRST.contains(parts.get(0))
        || TURNING_OFF.contains(parts.get(0)) && preview(parts.subList(1, parts.size()));
  }

  /** Whether a name's parts say preview or dry run ({@code dry-run}, {@code dryrun}). */
  static boolean preview(List<String> parts) {
    for (int p = 0; p < parts.size(); p++) {
      String part = parts.get(p);
      if (PREVIEW.contains(part)
          || part.equals("dry") && p + 1 < parts.size() && parts.get(p + 1).equals("run")) {
        return true;
      }
    }
    return false;
  }

  /**
   * Whether a dry run's flag at {@code i} is set off ({@code --dry-run=false}, {@code --dryrun 0}):
   * no dry run at all.
   */
  static boolean setOff(List<Word> args, int i) {
    String text = args.get(i).text();
    int eq = text.indexOf('=');
    String value;
    if (eq > 0) {
      value = text.substring(eq + 1);
    } else {
      value = i + 1 < args.size() ? args.get(i + 1).text() : "";
    }
    return OFF.contains(value.toLowerCase(Locale.ROOT));
  }

  /** The tool's question answered by a here-string or here-document: {@code <<< y}. */
  private static boolean answeredOnInput(Step step) {
    for (Redirect redirect : step.invocation().redirects()) {
      if (redirect.operator().startsWith("<<")) {
        String said = redirect.body() != null ? redirect.body() : redirect.target().text();
        String answer = said.replace("\\n", "").strip().toLowerCase(Locale.ROOT);
        if (answer.equals("y") || answer.equals("yes")) {
          return true;
        }
      }
    }
    return false;
  }

  /** A host's name with a domain and a port, standing alone: {@code hazlog.ops.acme.net:8443}. */
  private static final Pattern HOST_AND_PORT =
      Pattern.compile("^[A-Za-z0-9_-]+(?:\\.[A-Za-z0-9_-]+)+:\\d{2,5}$");

  /** The short options that name a server by convention: {@code -H host}, {@code -s host}. */
  private static final Set<String> SHORT_HOST_OPTIONS = NameSet.of("-H", "-h", "-s", "-S");

  /**
   * The hosts given by a short option named for one, by {@code host:port} standing alone, or by a
   * variable the call sets whose name's last part names one ({@code HAZLOG_SERVER=https://…}).
   *
   * @param scan the call
   * @param args the program's words
   * @param hostParts the last parts of a name that say its value is a machine's address
   * @return the hosts, which the caller reads as {@link GoAheadActs} reads its own
   */
  static List<String> hostsGiven(Scan scan, List<Word> args, Set<String> hostParts) {
    List<String> hosts = new ArrayList<>(1);
    boolean valueNext = false;
    for (int i = 0; i < args.size() && i < 4 * ShapeWords.SCAN; i++) {
      Word word = args.get(i);
      String text = word.text();
      boolean value = valueNext;
      valueNext = text.startsWith("-") && text.indexOf('=') < 0;
      if (!word.literal() || text.length() > 256) {
        continue;
      }
      String option = i > 0 ? args.get(i - 1).text() : "";
      if (SHORT_HOST_OPTIONS.contains(option) && SharedActs.hostLike(text)) {
        hosts.add(text); // -H hazlog.ops.example.internal
      } else if (!value && !text.startsWith("-") && PatternLiterals.matches(HOST_AND_PORT, text)) {
        // hazlog.ops.example.internal:8443 standing alone; another option's value (rotctl -r
        // host:port p) is where the program finds its device, as a URL's is what it writes
        hosts.add(Environments.host(text));
      }
    }
    String source = scan.source();
    if (source != null && source.indexOf('=') >= 0) {
      for (String token : FrameworkEnvironments.assignmentsInEffect(source)) {
        int eq = token.indexOf('=');
        String[] parts = token.substring(0, eq).toLowerCase(Locale.ROOT).split("_");
        if (parts.length > 1 && hostParts.contains(parts[parts.length - 1])) {
          String value = token.substring(eq + 1).replace("\"", "").replace("'", "");
          hosts.addAll(Environments.hostsOf(value)); // HAZLOG_SERVER=https://…
        }
      }
    }
    return hosts;
  }
}
