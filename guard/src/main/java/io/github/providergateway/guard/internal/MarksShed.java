package io.github.providergateway.guard.internal;

import io.github.providergateway.guard.internal.AgentFootprints.Footprint;
import io.github.providergateway.guard.shell.Word;
import io.github.providergateway.guard.shell.internal.NameSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The agents' marks shed ({@code guard.self}, issue 75): the gateway tells a process on an agent's
 * side, once a double fork, {@code setsid} or {@code nohup} has taken the agent out of its
 * ancestors, by the variables the agent sets on its tools' commands ({@link
 * Footprint#environmentMarks}: {@code CLAUDECODE}, {@code GEMINI_CLI}, {@code CODEX_THREAD_ID}…,
 * and {@code AI_AGENT}). A command that removes or blanks one ({@code env -u CLAUDECODE}, {@code
 * unset}, {@code export -n}, {@code CLAUDECODE= cmd}, {@code export CLAUDECODE=}, inline code that
 * deletes it from the environment) speaks as the person. So does a gateway command or an agent run
 * with an environment of nobody's ({@code env -i}, {@code exec -c}, {@code sudo}, {@code su}) or a
 * gateway command started outside the agent's processes in the person's environment ({@code tmux
 * new}, {@code screen -dm}, {@code systemd-run}, {@code at}, {@code ssh}); {@code exec env -i}
 * replaces the agent's shell with one of no marks, whatever it runs. {@code env -i} for other
 * programs stays allowed: scripts use it for a clean build.
 */
final class MarksShed {
  private static final BuiltinRule SELF = RuleBook.rule("guard.self");

  private MarksShed() {}

  /** The marks' names, every agent's and {@code AI_AGENT}. */
  private static final List<String> MARK_NAMES = markNames();

  /** The marks, as a pattern of whole names. */
  private static final String MARK = "(?:" + String.join("|", MARK_NAMES) + ")";

  /** A prefix of a mark's name, as code filtering the environment by it would write it. */
  private static final String PREFIX = "(?:CLAUDE|CODEX|GEMINI|AI_AG)";

  /** Where a command starts: the text's start, after a separator or a keyword, assignments. */
  private static final String COMMAND_START =
      "(?:^|[;&|({\\n]|\\b(?:then|do|else|time|nohup|setsid)\\b)\\s*(?:\\w+=\\S*\\s+)*";

  /** {@code env -u MARK}, {@code -iuMARK}, {@code --unset=MARK}. */
  private static final Pattern ENV_UNSET =
      Pattern.compile(
          "(?<![\\w-])env\\b[^;&|\\n]*?(?:\\s-[a-zA-Z]*u\\s*|\\s--unset(?:=|\\s+))"
              + MARK
              + "(?!\\w)");

  /** A mark given an empty value where a command or a declaration starts. */
  private static final Pattern BLANKED =
      Pattern.compile(
          "(?:^|[;&|({\\n]|\\b(?:env|export|declare|typeset|local|readonly)\\b(?:\\s+-\\w+)*)"
              + "\\s*(?:\\w+=\\S*\\s+)*"
              + MARK
              + "=(?=\\s|$|[;&|)])");

  /** {@code ${!CLAUDE*}}: the names of the marks, as a loop that unsets them takes them. */
  private static final Pattern NAMES_BY_PREFIX = Pattern.compile("\\$\\{!" + PREFIX);

  /** {@code env -i}, {@code env -}, {@code env --ignore-environment}, {@code exec -c}. */
  private static final Pattern EMPTIED =
      Pattern.compile(
          "(?<![\\w-])env\\b(?:\\s+(?:-[a-zA-Z]*u\\s*\\S+|--\\w[\\w-]*=\\S*|-[a-zA-Z]+"
              + "|--\\w[\\w-]*))*?\\s+(?:-[a-zA-Z]*i[a-zA-Z]*|-|--ignore-environment)(?=\\s|$)"
              + "|"
              + COMMAND_START
              + "exec\\b(?:\\s+-a\\s+\\S+|\\s+-[lc]+)*?\\s+-[a-z]*c[a-z]*(?=\\s)");

  /** {@code exec env -i …}: the agent's shell replaced by one with no marks, whatever it runs. */
  private static final Pattern EXEC_EMPTIED =
      Pattern.compile(
          COMMAND_START
              + "exec\\s+(?:-\\S+\\s+)*env\\b(?:\\s+\\S+)*?\\s+(?:-[a-zA-Z]*i[a-zA-Z]*|-|"
              + "--ignore-environment)(?=\\s|$)");

