package io.github.providergateway.guard.internal;

import io.github.providergateway.guard.shell.ShellParser;
import io.github.providergateway.guard.shell.ShellScript;
import io.github.providergateway.guard.shell.Word;
import io.github.providergateway.guard.shell.internal.NameSet;
import io.github.providergateway.guard.shell.syntax.ShellParseException;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * What a file a command runs holds, judged against the guard's own ground alone (issue 75): a
 * script written in an earlier call and run now ({@code sh s.sh}, {@code ( sh s.sh & )}, {@code
 * setsid -f sh s.sh}, {@code ./run.sh}, {@code python3 f.py}, {@code source env.sh}, {@code bash <
 * f}) is read through the disk ({@link DiskView#text}). A shell script, by its runner or its {@code
 * #!} line (a file run by its path with no such line is the shell's), is parsed and its programs
 * judged by the ground's rules ({@code guard.self}, {@code guard.gateway-token}, {@code
 * guard.agent-unguarded}); a script in another language, or one the parser will not take, is read
 * as text for the ground ({@link GroundText}). The other rules are not asked of what a script
 * holds: an ordinary script's ordinary content (its deletes in the project, its pushes) asks
 * nothing it did not ask before.
 *
 * <p>Bounds: at most {@link #MAX_FILES} distinct files a call, each read to {@link #MAX_CHARS}
 * characters (what is past that is not read, and the explanation says so); a call that runs more
 * files is denied as unreadable. The files a script runs in turn are not read. Not read: a compiled
 * program (a file holding a NUL), a program found on the {@code PATH} by its name, what {@code
 * make} or {@code npm run} run, and a file changed between the check and the run.
 */
final class ScriptsRun {
  private static final BuiltinRule AGENT_UNGUARDED = RuleBook.rule("guard.agent-unguarded");
  private static final BuiltinRule GATEWAY_TOKEN = RuleBook.rule("guard.gateway-token");
  private static final BuiltinRule SELF = RuleBook.rule("guard.self");

  /** The most characters of a file read: 256 Ki. */
  static final int MAX_CHARS = 256 * 1024;

  /** The most distinct files a call's programs run that are read. */
  static final int MAX_FILES = 16;

  /** The rules a script's content is judged by: the guard's own ground. */
  private static final Set<BuiltinRule> GROUND = Set.of(SELF, GATEWAY_TOKEN, AGENT_UNGUARDED);

  /**
   * The gateway's launcher's names: its writes to the gateway's cache are its own (it copies its
   * jar there to run from), not an agent's script's; the rest of what it holds is judged.
   */
  private static final Set<String> LAUNCHERS = NameSet.of("gateway", "provider-gateway");

  /** The shells whose script the parser reads, as a {@code #!} line names them. */
  private static final Set<String> SHELLS =
      NameSet.of("sh", "bash", "dash", "zsh", "ksh", "mksh", "ash", "busybox");

  private ScriptsRun() {}

  /**
   * Reads each file the call's programs run and records the ground it reaches.
   *
   * @param scan the call's scan
   */
  static void scan(Scan scan) {
    if (scan.ofScript() || scan.source() == null || scan.places().disk().none()) {
      return;
    }
    Set<Path> read = new HashSet<>();
    for (Step step : scan.steps()) {
      for (Word word : WrittenScripts.files(step)) {
        for (Target target : scan.targets(step, word)) {
          // As written: on the disk, link/../x is beside the link's target.
          Path file = target.path() == null ? null : scan.places().asWritten(target);
          if (file == null || target.glob() != null || !read.add(file)) {
            continue;
          }
          if (read.size() > MAX_FILES) {
            throw new Unreadable(
                "the command runs more than " + MAX_FILES + " files, more than the guard reads");
          }
          read(scan, step, word, file);
        }
      }
    }
  }

  private static void read(Scan scan, Step step, Word word, Path file) {
    Optional<String> text = scan.places().disk().text(file, MAX_CHARS + 1);
    if (text.isEmpty()) {
      return;
    }
    String script = text.get();
    boolean cut = script.length() > MAX_CHARS;
    if (cut) {
      script = script.substring(0, MAX_CHARS);
      scan.note(
          "runs "
              + file
              + ": only its first "
              + MAX_CHARS
              + " characters were read for the guard's own ground");
    } else {
      scan.note("runs " + file + ": read for the guard's own ground");
    }
    String running = step.shown() + " runs " + file;
    if (shell(step, word, script)) {
      try {
        ShellScript parsed = ShellParser.parseRunnable(script);
        Scan inner = new Scan(scan, in(scan.call(), step), script, parsed.invocations());
        boolean launcher = LAUNCHERS.contains(file.getFileName().toString());
        for (Hit hit : Catalogue.scan(inner)) {
          if (GROUND.contains(hit.rule()) && !(launcher && inCache(scan, hit.target()))) {
            scan.hitFound(hit.rule(), step, running + ", which holds `" + hit.found() + "`");
          }
        }
        // What the parse cannot follow through the script's variables: its doors by name.
        String door = GatewayDoors.inText(scan, script);
        if (door != null) {
          scan.hitFound(SELF, step, running + ", which holds " + door);
        }
        return;
      } catch (ShellParseException past) {
        // Past the parser's bounds: read as text, as a script of another language.
      }
    }
    GroundText.Found found = GroundText.in(scan, script);
    if (found != null) {
      scan.hitFound(found.rule(), step, running + ", which names " + found.what());
    }
  }

  /**
   * Whether the file is a shell script: its runner is a shell or {@code source}, or it runs itself
   * and its {@code #!} line names a shell or it has none.
   */
  private static boolean shell(Step step, Word word, String script) {
    if (word != step.invocation().words().get(0)) {
      String program = step.program();
      return ProgramKind.SHELL.names(program) || program.equals("source") || program.equals(".");
    }
    if (!script.startsWith("#!")) {
      return true; // run by its path without one, the shell runs it
    }
    int end = script.indexOf('\n');
    List<String> line =
        List.of(script.substring(2, end < 0 ? script.length() : end).strip().split("\\s+"));
    String interpreter = line.get(0).substring(line.get(0).lastIndexOf('/') + 1);
    if (interpreter.equals("env")) {
      interpreter = line.stream().skip(1).filter(w -> !w.startsWith("-")).findFirst().orElse("");
    }
    return SHELLS.contains(interpreter);
  }

  /**
   * Whether a hit's target is the gateway's cache, which the gateway's own launcher fills: the
   * copies of its jar it runs from and their class-data archives.
   */
  private static boolean inCache(Scan scan, Target target) {
    Path cache = scan.places().home().resolve(".cache/provider-gateway");
    return target != null && target.path() != null && target.path().startsWith(cache);
  }

  /** The call as the script sees it: in the folder its program runs in. */
  private static CallForRules in(CallForRules call, Step step) {
    Path cwd = step.cwds().isEmpty() ? null : step.cwds().get(0);
    return new CallForRules(call.tool(), call.args(), call.project(), cwd, call.hints());
  }
}
