package io.github.providergateway.guard.internal;

import io.github.providergateway.guard.shell.Invocation;
import io.github.providergateway.guard.shell.Redirect;
import io.github.providergateway.guard.shell.ShellParser;
import io.github.providergateway.guard.shell.ShellScript;
import io.github.providergateway.guard.shell.Word;
import io.github.providergateway.guard.shell.internal.NameSet;
import io.github.providergateway.guard.shell.syntax.ShellParseException;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * A command run on another machine read as the same command would be here (decision 332, round 73's
 * home lab): {@code ssh pve 'zfs diff tank/docs@daily tank/docs'}, {@code ssh masto 'cd live &&
 * RAILS_ENV=production bin/tootctl media usage'} read by their command words ({@link
 * ProductionActs#reads}), and a recovery point made or a folder rescanned ({@code zfs snapshot},
 * {@code qm snapshot}, {@code btrfs subvolume snapshot}, Nextcloud's {@code occ files:scan}) add
 * and lose nothing. Every command of the remote line must be so, each as the shell parses it (what
 * {@code docker exec} or {@code bash -c} carries is read in its place), and none may write a file
 * by a redirection or be told by an option to act ({@code status --fix}); else the line is left to
 * {@link RemoteShellActs}' reading of its words.
 */
final class RemoteOrdinary {
  private RemoteOrdinary() {}

  /** The shell's own commands that change nothing on the host. */
  private static final Set<String> NEUTRAL = NameSet.of("cd", "pwd", "true", "echo", "hostname");

  /**
   * The command words that make a copy to come back to or rescan what is there: a snapshot taken
   * (ZFS, Proxmox's qm and pct, btrfs, LXD, libvirt), Nextcloud's files scanned anew.
   */
  private static final Set<String> ADDS =
      NameSet.of(
          "snapshot", "snapshot-create", "snapshot-create-as", "files:scan", "files:scan-app-data");

  /**
   * Whether every command of a remote line is ordinary as it would be here.
   *
   * @param remote the remote command, as ssh is given it
   * @return whether it reads, or adds a snapshot or a rescan, and nothing else
   */
  static boolean ordinary(String remote) {
    ShellScript script;
    try {
      script = ShellParser.parse(remote);
    } catch (ShellParseException e) {
      return false;
    }
    List<Invocation> all = script.invocations();
    if (all.isEmpty() || !script.opaque().isEmpty()) {
      return false;
    }
    for (int i = 0; i < all.size(); i++) {
      Invocation invocation = all.get(i);
      if (writesAFile(invocation)) {
        return false;
      }
      if (!carries(all, i) && !ordinaryHere(invocation)) {
        return false;
      }
    }
    return true;
  }

  /** Whether the next command is the one this one carries ({@code docker exec c php occ …}). */
  private static boolean carries(List<Invocation> all, int at) {
    if (at + 1 >= all.size()) {
      return false;
    }
    List<String> via = all.get(at).via();
    List<String> next = all.get(at + 1).via();
    return next.size() == via.size() + 1
        && next.subList(0, via.size()).equals(via)
        && next.get(via.size()).startsWith(all.get(at).program());
  }

  private static boolean writesAFile(Invocation invocation) {
    for (Redirect redirect : invocation.redirects()) {
      if (redirect.writes()
          && !redirect.target().text().equals("/dev/null")
          && !redirect.target().text().matches("&?[0-9]")) {
        return true;
      }
    }
    return false;
  }

  private static boolean ordinaryHere(Invocation invocation) {
    String program = invocation.program();
    if (NEUTRAL.contains(program)) {
      return true;
    }
    List<Word> args = invocation.words().subList(1, invocation.words().size());
    if (toldToAct(args) || setsFirst(args)) {
      return false;
    }
    if (ProductionActs.reads(args) || reportsUsage(args)) {
      return true;
    }
    int seen = 0;
    for (Word arg : args) {
      String text = arg.text().toLowerCase(Locale.ROOT);
      if (text.startsWith("-")) {
        continue;
      }
      if (ADDS.contains(text)) {
        return true;
      }
      if (++seen == 2) {
        return false;
      }
    }
    return false;
  }

  /**
   * A usage report, its last word {@code usage} ({@code tootctl media usage}, {@code du}'s kin):
   * not a read of shape-words.json, where {@code usage-report submit} would read as one.
   */
  private static boolean reportsUsage(List<Word> args) {
    return !args.isEmpty()
        && args.get(args.size() - 1).text().equals("usage")
        && args.stream().noneMatch(arg -> arg.text().startsWith("-"));
  }

  /**
   * Whether the first command word acts or sets ({@code zfs set readonly=on …}, {@code qm stop}): a
   * read's word later on ({@code readonly}) does not make it a read.
   */
  private static boolean setsFirst(List<Word> args) {
    for (Word arg : args) {
      String text = arg.text().toLowerCase(Locale.ROOT);
      if (!text.startsWith("-")) {
        return ShapeWords.SETTING_VERBS.contains(text)
            || ShapeWords.VERBS.contains(text) && !ShapeWords.REMOTE_READS.contains(text);
      }
    }
    return false;
  }

  /** An option whose name acts ({@code --fix}, {@code --delete-old}, {@code --purge}). */
  private static boolean toldToAct(List<Word> args) {
    for (Word arg : args) {
      String text = arg.text().toLowerCase(Locale.ROOT);
      if (!text.startsWith("-")) {
        continue;
      }
      int equals = text.indexOf('=');
      String name = text.substring(0, equals < 0 ? text.length() : equals).replaceFirst("^-+", "");
      for (String part : name.split("[-_]")) {
        if (ShapeWords.VERBS.contains(part) && !ShapeWords.REMOTE_READS.contains(part)) {
          return true;
        }
      }
    }
    return false;
  }
}