  /** Programs that run a command with an environment of their own making, not the agent's. */
  private static final Set<String> RESETS =
      NameSet.of(
          "sudo",
          "doas",
          "su",
          "su -c",
          "runuser",
          "runuser -c",
          "pkexec",
          "setpriv",
          "machinectl");

  /** Programs that start a command outside the agent's processes, in the person's environment. */
  private static final Set<String> ELSEWHERE =
      NameSet.of("tmux", "screen", "systemd-run", "at", "batch", "ssh", "dtach", "abduco", "byobu");

  /** Inline code that removes a mark from the environment or gives it an empty value. */
  private static final Pattern CODE_REMOVES =
      Pattern.compile(
          "(?:\\bdel\\b|\\.pop\\s*\\(|unsetenv|\\bdelete\\b|deleteProperty|\\.delete\\s*\\("
              + "|\\bunset\\b|\\.remove\\s*\\()[^;\\n]{0,120}?"
              + MARK
              + "(?!\\w)"
              + "|"
              + MARK
              + "['\"]?\\s*\\]?\\s*=>?\\s*(?:''|\"\"|None|undefined|nil|null)"
              + "|putenv\\s*\\(\\s*['\"]"
              + MARK
              + "=?['\"]");

  /**
   * Inline code that filters the environment by a mark's name before handing it on, or removes the
   * marks it lists ({@code for k in ['CLAUDECODE']: os.environ.pop(k)}). A mark's name beside a
   * read of the environment is not enough: Gemini CLI's own launcher reads {@code
   * process.env["GEMINI_CLI_NO_RELAUNCH"] && !process.env["SANDBOX"]}, and the agent's nested start
   * of it was denied as shedding its marks.
   */
  private static final Pattern CODE_FILTERS =
      Pattern.compile(
          "['\"]"
              + PREFIX
              + "[\\w]*['\"][^\\n]{0,160}?(?:\\bdel\\b|\\.pop\\s*\\(|\\bdelete\\b|unsetenv"
              + "|\\.remove\\s*\\(|\\bunset\\b|deleteProperty)[^\\n]{0,80}?(?:environ|process\\.env|ENV)"
              + "|['\"]"
              + PREFIX
              + "[\\w]*['\"][^\\n]{0,160}?(?:environ|process\\.env|ENV)[^\\n]{0,20}?"
              + "(?:\\.pop\\s*\\(|\\.remove\\s*\\(|\\.delete\\s*\\()"
              + "|(?:environ|process\\.env|ENV)[^\\n]{0,160}?(?:not\\s+in|startswith|startsWith"
              + "|filter|!==?|reject|grep)[^\\n]{0,80}?['\"]"
              + PREFIX);

  /** Inline code that hands a program an environment of nobody's. */
  private static final Pattern CODE_EMPTIES =
      Pattern.compile(
          "env\\s*=\\s*\\{\\s*}|env\\s*:\\s*\\{\\s*}|environ\\.clear\\s*\\(|env\\s*=\\s*dict\\(\\s*\\)"
              + "|%ENV\\s*=\\s*\\(\\s*\\)|ENV\\.clear|env\\s*=\\s*\\{\\s*['\"]?PATH['\"]?\\s*:[^}]*}"
              + "|env\\s*:\\s*\\{\\s*['\"]?PATH['\"]?\\s*:[^}]*}");

  /** A gateway command or an agent named in code. */
  private static final Pattern CODE_RUNS =
      Pattern.compile(
          "(?<![\\w.-])(?:provider-)?gateway(?![\\w.-])|(?<![\\w.-])"
              + "(?:claude|codex|gemini|copilot|cursor-agent|opencode)(?![\\w.-])");

  /**
   * Scans the call for a mark shed.
   *
   * @param scan the call's scan
   */
  static void scan(Scan scan) {
    String text = scan.source() == null ? null : scan.source().replace("\"", "").replace("'", "");
    if (text != null) {
      String found = inShell(text);
      if (found != null) {
        scan.hit(SELF, found);
      }
    }
    Boolean emptied = null; // read once, and only when a gateway command or an agent is run
    for (Step step : scan.steps()) {
      boolean started = GatewayProcess.runsGateway(step) || isAgent(step);
      if (started && emptied == null) {
        emptied = text != null && emptied(text);
      }
      if (unsets(step)) {
        scan.hit(SELF, step, null);
      } else if (started && (emptied || runBy(step, RESETS))
          || GatewayProcess.runsGateway(step) && runBy(step, ELSEWHERE)) {
        scan.hit(SELF, step, null);
      }
      String code = step.interpreter() ? InterpreterCode.of(step) : null;
      String shed = code == null ? null : inCode(code);
      if (shed != null) {
        scan.hitFound(SELF, step, step.shown() + " (" + shed + ")");
      }
    }
  }

