package io.github.providergateway.guard.shell;

import io.github.providergateway.guard.shell.RawCommand.RawRedirect;
import io.github.providergateway.guard.shell.internal.Runners;
import io.github.providergateway.guard.shell.programs.ForeignRun;
import io.github.providergateway.guard.shell.programs.ProducerKind;
import io.github.providergateway.guard.shell.programs.Programs;
import io.github.providergateway.guard.shell.syntax.ShellParseException;
import java.util.ArrayList;
import java.util.List;

/**
 * The code a runner of the runners' table runs ({@code Runners}): its code options read as shell
 * or, for another language, as what that code runs ({@code Programs#foreignRuns}); its input read
 * in its language; code the command does not write is opaque.
 */
final class RunnerCode {
  private RunnerCode() {}

  /**
   * A program of the table of programs that run programs ({@link Runners}) read by the table: the
   * code of its code options, the command after its options, the code fed on its standard input. A
   * row the table says is read by other code ({@code handler}) is left to it.
   */
  static void runner(
      Resolver resolver,
      RawCommand raw,
      List<Word> words,
      String program,
      Runners.Row row,
      int depth,
      List<String> via)
      throws ShellParseException {
    String handler = row.handler();
    if (handler != null && !handler.startsWith("Runners.")) {
      return;
    }
    List<String> inner = Resolver.append(via, program);
    if (handler != null) {
      RunnerHandlers.read(handler, resolver, raw, words, row, depth, inner);
      return;
    }
    List<Word> values = RunnerWords.codeValues(row, words);
    for (int i = 0; i < values.size(); i++) {
      code(resolver, values.get(i), row.language(), words, depth, inner);
    }
    if (row.language().equals("gdb") || row.language().equals("lldb")) {
      DebuggerRuns.read(resolver, row.language(), words, values, depth, inner);
    }
    for (int i = 1; i + 1 < words.size() && !row.argvAfter().isEmpty(); i++) {
      if (row.argvAfter().contains(words.get(i).text())) {
        resolver.command(words.subList(i + 1, words.size()), depth, inner); // gdb --args prog …
        break;
      }
    }
    if (row.runs().equals("argv")) {
      int at = RunnerWords.commandStart(row, words);
      // npx @openai/codex exec -c x: a code option after the command is the command's (npx hands
      // every word from its first positional on to it); read as both, the worse reading wins.
      if (at >= 0 && at < words.size() && (values.isEmpty() || at < firstCode(row, words))) {
        List<Word> command = new ArrayList<>(row.prefix().size() + words.size() - at);
        for (String word : row.prefix()) {
          command.add(Word.literal(word));
        }
        command.addAll(words.subList(at, words.size()));
        resolver.command(command, depth, inner);
      }
    }
    if ((row.runs().equals("stdin") || row.stdinToo())
        && RunnerWords.commandStart(row, words) >= 0) {
      input(resolver, raw, row.language(), words, depth, inner);
    }
  }

  /** The index of the first of a row's code options in {@code words}, or the words' count. */
  static int firstCode(Runners.Row row, List<Word> words) {
    for (int i = 1; i < words.size(); i++) {
      String t = words.get(i).text();
      int eq = t.indexOf('=');
      if (RunnerWords.codeOption(row, eq < 0 ? t : t.substring(0, eq))) {
        return i;
      }
    }
    return words.size();
  }

  /**
   * Code in {@code language} that a runner runs: read as shell, or for another language as what its
   * code runs ({@link Programs#foreignRuns}); code that is not written in the command (a variable,
   * a substitution) is opaque.
   */
  static void code(
      Resolver resolver,
      Word value,
      String language,
      List<Word> runner,
      int depth,
      List<String> via)
      throws ShellParseException {
    if (language.equals("shell")) {
      resolver.script(value.text(), depth, via, " in the code of " + via.get(via.size() - 1));
      return;
    }
    if (!value.literal() && !(language.equals("sql") && !value.text().startsWith("$"))) {
      // SQL with a value put in (psql -c "… WHERE id=$ID") is SQL still: what it runs is read
      // from its text; code that is computed whole is not.
      resolver.opaque(Opaque.Kind.COMPUTED_CODE, runner, via, value.text());
      return;
    }
    for (ForeignRun found : Programs.foreignRuns(language, value.text())) {
      if (found.shell() != null) {
        resolver.script(
            found.shell(),
            depth,
            found.clientCall() ? Resolver.append(via, Invocation.CLIENT_CALL) : via,
            " in the code of " + via.get(via.size() - 1));
      } else if (found.argv() != null && !found.argv().isEmpty()) {
        resolver.command(Resolver.found(found.argv()), depth, via);
      } else if (found.language() != null) {
        // vim's py3 …, gdb's python …: the interpreter's own code, read as python -c is (its
        // shell commands, and what the inline rules read of it: deletes, secrets, downloads).
        String[] interpreter = found.language().commandLine();
        resolver.command(
            List.of(
                Word.literal(interpreter[0]),
                Word.literal(interpreter[1]),
                Word.literal(found.code())),
            depth,
            via);
      } else if (found.opaque() != null) {
        resolver.opaque(Opaque.Kind.COMPUTED_CODE, runner, via, found.opaque());
      }
    }
  }

  /**
   * What a runner reads as code on its standard input: here-documents, here-strings and literal
   * text piped into it are read in its language; text another program prints is opaque, but for a
   * file's contents (a script on disk, as {@code sh file} runs one) and for what the network and
   * decoders print, which the remote rules read.
   */
  static void input(
      Resolver resolver,
      RawCommand raw,
      String language,
      List<Word> runner,
      int depth,
      List<String> via)
      throws ShellParseException {
    for (RawRedirect r : raw.redirects) {
      if (r.body != null && r.operator.startsWith("<<")) {
        // A here-document with a quoted delimiter is its text; any other expands $… and `…`.
        boolean literal = r.quoted || r.body.indexOf('$') < 0 && r.body.indexOf('`') < 0;
        code(
            resolver,
            new Word(r.body, literal),
            language,
            runner,
            depth,
            Resolver.append(via, "heredoc"));
      }
    }
    String piped = ShellInputs.pipedText(resolver, raw);
    if (piped != null) {
      Word text = new Word(piped, producerLiteral(raw.pipedFrom));
      code(resolver, text, language, runner, depth, Resolver.append(via, "pipe"));
    } else if (raw.pipedFrom != null
        && !language.equals("sql")
        && Programs.producerOf(ShellInputs.pipeBack(raw.pipedFrom)) == ProducerKind.UNKNOWN) {
      resolver.opaque(
          Opaque.Kind.COMPUTED_INPUT, runner, via, Programs.producerShown(raw.pipedFrom.words));
    }
  }

  /** Whether every word of a literal producer ({@code printf '%s' "$X"}) is literal. */
  static boolean producerLiteral(RawCommand from) {
    for (Word word : from.words) {
      if (!word.literal()) {
        return false;
      }
    }
    return true;
  }
}
