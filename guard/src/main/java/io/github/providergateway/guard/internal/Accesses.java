package io.github.providergateway.guard.internal;

import io.github.providergateway.guard.internal.Access.Kind;
import io.github.providergateway.guard.shell.Redirect;
import io.github.providergateway.guard.shell.Word;
import io.github.providergateway.guard.shell.internal.NameSet;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * The files a program reads, writes or deletes, by what the guard knows of the program: readers
 * ({@code cat}, {@code grep}, {@code base64}, …) read every argument, copiers read their sources
 * and write the last, senders ({@code curl -d @f}, {@code -T f}) and publishers ({@code gh gist
 * create f}, {@code aws s3 cp f s3://…}: {@link Uploads}) read what they upload, removers delete,
 * and every redirection reads or writes its target. A program the guard does not know touches only
 * its redirections' targets. What goes over the network (uploads, served folders, downloads) is
 * {@link Transfers}'.
 */
final class Accesses {

  private Accesses() {}

  /** yq's operators that read a file named in the expression. */
  private static final java.util.regex.Pattern LOADS =
      java.util.regex.Pattern.compile(
          "\\bload(?:_str|_xml|_props|_base64|_yaml|_json)?\\s*\\(\\s*\"([^\"]{1,400})\"\\s*\\)");

  static void of(Scan scan, Step step, List<Access> out) {
    if (step.program().equals("yq")) {
      loads(scan, step, out);
    }
    List<Redirect> redirects = step.invocation().redirects();
    for (int i = 0; i < redirects.size(); i++) { // indexed: most programs have none
      Redirect redirect = redirects.get(i);
      String op = redirect.operator();
      if (op.startsWith("<<") || op.equals(">&") || op.equals("<&")) {
        continue;
      }
      Kind kind = redirect.writes() ? Kind.WRITE : Kind.READ;
      add(scan, step, redirect.target(), kind, out);
    }
    // The arguments are asked only of the programs below: most of a long command's are none.
    String program = step.program();
    if (program.startsWith("python") && Transfers.pythonServes(step.args())) {
      Transfers.served(scan, step, Transfers.pythonFolder(step.args()), out);
    }
    switch (program) {
      case "rimraf", "del", "del-cli", "trash", "trash-put", "rm-rf" -> {
        // npx rimraf ~: node's and the desktop's deleters, folder and all.
        all(scan, step, Argv.of(step.args(), "").positionals(), Kind.DELETE, out);
      }
      case "cmake" -> {
        // cmake -E rm -rf DIR, cmake -E remove_directory DIR: cmake's portable deletes.
        List<Word> args = step.args();
        if (args.size() > 1 && args.get(0).text().equals("-E")) {
          String verb = args.get(1).text();
          if (verb.equals("rm") || verb.equals("remove") || verb.equals("remove_directory")) {
            all(
                scan,
                step,
                Argv.of(args.subList(2, args.size()), "").positionals(),
                Kind.DELETE,
                out);
          }
        }
      }
      case "7z", "7za", "7zr" -> {
        // 7z a -sdel deletes what it archived.
        List<Word> pos = Argv.of(step.args(), "").positionals();
        if (step.invocation().args().contains("-sdel")) {
          all(
              scan,
              step,
              pos.size() > 2 ? pos.subList(2, pos.size()) : List.of(),
              Kind.DELETE,
              out);
        }
        all(scan, step, pos, Kind.READ, out);
      }
      case "rm", "rmdir", "unlink", "shred", "srm", "wipe" -> {
        Argv argv =
            Argv.of(step.args(), "ns", "iterations", "size", "random-source", "interactive");
        all(scan, step, argv.positionals(), Kind.DELETE, out);
      }
      case "rename" -> {
        // util-linux's rename FROM TO FILE… and perl's rename EXPR FILE…: each file leaves its name
        // (the TO of the first form read as a file too: the rules err on the files' side).
        List<Word> pos = Argv.of(step.args(), "").positionals();
        if (pos.size() > 1) {
          all(scan, step, pos.subList(1, pos.size()), Kind.DELETE, out);
          all(scan, step, pos.subList(1, pos.size()), Kind.WRITE, out);
        }
      }
      case "gio" -> GioAccesses.add(scan, step, out);
      case "cp", "install", "scp", "rsync", "ln", "rclone", "link" -> {
        if (program.equals("rsync") && step.invocation().args().contains("--remove-source-files")) {
          // rsync --remove-source-files: what it copied is gone from where it was.
          List<Word> sent =
              Argv.of(step.args(), "e", "rsh", "exclude", "include", "filter").positionals();
          all(
              scan,
              step,
              sent.isEmpty() ? sent : sent.subList(0, sent.size() - 1),
              Kind.DELETE,
              out);
        }
        Argv argv =
            Argv.of(
                step.args(),
                "tSPiomgeFl",
                "target-directory",
                "suffix",
                "mode",
                "owner",
                "exclude",
                "include",
                "filter",
                "exclude-from",
                "include-from",
                "files-from",
                "rsh",
                "rsync-path",
                "chmod",
                "chown",
                "log-file",
                "password-file");
        List<Word> pos = argv.positionals();
        String into = argv.value('t') != null ? argv.value('t') : argv.value("target-directory");
        if (into != null) {
          all(scan, step, pos, program.equals("ln") ? Kind.WRITE : Kind.READ, out);
          add(scan, step, new Word(into, true), Kind.WRITE, out);
        } else if (!pos.isEmpty()) {
          // A link to a secret makes it readable under another name: read as reading it.
          all(scan, step, pos.subList(0, pos.size() - 1), Kind.READ, out);
          add(scan, step, pos.get(pos.size() - 1), Kind.WRITE, out);
        }
      }
      case "mv" -> {
        Argv argv = Argv.of(step.args(), "tS", "target-directory", "suffix");
        List<Word> pos = argv.positionals();
        String into = argv.value('t') != null ? argv.value('t') : argv.value("target-directory");
        if (into != null) {
          all(scan, step, pos, Kind.DELETE, out);
          add(scan, step, new Word(into, true), Kind.WRITE, out);
        } else if (!pos.isEmpty()) {
          all(scan, step, pos.subList(0, pos.size() - 1), Kind.DELETE, out);
          all(scan, step, pos.subList(0, pos.size() - 1), Kind.READ, out);
          add(scan, step, pos.get(pos.size() - 1), Kind.WRITE, out);
        }
      }
      case "tee", "sponge", "touch", "mkdir", "truncate", "mkfifo", "mknod" -> {
        // Each program's own options with a value: tee's -a appends, it takes no file of its own.
        String values =
            switch (program) {
              case "touch" -> "drt";
              case "truncate" -> "sr";
              case "tee", "sponge" -> ""; // sponge soaks up its input, then writes the file
              default -> "m";
            };
        Argv argv = Argv.of(step.args(), values, "size", "reference", "date", "mode");
        all(scan, step, argv.positionals(), Kind.WRITE, out);
      }
      case "chmod", "chown", "chgrp", "chattr", "setfacl" -> {
        Argv argv = Argv.of(step.args(), "", "reference", "from");
        List<Word> pos = argv.positionals();
        // chmod -x FILE: a mode that looks like an option leaves every positional a file.
        boolean reference =
            argv.has("reference")
                || program.equals("chmod")
                    && step.args().stream().anyMatch(w -> w.text().matches("-[rwxXst]+"));
        all(
            scan,
            step,
            pos.subList(reference || pos.isEmpty() ? 0 : 1, pos.size()),
            Kind.WRITE,
            out);
      }
      case "dd" -> {
        for (Word w : step.args()) {
          if (w.text().startsWith("of=")) {
            add(scan, step, new Word(w.text().substring(3), w.literal()), Kind.WRITE, out);
          } else if (w.text().startsWith("if=")) {
            add(scan, step, new Word(w.text().substring(3), w.literal()), Kind.READ, out);
          }
        }
      }
      case "badblocks" -> {
        // -w writes its test patterns over every block (decision 318); -n puts them back
        boolean writes = false;
        Word device = null;
        for (Word w : step.args()) {
          String t = w.text();
          if (t.startsWith("-") && !t.startsWith("--") && t.indexOf('w') > 0) {
            writes = true;
          } else if (t.startsWith("/dev/") && device == null) {
            device = w;
          }
        }
        if (writes && device != null) {
          add(scan, step, device, Kind.WRITE, out);
        }
      }
      case "curl", "wget", "http", "https", "xh", "aria2c" -> {
        Transfers.sent(scan, step, step.args(), out);
        if (program.equals("curl") || program.equals("wget")) {
          Transfers.savedByName(scan, step, out);
        }
      }
      case "http-server", "serve", "miniserve", "darkhttpd", "static-web-server" ->
          Transfers.served(scan, step, Transfers.firstFolder(step.args()), out);
      case "php" -> {
        int at = step.invocation().args().indexOf("-S");
        if (at >= 0) {
          int t = step.invocation().args().indexOf("-t");
          Transfers.served(
              scan,
              step,
              t >= 0 && t + 1 < step.args().size() ? step.args().get(t + 1) : null,
              out);
        }
      }
      case "source", "." -> {
        // Sourcing runs the file and puts what it sets in the environment: it reads it whole.
        if (!step.args().isEmpty()) {
          add(scan, step, step.args().get(0), Kind.READ, out);
        }
      }
      case "git" -> git(scan, step, step.args(), out);
      case "gh",
          "glab",
          "aws",
          "gsutil",
          "gcloud",
          "s3cmd",
          "mc",
          "az",
          "pastebinit",
          "wgetpaste",
          "ffsend",
          "croc",
          "wormhole",
          "hf",
          "huggingface-cli",
          "twine" -> {
        Uploads.Files files = Uploads.of(step);
        all(scan, step, files.read(), Kind.READ, out);
        all(scan, step, files.written(), Kind.WRITE, out);
      }
      case "grep", "egrep", "fgrep", "zgrep", "rg", "ag", "ack" -> searched(scan, step, out);
      case "find" -> {
        foundAndRead(scan, step, out);
        WrittenByOptions.add(scan, step, out);
      }
      case "xargs" -> {
        // xargs -a FILE reads its arguments from FILE.
        Argv argv =
            Argv.of(step.args(), "adEILnPs", "arg-file", "delimiter", "max-args", "max-procs");
        String file = argv.value('a') != null ? argv.value('a') : argv.value("arg-file");
        if (file != null) {
          add(scan, step, new Word(file, true), Kind.READ, out);
        }
      }
      case "vim", "vi", "nvim", "ex", "view" -> {
        // Commands given on the line (-c, +cmd, -es) edit and write the files without a person.
        boolean scripted = false;
        for (Word w : step.args()) {
          String t = w.text();
          scripted |=
              t.equals("-c")
                  || t.equals("-es")
                  || t.equals("-e")
                  || t.equals("-s")
                  || t.startsWith("+") && t.length() > 1
                  // ex -sc '…|x', vim -Nesc: the same letters in one word
                  || t.matches("-[A-Za-z]*[esc][A-Za-z]*") && t.matches("-[NnesXcZRm]+");
        }
        Argv argv = Argv.of(step.args(), "cSsTuUwWio", "cmd");
        all(scan, step, argv.positionals(), scripted ? Kind.WRITE : Kind.READ, out);
      }
      default -> {
        WrittenByOptions.add(scan, step, out);
        if (program.equals("tar") || program.equals("bsdtar") || program.equals("gtar")) {
          fromFolder(scan, step, out);
        }
        if (step.is(ProgramKind.READER)) {
          // Options are read only where they matter: most readers (grep, cat, tail) have none
          // that change what they do to a file.
          boolean inPlace =
              (program.equals("sed") || program.equals("perl"))
                  && editsInPlace(Argv.of(step.args(), ""));
          // The words in place, the program's skipped: no view of the arguments a reader.
          List<Word> words = step.invocation().words();
          boolean archiver =
              program.equals("tar")
                  || program.equals("bsdtar")
                  || program.equals("gtar")
                  || program.equals("zip");
          for (int i = 1; i < words.size(); i++) { // indexed: every reader's every argument
            Word w = words.get(i);
            String t = w.text();
            if (archiver
                && (t.equals("-C")
                    || t.equals("--directory")
                    || t.equals("-x")
                    || t.equals("-i")
                    || t.equals("--exclude")
                    || t.equals("--exclude-from")
                    || t.equals("-X")
                    || t.equals("-T"))) {
              // Their values are a folder to work from or patterns to leave out (or take), no
              // file read: zip -x '.env*', tar --exclude .env keep the .env out.
              i += t.equals("-x") || t.equals("-i") ? skipPatterns(words, i) : 1;
              continue;
            }
            if (t.startsWith("--exclude=")
                || t.startsWith("--include=")
                || t.startsWith("--exclude-from=")) {
              continue;
            }
            if (t.startsWith("--") && t.indexOf('=') > 0) {
              add(
                  scan,
                  step,
                  new Word(t.substring(t.indexOf('=') + 1), w.literal()),
                  Kind.READ,
                  out);
            } else if (!t.startsWith("-")) {
              add(scan, step, w, inPlace ? Kind.WRITE : Kind.READ, out);
            }
          }
          if (program.equals("tar") && Argv.of(step.args(), "").has("remove-files")
              || program.equals("zip") && Argv.of(step.args(), "").has('m')) {
            // tar --remove-files and zip -m delete what they archive.
            for (Word w : step.args()) {
              if (!w.text().startsWith("-")) {
                add(scan, step, w, Kind.DELETE, out);
              }
            }
          }
          if (program.equals("tar") || program.equals("zip") || program.equals("7z")) {
            // The archive an option names is written when created; its sources are read above.
            for (Word w : step.args()) {
              if (w.text().startsWith("--file=")) {
                add(scan, step, new Word(w.text().substring(7), w.literal()), Kind.WRITE, out);
              }
            }
          }
        }
      }
    }
  }

  /**
   * What a search reads: its files, not its pattern ({@code grep -rn .env src/} reads src/, not a
   * .env), unless the pattern is given by -e or -f, where every word is a file.
   */
  /** yq's load("f"), load_str("f"), load_xml("f"): the expression reads another file. */
  private static void loads(Scan scan, Step step, List<Access> out) {
    for (Word word : step.args()) {
      java.util.regex.Matcher load = LOADS.matcher(word.text());
      while (load.find()) {
        add(scan, step, new Word(load.group(1), word.literal()), Kind.READ, out);
      }
    }
  }

  private static void searched(Scan scan, Step step, List<Access> out) {
    Argv argv =
        Argv.of(
            step.args(),
            "efmABCdDgtTjM",
            "regexp",
            "file",
            "max-count",
            "after-context",
            "before-context",
            "context",
            "include",
            "exclude",
            "exclude-dir",
            "label",
            "color",
            "colour",
            "binary-files",
            "devices",
            "directories",
            "glob",
            "type",
            "type-not",
            "threads",
            "max-columns");
    List<Word> positionals = argv.positionals();
    boolean patternGiven = argv.has('e') || argv.has('f') || argv.has("regexp") || argv.has("file");
    int from = patternGiven || positionals.isEmpty() ? 0 : 1;
    all(scan, step, positionals.subList(from, positionals.size()), Kind.READ, out);
    for (Word w : step.args()) {
      String t = w.text();
      if (t.startsWith("--file=")) {
        add(scan, step, new Word(t.substring(7), w.literal()), Kind.READ, out);
      }
    }
    String file = argv.value('f');
    if (file != null) {
      add(scan, step, new Word(file, true), Kind.READ, out);
    }
  }

  /** The programs that send a file they are handed: {@code curl -F f=@FILE}, {@code curl -T}. */
  private static final Set<String> UPLOADERS =
      NameSet.of("curl", "wget", "http", "https", "xh", "rclone", "rsync", "sftp", "nc", "ncat");

  /**
   * Whether the words of find's {@code -exec} from {@code from} to its end hand the file found to
   * the program: {@code {}} in a word ({@code f=@{}}, {@code --upload-file {}}).
   */
  private static boolean handsFound(List<Word> args, int from) {
    for (int k = from; k < args.size(); k++) {
      String t = args.get(k).text();
      if (t.equals(";") || t.equals("+")) {
        return false;
      }
      if (t.contains("{}")) {
        return true;
      }
    }
    return false;
  }

  /**
   * {@code find START -name NAME -exec cat {} \;}: the reader reads what find finds, a NAME under
   * each START (and where the gateway's home is under START, its NAME).
   */
  private static void foundAndRead(Scan scan, Step step, List<Access> out) {
    List<Word> args = step.args();
    boolean reads = false;
    List<String> names = new ArrayList<>();
    for (int i = 0; i < args.size(); i++) {
      String t = args.get(i).text();
      if ((t.equals("-name") || t.equals("-iname") || t.equals("-path") || t.equals("-wholename"))
          && i + 1 < args.size()) {
        names.add(args.get(i + 1).text());
      }
      if ((t.equals("-exec") || t.equals("-execdir") || t.equals("-ok")) && i + 1 < args.size()) {
        String program = args.get(i + 1).text();
        program = program.substring(program.lastIndexOf('/') + 1);
        reads |= ProgramKind.READER.names(program) || program.equals("cp") || program.equals("scp");
        reads |= UPLOADERS.contains(program) && handsFound(args, i + 2);
      }
    }
    if (!reads) {
      return;
    }
    Path gatewayHome = scan.places().gatewayHome();
    for (Word start : FindStarts.of(step)) {
      for (String name : names.isEmpty() ? List.of("*") : names) {
        String base = name.contains("/") ? name.substring(name.lastIndexOf('/') + 1) : name;
        add(scan, step, new Word(start.text() + "/" + base, false), Kind.READ, out);
        for (Target target : scan.targets(step, start)) {
          if (target.path() != null && gatewayHome.startsWith(target.path())) {
            add(scan, step, Word.literal(gatewayHome + "/" + base), Kind.READ, out);
          }
        }
      }
    }
  }

  /** tar's {@code -C DIR} (and {@code --directory}): the files after it are read from DIR. */
  private static void fromFolder(Scan scan, Step step, List<Access> out) {
    List<Word> args = step.args();
    String folder = null;
    for (int i = 0; i < args.size(); i++) {
      Word w = args.get(i);
      String t = w.text();
      if ((t.equals("-C") || t.equals("--directory")) && i + 1 < args.size()) {
        folder = args.get(++i).text();
      } else if (t.startsWith("--directory=")) {
        folder = t.substring(12);
      } else if (folder != null && !t.startsWith("-")) {
        add(scan, step, new Word(folder + "/" + t, false), Kind.READ, out);
      }
    }
  }

  /** zip's -x and -i take every word after them up to the next option: how many to skip. */
  private static int skipPatterns(List<Word> words, int at) {
    int skip = 0;
    while (at + skip + 1 < words.size() && !words.get(at + skip + 1).text().startsWith("-")) {
      skip++;
    }
    return skip;
  }

  /**
   * The files git removes ({@code git rm}, not {@code --cached}: the working copy's file goes) and
   * reads whole outside any repository ({@code git diff --no-index}).
   */
  private static void git(Scan scan, Step step, List<Word> args, List<Access> out) {
    // An alias on the line may stand for anything (-c alias.nd='diff --no-index' nd): read through;
    // so may a subcommand git does not have, an alias defined before this call or earlier in it
    // (git config alias.nd 'diff --no-index' && git nd /dev/null ~/.ssh/id_rsa).
    boolean maybeReads =
        mentionsAlias(args)
            || names(args, "diff") && mentions(args, "--no")
            || GitSubcommands.maybeAlias(args);
    if (!names(args, "rm") && !names(args, "mv") && !names(args, "hash-object") && !maybeReads) {
      // Most git commands: no reading of the subcommand and its options at all. A diff reads
      // files only with --no-index, written (abbreviated to --no at the least) in one of its
      // words; an alias on the line may stand for anything, so it is read through.
      return;
    }
    GitCommand git = GitCommand.of(args);
    Argv argv = Argv.of(git.args(), "");
    switch (git.subcommand()) {
      case "rm" -> {
        if (!argv.has("cached")) {
          all(scan, step, argv.positionals(), Kind.DELETE, out);
        }
      }
      case "mv" -> {
        // git mv a b: a is gone from its place, b written.
        List<Word> pos = argv.positionals();
        if (pos.size() >= 2) {
          all(scan, step, pos.subList(0, pos.size() - 1), Kind.DELETE, out);
          add(scan, step, pos.get(pos.size() - 1), Kind.WRITE, out);
        }
      }
      case "hash-object" -> all(scan, step, argv.positionals(), Kind.READ, out);
      case "diff" -> {
        if (argv.has("no-index")) {
          all(scan, step, argv.positionals(), Kind.READ, out);
        }
      }
      default -> {
        if (GitSubcommands.maybeAlias(git.subcommand())) {
          all(scan, step, argv.positionals(), Kind.READ, out);
        }
      }
    }
  }

  private static boolean mentions(List<Word> args, String text) {
    for (int i = 0; i < args.size(); i++) {
      if (args.get(i).text().contains(text)) {
        return true;
      }
    }
    return false;
  }

  /** Whether a word sets an alias: {@code alias.} in any case, as git reads its keys. */
  private static boolean mentionsAlias(List<Word> args) {
    for (int i = 0; i < args.size(); i++) {
      if (args.get(i).text().toLowerCase(java.util.Locale.ROOT).contains("alias.")) {
        return true;
      }
    }
    return false;
  }

  private static boolean names(List<Word> args, String word) {
    for (int i = 0; i < args.size(); i++) {
      if (args.get(i).text().equals(word)) {
        return true;
      }
    }
    return false;
  }

  private static boolean editsInPlace(Argv argv) {
    return argv.has('i') || argv.has("in-place");
  }

  static boolean digits(String text) {
    for (int i = 0; i < text.length(); i++) {
      if (!Character.isDigit(text.charAt(i))) {
        return false;
      }
    }
    return true;
  }

  static void all(Scan scan, Step step, List<Word> words, Kind kind, List<Access> out) {
    for (int i = 0; i < words.size(); i++) { // indexed, as below: no iterator a program
      add(scan, step, words.get(i), kind, out);
    }
  }

  static void add(Scan scan, Step step, Word word, Kind kind, List<Access> out) {
    String text = word.text();
    if (text.isEmpty() || text.startsWith("&") || digits(text)) {
      return;
    }
    List<Target> targets = scan.targets(step, word);
    for (int i = 0; i < targets.size(); i++) {
      out.add(new Access(kind, targets.get(i), step.invocation()));
    }
  }
}