  /**
   * What a script's shell text sheds of the marks, as the person reads it, or {@code null}.
   *
   * @param text the command or script, its quotes taken off
   * @return what was found
   */
  private static String inShell(String text) {
    // Each pattern runs only over text that holds what it cannot match without: a mark's name,
    // "${!", "exec". A 4 KiB command names none of them most of the time (issue 80's benchmark).
    if (mentionsMark(text)) {
      Matcher m = ENV_UNSET.matcher(text);
      if (text.contains("env") && m.find()) {
        return m.group() + ": removes an agent's mark from the environment";
      }
      m = BLANKED.matcher(text);
      if (m.find()) {
        return m.group().strip() + ": blanks an agent's mark in the environment";
      }
    }
    if (text.contains("unset") && PatternLiterals.finds(NAMES_BY_PREFIX, text)) {
      return "unset of the agents' marks by their names' prefix";
    }
    if (text.contains("exec")) {
      Matcher m = EXEC_EMPTIED.matcher(text);
      if (m.find()) {
        return m.group() + ": replaces the agent's shell with one without its marks";
      }
    }
    return null;
  }

  /**
   * Whether the shell text empties the environment of what it runs: {@code env -i}, {@code exec
   * -c}.
   */
  private static boolean emptied(String text) {
    return (text.contains("env") || text.contains("exec")) && PatternLiterals.finds(EMPTIED, text);
  }

  private static boolean mentionsMark(String text) {
    for (String mark : MARK_NAMES) {
      if (text.contains(mark)) {
        return true;
      }
    }
    return false;
  }

  /**
   * What code in another language than the shell sheds of the marks, or {@code null}: a mark
   * deleted or blanked, the environment filtered by a mark's name, or emptied for a gateway command
   * or an agent it runs.
   *
   * @param code inline code or a script
   * @return what was found, as the person reads it
   */
  static String inCode(String code) {
    if (PatternLiterals.finds(CODE_REMOVES, code) || PatternLiterals.finds(CODE_FILTERS, code)) {
      return "removes an agent's mark from the environment";
    }
    if (PatternLiterals.finds(CODE_EMPTIES, code) && PatternLiterals.finds(CODE_RUNS, code)) {
      return "runs a gateway command or an agent with an empty environment";
    }
    return null;
  }

  /** {@code unset CLAUDECODE}, {@code export -n GEMINI_CLI}, {@code declare +x AI_AGENT}. */
  private static boolean unsets(Step step) {
    String program = step.program();
    boolean removes =
        program.equals("unset")
            || program.equals("export") && has(step, "-n")
            || (program.equals("declare") || program.equals("typeset")) && has(step, "+x");
    if (!removes) {
      return false;
    }
    for (Word word : step.args()) {
      String t = word.text();
      if (t.matches(MARK + "(?:=.*)?") || !word.literal() && t.matches(".*" + PREFIX + ".*")) {
        return true;
      }
    }
    return false;
  }

  private static boolean has(Step step, String option) {
    return step.invocation().args().contains(option);
  }

  /** Whether a program of {@code runners} runs the step: as its wrapper or its runner. */
  private static boolean runBy(Step step, Set<String> runners) {
    for (String wrapper : step.invocation().wrappers()) {
      if (runners.contains(wrapper)) {
        return true;
      }
    }
    for (String via : step.invocation().via()) {
      if (runners.contains(via)) {
        return true;
      }
    }
    return false;
  }

  private static boolean isAgent(Step step) {
    return AgentFootprints.byName(step.program()).isPresent();
  }

  private static List<String> markNames() {
    Set<String> marks = new LinkedHashSet<>();
    for (Footprint agent : AgentFootprints.all()) {
      marks.addAll(agent.environmentMarks());
    }
    marks.add(AgentFootprints.AI_AGENT);
    for (String mark : marks) {
      if (!mark.matches("\\w+")) {
        throw new IllegalStateException("an agent's mark is not a variable's name: " + mark);
      }
    }
    return List.copyOf(marks);
  }
}
