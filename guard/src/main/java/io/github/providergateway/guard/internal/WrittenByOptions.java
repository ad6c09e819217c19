package io.github.providergateway.guard.internal;

import io.github.providergateway.guard.internal.Access.Kind;
import io.github.providergateway.guard.shell.Word;
import java.util.List;

/**
 * Files and folders programs write through an option or an operand's place rather than a
 * redirection: {@code sort -o FILE}, {@code uniq IN OUT}, {@code gsed -i}, {@code awk -i inplace},
 * {@code yq -i}, {@code patch FILE}, {@code tar -x -C DIR}, {@code unzip -d DIR}, {@code cpio -i -D
 * DIR}, {@code split IN PREFIX}, {@code csplit -f PREFIX}, {@code ed FILE}. Each writes what the
 * rules watch as surely as {@code >} does (their manual pages).
 */
final class WrittenByOptions {
  private WrittenByOptions() {}

  /** Adds the writes {@code step} makes this way, if it is one of these programs. */
  static void add(Scan scan, Step step, List<Access> out) {
    List<Word> args = step.args();
    switch (step.program()) {
      case "sort" -> {
        Argv argv = Argv.of(args, "okStT", "output", "key", "field-separator", "buffer-size");
        write(scan, step, argv.value('o') != null ? argv.value('o') : argv.value("output"), out);
      }
      case "uniq" -> {
        List<Word> pos =
            Argv.of(args, "fsw", "skip-fields", "skip-chars", "check-chars").positionals();
        if (pos.size() == 2) {
          Accesses.add(scan, step, pos.get(1), Kind.WRITE, out);
        }
      }
      case "gsed" -> {
        Argv argv = Argv.of(args, "ef", "expression", "file");
        if (argv.has('i') || argv.has("in-place")) {
          List<Word> pos = argv.positionals();
          boolean scripted = argv.has('e') || argv.has('f') || argv.has("expression");
          Accesses.all(
              scan,
              step,
              pos.subList(scripted ? 0 : Math.min(1, pos.size()), pos.size()),
              Kind.WRITE,
              out);
        }
      }
      case "awk", "gawk" -> {
        if (inPlaceAwk(args)) {
          List<Word> pos = Argv.of(args, "ivfF", "include", "assign", "file").positionals();
          Accesses.all(
              scan, step, pos.subList(Math.min(1, pos.size()), pos.size()), Kind.WRITE, out);
        }
      }
      case "yq", "tomlq", "xq" -> {
        Argv argv = Argv.of(args, "ops", "output-format", "input-format", "split-exp");
        if (argv.has('i') || argv.has("inplace")) {
          List<Word> pos = argv.positionals();
          Accesses.all(
              scan, step, pos.subList(Math.min(1, pos.size()), pos.size()), Kind.WRITE, out);
        }
      }
      case "patch" -> {
        Argv argv = Argv.of(args, "pdiorBDFVYzgx", "directory", "input", "output", "strip");
        List<Word> pos = argv.positionals();
        if (!pos.isEmpty()) {
          Accesses.add(scan, step, pos.get(0), Kind.WRITE, out);
        }
        write(scan, step, argv.value('o') != null ? argv.value('o') : argv.value("output"), out);
        write(scan, step, argv.value('d') != null ? argv.value('d') : argv.value("directory"), out);
      }
      case "tar", "gtar", "bsdtar" -> {
        if (extracts(args)) {
          Argv argv = Argv.of(args, "CfTXb", "directory", "file", "files-from", "exclude-from");
          write(
              scan, step, argv.value('C') != null ? argv.value('C') : argv.value("directory"), out);
        }
      }
      case "unzip" -> write(scan, step, Argv.of(args, "dx").value('d'), out);
      case "openssl" -> {
        // openssl enc|base64|x509|… -out FILE: the file it writes.
        for (int i = 0; i + 1 < args.size(); i++) {
          if (args.get(i).text().equals("-out")) {
            Accesses.add(scan, step, args.get(i + 1), Kind.WRITE, out);
          }
        }
      }
      case "find" -> {
        // -fprint FILE, -fprint0, -fprintf FILE FORMAT, -fls FILE: find writes FILE.
        for (int i = 0; i + 1 < args.size(); i++) {
          String t = args.get(i).text();
          if (t.equals("-fprint")
              || t.equals("-fprint0")
              || t.equals("-fprintf")
              || t.equals("-fls")) {
            Accesses.add(scan, step, args.get(i + 1), Kind.WRITE, out);
          }
        }
      }
      case "emacs" -> {
        // emacs --batch FILE … --eval '(save-buffer)': a file visited without a person is written.
        Argv argv = Argv.of(args, "lfLu", "eval", "load", "funcall", "directory", "script", "user");
        if (argv.has("batch") || argv.has("script")) {
          Accesses.all(scan, step, argv.positionals(), Kind.WRITE, out);
        }
      }
      case "cpio" -> {
        Argv argv = Argv.of(args, "DEFHIMOR", "directory", "file", "format");
        write(scan, step, argv.value('D') != null ? argv.value('D') : argv.value("directory"), out);
      }
      case "split" -> {
        List<Word> pos =
            Argv.of(args, "abCdlnt", "suffix-length", "bytes", "line-bytes", "lines", "number")
                .positionals();
        if (pos.size() == 2) {
          Accesses.add(scan, step, pos.get(1), Kind.WRITE, out);
        }
      }
      case "csplit" -> {
        Argv argv = Argv.of(args, "bfn", "suffix-format", "prefix", "digits");
        write(scan, step, argv.value('f') != null ? argv.value('f') : argv.value("prefix"), out);
      }
      case "ed", "red" ->
          Accesses.all(scan, step, Argv.of(args, "p").positionals(), Kind.WRITE, out);
      default -> ValueEditorWrites.add(scan, step, out);
    }
  }

  /** Adds a write of {@code path}, when there is one. */
  static void write(Scan scan, Step step, String path, List<Access> out) {
    if (path != null && !path.isEmpty()) {
      Accesses.add(scan, step, new Word(path, true), Kind.WRITE, out);
    }
  }

  /** gawk's in-place edit: {@code -i inplace}, {@code --include=inplace}. */
  private static boolean inPlaceAwk(List<Word> args) {
    for (int i = 0; i < args.size(); i++) {
      String t = args.get(i).text();
      if ((t.equals("-i") || t.equals("--include"))
              && i + 1 < args.size()
              && args.get(i + 1).text().startsWith("inplace")
          || t.equals("-iinplace")
          || t.startsWith("--include=inplace")) {
        return true;
      }
    }
    return false;
  }

  /**
   * Whether tar extracts: {@code -x}, {@code --extract}, {@code --get}, or x in its first bundle.
   */
  static boolean extracts(List<Word> args) {
    for (int i = 0; i < args.size(); i++) {
      String t = args.get(i).text();
      if (t.equals("--extract") || t.equals("--get")) {
        return true;
      }
      boolean bundle = t.startsWith("-") && !t.startsWith("--") || i == 0 && !t.startsWith("-");
      if (bundle && t.indexOf('x') >= 0) {
        return true;
      }
    }
    return false;
  }
}
