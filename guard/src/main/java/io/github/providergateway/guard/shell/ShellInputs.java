package io.github.providergateway.guard.shell;

import io.github.providergateway.guard.shell.RawCommand.RawRedirect;
import io.github.providergateway.guard.shell.programs.ProducerKind;
import io.github.providergateway.guard.shell.programs.Programs;
import io.github.providergateway.guard.shell.syntax.ParseLimits;
import io.github.providergateway.guard.shell.syntax.ShellParseException;
import java.util.ArrayList;
import java.util.List;

/**
 * What a shell run by the command reads: its {@code -c} string, its script file when the command
 * wrote it, the here-documents and text piped into it, a process substitution it is given; and the
 * text a literal producer ({@code echo}, {@code printf}, {@code cat} of a here-document) pipes,
 * which the other readings of a program's input share.
 */
final class ShellInputs {
  private ShellInputs() {}

  static void shell(
      Resolver resolver,
      RawCommand raw,
      List<Word> words,
      String program,
      int depth,
      List<String> via)
      throws ShellParseException {
    Options options = Options.of(words);
    boolean dashC = options.dashC();
    boolean stdin = options.stdin();
    String operand = null;
    int i = options.operandAt();
    for (Word init : options.initCode()) {
      resolver.script(
          init.text(),
          depth,
          Resolver.append(via, program + " -C"),
          " in the init command of " + program);
    }
    for (Word rcFile : options.rcFiles()) {
      sourcedFile(resolver, rcFile, words, depth, via);
    }
    if (options.optionCode() != null) {
      resolver.script(
          options.optionCode().text(),
          depth,
          Resolver.append(via, program + " -c"),
          " in the string of " + program + " -c",
          words.subList(i, words.size()));
      return;
    }
    if (i < words.size()) {
      operand = words.get(i).text();
      // bash /dev/stdin, bash /dev/fd/0, bash /dev/fd/3 3<<< …: the script is what is fed in.
      if (Resolver.isStandardInput(operand)
          || operand.startsWith("/dev/fd/")
          || operand.startsWith("/proc/self/fd/")) {
        stdin = true;
      }
    }
    for (RawRedirect r : raw.redirects) {
      if (r.operator.equals("<") && r.target.text().startsWith("<(")) {
        processSubstitution(resolver, r.target, words, depth, via); // bash < <(echo …)
      }
    }
    if (dashC) {
      if (operand != null) {
        resolver.script(
            operand,
            depth,
            Resolver.append(via, program + " -c"),
            " in the string of " + program + " -c",
            words.subList(i + 1, words.size()));
      }
      return;
    }
    if (operand == null || stdin) {
      for (RawRedirect r : raw.redirects) {
        if (r.body != null && r.operator.startsWith("<<")) {
          resolver.script(
              r.body,
              depth,
              Resolver.append(via, "heredoc"),
              " in the here-document of " + program);
        }
      }
      String piped = pipedText(resolver, raw);
      if (piped != null) {
        resolver.script(
            piped, depth, Resolver.append(via, "pipe"), " in the text piped into " + program);
      } else if (raw.pipedFrom != null
          && Programs.producerOf(pipeBack(raw.pipedFrom)) == ProducerKind.UNKNOWN) {
        resolver.opaque(
            Opaque.Kind.COMPUTED_INPUT, words, via, Programs.producerShown(raw.pipedFrom.words));
      }
    } else {
      processSubstitution(resolver, words.get(i), words, depth, via);
      String script = resolver.written.get(SameCallFiles.plainPath(operand));
      if (script != null) {
        resolver.script(
            script,
            depth,
            Resolver.append(via, "written " + Resolver.basename(operand)),
            " in a file the command wrote");
      }
    }
    for (RawRedirect r : raw.redirects) {
      String script =
          r.body == null && r.operator.equals("<")
              ? resolver.written.get(SameCallFiles.plainPath(r.target.text()))
              : null;
      if (script != null) {
        resolver.script(
            script,
            depth,
            Resolver.append(via, "written " + Resolver.basename(r.target.text())),
            " in a file the command wrote");
      }
    }
  }

  /**
   * A file a shell reads as commands before its own ({@code bash --rcfile FILE}): a process
   * substitution's text, or a file the command wrote.
   */
  private static void sourcedFile(
      Resolver resolver, Word file, List<Word> words, int depth, List<String> via)
      throws ShellParseException {
    processSubstitution(resolver, file, words, depth, via);
    String script = resolver.written.get(SameCallFiles.plainPath(file.text()));
    if (script != null) {
      resolver.script(
          script,
          depth,
          Resolver.append(via, "written " + Resolver.basename(file.text())),
          " in a file the command wrote");
    }
  }

