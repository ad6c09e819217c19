package io.github.providergateway.guard.internal;

import io.github.providergateway.guard.shell.Word;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * Round 8's harms set up in one call and done later by an ordinary one (decision 128): a file
 * watcher left running that acts on production at every save, and the interpreters' side doors a
 * reader of the shell does not see through (a trace's output piped to a command, a program compiled
 * from standard input and run at once, an embedded blob unpickled).
 */
final class DeferredPredicates {
  private DeferredPredicates() {}

  /** The programs that run a command again at every change of the files they watch. */
  private static final List<String> WATCHERS =
      List.of("nodemon", "watchexec", "entr", "chokidar", "onchange", "watchman-make", "watch");

  /** What a watched command does to an environment: the acting verbs of a deploy or a change. */
  private static final Pattern ACTS =
      Pattern.compile(
          "^(?:deploy|apply|push|publish|release|migrate|delete|destroy|sync|rollout|up|upgrade"
              + "|install|db:migrate|gh-deploy)$");

  /** A C, C++, Rust or Go compiler. */
  private static final List<String> COMPILERS =
      List.of("gcc", "cc", "g++", "c++", "clang", "clang++", "tcc", "rustc");

  /** An embedded blob turned back into objects, which runs what it names. */
  private static final Pattern UNPICKLES =
      Pattern.compile(
          "\\b(?:c?pickle|dill|marshal|shelve|joblib|jsonpickle)\\.(?:loads|decode)\\s*\\("
              + "|\\byaml\\.(?:unsafe_load|load)\\s*\\([^)]{0,40}(?:b64decode|fromhex|unhexlify)"
              + "|\\bMarshal\\.load\\s*\\(\\s*(?:Base64|\\[)");

  /** A text decoded from base64 or hex, or written as bytes, in the code. */
  private static final Pattern DECODED =
      Pattern.compile(
          "b64decode|base64|fromhex|unhexlify|decodebytes|unpack1?\\(|loads\\s*\\(\\s*b[\"']");

  /** Adds the predicates over programs under their names. */
  static void addTo(Map<String, Where.Predicate> named) {
    named.put(
        "watcher-acts-on-production",
        PredicateGate.RUN_BY_ANOTHER.around(DeferredPredicates::watchedProduction));
    named.put("compiled-from-stdin-and-run", DeferredPredicates::compiledAndRun);
    named.put("unpickles-embedded-blob", DeferredPredicates::unpickles);
  }

  /** Adds the call's predicates under their names. */
  static void addCallsTo(Map<String, Where.CallPredicate> named) {
    named.put("trace-output-to-command", DeferredPredicates::traceToCommand);
    DeployScriptActs.addCallsTo(named); // decision 204
    BuildRecipeActs.addCallsTo(named); // round 66: a denied command planted in a task file
    for (String rule :
        new String[] {
          DeferredShapes.DEV_SERVER,
          DeferredShapes.MOVING_HOOKS,
          DeferredShapes.LOCAL_CI,
          DeferredShapes.SHADOW,
          DeferredShapes.JVM_AGENT,
          DeferredShapes.EVENT_TEXT,
          DeferredShapes.DOCS
        }) {
      // edit-dev-server-serves-home, …: the edit that writes the shape.
      named.put("edit-" + rule.substring(rule.indexOf('.') + 1), scan -> shape(scan, rule));
    }
  }

  /** What an edit or a write puts in that has the rule's shape: read once a call. */
  private static String shape(Scan scan, String rule) {
    String held = scan.once("DeferredPredicates.shape", DeferredPredicates::edited);
    return held != null && held.startsWith(rule + " ") ? held.substring(rule.length() + 1) : null;
  }

  private static String edited(Scan scan) {
    CallForRules call = scan.call();
    String tool = call.tool();
    if (!tool.equals("edit") && !tool.equals("write") && !tool.equals("multiedit")) {
      return null;
    }
    com.fasterxml.jackson.databind.JsonNode path = EditCalls.pathNode(call.args());
    if (path == null || !path.isTextual()) {
      return null;
    }
    String file = path.asText().startsWith("/") ? path.asText() : "/" + path.asText();
    return HeldContent.firstOfWritten(call, file, DeferredShapes::held);
  }

  /** strace's or ltrace's output option, its value starting with a pipe or a bang. */
  private static final Pattern TRACE_PIPE =
      Pattern.compile(
          "\\b[ls]trace\\b[^;&\\n]{0,400}?\\s(?:-o\\s*|--output[=\\s]\\s*)['\"]?([|!][^'\"]{1,300})");

  /**
   * strace's and ltrace's {@code -o '|command'} or {@code -o '!command'}: the trace, every read of
   * the traced program's files and tokens, piped to a command. Read from the command's text, as the
   * wrapper's own options are not kept once it is taken off.
   */
  private static String traceToCommand(Scan scan) {
    com.fasterxml.jackson.databind.JsonNode command = scan.call().args().get("command");
    if (command == null || !command.isTextual()) {
      return null;
    }
    java.util.regex.Matcher pipe = PatternLiterals.matcher(TRACE_PIPE, command.asText());
    return pipe.find() ? "the trace piped to `" + pipe.group(1).substring(1).strip() + "`" : null;
  }

  /**
   * A command a file watcher runs at every save that acts on production ({@code nodemon --exec 'sst
   * deploy --stage prod'}): each half-finished change the person saves later goes live.
   */
  private static boolean watchedProduction(Scan scan, Step step, Where.Read read) {
    boolean watched = false;
    for (String watcher : WATCHERS) {
      watched |= step.reachedBy(watcher);
    }
    if (!watched || !Environments.production(scan, step)) {
      return false;
    }
    for (Word word : step.args()) {
      if (word.text() != null && PatternLiterals.matches(ACTS, word.text())) {
        return true;
      }
    }
    return false;
  }

  /**
   * A compiler reading its source from standard input ({@code gcc -x c -}, {@code rustc -}) in a
   * command that then runs what it made: a program nobody can read in the call, run at once.
   */
  private static boolean compiledAndRun(Scan scan, Step step, Where.Read read) {
    if (!COMPILERS.contains(step.program())) {
      return false;
    }
    boolean fromInput = false;
    String output = null;
    List<Word> args = step.args();
    for (int i = 0; i < args.size(); i++) {
      String text = args.get(i).text();
      fromInput |= "-".equals(text);
      if ("-o".equals(text) && i + 1 < args.size()) {
        output = args.get(i + 1).text();
      }
    }
    if (!fromInput) {
      return false;
    }
    String made = output == null ? "a.out" : output;
    String name = made.substring(made.lastIndexOf('/') + 1);
    for (Step other : scan.steps()) {
      String program = other.program();
      if (other != step && (program.equals(name) || program.endsWith("/" + name))) {
        return true;
      }
    }
    return false;
  }

  /** Inline code that unpickles a blob it decodes: the blob runs what it names. */
  private static boolean unpickles(Scan scan, Step step, Where.Read read) {
    String code = InterpreterCode.of(step);
    return code != null
        && PatternLiterals.finds(UNPICKLES, code)
        && PatternLiterals.finds(DECODED, code);
  }
}
