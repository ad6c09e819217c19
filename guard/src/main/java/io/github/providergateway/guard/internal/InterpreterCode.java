package io.github.providergateway.guard.internal;

import io.github.providergateway.guard.shell.Redirect;
import io.github.providergateway.guard.shell.ShellParser;
import io.github.providergateway.guard.shell.Word;
import java.util.List;

/**
 * The code an interpreter is handed on its command line: {@code python3 -c '…'}, {@code node -e},
 * {@code perl -le}, {@code ruby -e}, {@code php -r}, {@code deno eval}, awk's program. Read by the
 * rules that look into inline code ({@link InlineRules}) and by those that ask one thing of it (a
 * terminal typed into, the environment walked).
 */
final class InterpreterCode {
  private InterpreterCode() {}

  /** The program text of awk, or {@code null}. */
  static String awk(Step step) {
    for (Word word : step.args()) {
      if (!word.text().startsWith("-")) {
        return word.text();
      }
    }
    return null;
  }

  /**
   * The last code read and what it read as, for this thread: a hundred readers ask one program's
   * code in turn, and its text is one object.
   */
  private static final ThreadLocal<String[]> LAST = ThreadLocal.withInitial(() -> new String[2]);

  /**
   * The inline code of an interpreter, with the string literals it joins at once joined ({@code
   * getattr(c, 'write_' + 'register')} reads as {@code getattr(c, 'write_register')}, decision
   * 186), or {@code null}.
   */
  static String of(Step step) {
    String code = written(step);
    if (code == null) {
      return null;
    }
    String[] last = LAST.get();
    if (last[0] != code) { // the same object: texts are immutable
      last[1] = ShellParser.joinedLiterals(step.program(), code);
      last[0] = code;
    }
    return last[1];
  }

  /** The inline code of an interpreter as the command gives it, or {@code null}. */
  private static String written(Step step) {
    String program = step.program();
    if (program.equals("awk")
        || program.equals("gawk")
        || program.equals("mawk")
        || program.equals("nawk")) {
      return awk(step);
    }
    // The six inline languages are read as the resolution reads them (each interpreter's option
    // table, versioned names, --eval=CODE, php --run, node -pe), so that the rules read the code
    // whose shell commands the resolution reads (decision 324).
    if (ShellParser.inlineInterpreter(program)) {
      List<Word> words = step.invocation().words();
      String code = ShellParser.inlineCode(program, words);
      if (code != null || !ShellParser.readsProgramFromInput(program, words)) {
        return code;
      }
      return hereDocument(step.invocation().redirects());
    }
    if (!step.interpreter()) {
      return null; // most programs: no name to compare below
    }
    String flag;
    boolean clusters = false;
    if (program.startsWith("python") || program.startsWith("pypy")) {
      flag = "-c";
      clusters = true; // python3 -Ic '…', -uc
    } else if (program.equals("node") || program.equals("nodejs") || program.equals("bun")) {
      flag = "-e";
    } else if (program.equals("perl") || program.equals("ruby") || program.equals("lua")) {
      flag = "-e";
      clusters = !program.equals("lua"); // perl -le '…', -ne, -pe
    } else if (program.equals("php")) {
      flag = "-r";
    } else if (program.equals("deno") || program.equals("dotnet-script")) {
      flag = "eval"; // deno eval '…', dotnet script eval '…' (C#, decision 197)
    } else if (program.equals("julia") || program.equals("Rscript")) {
      flag = "-e"; // julia -e, --eval; Rscript -e
    } else {
      return null;
    }
    List<Word> args = step.args();
    for (int i = 0; i + 1 < args.size(); i++) {
      String a = args.get(i).text();
      if (a.equals(flag)
          || a.equals("--eval")
          || a.equals("-E") && program.equals("perl")
          || clusters && a.matches("-[a-zA-Z0-9]*" + flag.charAt(1))
          || (a.equals("-p") || a.equals("--print")) && program.startsWith("node")) {
        return args.get(i + 1).text();
      }
    }
    return fromStandardInput(step, args);
  }

  /**
   * The here-document an interpreter reads as its program: {@code python3 - <<'EOF'}, {@code node
   * <<EOF}, {@code ruby <<EOF} (no script named, or {@code -} for it, and no module run); a
   * here-document fed to a script ({@code python3 load.py <<EOF}) is its data, not code.
   */
  private static String fromStandardInput(Step step, List<Word> args) {
    List<Redirect> redirects = step.invocation().redirects();
    if (redirects.isEmpty()) {
      return null; // most interpreters: no here-document
    }
    for (Word word : args) {
      String a = word.text();
      if (a.equals("-")) {
        break;
      }
      if (!a.startsWith("-") || a.equals("-m") || a.equals("--")) {
        return null; // a script or a module: the here-document is its input
      }
    }
    return hereDocument(redirects);
  }

  /** The first here-document or here-string among {@code redirects}, or {@code null}. */
  private static String hereDocument(List<Redirect> redirects) {
    for (Redirect redirect : redirects) {
      if (redirect.body() != null && redirect.operator().startsWith("<<")) {
        return redirect.body();
      }
    }
    return null;
  }
}
