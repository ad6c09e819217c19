package io.github.providergateway.guard.shell.programs;

import io.github.providergateway.guard.shell.internal.NameSet;
import java.util.Set;

/**
 * Each inline language's calls that run a command ({@code os.system}, {@code subprocess.run},
 * {@code child_process.execSync}, Perl's {@code system}, Ruby's {@code Open3.capture2}, PHP's
 * {@code shell_exec}, a task runner's {@code c.run}) or evaluate code of their own language ({@code
 * eval}), as {@link InlineScan} asks of each call it reads.
 */
final class InlineRunCalls {
  private InlineRunCalls() {}

  private static final Set<String> PYTHON_RUNS =
      NameSet.of(
          "system",
          "popen",
          "getoutput",
          "getstatusoutput",
          "execl",
          "execlp",
          "execle",
          "execlpe",
          "execv",
          "execvp",
          "execve",
          "execvpe",
          "posix_spawn",
          "posix_spawnp",
          "spawn",
          "create_subprocess_shell", // asyncio's
          "create_subprocess_exec");

  /**
   * Python's calls whose command is given as separate arguments, not a list ({@code os.execlp("rm",
   * "rm", "-rf", p)}): how many of the first arguments are no words of it (the {@code l} forms'
   * second is the program's own name, argv[0]).
   */
  static int pythonArgvSkipped(String last) {
    return switch (last) {
      case "execl", "execlp", "execle", "execlpe" -> 1;
      case "create_subprocess_exec" -> 0;
      default -> -1;
    };
  }

  private static final Set<String> PYTHON_SUBPROCESS =
      NameSet.of("run", "call", "check_call", "check_output", "Popen");

  /**
   * A task runner's context running a command ({@code c.run("…")} of invoke and fabric, {@code
   * session.run("heroku", …)} of nox): the name a task's first parameter has by custom.
   */
  static final Set<String> TASK_CONTEXTS =
      NameSet.of("c", "ctx", "context", "conn", "connection", "session", "cx");

  /** What a task runner's context runs commands by. */
  private static final Set<String> TASK_RUNS = NameSet.of("run", "local", "sudo", "run_always");

  static final Set<String> NODE_RUNS =
      NameSet.of(
          "exec",
          "execSync",
          "spawn",
          "spawnSync",
          "execFile",
          "execFileSync",
          "execa",
          "execaSync",
          "execaCommand",
          "execaCommandSync",
          "Command"); // deno's new Deno.Command("kubectl", {args: […]})
  private static final Set<String> PERL_RUNS = NameSet.of("system", "exec", "readpipe");

  /**
   * Perl's IPC::Open2 and IPC::Open3: the command after the handles they are given, two and three
   * ({@code open3(my $in, my $out, undef, "cmd")}).
   */
  static int perlHandles(String last) {
    return switch (last) {
      case "open2" -> 2;
      case "open3" -> 3;
      default -> 0;
    };
  }

  /** The commands awk may print into that run what they read. */
  static final Set<String> AWK_SHELLS =
      NameSet.of("sh", "bash", "/bin/sh", "/bin/bash", "zsh", "dash", "sh -s", "bash -s");

  private static final Set<String> RUBY_RUNS =
      NameSet.of(
          "sh", // rake's
          "system",
          "exec",
          "spawn",
          "popen",
          "popen2",
          "popen2e",
          "popen3",
          "capture2",
          "capture2e",
          "capture3",
          "pipeline");
  private static final Set<String> PHP_RUNS =
      NameSet.of("system", "exec", "shell_exec", "passthru", "popen", "proc_open", "pcntl_exec");

  /** The sh library's own names, which are no programs ({@code sh.Command}, {@code sh.which}). */
  private static final Set<String> SH_OWN =
      NameSet.of(
          "Command", "which", "glob", "ErrorReturnCode", "RunningCommand", "contrib", "bake");

  /** Whether {@code sh.NAME(…)} of the python sh library runs the program NAME. */
  static boolean shProgram(String name) {
    return !SH_OWN.contains(name) && !name.startsWith("_") && !name.startsWith("ErrorReturnCode");
  }

  /** Whether {@code last} runs code of the same language given as a string. */
  static boolean evaluates(InlineLanguage language, String last) {
    return switch (language) {
      case PYTHON ->
          last.equals("exec")
              || last.equals("eval")
              || last.equals("compile")
              || last.equals("runsource") // code.InteractiveInterpreter's
              || last.equals("runcode")
              || last.equals("timeit"); // timeit.timeit(stmt)
      case NODE ->
          last.equals("eval")
              || last.equals("Function")
              || last.equals("runInThisContext") // node's vm
              || last.equals("runInNewContext")
              || last.equals("runInContext");
      case PERL, PHP -> last.equals("eval");
      case RUBY ->
          last.equals("eval")
              || last.equals("instance_eval")
              || last.equals("class_eval")
              || last.equals("module_eval");
      case AWK -> false;
    };
  }

  /**
   * Whether {@code last} runs its command on another machine through an ssh client's connection:
   * paramiko's {@code exec_command}, node-ssh's {@code execCommand} (decision 227).
   */
  static boolean runsRemotely(InlineLanguage language, String last) {
    return language == InlineLanguage.PYTHON && last.equals("exec_command")
        || language == InlineLanguage.NODE && last.equals("execCommand");
  }

  /** Whether {@code last}, called on {@code qualifier}, runs a command in the language. */
  static boolean runs(InlineLanguage language, String last, String qualifier) {
    return switch (language) {
      case PYTHON ->
          PYTHON_RUNS.contains(last)
              || last.equals("exec_command")
              || last.startsWith("spawn")
              || TASK_RUNS.contains(last) && TASK_CONTEXTS.contains(qualifier)
              || (PYTHON_SUBPROCESS.contains(last)
                  && (qualifier.isEmpty()
                      || qualifier.endsWith("subprocess")
                      || qualifier.equals("sp")));
      case NODE -> NODE_RUNS.contains(last) || last.equals("execCommand");
      case PERL -> PERL_RUNS.contains(last);
      case RUBY -> RUBY_RUNS.contains(last);
      case PHP -> PHP_RUNS.contains(last);
      case AWK -> last.equals("system");
    };
  }
}