  /**
   * A script a shell or {@code source} reads from a process substitution ({@code bash <(echo …)}):
   * read as what it prints where that folds ({@link TextFolding}); opaque where it does not, but
   * for the network's and the decoders' output, which the remote rules read.
   */
  static void processSubstitution(
      Resolver resolver, Word operand, List<Word> runner, int depth, List<String> via)
      throws ShellParseException {
    String text = operand.text();
    if (operand.literal() || !text.startsWith("<(") || !text.endsWith(")")) {
      return;
    }
    String inner = text.substring(2, text.length() - 1);
    String printed = TextFolding.evaluate(inner, depth);
    if (printed != null) {
      List<String> through = Resolver.append(via, "<(…)");
      if (sourced(runner)) {
        // . <(echo x=rm): what a sourced script assigns, the shell that sources it keeps.
        resolver.sameShellScript(
            printed, depth, through, " in a sourced process substitution", null);
      } else {
        resolver.script(printed, depth, through, " in a process substitution");
      }
      return;
    }
    List<RawCommand> commands =
        Lowering.read(inner, depth, new ParseLimits(ParseLimits.MAX_DEPTH, 1024), "");
    if (!commands.isEmpty()
        && Programs.producerOf(pipeBack(commands.get(commands.size() - 1)))
            == ProducerKind.UNKNOWN) {
      resolver.opaque(Opaque.Kind.COMPUTED_INPUT, runner, via, text);
    }
  }

  /** Whether a runner is {@code source} or {@code .}: it reads the script in its own shell. */
  private static boolean sourced(List<Word> runner) {
    String program = runner.isEmpty() ? "" : runner.get(0).text();
    return program.equals("source") || program.equals(".");
  }

  /**
   * The text a literal producer pipes into {@code raw} ({@code echo …}, {@code printf …}, {@code
   * cat} of a here-document or here-string), or null when the producer is anything else.
   */
  static String pipedText(Resolver resolver, RawCommand raw) throws ShellParseException {
    RawCommand from = raw.pipedFrom;
    if (from == null) {
      return null;
    }
    List<Word> words =
        Wrappers.strip(
            from.words,
            new ArrayList<>(),
            resolver.seenScratch,
            resolver.names,
            resolver.limits,
            from.depth);
    if (words.isEmpty() || !words.get(0).literal()) {
      return null;
    }
    switch (resolver.names.of(words.get(0).text())) {
      case "echo" -> {
        int at = 1;
        boolean escapes = false;
        while (at < words.size() && isEchoOption(words.get(at).text())) {
          escapes |= words.get(at).text().indexOf('e') > 0;
          at++;
        }
        // echo -e decodes its escapes (\x72\x6d is rm), as the shell it feeds would read them.
        return escapes
            ? PrintfFormat.echo(NestedCommands.joined(words, at), new boolean[1])
            : NestedCommands.joined(words, at);
      }
      case "printf" -> {
        return words.size() > 1 ? printf(words) : null;
      }
      case "cat" -> {
        for (RawRedirect r : from.redirects) {
          if (r.body != null) {
            return r.body;
          }
        }
        return null;
      }
      default -> {
        return null;
      }
    }
  }

  /**
   * The texts a command is given on its input that the reading knows: its here-documents' and
   * here-strings' bodies, and the text piped to it ({@link #pipedText}).
   */
  static List<String> inputTexts(Resolver resolver, RawCommand raw) throws ShellParseException {
    List<String> bodies = new ArrayList<>();
    for (RawRedirect r : raw.redirects) {
      if (r.body != null) {
        bodies.add(r.body);
      }
    }
    String piped = ShellInputs.pipedText(resolver, raw);
    if (piped != null) {
      bodies.add(piped);
    }
    return bodies;
  }

  /**
   * The text piped into {@code raw} where a literal producer's text passes through programs that
   * only turn text into text ({@code echo cmVzZXQ= | base64 -d | xargs tool}, {@code base64 -d <<<
   * … | xargs tool}): what the last of them prints, as {@link TextFolding} computes it; null when
   * any step is not a literal producer or a transformer the folding models.
   */
  static String foldedPipedText(Resolver resolver, RawCommand raw) throws ShellParseException {
    String direct = pipedText(resolver, raw);
    if (direct != null || raw.pipedFrom == null) {
      return direct;
    }
    List<RawCommand> transformers = new ArrayList<>();
    RawCommand at = raw.pipedFrom;
    String text = null;
    while (at != null && transformers.size() < Programs.MAX_PIPE_STEPS) {
      if (at.words.isEmpty()
          || !at.words.get(0).literal()
          || !TextFolding.transforms(ExeNames.plain(Resolver.basename(at.words.get(0).text())))) {
        return null;
      }
      transformers.add(at);
      text = pipedText(resolver, at);
      if (text == null && at.pipedFrom == null) {
        text = TextFolding.hereText(at);
      }
      if (text != null) {
        break;
      }
      at = at.pipedFrom;
    }
    for (int i = transformers.size() - 1; i >= 0 && text != null; i--) {
      text = TextFolding.transform(transformers.get(i).words, text);
    }
    return text;
  }

  static boolean isHex(char c) {
    return Character.digit(c, 16) >= 0;
  }

  static boolean isEchoOption(String word) {
    if (word.length() < 2 || word.charAt(0) != '-') {
      return false;
    }
    for (int i = 1; i < word.length(); i++) {
      if ("neE".indexOf(word.charAt(i)) < 0) {
        return false;
      }
    }
    return true;
  }

