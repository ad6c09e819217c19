package io.github.providergateway.guard.internal;

import io.github.providergateway.guard.internal.Access.Kind;
import io.github.providergateway.guard.shell.Word;
import java.util.List;
import java.util.Locale;

/**
 * The files that tools for changing a value in place write (decision 221): {@code sd FIND REPLACE
 * FILE}, {@code dasel put|delete -f FILE}, {@code crudini --set|--del|--merge FILE}, {@code
 * xmlstarlet ed -L … FILE}, {@code json -I -f FILE}, {@code sops -i FILE}, {@code plutil -replace …
 * FILE}, {@code PlistBuddy -c 'Set …' FILE} and {@code augtool -s set /files/PATH …}. Each is
 * {@code sed -i} by another name, and the guard did not know it: {@code sd PreToolUse X
 * ~/.claude/settings.json} and {@code crudini --set /etc/app/prod.ini …} were writes nobody saw.
 * Their reads ({@code crudini --get}, {@code dasel -f F 'a.b'}, {@code sd -p}, {@code xmlstarlet
 * sel}) write nothing.
 */
final class ValueEditorWrites {
  private ValueEditorWrites() {}

  /** Adds the files {@code step} writes, if it is one of these tools. */
  static void add(Scan scan, Step step, List<Access> out) {
    List<Word> args = step.args();
    switch (step.program()) {
      case "sd" -> {
        Argv argv = Argv.of(args, "fn", "flags", "max-replacements");
        List<Word> pos = argv.positionals();
        if (!argv.has('p') && !argv.has("preview") && pos.size() > 2) {
          Accesses.all(scan, step, pos.subList(2, pos.size()), Kind.WRITE, out);
        }
      }
      case "dasel" -> {
        Argv argv =
            Argv.of(args, "fvtrwos", "file", "value", "type", "read", "write", "out", "selector");
        List<Word> pos = argv.positionals();
        boolean changes =
            !pos.isEmpty() && List.of("put", "delete").contains(String.valueOf(pos.get(0).text()));
        String file = argv.value('f') != null ? argv.value('f') : argv.value("file");
        String to = argv.value('o') != null ? argv.value('o') : argv.value("out");
        if (changes) {
          WrittenByOptions.write(scan, step, to != null ? to : file, out);
        }
      }
      case "crudini" -> {
        int verb = indexOfAny(args, "--set", "--del", "--merge");
        List<Word> pos =
            verb < 0 ? List.of() : Argv.of(args.subList(verb + 1, args.size()), "").positionals();
        if (!pos.isEmpty()) {
          Accesses.add(scan, step, pos.get(0), Kind.WRITE, out);
        }
      }
      case "xmlstarlet", "xml" -> xmlstarlet(scan, step, args, out);
      case "json" -> {
        Argv argv = Argv.of(args, "fedco", "file");
        if (argv.has('I') || argv.has("in-place")) {
          WrittenByOptions.write(
              scan, step, argv.value('f') != null ? argv.value('f') : argv.value("file"), out);
        }
      }
      case "sops" -> {
        Argv argv = Argv.of(args, "kpg", "kms", "pgp", "age", "output", "config", "extract");
        List<Word> pos = argv.positionals();
        if ((argv.has('i') || argv.has("in-place")) && !pos.isEmpty()) {
          Accesses.add(scan, step, pos.get(pos.size() - 1), Kind.WRITE, out);
        }
        WrittenByOptions.write(scan, step, argv.value("output"), out);
      }
      case "plutil" -> {
        boolean changes = indexOfAny(args, "-replace", "-insert", "-remove", "-convert") >= 0;
        if (changes && !args.isEmpty()) {
          Accesses.add(scan, step, args.get(args.size() - 1), Kind.WRITE, out);
        }
      }
      case "PlistBuddy", "plistbuddy" -> plistBuddy(scan, step, args, out);
      case "augtool" -> augtool(scan, step, args, out);
      default -> {}
    }
  }

  /** {@code xmlstarlet ed -L|--inplace OPERATIONS FILE…}: the files after the operations. */
  private static void xmlstarlet(Scan scan, Step step, List<Word> args, List<Access> out) {
    int ed = indexOfAny(args, "ed", "edit");
    if (ed < 0 || indexOfAny(args, "-L", "--inplace") < 0) {
      return;
    }
    for (int i = ed + 1; i < args.size(); i++) {
      String t = String.valueOf(args.get(i).text());
      switch (t) {
        case "-d",
            "--delete",
            "-u",
            "--update",
            "-v",
            "--value",
            "-x",
            "--expr",
            "-r",
            "--rename",
            "-s",
            "--subnode",
            "-i",
            "--insert",
            "-a",
            "--append",
            "-t",
            "--type",
            "-n",
            "--name",
            "-N" ->
            i++;
        case "-m", "--move", "--var" -> i += 2;
        default -> {
          if (!t.startsWith("-")) {
            Accesses.add(scan, step, args.get(i), Kind.WRITE, out);
          }
        }
      }
    }
  }

  /** {@code PlistBuddy -c 'Set :Key value' FILE}: a command that changes, then the file. */
  private static void plistBuddy(Scan scan, Step step, List<Word> args, List<Access> out) {
    boolean changes = false;
    for (int i = 0; i + 1 < args.size(); i++) {
      if ("-c".equals(args.get(i).text())) {
        String command = String.valueOf(args.get(i + 1).text()).trim().toLowerCase(Locale.ROOT);
        changes |=
            command.startsWith("set")
                || command.startsWith("add")
                || command.startsWith("delete")
                || command.startsWith("merge")
                || command.startsWith("import")
                || command.startsWith("clear");
      }
    }
    if (changes && !args.isEmpty()) {
      Accesses.add(scan, step, args.get(args.size() - 1), Kind.WRITE, out);
    }
  }

  /**
   * {@code augtool -s set /files/etc/ssh/sshd_config/PermitRootLogin yes}: with its changes saved
   * ({@code -s}, {@code --autosave} or a {@code save} command), each {@code /files/…} path is
   * written (its file, and the node under it, read as one path below the file).
   */
  private static void augtool(Scan scan, Step step, List<Word> args, List<Access> out) {
    boolean saves = false;
    for (Word word : args) {
      String t = String.valueOf(word.text());
      saves |=
          t.equals("--autosave")
              || t.matches("-[A-Za-z]*s[A-Za-z]*") && !t.startsWith("--")
              || t.equals("save")
              || t.endsWith("save");
    }
    if (!saves) {
      return;
    }
    for (Word word : args) {
      String t = String.valueOf(word.text());
      int at = t.indexOf("/files/");
      if (at >= 0) {
        WrittenByOptions.write(
            scan, step, t.substring(at + "/files".length()).split("\\s")[0], out);
      }
    }
  }

  private static int indexOfAny(List<Word> args, String... texts) {
    for (int i = 0; i < args.size(); i++) {
      for (String text : texts) {
        if (text.equals(args.get(i).text())) {
          return i;
        }
      }
    }
    return -1;
  }
}
