package io.github.providergateway.guard.shell;

import io.github.providergateway.guard.shell.RawCommand.RawRedirect;
import io.github.providergateway.guard.shell.internal.NameSet;
import io.github.providergateway.guard.shell.programs.InlineLanguage;
import io.github.providergateway.guard.shell.programs.Programs;
import io.github.providergateway.guard.shell.syntax.ShellParseException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The files a command makes or writes and then runs or has a program read, in the same call (issue
 * 60's red team): a program copied, linked or installed under another name and run by that name
 * ({@code ln -s /bin/rm del; ./del -rf ~}), and text printed into a file that a program reads as
 * its configuration or hooks ({@code printf '[core]…' > /tmp/gc; GIT_CONFIG_GLOBAL=/tmp/gc git
 * log}). The resolution's own state; its maps live in the {@link Resolver} of the parse.
 */
final class SameCallFiles {
  private SameCallFiles() {}

  /** Remembers {@code ln|cp|mv|install SOURCE DEST} (and {@code -t DIR}) as programs made. */
  static void rememberMade(Resolver resolver, List<Word> words, String program) {
    List<Word> positionals = new ArrayList<>();
    String into = null;
    for (int i = 1; i < words.size(); i++) {
      String t = words.get(i).text();
      if ((t.equals("-t") || t.equals("--target-directory")) && i + 1 < words.size()) {
        into = words.get(++i).text();
      } else if (t.startsWith("--target-directory=")) {
        into = t.substring(19);
      } else if ((t.equals("-m")
              || t.equals("--mode")
              || t.equals("-o")
              || t.equals("-g")
              || t.equals("-S")
              || t.equals("--suffix"))
          && program.equals("install")) {
        i++;
      } else if (!t.startsWith("-") || t.equals("-")) {
        positionals.add(words.get(i));
      }
    }
    if (positionals.isEmpty()) { // bounded by the words, as the aliases are
      return;
    }
    if (into != null) {
      for (Word source : positionals) {
        resolver.made.put(plainPath(into + "/" + Resolver.basename(source.text())), source);
      }
    } else if (positionals.size() >= 2) {
      Word source = positionals.get(0);
      String dest = positionals.get(positionals.size() - 1).text();
      resolver.made.put(plainPath(dest), source);
      resolver.made.put(plainPath(dest + "/" + Resolver.basename(source.text())), source);
    }
  }

  /** Reads a sync from a folder this command made empty as the delete it amounts to. */
  static void readEmptySync(
      Resolver resolver, List<Word> words, String program, int depth, List<String> via)
      throws ShellParseException {
    String wipe = emptySync(resolver, words, program);
    if (wipe != null) {
      resolver.script(
          wipe, depth, Resolver.append(via, "sync of an empty folder"), " as the sync's deletes");
    }
  }

  /** The programs {@link #emptySync} reads: mkdir, and the syncs that delete what is not there. */
  static final Set<String> EMPTY_SYNCS = NameSet.of("mkdir", "aws", "gsutil", "rclone");

  /**
   * For {@code mkdir}, remembers the folders made; for a sync from a folder this command made and
   * put nothing into, to a bucket with its deletes on, the delete it amounts to: {@code aws s3 sync
   * /tmp/empty s3://b --delete} is {@code aws s3 rm s3://b --recursive}, {@code gsutil rsync -d} a
   * {@code gsutil rm -r}, {@code rclone sync} a {@code rclone purge}. Null for anything else.
   */
  static String emptySync(Resolver resolver, List<Word> words, String program) {
    List<String> positionals = new ArrayList<>();
    boolean delete = false;
    for (int i = 1; i < words.size(); i++) {
      Word word = words.get(i);
      String t = word.text();
      if (t.equals("--delete") || t.equals("-d") && program.equals("gsutil")) {
        delete = true;
      } else if (t.equals("--dryrun") || t.equals("--dry-run") || t.equals("-n")) {
        return null; // shows what it would delete
      } else if (!t.startsWith("-")) {
        positionals.add(word.literal() ? t : null);
      } else if (program.equals("aws")
          && (t.equals("--exclude")
              || t.equals("--include")
              || t.equals("--profile")
              || t.equals("--region"))) {
        i++;
      }
    }
    if (program.equals("mkdir")) {
      for (String folder : positionals) {
        if (folder != null && resolver.madeFolders.size() < 64) {
          resolver.madeFolders.add(folderOf(folder));
        }
      }
      return null;
    }
    if (resolver.madeFolders.isEmpty()) {
      return null;
    }
    String verb =
        switch (program) {
          case "aws" ->
              positionals.size() == 4
                      && "s3".equals(positionals.get(0))
                      && "sync".equals(positionals.get(1))
                      && delete
                  ? "aws s3 rm %s --recursive"
                  : null;
          case "gsutil" ->
              positionals.size() == 3 && "rsync".equals(positionals.get(0)) && delete
                  ? "gsutil rm -r %s"
                  : null;
          case "rclone" ->
              positionals.size() == 3 && "sync".equals(positionals.get(0))
                  ? "rclone purge %s"
                  : null;
          default -> null;
        };
    if (verb == null) {
      return null;
    }
    String source = positionals.get(positionals.size() - 2);
    String target = positionals.get(positionals.size() - 1);
    if (source == null || target == null || !resolver.madeFolders.contains(folderOf(source))) {
      return null;
    }
    String folder = folderOf(source) + "/";
    for (String path : resolver.written.keySet()) {
      if (path.startsWith(folder)) {
        return null; // something was put in it
      }
    }
    for (String path : resolver.made.keySet()) {
      if (path.startsWith(folder)) {
        return null;
      }
    }
    return String.format(verb, "'" + target.replace("'", "'\\''") + "'");
  }

  private static String folderOf(String path) {
    String p = plainPath(path);
    while (p.length() > 1 && p.endsWith("/")) {
      p = p.substring(0, p.length() - 1);
    }
    return p;
  }

  /** The most links one command's reading follows. */
  private static final int MAX_LINKS = 32;

  /** Remembers a symbolic link {@code ln -s[fn] TARGET LINK} makes, its target a literal path. */
  static void rememberLinked(Resolver resolver, List<Word> words) {
    boolean symbolic = false;
    List<Word> positionals = new ArrayList<>();
    for (int i = 1; i < words.size(); i++) {
      String t = words.get(i).text();
      if (t.equals("--symbolic") || t.startsWith("-") && !t.startsWith("--") && t.contains("s")) {
        symbolic |= true;
      } else if (t.equals("-t") || t.equals("--target-directory") || t.startsWith("--suffix")) {
        return; // into a folder: the name is the target's, left to the copy's reading
      } else if (!t.startsWith("-")) {
        positionals.add(words.get(i));
      }
    }
    if (!symbolic
        || positionals.size() != 2
        || !positionals.get(0).literal()
            && !positionals.get(0).text().startsWith("~")
            && !positionals.get(0).text().startsWith("$HOME")
        || !positionals.get(1).literal()
        || resolver.linked.size() >= MAX_LINKS) {
      return;
    }
    String link = plainPath(positionals.get(1).text());
    while (link.length() > 1 && link.endsWith("/")) {
      link = link.substring(0, link.length() - 1);
    }
    String target = positionals.get(0).text();
    if (!link.isEmpty() && !target.isEmpty() && !link.equals(target)) {
      resolver.linked.put(link, target);
    }
  }

  /**
   * {@code words} with each path through a link this command made put at the link's target ({@code
   * rm -rf data/*} after {@code ln -s /mnt/shared data} is {@code rm -rf /mnt/shared/*}); null when
   * no word goes through one.
   */
  static List<Word> throughLinks(Resolver resolver, List<Word> words) {
    if (words.isEmpty()) {
      return null;
    }
    String program = ExeNames.plain(Resolver.basename(words.get(0).text()));
    if (program.equals("ln") || program.equals("link") || program.equals("unlink")) {
      return null; // the link itself, made or taken away
    }
    List<Word> out = null;
    for (int i = 1; i < words.size(); i++) {
      Word word = words.get(i);
      if (!word.literal() && !word.text().contains("*")) {
        continue;
      }
      String text = plainPath(word.text());
      for (Map.Entry<String, String> link : resolver.linked.entrySet()) {
        String name = link.getKey();
        if (text.equals(name) || text.equals(name + "/") || text.startsWith(name + "/")) {
          String target = link.getValue();
          String rest = text.substring(name.length());
          String put =
              target.endsWith("/") && rest.startsWith("/")
                  ? target + rest.substring(1)
                  : target + rest;
          if (out == null) {
            out = new ArrayList<>(words);
          }
          out.set(
              i,
              new Word(put, word.literal() && !target.startsWith("~") && !target.startsWith("$")));
          break;
        }
      }
    }
    return out;
  }

  static String plainPath(String path) {
    String p = path;
    while (p.startsWith("./")) {
      p = p.substring(2);
    }
    while (p.contains("//")) {
      p = p.replace("//", "/");
    }
    return p;
  }

  /**
   * A command that runs a program made earlier in this command, with the program it was made from
   * put in its place ({@code ./del -rf ~} after {@code ln -s /bin/rm del} is {@code /bin/rm -rf
   * ~}); opaque when what it was made from cannot be read; null when it runs no made program.
   */
  static List<Word> madeProgram(Resolver resolver, List<Word> words, List<String> via) {
    String run = plainPath(words.get(0).text());
    Word source = resolver.made.get(run);
    if (source == null) {
      // cd /tmp && ./d, PATH=/tmp/bin:$PATH del: the same name, reached another way.
      String name = Resolver.basename(run);
      for (Map.Entry<String, Word> entry : resolver.made.entrySet()) {
        if (Resolver.basename(entry.getKey()).equals(name)
            && !entry.getValue().text().equals(words.get(0).text())) {
          source = entry.getValue();
          break;
        }
      }
    }
    if (source == null) {
      return null;
    }
    if (!source.literal()) {
      resolver.opaque(
          Opaque.Kind.MADE_PROGRAM,
          words,
          via,
          words.get(0).text() + " (from " + source.text() + ")");
      return null;
    }
    List<Word> remade = new ArrayList<>(words);
    remade.set(0, source);
    return remade;
  }

  /**
   * Remembers the text a printer writes into a file ({@code printf '…' > /tmp/gc}, {@code | tee
   * f}).
   */
  static void rememberWritten(Resolver resolver, RawCommand raw, List<Word> words, String program)
      throws ShellParseException {
    String text = null;
    if (program.equals("echo") || program.equals("printf") || program.equals("cat")) {
      RawCommand self = new RawCommand(raw.depth, words);
      raw.redirects.forEach(self::addRedirect);
      text = printedBy(resolver, self);
      if (text != null) {
        for (RawRedirect r : raw.redirects) {
          if (r.body == null && (r.operator.equals(">") || r.operator.equals(">>"))) {
            resolver.written.put(plainPath(r.target.text()), text);
          }
        }
      }
    } else if (TextFolding.transforms(program)) {
      // base64 -d <<< … > f: what a decoder prints of a here-string or literal text piped in.
      String input = null;
      for (RawRedirect r : raw.redirects) {
        if (r.body != null) {
          input = r.operator.equals("<<<") ? r.body + "\n" : r.body;
        }
      }
      if (input == null && raw.pipedFrom != null) {
        String piped = ShellInputs.pipedText(resolver, raw);
        input = piped == null ? null : piped + "\n";
      }
      text = input == null ? null : TextFolding.transform(words, input);
      if (text != null) {
        for (RawRedirect r : raw.redirects) {
          if (r.body == null && (r.operator.equals(">") || r.operator.equals(">>"))) {
            resolver.written.put(plainPath(r.target.text()), text);
          }
        }
      }
    } else if (program.equals("dd")) {
      copiedByDd(resolver, raw, words);
    } else if (COPIERS.contains(program)) { // mv, cp, ln, install, rsync
      copied(resolver, raw, words);
    } else if (program.equals("tee")) {
      // … | tee f, and tee f <<< '…' or a here-document: what it reads it writes.
      text = inputText(resolver, raw);
      if (text != null) {
        for (int i = 1; i < words.size(); i++) {
          if (!words.get(i).text().startsWith("-")) {
            resolver.written.put(plainPath(words.get(i).text()), text);
          }
        }
      }
    }
  }

  /** The programs that put a file's text under another name: {@code mv a.sh b.sh}. */
  static final Set<String> COPIERS = Set.of("mv", "cp", "ln", "install", "rsync", "dd");

  /**
   * A file this command wrote, moved, copied or linked to another name ({@code mv /tmp/c.sh
   * /tmp/d.sh}), or standard input copied ({@code … | cp /dev/stdin f}): the text is kept under the
   * new name too, and under the name in a folder the last word may be. The red team of the shell
   * reading (issue 80, {@code rtw-152}) ran a written script by its new name.
   */
  private static void copied(Resolver resolver, RawCommand raw, List<Word> words)
      throws ShellParseException {
    List<String> operands = new ArrayList<>();
    for (int i = 1; i < words.size(); i++) {
      String t = words.get(i).text();
      if (!t.startsWith("-") || t.equals("-")) {
        operands.add(t);
      }
    }
    if (operands.size() < 2) {
      return;
    }
    String to = operands.get(operands.size() - 1);
    for (String from : operands.subList(0, operands.size() - 1)) {
      String text =
          Resolver.isStandardInput(from)
              ? ShellInputs.pipedText(resolver, raw)
              : resolver.written.get(plainPath(from));
      if (text != null) {
        resolver.written.put(plainPath(to), text);
        resolver.written.put(plainPath(to + "/" + from.substring(from.lastIndexOf('/') + 1)), text);
      }
    }
  }

  /**
   * {@code dd of=f}: what it reads, from {@code if=} (a file this command wrote) or from its input
   * (piped text, a here-string or a here-document), it writes ({@code rtw-155}).
   */
  private static void copiedByDd(Resolver resolver, RawCommand raw, List<Word> words)
      throws ShellParseException {
    String from = null;
    String to = null;
    for (int i = 1; i < words.size(); i++) {
      String t = words.get(i).text();
      from = t.startsWith("if=") ? t.substring(3) : from;
      to = t.startsWith("of=") ? t.substring(3) : to;
    }
    if (to == null) {
      return;
    }
    String text = null;
    if (from != null && !Resolver.isStandardInput(from)) {
      text = resolver.written.get(plainPath(from));
    } else {
      text = inputText(resolver, raw);
    }
    if (text != null) {
      resolver.written.put(plainPath(to), text);
    }
  }

  /**
   * What a program reads on its input, where the call says it: a here-string's or a here-document's
   * text, else what a literal producer pipes in; null where it is not known.
   */
  private static String inputText(Resolver resolver, RawCommand raw) throws ShellParseException {
    String text = null;
    for (RawRedirect r : raw.redirects) {
      if (r.body != null) {
        text = r.operator.equals("<<<") ? r.body + "\n" : r.body;
      }
    }
    return text == null && raw.pipedFrom != null ? ShellInputs.pipedText(resolver, raw) : text;
  }

  /**
   * A git config file git reads of itself, written in this command ({@code printf '[alias]…' >>
   * .git/config && git pf}): the repository's, the home's ({@code ~/.gitconfig}, {@code
   * ~/.config/git/config}), the system's; its settings are read as given on git's line.
   */
  private static void gitConfigWritten(Resolver resolver, int depth, List<String> via)
      throws ShellParseException {
    if (via.contains("git config")) {
      return; // the settings' own git -c K=V status: read once
    }
    for (Map.Entry<String, String> entry : List.copyOf(resolver.written.entrySet())) {
      String path = entry.getKey();
      if (path.equals(".git/config")
          || path.endsWith("/.git/config")
          || path.endsWith(".gitconfig")
          || path.endsWith("/git/config")
          || path.equals("/etc/gitconfig")) {
        for (String command : Programs.gitConfigCommands(entry.getValue())) {
          resolver.script(
              command, depth + 1, Resolver.append(via, "git config"), " in a config file it reads");
        }
      }
    }
  }

  /**
   * A program that reads a configuration file this command wrote: its settings that run commands
   * read as those commands ({@link Programs#gitConfigCommands} and its kin, curl's {@code -K}); an
   * interpreter run on a script it wrote, that script ({@link #writtenScriptRun}).
   */
  static void configRead(
      Resolver resolver,
      RawCommand raw,
      List<Word> words,
      String program,
      int depth,
      List<String> via)
      throws ShellParseException {
    if (resolver.written.isEmpty()) {
      return;
    }
    writtenScriptRun(resolver, raw, words, program, depth, via);
    for (RawCommand.Assignment a : raw.assignments) {
      String file = a.value() == null ? null : resolver.written.get(plainPath(a.value().text()));
      if (file == null) {
        continue;
      }
      List<String> commands =
          switch (a.name()) {
            case "GIT_CONFIG_GLOBAL", "GIT_CONFIG_SYSTEM", "GIT_CONFIG" ->
                Programs.gitConfigCommands(file);
            case "AWS_CONFIG_FILE", "AWS_SHARED_CREDENTIALS_FILE" ->
                Programs.awsConfigCommands(file);
            default -> List.of();
          };
      for (String command : commands) {
        resolver.script(
            command,
            depth + 1,
            Resolver.append(via, "$" + a.name()),
            " in the file " + a.name() + " names");
      }
    }
    if (program.equals("git")) {
      gitConfigWritten(resolver, depth, via);
    }
    for (int i = 1; i < words.size(); i++) {
      String t = words.get(i).text();
      String path = null;
      boolean git = program.equals("git");
      if (git && t.contains("include") && t.contains(".path=")) {
        path = t.substring(t.indexOf(".path=") + 6);
      } else if (git && (t.equals("--file") || t.equals("-f")) && i + 1 < words.size()) {
        path = words.get(i + 1).text();
      } else if (program.equals("ssh") && t.equals("-F") && i + 1 < words.size()) {
        path = words.get(i + 1).text();
      } else if (program.equals("curl")
          && (t.equals("-K") || t.equals("--config"))
          && i + 1 < words.size()) {
        path = words.get(i + 1).text(); // printf 'request = "DELETE"…' > /tmp/r && curl -K /tmp/r
      }
      String file = path == null ? null : resolver.written.get(plainPath(path));
      if (file != null) {
        for (String command :
            git
                ? Programs.gitConfigCommands(file)
                : program.equals("curl")
                    ? Programs.curlConfigCommands(file)
                    : Programs.sshConfigCommands(file)) {
          resolver.script(
              command,
              depth + 1,
              Resolver.append(via, program + " config"),
              " in a config file it reads");
        }
      }
      if (git && t.contains("core.hooksPath=")) {
        // -c core.hooksPath=DIR: the hooks written into DIR run at the next commit, push, …
        String dir = plainPath(t.substring(t.indexOf("core.hooksPath=") + 15));
        for (Map.Entry<String, String> entry : resolver.written.entrySet()) {
          if (entry.getKey().startsWith(dir + "/")) {
            resolver.script(
                entry.getValue(),
                depth + 1,
                Resolver.append(via, "git hook"),
                " in a hook it runs");
          }
        }
      }
    }
  }

  /**
   * An interpreter run on a script this command wrote ({@code cat > fix.py <<'EOF' … EOF; python
   * fix.py}): the script read as the interpreter's inline code (decision 186), which the readers of
   * inline code read as they read {@code python3 -c '…'}.
   */
  private static void writtenScriptRun(
      Resolver resolver,
      RawCommand raw,
      List<Word> words,
      String program,
      int depth,
      List<String> via)
      throws ShellParseException {
    InlineLanguage language = Programs.inlineLanguage(program);
    if (language == null || language == InlineLanguage.AWK) {
      return;
    }
    // The script is where the interpreter's option table says its options end (python3 -W ignore
    // fix.py); with none named, a file this command wrote fed on its input is its program.
    String named = Programs.scriptOf(language, words);
    String file = named;
    if (named == null && Programs.takesScriptFromStdin(language, words)) {
      for (RawCommand.RawRedirect r : raw.redirects) {
        if (r.operator.equals("<") && r.target != null) {
          file = r.target.text();
        }
      }
    }
    String script = file == null ? null : resolver.written.get(plainPath(file));
    if (script != null) {
      String[] line = language.commandLine();
      resolver.script(
          line[0] + " " + line[1] + " '" + script.replace("'", "'\\''") + "'",
          depth + 1,
          Resolver.append(via, "written " + Resolver.basename(file)),
          " in a file the command wrote");
    }
  }

  /** What a printer prints: {@code echo}, {@code printf}, {@code cat} of a here-document. */
  static String printedBy(Resolver resolver, RawCommand printer) throws ShellParseException {
    RawCommand probe = new RawCommand(printer.depth);
    probe.pipedFrom = printer;
    return ShellInputs.pipedText(resolver, probe);
  }
}