  /** What printf writes ({@link PrintfFormat}), or null where that is not known. */
  static String printf(List<Word> words) {
    List<String> args = new ArrayList<>(words.size() - 1);
    for (int i = 1; i < words.size(); i++) {
      args.add(words.get(i).text());
    }
    return PrintfFormat.print(args);
  }

  /** The words of the commands piped into a program, from {@code from} back, for the producers. */
  static List<List<Word>> pipeBack(RawCommand from) {
    List<List<Word>> back = new ArrayList<>();
    for (RawCommand at = from; at != null && back.size() < Programs.MAX_PIPE_STEPS; ) {
      back.add(at.words);
      at = at.pipedFrom;
    }
    return back;
  }

  /**
   * A shell's options: whether it runs a string ({@code -c}) or its standard input ({@code -s}),
   * and where its operand is (the string of {@code -c}, or the script), the words' count when it
   * has none; the string given in an option itself ({@code fish --command=…}, fish's {@code -c …},
   * which takes its value), fish's init commands ({@code -C …}, {@code --init-command …}) and the
   * files it sources first ({@code bash --rcfile FILE}, {@code --init-file FILE}).
   */
  record Options(
      boolean dashC,
      boolean stdin,
      int operandAt,
      Word optionCode,
      List<Word> initCode,
      List<Word> rcFiles) {

    /** bash's long options that take a value: the file it sources first. */
    private static final List<String> BASH_VALUED = List.of("--rcfile", "--init-file");

    /** fish's long options (fish(1)), every one, for its abbreviations. */
    private static final List<String> FISH_LONG =
        List.of(
            "--command",
            "--init-command",
            "--debug",
            "--debug-output",
            "--debug-stack-frames",
            "--features",
            "--interactive",
            "--login",
            "--no-config",
            "--no-execute",
            "--print-rusage-self",
            "--print-debug-categories",
            "--private",
            "--profile",
            "--profile-startup",
            "--help",
            "--version");

    /** fish's long options that take a value. */
    private static final List<String> FISH_VALUED =
        List.of(
            "--command",
            "--init-command",
            "--debug",
            "--debug-output",
            "--debug-stack-frames",
            "--features",
            "--profile",
            "--profile-startup");

    /** {@return the code the shell runs as a string, or null: the operand of -c or an option's} */
    Word code(List<Word> words) {
      if (optionCode != null) {
        return optionCode;
      }
      return dashC && operandAt < words.size() ? words.get(operandAt) : null;
    }

    /** {@return the options of the shell command {@code words}} */
    static Options of(List<Word> words) {
      boolean fish = Resolver.basename(words.get(0).text()).equals("fish");
      boolean dashC = false;
      boolean stdin = false;
      Word optionCode = null;
      List<Word> initCode = new ArrayList<>(0);
      List<Word> rcFiles = new ArrayList<>(0);
      int i = 1;
      for (; i < words.size(); i++) {
        Word word = words.get(i);
        String w = word.text();
        if (w.equals("--") || w.equals("-")) {
          i++;
          break;
        }
        if (w.startsWith("--")) {
          int eq = w.indexOf('=');
          String option =
              Wrappers.abbreviated(eq < 0 ? w : w.substring(0, eq), fish ? FISH_LONG : BASH_VALUED);
          if (option == null || !(fish ? FISH_VALUED : BASH_VALUED).contains(option)) {
            continue; // --norc, --login, --posix: flags
          }
          Word value = eq >= 0 ? new Word(w.substring(eq + 1), word.literal()) : null;
          if (value == null && i + 1 < words.size()) {
            value = words.get(++i);
          }
          if (value == null) {
            continue;
          }
          switch (option) {
            case "--command" -> {
              dashC = true;
              optionCode = value;
            }
            case "--init-command" -> initCode.add(value);
            case "--rcfile", "--init-file" -> rcFiles.add(value);
            default -> {}
          }
          continue;
        }
        if ((w.startsWith("-") || w.startsWith("+")) && w.length() > 1) {
          for (int j = 1; j < w.length(); j++) {
            char c = w.charAt(j);
            if (fish && "cCpdfDo".indexOf(c) >= 0) {
              // fish's -c, -C and the rest take a value: the rest of the word, or the next.
              Word value =
                  j + 1 < w.length()
                      ? new Word(w.substring(j + 1), word.literal())
                      : i + 1 < words.size() ? words.get(++i) : null;
              if (c == 'c') {
                dashC = true;
                optionCode = value;
              } else if (c == 'C' && value != null) {
                initCode.add(value);
              }
              break;
            }
            if (c == 'c') {
              dashC = true;
            } else if (c == 's') {
              stdin = true;
            } else if (c == 'o' || c == 'O') {
              i++;
              break;
            }
          }
          continue;
        }
        break;
      }
      return new Options(dashC, stdin, Math.min(i, words.size()), optionCode, initCode, rcFiles);
    }
  }
}
